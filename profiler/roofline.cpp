#include "profiler/roofline.h"

#include "core/cuda/bandwidth.h"
#include "core/cuda/driver.h"
#include "core/cuda/nvrtc_compiler.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

namespace tsm::profiler {

namespace fs = std::filesystem;

namespace {

/// Threads per block of the FFMA and mma.sync kernels.
constexpr int kThreads = 256;
/// Bumped when a roof's measurement changes, so older caches are measured again.
/// 4: the FP16 tensor roof of compute capability 9.x is measured with wgmma.
/// 5: TF32 and FP8 tensor roofs.
/// 6: the SM clock each tensor roof ran at.
constexpr int kCacheVersion = 6;
constexpr int kRuns = 7;
/// At most this many untimed launches before the timed ones.
constexpr int kMaxWarmups = 1000;
/// Warpgroups (128 threads each) per block of the wgmma kernel.
constexpr int kWgmmaWarpgroups = 2;
/// wgmma instructions per commit group (one loop iteration) of the wgmma kernel.
constexpr int kWgmmaPerGroup = 4;

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

// Four independent accumulators per warp; operands stay in registers. @MMA@ is the instruction
// (m16n8k16 fp16 or m16n8k8 tf32: both take four A and two B registers), filled in by
// tensorPeakSource().
constexpr const char *kMmaSource = R"cuda(@CLOCKS@extern "C" __global__ void tsm_mma_peak(float *out, int iters, long long *clocks)
{
    const long long start = tsm_clock();
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
                asm volatile("@MMA@ "
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
    tsm_record(clocks, start);
}
)cuda";

// Hopper's tensor cores at full rate, as a matmul's inner loop drives them: each warpgroup
// issues wgmma.mma_async m64n256 instructions (@WGMMA@: fp16 k16, tf32 k8 or fp8 e4m3 k32 in,
// fp32 accumulators: 128 a thread) on operands that stay in shared memory, keeping one commit
// group in flight, with no global memory traffic. The operands hold non-zero values (the
// tensor cores' power, hence their clock, depends on the data). Both are K-major without
// swizzling (PTX ISA "Shared Memory Matrix Layout", in bytes whatever the type: one
// instruction's K is 32 bytes of each row): 8-row core matrices of 16 bytes a row, 128
// contiguous bytes each; the two core matrices along K 128 bytes apart (leading dimension byte
// offset), successive groups of 8 rows 256 bytes apart (stride dimension byte offset). Each
// warpgroup has its own A (64 rows); B (256 rows) is the block's. @WG@ (warpgroups per block),
// @UNROLL@ (instructions per commit group), @EBYTES@ and @PUT@ (the element size and how
// element i is written), @REGS@ and @OUTS@ (the accumulator operands) are filled in by
// wgmmaPeakSource().
constexpr const char *kWgmmaSource = R"cuda(#define TSM_WG @WG@

// The 64-bit matrix descriptor (PTX ISA "Matrix Descriptor Format"): bits 0-13 start address,
// 16-29 leading dimension byte offset, 32-45 stride dimension byte offset, each as
// (x & 0x3FFFF) >> 4; bits 49-51 base offset and 62-63 swizzle mode 0 (none).
__device__ __forceinline__ unsigned long long tsm_desc(const void *smem)
{
    const unsigned addr = (unsigned)__cvta_generic_to_shared(smem);
    const unsigned long long lbo = 128, sbo = 256;
    return (unsigned long long)((addr & 0x3FFFF) >> 4) | ((lbo & 0x3FFFF) >> 4) << 16
           | ((sbo & 0x3FFFF) >> 4) << 32;
}

// Element i of an operand: a multiple of 1/64 in [-0.5, 0.5) (exact in fp16 and tf32) from the
// top six bits of a multiplicative hash of i, as irregular as random data (structured values
// such as (37 i % 64 - 32) / 64 let the clock stay about 4% higher under load).
__device__ __forceinline__ float tsm_value(int i, unsigned salt)
{
    return float(int(((unsigned)i * 2654435761u * salt) >> 26) - 32) / 64.0f;
}

__device__ __forceinline__ void tsm_put(unsigned char *p, int i, unsigned salt)
{
    const float v = tsm_value(i, salt);
    @PUT@
}

@CLOCKS@extern "C" __global__ void __launch_bounds__(128 * TSM_WG) tsm_wgmma_peak(float *out, int iters,
                                                                         long long *clocks)
{
    const long long start = tsm_clock();
    __shared__ __align__(128) unsigned char a[TSM_WG * 64 * 32];
    __shared__ __align__(128) unsigned char b[256 * 32];
    for (int i = threadIdx.x; i < TSM_WG * 64 * 32 / @EBYTES@; i += blockDim.x)
        tsm_put(a, i, 37u);
    for (int i = threadIdx.x; i < 256 * 32 / @EBYTES@; i += blockDim.x)
        tsm_put(b, i, 29u);
    // Written through the generic proxy, read by wgmma through the async proxy.
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    const int wg = threadIdx.x / 128;
    const unsigned long long da = tsm_desc(a + wg * 64 * 32), db = tsm_desc(b);
    float d[128];
#pragma unroll
    for (int r = 0; r < 128; ++r) {
        d[r] = 0.f;
        asm volatile("" : "+f"(d[r])::"memory"); // written before the fence below
    }
#pragma unroll 1
    for (int i = 0; i < iters; ++i) {
        // Before the first wgmma, and at each iteration as a matmul's main loop has it (ptxas
        // puts one there anyway: the accumulators come round the loop's back edge).
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
        for (int u = 0; u < @UNROLL@; ++u)
            // d += A B^T with scale-d p = 1, scale-a/b 1, A and B K-major (no transpose).
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
                         "wgmma.mma_async.sync.aligned.@WGMMA@ "
                         "{@REGS@}, %128, %129, p, 1, 1@TRANS@;\n}\n"
                         : @OUTS@
                         : "l"(da), "l"(db), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
    }
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    float s = 0.f;
#pragma unroll
    for (int r = 0; r < 128; ++r) {
        asm volatile("" : "+f"(d[r])::"memory"); // read after the wait
        s += d[r];
    }
    if (s == -1.2345f)
        out[blockIdx.x * blockDim.x + threadIdx.x] = s;
    tsm_record(clocks, start);
}
)cuda";

/// The clock helpers of the tensor-core kernels (@CLOCKS@ in their sources).
constexpr const char *kClockSource = R"cuda(// Thread 0 of each block records its SM and the SM clock (clock64) at its start and end:
// clocks[3 b .. 3 b + 2] = smid, start, end.
__device__ __forceinline__ long long tsm_clock()
{
    long long c;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c)::"memory");
    return c;
}

__device__ __forceinline__ void tsm_record(long long *clocks, long long start)
{
    const long long end = tsm_clock();
    if (threadIdx.x == 0) {
        unsigned sm;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        clocks[3 * blockIdx.x] = sm;
        clocks[3 * blockIdx.x + 1] = start;
        clocks[3 * blockIdx.x + 2] = end;
    }
}

)cuda";

void replaceAll(std::string &s, const std::string &from, const std::string &to)
{
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
}

/// K of one instruction: 32 bytes of each row, whatever the input type.
int wgmmaK(TensorInput in)
{
    return in == TensorInput::Tf32 ? 8 : in == TensorInput::Fp8 ? 32 : 16;
}

std::string wgmmaPeakSource(TensorInput in)
{
    std::string regs, outs;
    for (int r = 0; r < 128; ++r) {
        regs += (r ? ", %" : "%") + std::to_string(r);
        outs += std::string(r ? ", " : "") + "\"+f\"(d[" + std::to_string(r) + "])";
    }
    std::string s = kWgmmaSource;
    const std::string k = std::to_string(wgmmaK(in));
    // The instruction, the element size and how element i is written; only the 16-bit forms
    // take transpose operands.
    std::string wgmma = "m64n256k" + k + ".f32.f16.f16", put, trans = ", 0, 0", bytes = "2";
    switch (in) {
    case TensorInput::Fp16:
        put = "unsigned short h;\n    asm(\"cvt.rn.f16.f32 %0, %1;\" : \"=h\"(h) : \"f\"(v));\n"
              "    reinterpret_cast<unsigned short *>(p)[i] = h;";
        break;
    case TensorInput::Tf32:
        wgmma = "m64n" + std::string("256k") + k + ".f32.tf32.tf32";
        put = "reinterpret_cast<float *>(p)[i] = v;";
        trans.clear();
        bytes = "4";
        break;
    case TensorInput::Fp8:
        wgmma = "m64n256k" + k + ".f32.e4m3.e4m3";
        // The low byte of the pair holds the second operand's conversion.
        put = "unsigned short h;\n    asm(\"cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;\" : \"=h\"(h) : \"f\"(0.f), "
              "\"f\"(v));\n    p[i] = (unsigned char)(h & 0xff);";
        trans.clear();
        bytes = "1";
        break;
    }
    replaceAll(s, "@WG@", std::to_string(kWgmmaWarpgroups));
    replaceAll(s, "@UNROLL@", std::to_string(kWgmmaPerGroup));
    replaceAll(s, "@WGMMA@", wgmma);
    replaceAll(s, "@TRANS@", trans);
    replaceAll(s, "@EBYTES@", bytes);
    replaceAll(s, "@PUT@", put);
    replaceAll(s, "@REGS@", regs);
    replaceAll(s, "@OUTS@", outs);
    replaceAll(s, "@CLOCKS@", kClockSource);
    return s;
}

/// The mma.sync kernel's instruction for `in` (fp16 or tf32; no fp8 form before sm_89).
std::string mmaPeakSource(TensorInput in)
{
    std::string s = kMmaSource;
    replaceAll(s, "@MMA@",
               in == TensorInput::Tf32 ? "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"
                                       : "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
    replaceAll(s, "@CLOCKS@", kClockSource);
    return s;
}

double fail(std::string *why, std::string text)
{
    if (why)
        *why = std::move(text);
    return 0.0;
}

/// One timed peak kernel: `name` from `source`, built for `arch`, launched `kRuns` times (after
/// two warm-ups, or more until `warmupMs` have run) over `blocks` x `threads` with (out, iters).
struct PeakLaunch
{
    std::string source;
    const char *name = "";
    std::string arch;
    int threads = kThreads;
    /// 0: every SM with as many blocks as are resident on it at once (the occupancy API), set
    /// by timeKernel to the grid it ran.
    std::int64_t blocks = 0;
    int iters = 0;
    /// Launches before the timed ones run at least this long: under the tensor cores' load the
    /// SM clock falls from its boost within about 150 ms (H200: 1980 to about 1750 MHz).
    double warmupMs = 0;
    /// The kernel takes a third argument, (smid, start, end) clock64 triples per block (the
    /// tensor-core kernels' tsm_record), and timeKernel sets `mhz`: the SM cycles from each
    /// SM's first block start to its last block end, averaged over the SMs, over the launch's
    /// time (medians of the timed launches).
    bool clocks = false;
    double mhz = 0;
};

} // namespace

double averageSmSpan(const std::vector<long long> &clocks)
{
    std::map<long long, std::pair<long long, long long>> spans; // smid -> first start, last end
    for (std::size_t i = 0; i + 2 < clocks.size(); i += 3) {
        auto [it, fresh] = spans.try_emplace(clocks[i], clocks[i + 1], clocks[i + 2]);
        if (!fresh) {
            it->second.first = std::min(it->second.first, clocks[i + 1]);
            it->second.second = std::max(it->second.second, clocks[i + 2]);
        }
    }
    double total = 0;
    for (const auto &[sm, span] : spans)
        total += double(span.second - span.first);
    return spans.empty() ? 0.0 : total / double(spans.size());
}

namespace {

/// Median milliseconds of the launches of `launch`; 0 with the reason in `why`.
double timeKernel(cuda::Driver &driver, PeakLaunch &launch, std::string *why)
{
    const cuda::DeviceInfo &dev = driver.device();
    cuda::CompileOptions options;
    options.arch = launch.arch;
    options.lineInfo = false;
    const cuda::CompileResult compiled = cuda::compileCuda(
        launch.source, std::string("/tilesmith/") + launch.name + ".cu", options);
    if (!compiled.ok)
        return fail(why, std::string(launch.name) + " did not compile: " + compiled.log);
    cuda::DriverStatus status;
    const std::shared_ptr<cuda::Module> module = driver.loadModule(compiled.cubin, &status);
    if (!module)
        return fail(why, status.message);
    const std::shared_ptr<cuda::Function> fn = module->function(launch.name, &status);
    if (!fn)
        return fail(why, status.message);
    if (launch.blocks <= 0) {
        const int resident = fn->activeBlocksPerSm(launch.threads, 0);
        if (resident <= 0)
            return fail(why,
                        std::string(launch.name) + " fits no block of "
                            + std::to_string(launch.threads) + " threads on an SM");
        launch.blocks = std::int64_t(std::max(1, dev.smCount)) * resident;
    }
    const std::int64_t blocks = launch.blocks;
    const std::size_t outBytes = std::size_t(blocks) * launch.threads * sizeof(float);
    cuda::DevicePtr out = driver.allocate(outBytes, &status);
    if (!status)
        return fail(why, status.message);
    const std::size_t clockBytes = launch.clocks ? std::size_t(blocks) * 3 * sizeof(long long) : 0;
    cuda::DevicePtr clocks = 0;
    if (launch.clocks) {
        clocks = driver.allocate(clockBytes, &status);
        if (!status) {
            driver.release(out, outBytes);
            return fail(why, status.message);
        }
    }
    std::vector<long long> hostClocks(clockBytes / sizeof(long long));
    const std::uintptr_t start = driver.createEvent(), stop = driver.createEvent();
    void *args[] = {&out, &launch.iters, &clocks};
    std::vector<double> times, spans;
    int warmups = 0;
    double warmedMs = 0;
    while (status && times.size() < std::size_t(kRuns)) {
        status = driver.recordEvent(start);
        if (status)
            status = driver.launch(*fn, blocks, 1, 1, launch.threads, 0, args);
        if (status)
            status = driver.recordEvent(stop);
        const double ms = status ? driver.elapsedMs(start, stop, &status) : 0.0;
        if (!status)
            break;
        if (warmups < 2 || (warmedMs < launch.warmupMs && warmups < kMaxWarmups)) {
            ++warmups;
            warmedMs += ms;
        } else {
            times.push_back(ms);
            if (launch.clocks) {
                status = driver.copyToHost(hostClocks.data(), clocks, clockBytes);
                spans.push_back(averageSmSpan(hostClocks));
            }
        }
    }
    driver.destroyEvent(start);
    driver.destroyEvent(stop);
    driver.release(out, outBytes);
    if (launch.clocks)
        driver.release(clocks, clockBytes);
    if (!status)
        return fail(why, status.message);
    const double ms = cuda::medianOf(times);
    if (launch.clocks && ms > 0)
        launch.mhz = cuda::medianOf(spans) / (ms * 1e3);
    return ms;
}

std::int64_t fullDeviceBlocks(const cuda::DeviceInfo &dev)
{
    return std::int64_t(std::max(1, dev.smCount)) * std::max(1, dev.maxThreadsPerSm / kThreads);
}

/// wgmma (sm_90a) on compute capability 9.x; mma.sync elsewhere.
bool usesWgmma(int ccMajor)
{
    return ccMajor == 9;
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

std::string tensorPeakSource(int ccMajor, TensorInput in)
{
    return usesWgmma(ccMajor) ? wgmmaPeakSource(in) : mmaPeakSource(in);
}

std::string tensorPeakInstruction(int ccMajor, TensorInput in)
{
    if (usesWgmma(ccMajor))
        return "wgmma m64n256k" + std::to_string(wgmmaK(in))
               + (in == TensorInput::Tf32 ? " tf32" : in == TensorInput::Fp8 ? " e4m3" : "");
    return in == TensorInput::Tf32 ? "mma.sync m16n8k8 tf32" : "mma.sync m16n8k16";
}

namespace {

/// "wgmma m64n256k16, m64n256k8 tf32 and m64n256k32 e4m3" for the measuredBy text.
std::string tensorPeakInstructions(int ccMajor)
{
    if (usesWgmma(ccMajor))
        return tensorPeakInstruction(ccMajor, TensorInput::Fp16) + ", m64n256k8 tf32 and m64n256k32 e4m3";
    return tensorPeakInstruction(ccMajor, TensorInput::Fp16) + " and m16n8k8 tf32";
}

} // namespace

double measureFp32Tflops(cuda::Driver &driver, std::string *why)
{
    PeakLaunch launch;
    launch.source = kFmaSource;
    launch.name = "tsm_fma_peak";
    launch.arch = driver.device().arch();
    launch.blocks = fullDeviceBlocks(driver.device());
    launch.iters = 2048;
    const double ms = timeKernel(driver, launch, why);
    if (ms <= 0)
        return 0.0;
    const double flops
        = 2.0 * 8 * 16 * double(launch.iters) * double(launch.blocks) * launch.threads;
    return flops / (ms * 1e-3) / 1e12;
}

double measureTensorTflops(cuda::Driver &driver, TensorInput in, std::string *why, double *mhz)
{
    const cuda::DeviceInfo &dev = driver.device();
    if (dev.ccMajor < 8)
        return fail(why, "mma.sync needs compute capability 8.0 or newer");
    if (in == TensorInput::Fp8 && !usesWgmma(dev.ccMajor))
        return fail(why, "the FP8 roof is measured with wgmma, on compute capability 9.0 only");
    PeakLaunch launch;
    launch.source = tensorPeakSource(dev.ccMajor, in);
    launch.clocks = true;
    double flopsPerIter = 0; // per block and loop iteration
    if (usesWgmma(dev.ccMajor)) {
        // wgmma is an sm_90a instruction: code for compute capability 9.0 exactly.
        launch.name = "tsm_wgmma_peak";
        launch.arch = dev.arch() + "a";
        launch.threads = 128 * kWgmmaWarpgroups;
        launch.blocks = 0; // as many as are resident
        launch.iters = 4096; // about 2.5 ms a launch on an H200 (fp16)
        launch.warmupMs = 300;
        // 2 M N K per instruction per warpgroup.
        flopsPerIter = 2.0 * 64 * 256 * wgmmaK(in) * kWgmmaPerGroup * kWgmmaWarpgroups;
    } else {
        launch.name = "tsm_mma_peak";
        launch.arch = dev.arch();
        launch.blocks = fullDeviceBlocks(dev);
        launch.iters = 1024;
        // 2 M N K per instruction per warp, 4 x 4 instructions per iteration.
        flopsPerIter = 2.0 * 16 * 8 * (in == TensorInput::Tf32 ? 8 : 16) * 4 * 4 * (launch.threads / 32);
    }
    const double ms = timeKernel(driver, launch, why);
    if (ms <= 0)
        return 0.0;
    const double flops = flopsPerIter * double(launch.iters) * double(launch.blocks);
    if (mhz)
        *mhz = launch.mhz;
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
            for (const run::TensorRoofField &f : run::kTensorRoofFields) {
                c.*f.tflops = j.value(std::string(f.key) + "_tensor_tflops", 0.0);
                c.*f.mhz = j.value(std::string(f.key) + "_tensor_mhz", 0.0);
            }
            c.measuredBy = "cached from " + j.value("date", std::string("an earlier run")) + " ("
                           + path.string() + "; tensor roofs by " + tensorPeakInstructions(dev.ccMajor) + ")";
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
    for (const run::TensorRoofField &f : run::kTensorRoofFields) {
        const std::string type = f.type;
        const TensorInput in = type == "TF32" ? TensorInput::Tf32 : type == "FP8" ? TensorInput::Fp8 : TensorInput::Fp16;
        c.*f.tflops = measureTensorTflops(driver, in, &why, &(c.*f.mhz));
        if (c.*f.tflops <= 0 && (in != TensorInput::Fp8 || dev.ccMajor >= 8))
            notes->push_back(type + " tensor-core roof not measured: " + why);
    }
    c.measuredBy = "measured now (the faster of two copy kernels, FFMA chains, "
                   + tensorPeakInstructions(dev.ccMajor) + ")";
    if (c.copyGBs > 0 && c.fp32TFLOPs > 0) {
        std::error_code ec;
        fs::create_directories(path.parent_path(), ec);
        std::ofstream out(path);
        nlohmann::json j{{"device", c.device},
                         {"copy_gbs", c.copyGBs},
                         {"fp32_tflops", c.fp32TFLOPs},
                         {"date", today()},
                         {"version", kCacheVersion}};
        for (const run::TensorRoofField &f : run::kTensorRoofFields) {
            j[std::string(f.key) + "_tensor_tflops"] = c.*f.tflops;
            j[std::string(f.key) + "_tensor_mhz"] = c.*f.mhz;
        }
        out << j.dump(1) << "\n";
    }
    return c;
}

void placeOnRoofline(run::KernelProfile &k, const run::RooflineCeilings &c)
{
    const double ns = k.medianNs > 0 ? k.medianNs : k.counterNs;
    if (ns <= 0)
        return;
    const run::TensorRoof tensorRoof = run::tensorRoofOf(k, c);
    const bool tensor = tensorRoof.tflops > 0;
    // Measured numbers first; the program's launch_metadata where nothing was measured, and
    // its FLOPs first for a tensor-core kernel (run::placedByAnalyticFlops).
    const double bytes = k.dramBytes > 0 ? k.dramBytes : k.analyticBytes.value_or(0.0);
    const std::optional<double> flops = run::placedByAnalyticFlops(k, c) ? k.analyticFlops : k.flops;
    k.achievedGBs = bytes / ns; // bytes per ns = GB/s
    if (flops)
        k.achievedTFLOPs = *flops / ns / 1e3;
    // The roof that binds: memory below the ridge point, compute (FP32 FMA, or the tensor cores
    // for the dot's input type) above it.
    const double computeRoof = tensor ? tensorRoof.tflops : c.fp32TFLOPs; // TFLOP/s
    bool computeBound = false;
    if (flops && bytes > 0 && c.copyGBs > 0 && computeRoof > 0) {
        const double intensity = *flops / bytes;            // FLOP per byte
        const double ridge = computeRoof * 1e3 / c.copyGBs; // FLOP per byte
        computeBound = intensity > ridge;
    }
    if (computeBound) {
        k.roof = tensor ? tensorRoof.name : "FP32 FMA";
        k.roofFraction = k.achievedTFLOPs / computeRoof;
        // At the kernel's own clock: its FLOPs per SM cycle in the replayed launch (whose time
        // and clock the counters measured together) over the roof kernel's.
        const double roofHere = tensor ? tensorRoof.atClock(k.smClockMHz) : 0;
        if (roofHere > 0 && k.counterNs > 0)
            k.clockRoofFraction = *flops / k.counterNs / 1e3 / roofHere;
    } else if (c.copyGBs > 0 && bytes > 0) {
        k.roof = "copy bandwidth";
        k.roofFraction = k.achievedGBs / c.copyGBs;
    }
}

} // namespace tsm::profiler
