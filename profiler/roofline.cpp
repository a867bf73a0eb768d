#include "profiler/roofline.h"

#include "core/cuda/bandwidth.h"
#include "core/cuda/driver.h"
#include "core/cuda/nvrtc_compiler.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>

namespace tsm::profiler {

namespace fs = std::filesystem;

namespace {

constexpr int kThreads = 256;
/// Bumped when a roof's measurement changes, so older caches are measured again.
constexpr int kCacheVersion = 3;
constexpr int kRuns = 7;

// Eight independent FFMA chains per thread hide the FMA latency; the result is stored only if
// it takes an impossible value, so the compiler keeps the work without memory traffic.
constexpr const char *kFmaSource = R"cuda(extern "C" __global__ void tsm_fma_peak(float *out, int iters)
{
    float a[8];
#pragma unroll
    for (int k = 0; k < 8; ++k)
        a[k] = threadIdx.x * 1e-3f + k;
    const float m = 0.999999f, c = 1e-7f;
    for (int i = 0; i < iters; ++i) {
#pragma unroll
        for (int u = 0; u < 16; ++u) {
#pragma unroll
            for (int k = 0; k < 8; ++k)
                a[k] = fmaf(a[k], m, c);
        }
    }
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < 8; ++k)
        s += a[k];
    if (s == -1.2345f)
        out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
)cuda";

// Four independent m16n8k16 accumulators per warp; operands stay in registers.
constexpr const char *kMmaSource = R"cuda(extern "C" __global__ void tsm_mma_peak(float *out, int iters)
{
    unsigned a[4], b[2];
#pragma unroll
    for (int k = 0; k < 4; ++k)
        a[k] = 0x3c003c00u ^ (threadIdx.x & 1);
    b[0] = 0x3c003c00u;
    b[1] = 0x3c003c00u ^ (threadIdx.x & 2);
    float d[4][4] = {};
    for (int i = 0; i < iters; ++i) {
#pragma unroll
        for (int u = 0; u < 4; ++u) {
#pragma unroll
            for (int k = 0; k < 4; ++k)
                asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                             "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                             : "+f"(d[k][0]), "+f"(d[k][1]), "+f"(d[k][2]), "+f"(d[k][3])
                             : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
        }
    }
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < 4; ++k)
        s += d[k][0] + d[k][1] + d[k][2] + d[k][3];
    if (s == -1.2345f)
        out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
)cuda";

double fail(std::string *why, std::string text)
{
    if (why)
        *why = std::move(text);
    return 0.0;
}

/// Median milliseconds of `kRuns` launches of `name` from `source` over `blocks` x kThreads.
double timeKernel(cuda::Driver &driver,
                  const char *source,
                  const char *name,
                  std::int64_t blocks,
                  int iters,
                  std::string *why)
{
    const cuda::DeviceInfo &dev = driver.device();
    cuda::CompileOptions options;
    options.arch = dev.arch();
    options.lineInfo = false;
    const cuda::CompileResult compiled
        = cuda::compileCuda(source, std::string("/tilesmith/") + name + ".cu", options);
    if (!compiled.ok)
        return fail(why, std::string(name) + " did not compile: " + compiled.log);
    cuda::DriverStatus status;
    const std::shared_ptr<cuda::Module> module = driver.loadModule(compiled.cubin, &status);
    if (!module)
        return fail(why, status.message);
    const std::shared_ptr<cuda::Function> fn = module->function(name, &status);
    if (!fn)
        return fail(why, status.message);
    const std::size_t outBytes = std::size_t(blocks) * kThreads * sizeof(float);
    cuda::DevicePtr out = driver.allocate(outBytes, &status);
    if (!status)
        return fail(why, status.message);
    const std::uintptr_t start = driver.createEvent(), stop = driver.createEvent();
    void *args[] = {&out, &iters};
    std::vector<double> times;
    for (int run = 0; run < kRuns + 2 && status; ++run) {
        status = driver.recordEvent(start);
        if (status)
            status = driver.launch(*fn, blocks, 1, 1, kThreads, 0, args);
        if (status)
            status = driver.recordEvent(stop);
        const double ms = status ? driver.elapsedMs(start, stop, &status) : 0.0;
        if (run >= 2 && status)
            times.push_back(ms);
    }
    driver.destroyEvent(start);
    driver.destroyEvent(stop);
    driver.release(out, outBytes);
    if (!status)
        return fail(why, status.message);
    return cuda::medianOf(times);
}

std::int64_t fullDeviceBlocks(const cuda::DeviceInfo &dev)
{
    return std::int64_t(std::max(1, dev.smCount)) * std::max(1, dev.maxThreadsPerSm / kThreads);
}

std::string sanitized(const std::string &s)
{
    std::string out;
    for (char c : s)
        out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return out;
}

std::string today()
{
    const std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
    return buf;
}

} // namespace

double measureFp32Tflops(cuda::Driver &driver, std::string *why)
{
    const std::int64_t blocks = fullDeviceBlocks(driver.device());
    const int iters = 2048;
    const double ms = timeKernel(driver, kFmaSource, "tsm_fma_peak", blocks, iters, why);
    if (ms <= 0)
        return 0.0;
    const double flops = 2.0 * 8 * 16 * double(iters) * double(blocks) * kThreads;
    return flops / (ms * 1e-3) / 1e12;
}

double measureFp16TensorTflops(cuda::Driver &driver, std::string *why)
{
    const cuda::DeviceInfo &dev = driver.device();
    if (dev.ccMajor < 8)
        return fail(why, "mma.sync m16n8k16 needs compute capability 8.0 or newer");
    const std::int64_t blocks = fullDeviceBlocks(dev);
    const int iters = 1024;
    const double ms = timeKernel(driver, kMmaSource, "tsm_mma_peak", blocks, iters, why);
    if (ms <= 0)
        return 0.0;
    const double warps = double(blocks) * kThreads / 32;
    const double flops = 2.0 * 16 * 8 * 16 * 4 * 4 * double(iters) * warps;
    return flops / (ms * 1e-3) / 1e12;
}

fs::path ceilingsCachePath(const std::string &device, int cc, int driverVersion)
{
    fs::path base;
    if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x)
        base = x;
    else if (const char *h = std::getenv("HOME"); h && *h)
        base = fs::path(h) / ".cache";
    else
        base = fs::temp_directory_path();
    return base / "tilesmith" / "roofline"
           / (sanitized(device) + "-sm" + std::to_string(cc) + "-" + std::to_string(driverVersion)
              + ".json");
}

run::RooflineCeilings deviceCeilings(cuda::Driver &driver, std::vector<std::string> *notes)
{
    const cuda::DeviceInfo &dev = driver.device();
    const fs::path path
        = ceilingsCachePath(dev.name, dev.ccMajor * 10 + dev.ccMinor, dev.driverVersion);
    run::RooflineCeilings c;
    c.device = dev.name;
    {
        std::ifstream in(path);
        nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
        if (!j.is_discarded() && j.is_object() && j.value("copy_gbs", 0.0) > 0
            && j.value("version", 0) == kCacheVersion) {
            c.copyGBs = j.value("copy_gbs", 0.0);
            c.fp32TFLOPs = j.value("fp32_tflops", 0.0);
            c.fp16TensorTFLOPs = j.value("fp16_tensor_tflops", 0.0);
            c.measuredBy = "cached from " + j.value("date", std::string("an earlier run")) + " ("
                           + path.string() + ")";
            return c;
        }
    }
    std::string why;
    // 1 GiB each way, or less on small devices: well past the L2, as the kernels see it.
    const std::size_t bytes = std::min<std::size_t>(std::size_t(1) << 30, dev.totalMemory / 8);
    c.copyGBs = cuda::measureCopyBandwidthGBs(driver, bytes, &why);
    if (c.copyGBs <= 0)
        notes->push_back("copy bandwidth roof not measured: " + why);
    c.fp32TFLOPs = measureFp32Tflops(driver, &why);
    if (c.fp32TFLOPs <= 0)
        notes->push_back("FP32 roof not measured: " + why);
    c.fp16TensorTFLOPs = measureFp16TensorTflops(driver, &why);
    if (c.fp16TensorTFLOPs <= 0)
        notes->push_back("FP16 tensor-core roof not measured: " + why);
    c.measuredBy = "measured now (the faster of two copy kernels, FFMA chains, mma.sync m16n8k16)";
    if (c.copyGBs > 0 && c.fp32TFLOPs > 0) {
        std::error_code ec;
        fs::create_directories(path.parent_path(), ec);
        std::ofstream out(path);
        out << nlohmann::json{{"device", c.device},
                              {"copy_gbs", c.copyGBs},
                              {"fp32_tflops", c.fp32TFLOPs},
                              {"fp16_tensor_tflops", c.fp16TensorTFLOPs},
                              {"date", today()},
                              {"version", kCacheVersion}}
                   .dump(1)
            << "\n";
    }
    return c;
}

void placeOnRoofline(run::KernelProfile &k, const run::RooflineCeilings &c)
{
    const double ns = k.medianNs > 0 ? k.medianNs : k.counterNs;
    if (ns <= 0)
        return;
    // Measured numbers first; the program's launch_metadata where nothing was measured.
    const double bytes = k.dramBytes > 0 ? k.dramBytes : k.analyticBytes.value_or(0.0);
    const std::optional<double> flops = k.flops ? k.flops : k.analyticFlops;
    k.achievedGBs = bytes / ns; // bytes per ns = GB/s
    if (flops)
        k.achievedTFLOPs = *flops / ns / 1e3;
    // The roof that binds: memory below the ridge point, FP32 above it.
    bool computeBound = false;
    if (flops && bytes > 0 && c.copyGBs > 0 && c.fp32TFLOPs > 0) {
        const double intensity = *flops / bytes;             // FLOP per byte
        const double ridge = c.fp32TFLOPs * 1e3 / c.copyGBs; // FLOP per byte
        computeBound = intensity > ridge;
    }
    if (computeBound) {
        k.roof = "FP32 FMA";
        k.roofFraction = k.achievedTFLOPs / c.fp32TFLOPs;
    } else if (c.copyGBs > 0 && bytes > 0) {
        k.roof = "copy bandwidth";
        k.roofFraction = k.achievedGBs / c.copyGBs;
    }
}

} // namespace tsm::profiler
