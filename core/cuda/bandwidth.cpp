#include "core/cuda/bandwidth.h"

#include "core/cuda/nvrtc_compiler.h"

#include <algorithm>

namespace tsm::cuda {

namespace {

constexpr int kThreads = 256;
constexpr int kUnroll = 4;
constexpr int kWarmups = 3;
constexpr int kRuns = 20;

// Frees what it holds on every path out of the measurement.
struct Scratch
{
    Driver &driver;
    DevicePtr src = 0, dst = 0;
    std::size_t bytes = 0;
    std::uintptr_t start = 0, stop = 0;
    ~Scratch()
    {
        driver.release(src, bytes);
        driver.release(dst, bytes);
        driver.destroyEvent(start);
        driver.destroyEvent(stop);
    }
};

std::string archFor(const DeviceInfo &d)
{
    // A compute capability this NVRTC does not know gets PTX, which the driver JIT-compiles.
    const int cc = d.ccMajor * 10 + d.ccMinor;
    const std::vector<int> archs = supportedArchs();
    const bool known = std::find(archs.begin(), archs.end(), cc) != archs.end();
    return (known ? "sm_" : "compute_") + std::to_string(cc);
}

double fail(std::string *why, std::string text)
{
    if (why)
        *why = std::move(text);
    return 0.0;
}

/// Times kWarmups + kRuns launches of `fn` and raises `*best` to the median's GB/s over
/// `copied` bytes (all of s.bytes when 0). False with the reason on a driver error.
bool timeCopy(Driver &driver,
              const Function &fn,
              std::int64_t grid,
              int threads,
              void **args,
              Scratch &s,
              double *best,
              std::string *why,
              std::size_t copied = 0)
{
    std::vector<double> times;
    DriverStatus status;
    for (int run = 0; run < kWarmups + kRuns && status; ++run) {
        status = driver.recordEvent(s.start);
        if (status)
            status = driver.launch(fn, grid, 1, 1, threads, 0, args);
        if (status)
            status = driver.recordEvent(s.stop);
        const double ms = status ? driver.elapsedMs(s.start, s.stop, &status) : 0.0;
        if (status && run >= kWarmups)
            times.push_back(ms);
    }
    if (!status) {
        fail(why, status.message);
        return false;
    }
    *best = std::max(*best, copyGBs(copied ? copied : s.bytes, medianOf(times)));
    return true;
}

} // namespace

std::string_view copyKernelSource()
{
    // tsm_copy_f4: each thread issues its kUnroll loads before any store, so that enough bytes
    // are in flight per SM to saturate HBM; the tail is copied one float4 at a time.
    // tsm_copy_blocked: one tile per block, two float4 per thread with both loads before the
    // stores - the shape of a Triton elementwise kernel, which reached 4199 GB/s on the H200
    // where the grid-stride loop reached 3896 (bench/results/2026-11-30-profile-check-*.md).
    return R"cuda(extern "C" __global__ void tsm_copy_f4(const float4 *__restrict__ src,
                                      float4 *__restrict__ dst,
                                      unsigned long long n)
{
    const unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + 3 * stride < n; i += 4 * stride) {
        const float4 a = src[i];
        const float4 b = src[i + stride];
        const float4 c = src[i + 2 * stride];
        const float4 d = src[i + 3 * stride];
        dst[i] = a;
        dst[i + stride] = b;
        dst[i + 2 * stride] = c;
        dst[i + 3 * stride] = d;
    }
    for (; i < n; i += stride)
        dst[i] = src[i];
}

extern "C" __global__ void tsm_copy_blocked(const float4 *__restrict__ src,
                                            float4 *__restrict__ dst)
{
    const unsigned long long i = (unsigned long long)blockIdx.x * (2 * blockDim.x) + threadIdx.x;
    const float4 a = src[i];
    const float4 b = src[i + blockDim.x];
    dst[i] = a;
    dst[i + blockDim.x] = b;
}
)cuda";
}

double copyGBs(std::size_t bytes, double ms)
{
    return ms > 0.0 ? 2.0 * double(bytes) / (ms * 1e-3) / 1e9 : 0.0;
}

double medianOf(std::vector<double> samples)
{
    if (samples.empty())
        return 0.0;
    std::sort(samples.begin(), samples.end());
    const std::size_t n = samples.size();
    return n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2.0;
}

double measureCopyBandwidthGBs(Driver &driver, std::size_t bytes, std::string *why)
{
    bytes -= bytes % 16;
    if (bytes == 0)
        return fail(why, "nothing to copy: the size is under 16 bytes");

    CompileOptions options;
    options.arch = archFor(driver.device());
    options.lineInfo = false;
    const CompileResult compiled
        = compileCuda(copyKernelSource(), "/tilesmith/copy_bandwidth.cu", options);
    if (!compiled.ok)
        return fail(why, "the copy kernel did not compile: " + compiled.log);
    DriverStatus status;
    const std::vector<char> &image
        = compiled.cubin.empty() ? std::vector<char>(compiled.ptx.begin(), compiled.ptx.end())
                                 : compiled.cubin;
    const std::shared_ptr<Module> module = driver.loadModule(image, &status);
    if (!module)
        return fail(why, status.message);
    const std::shared_ptr<Function> fn = module->function("tsm_copy_f4", &status);
    if (!fn)
        return fail(why, status.message);

    Scratch s{driver};
    s.bytes = bytes;
    s.src = driver.allocate(bytes, &status);
    if (status)
        s.dst = driver.allocate(bytes, &status);
    if (!status)
        return fail(why, status.message);
    if (status = driver.fill(s.src, 0x3f, bytes); !status)
        return fail(why, status.message);
    s.start = driver.createEvent();
    s.stop = driver.createEvent();

    unsigned long long n = bytes / 16;
    const DeviceInfo &dev = driver.device();
    const std::int64_t fullDevice
        = std::int64_t(std::max(1, dev.smCount)) * std::max(1, dev.maxThreadsPerSm / kThreads);
    const std::int64_t needed = std::int64_t((n + kThreads * kUnroll - 1) / (kThreads * kUnroll));
    const std::int64_t grid = std::max<std::int64_t>(1, std::min(fullDevice, needed));
    void *args[] = {&s.src, &s.dst, &n};
    double best = 0;
    if (!timeCopy(driver, *fn, grid, kThreads, args, s, &best, why))
        return 0.0;

    // The blocked shape over whole tiles of 2 float4 per thread, at three block sizes.
    const std::shared_ptr<Function> blocked = module->function("tsm_copy_blocked", &status);
    if (!blocked)
        return fail(why, status.message);
    for (int threads : {128, 256, 512}) {
        const std::size_t tile = 32 * std::size_t(threads);
        if (bytes < tile)
            continue;
        void *blockedArgs[] = {&s.src, &s.dst};
        if (!timeCopy(driver,
                      *blocked,
                      std::int64_t(bytes / tile),
                      threads,
                      blockedArgs,
                      s,
                      &best,
                      why,
                      bytes - bytes % tile))
            return 0.0;
    }
    return best;
}

} // namespace tsm::cuda
