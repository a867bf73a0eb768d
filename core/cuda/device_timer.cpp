#include "core/cuda/device_timer.h"

#include "core/cuda/nvrtc_compiler.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <stdexcept>

namespace tsm::cuda {
namespace {

// The L2 is cleared by a zero-fill KERNEL, as Triton's `cache.zero_()` does, not by
// cuMemsetD8: measured on the H200 (bench/results/2026-11-30-gpu-check-*), the driver's memset
// left ~1.4 us more between the start event and a short kernel than a kernel fill does, which
// made every launch-bound benchmark look 10-20% slower than Triton's for the same kernel time.
// One 8 KB chunk per block of 128 threads, 4 coalesced 16-byte stores each: the launch shape
// of PyTorch's elementwise fill (cache.zero_()). Beside a grid-stride fill (4 blocks of 512 per
// SM) on the H200 it clears in 59 us instead of 63 and the 2^20-element benchmarks after it
// were no slower (bench/results/2026-11-30-l2-clear-kernels.txt; those points move +-8%
// between runs either way).
constexpr std::string_view kZeroFillSource = R"(
extern "C" __global__ void __launch_bounds__(128) tsm_zero_fill(int4 *p, unsigned long long n)
{
    const int4 z = make_int4(0, 0, 0, 0);
    const unsigned long long base = blockIdx.x * 512ull + threadIdx.x;
    #pragma unroll
    for (int k = 0; k < 4; ++k)
        if (base + k * 128 < n)
            p[base + k * 128] = z;
}
)";

struct ZeroFill
{
    std::weak_ptr<Driver> driver; ///< a new Driver at a recycled address must not match
    std::shared_ptr<Module> module;
    std::shared_ptr<Function> function;
};

/// The fill kernel for `driver`, compiled (disk-cached) and loaded once per process; null when
/// it cannot be built (the caller falls back to the driver's memset).
std::shared_ptr<Function> zeroFillFor(const std::shared_ptr<Driver> &shared)
{
    static std::mutex mutex;
    static std::map<const Driver *, ZeroFill> loaded;
    std::lock_guard lock(mutex);
    Driver &driver = *shared;
    auto it = loaded.find(&driver);
    if (it != loaded.end() && it->second.driver.lock() == shared)
        return it->second.function;
    if (it != loaded.end())
        loaded.erase(it);
    ZeroFill z;
    z.driver = shared;
    CompileOptions options;
    options.arch = driver.device().arch();
    options.lineInfo = false;
    const CompileResult compiled = compileCuda(kZeroFillSource, "/tilesmith/zero_fill.cu", options);
    if (compiled.ok) {
        const std::vector<char> image
            = compiled.cubin.empty() ? std::vector<char>(compiled.ptx.begin(), compiled.ptx.end())
                                     : compiled.cubin;
        DriverStatus status;
        z.module = driver.loadModule(image, &status);
        if (z.module)
            z.function = z.module->function("tsm_zero_fill", &status);
    }
    return loaded.emplace(&driver, std::move(z)).first->second.function;
}

} // namespace

CudaDeviceTimer::CudaDeviceTimer(std::shared_ptr<Driver> driver, std::atomic<int> *activeTimers)
    : m_driver(std::move(driver))
    , m_activeTimers(activeTimers)
{
    if (m_activeTimers)
        ++*m_activeTimers;
}

CudaDeviceTimer::~CudaDeviceTimer()
{
    if (m_capturing)
        m_driver->abandonCapture();
    if (m_graph)
        m_driver->destroyGraph(m_graph);
    for (auto [a, b] : m_pending) {
        m_driver->destroyEvent(a);
        m_driver->destroyEvent(b);
    }
    if (m_hasOpen)
        m_driver->destroyEvent(m_open);
    for (std::uintptr_t e : m_free)
        m_driver->destroyEvent(e);
    if (m_l2Buffer)
        m_driver->release(m_l2Buffer, kL2ClearBytes);
    if (m_activeTimers)
        --*m_activeTimers;
}

void CudaDeviceTimer::fail(const DriverStatus &s, const char *what)
{
    throw std::runtime_error(std::string(what) + ": " + s.message);
}

std::uintptr_t CudaDeviceTimer::takeEvent()
{
    if (!m_free.empty()) {
        std::uintptr_t e = m_free.back();
        m_free.pop_back();
        return e;
    }
    std::uintptr_t e = m_driver->createEvent();
    if (!e)
        throw std::runtime_error(
            "cannot create a CUDA event"
            + (m_driver->lostContext().empty() ? std::string() : ": " + m_driver->lostContext()));
    return e;
}

void CudaDeviceTimer::clearL2()
{
    if (!m_l2Buffer) {
        DriverStatus s;
        m_l2Buffer = m_driver->allocate(kL2ClearBytes, &s);
        if (!s || !m_l2Buffer) {
            m_l2Buffer = 0;
            fail(s, "cannot allocate do_bench's 256 MB L2-clearing buffer on the GPU");
        }
    }
    if (!m_fillChecked) {
        m_fill = zeroFillFor(m_driver);
        m_fillChecked = true;
    }
    if (!m_fill) {
        if (DriverStatus s = m_driver->fill(m_l2Buffer, 0, kL2ClearBytes); !s)
            fail(s, "clearing the L2 cache before a timed call failed");
        return;
    }
    unsigned long long n = kL2ClearBytes / 16;
    DevicePtr p = m_l2Buffer;
    void *args[] = {&p, &n};
    const std::int64_t blocks = std::int64_t((n + 511) / 512); // 8 KB per block
    if (DriverStatus s = m_driver->launch(*m_fill, blocks, 1, 1, 128, 0, args); !s)
        fail(s, "clearing the L2 cache before a timed call failed");
}

void CudaDeviceTimer::begin()
{
    if (m_hasOpen)
        throw std::logic_error("CudaDeviceTimer::begin twice without end");
    m_open = takeEvent();
    m_hasOpen = true;
    if (DriverStatus s = m_driver->recordEvent(m_open); !s)
        fail(s, "recording a CUDA event failed");
}

void CudaDeviceTimer::end()
{
    if (!m_hasOpen)
        throw std::logic_error("CudaDeviceTimer::end without begin");
    std::uintptr_t e = takeEvent();
    m_pending.emplace_back(m_open, e);
    m_hasOpen = false;
    if (DriverStatus s = m_driver->recordEvent(e); !s)
        fail(s, "recording a CUDA event failed");
}

std::vector<double> CudaDeviceTimer::collectMs()
{
    std::vector<double> ms;
    ms.reserve(m_pending.size());
    DriverStatus first;
    for (auto [a, b] : m_pending) {
        DriverStatus s;
        double t = m_driver->elapsedMs(a, b, &s);
        if (!s && first)
            first = s;
        ms.push_back(t);
        m_free.push_back(a);
        m_free.push_back(b);
    }
    m_pending.clear();
    if (!first)
        fail(first, "the timed GPU work failed");
    // A fault in an unsynchronized launch that no event pair covered still surfaces here.
    if (DriverStatus s = m_driver->synchronize(); !s)
        fail(s, "the timed GPU work failed");
    return ms;
}

std::string CudaDeviceTimer::describe() const
{
    return "CUDA events, L2 cleared before each call";
}

} // namespace tsm::cuda

namespace tsm::cuda {

void CudaDeviceTimer::beginCapture()
{
    if (m_graph) {
        m_driver->destroyGraph(m_graph);
        m_graph = 0;
    }
    if (DriverStatus s = m_driver->beginCapture(); !s)
        fail(s, "cannot capture a CUDA graph");
    m_capturing = true;
}

DeviceTimer::Captured CudaDeviceTimer::endCapture()
{
    DriverStatus s;
    m_capturing = false;
    const CapturedGraph g = m_driver->endCapture(&s);
    if (!s || !g.graph)
        throw std::runtime_error(s.message.empty() ? "the CUDA graph capture gave no graph"
                                                   : s.message);
    m_graph = g.graph;
    Captured out;
    out.launches = g.launches;
    out.fills = g.fills;
    out.uploads = g.uploads;
    return out;
}

std::string CudaDeviceTimer::abandonCapture()
{
    if (!m_capturing)
        return {};
    m_capturing = false;
    return m_driver->abandonCapture();
}

void CudaDeviceTimer::replay()
{
    if (!m_graph)
        throw std::logic_error("CudaDeviceTimer::replay without a captured graph");
    if (DriverStatus s = m_driver->launchGraph(m_graph); !s)
        throw std::runtime_error(s.message); // "replaying the CUDA graph: ..."
}

} // namespace tsm::cuda
