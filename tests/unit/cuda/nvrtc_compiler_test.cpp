#include "core/cuda/nvrtc_compiler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

#include <unistd.h>

using namespace tsm;
using namespace tsm::cuda;
namespace fs = std::filesystem;

namespace {

// What generated code looks like: the device header, a toolkit header, #line directives.
constexpr const char *kKernel = R"cuda(#include "tilesmith_device.cuh"
#include <cuda_fp16.h>
#include <cuda/std/cstdint>
#line 4 "scale.py"
extern "C" __global__ void scale(float *x, const __half *h, cuda::std::int32_t n)
{
    __shared__ float tile[64];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x % 64] = i < n ? x[i] * __half2float(h[i]) : 0.0f;
    __syncthreads();
    if (i < n)
        x[i] = tile[(threadIdx.x + 1) % 64];
}
)cuda";

// A kernel with no toolkit headers compiles in tens of milliseconds: enough for cache tests.
constexpr const char *kSmallKernel = "#include \"tilesmith_device.cuh\"\n"
                                     "extern \"C\" __global__ void twice(float *x)\n"
                                     "{\n    x[threadIdx.x] *= 2.0f;\n}\n";

struct TempDir
{
    fs::path path;
    explicit TempDir(const std::string &name)
        : path(fs::temp_directory_path()
               / ("tsm_nvrtc_test_" + name + "_" + std::to_string(::getpid())))
    {
        fs::remove_all(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

CompileOptions noCache(std::string arch = "sm_90")
{
    CompileOptions o;
    o.arch = std::move(arch);
    o.cacheDir = "-";
    return o;
}

double totalMs(const CompileResult &r)
{
    double ms = 0;
    for (const StageTime &t : r.times)
        ms += t.ms;
    return ms;
}

bool hasStage(const CompileResult &r, const std::string &stage)
{
    return std::any_of(
        r.times.begin(), r.times.end(), [&](const StageTime &t) { return t.stage == stage; });
}

} // namespace

TEST(CudaNvrtc, CompilesForSm90WithPtxCubinAndResources)
{
    const CompileResult r = compileCuda(kKernel, "/tilesmith/scale.cu", noCache());
    ASSERT_TRUE(r.ok) << r.log;
    EXPECT_FALSE(r.cacheHit);
    EXPECT_NE(r.ptx.find(".target sm_90"), std::string::npos);
    EXPECT_NE(r.ptx.find(".entry scale("), std::string::npos);
    EXPECT_EQ(r.ptx.back(), '\n'); // no trailing NUL
    ASSERT_GE(r.cubin.size(), 4u);
    EXPECT_EQ(std::string(r.cubin.data(), 4),
              "\x7f"
              "ELF");
    EXPECT_TRUE(r.resources.parsed) << r.log;
    EXPECT_GT(r.resources.registers, 0);
    EXPECT_EQ(r.resources.sharedBytes, 256);
    EXPECT_EQ(r.resources.barriers, 1);
    EXPECT_NE(r.log.find("ptxas info"), std::string::npos); // fetched on success too
    EXPECT_TRUE(hasStage(r, "nvrtc"));
    EXPECT_EQ(r.nvrtcVersion.rfind("13.", 0), 0u) << r.nvrtcVersion;
    // -lineinfo: the PTX names the Python file of the #line directives.
    EXPECT_NE(r.ptx.find("scale.py"), std::string::npos);
}

TEST(CudaNvrtc, CompilesForSm80)
{
    const CompileResult r = compileCuda(kKernel, "/tilesmith/scale.cu", noCache("sm_80"));
    ASSERT_TRUE(r.ok) << r.log;
    EXPECT_NE(r.ptx.find(".target sm_80"), std::string::npos);
    EXPECT_FALSE(r.cubin.empty());
    EXPECT_TRUE(r.resources.parsed);
}

TEST(CudaNvrtc, ComputeArchGivesPtxOnly)
{
    const CompileResult r = compileCuda(kKernel, "/tilesmith/scale.cu", noCache("compute_90"));
    ASSERT_TRUE(r.ok) << r.log;
    EXPECT_FALSE(r.ptx.empty());
    EXPECT_TRUE(r.cubin.empty());
    EXPECT_FALSE(r.resources.parsed);
}

TEST(CudaNvrtc, ExtraHeadersAndOptionsReachNvrtc)
{
    CompileOptions o = noCache();
    o.headers.emplace_back("params.cuh", "#define SCALE_BY 3.0f\n");
    o.extra.push_back("-DOFFSET=1.0f");
    o.lineInfo = false;
    const CompileResult r = compileCuda(
        "#include \"params.cuh\"\n"
        "extern \"C\" __global__ void k(float *x) { x[0] = x[0] * SCALE_BY + OFFSET; }\n",
        "/tilesmith/k.cu",
        o);
    ASSERT_TRUE(r.ok) << r.log;
    EXPECT_EQ(r.ptx.find(".loc"), std::string::npos); // no -lineinfo
}

TEST(CudaNvrtc, FailureLandsOnThePythonLine)
{
    SourceManager sm;
    const SourceFile &py = sm.add("swish.py",
                                  "import triton\n"
                                  "@triton.jit\n"
                                  "def swish(x_ptr):\n"
                                  "    y = x * tl.sigmoid(x)\n");
    const std::string cuda = "#include \"tilesmith_device.cuh\"\n"
                             "extern \"C\" __global__ void swish(float *x_ptr)\n{\n"
                             "#line 4 \"swish.py\"\n"
                             "    float y = x * tsm_no_such_helper(x);\n}\n";
    const CompileResult r = compileCuda(cuda, "/tilesmith/swish.cu", noCache());
    EXPECT_FALSE(r.ok);
    EXPECT_FALSE(r.cancelled);
    EXPECT_TRUE(r.cubin.empty());
    DiagnosticSink sink;
    reportCompileLog("swish", r.log, &py, sink);
    ASSERT_FALSE(sink.diagnostics().empty()) << r.log;
    const Diagnostic &d = sink.diagnostics()[0];
    EXPECT_EQ(d.kind, DiagKind::CudaCompileFailed);
    EXPECT_EQ(d.origin, DiagOrigin::Nvrtc);
    EXPECT_EQ(d.span.file, py.id());
    EXPECT_EQ(py.lineCol(d.span.begin).line, 4u) << r.log;
    EXPECT_NE(d.message.find("identifier \"x\" is undefined"), std::string::npos) << d.message;
}

TEST(CudaNvrtc, BadArchIsAFailureWithAMessage)
{
    const CompileResult r = compileCuda(kKernel, "/tilesmith/scale.cu", noCache("sm_1"));
    EXPECT_FALSE(r.ok);
    EXPECT_FALSE(r.log.empty());
    DiagnosticSink sink;
    reportCompileLog("scale", r.log, nullptr, sink);
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_NE(sink.diagnostics()[0].message.find("arch"), std::string::npos)
        << sink.diagnostics()[0].message;
}

TEST(CudaNvrtc, CacheMissThenHitWithIdenticalBytes)
{
    TempDir dir("hit");
    CompileOptions o;
    o.cacheDir = dir.path;
    const CompileResult miss = compileCuda(kSmallKernel, "/tilesmith/twice.cu", o);
    ASSERT_TRUE(miss.ok) << miss.log;
    EXPECT_FALSE(miss.cacheHit);
    EXPECT_TRUE(hasStage(miss, "cache-lookup"));
    EXPECT_TRUE(hasStage(miss, "cache-store"));

    const auto t0 = std::chrono::steady_clock::now();
    const CompileResult hit = compileCuda(kSmallKernel, "/tilesmith/twice.cu", o);
    const double hitMs
        = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    ASSERT_TRUE(hit.ok);
    EXPECT_TRUE(hit.cacheHit);
    EXPECT_FALSE(hasStage(hit, "nvrtc"));
    EXPECT_EQ(hit.ptx, miss.ptx);
    EXPECT_EQ(hit.cubin, miss.cubin);
    EXPECT_EQ(hit.log, miss.log);
    EXPECT_EQ(hit.resources.registers, miss.resources.registers);
    EXPECT_LT(hitMs, totalMs(miss) / 4);
    EXPECT_LT(hitMs, 20.0);

    // Another arch or other options are other entries.
    o.arch = "sm_80";
    EXPECT_FALSE(compileCuda(kSmallKernel, "/tilesmith/twice.cu", o).cacheHit);
    o.arch = "sm_90";
    o.lineInfo = false;
    EXPECT_FALSE(compileCuda(kSmallKernel, "/tilesmith/twice.cu", o).cacheHit);
}

TEST(CudaNvrtc, CorruptCacheEntryIsAMissAndIsRewritten)
{
    TempDir dir("corrupt");
    CompileOptions o;
    o.cacheDir = dir.path;
    const CompileResult first = compileCuda(kSmallKernel, "/tilesmith/twice.cu", o);
    ASSERT_TRUE(first.ok) << first.log;
    int entries = 0;
    for (const auto &e : fs::directory_iterator(dir.path)) {
        ++entries;
        const auto size = fs::file_size(e.path());
        fs::resize_file(e.path(), size - 100); // as if a writer died midway
    }
    ASSERT_EQ(entries, 1);
    const CompileResult second = compileCuda(kSmallKernel, "/tilesmith/twice.cu", o);
    ASSERT_TRUE(second.ok) << second.log;
    EXPECT_FALSE(second.cacheHit);
    EXPECT_EQ(second.cubin, first.cubin);
    const CompileResult third = compileCuda(kSmallKernel, "/tilesmith/twice.cu", o);
    EXPECT_TRUE(third.cacheHit);
}

TEST(CudaNvrtc, FailedCompilesAreNotCached)
{
    TempDir dir("failed");
    CompileOptions o;
    o.cacheDir = dir.path;
    const std::string bad = "extern \"C\" __global__ void k() { undefined_name; }\n";
    EXPECT_FALSE(compileCuda(bad, "/tilesmith/k.cu", o).ok);
    const CompileResult again = compileCuda(bad, "/tilesmith/k.cu", o);
    EXPECT_FALSE(again.ok);
    EXPECT_FALSE(again.cacheHit);
}

TEST(CudaNvrtc, CancelBeforeStartDoesNotCompile)
{
    const std::atomic<bool> cancel{true};
    const CompileResult r = compileCuda(kKernel, "/tilesmith/scale.cu", noCache(), &cancel);
    EXPECT_FALSE(r.ok);
    EXPECT_TRUE(r.cancelled);
    EXPECT_TRUE(r.times.empty());
}

TEST(CudaNvrtc, CancelStopsARunningCompile)
{
    // NVRTC polls the flow callback between its phases, not while parsing; this kernel's
    // unrolled loops keep the optimizer and ptxas busy for hundreds of milliseconds after a
    // front end of a few, so a cancel requested early stops it midway.
    const std::string heavy
        = "extern \"C\" __global__ void heavy(const float *x, float *y, int n)\n{\n"
          "    float a[32];\n#pragma unroll\n"
          "    for (int i = 0; i < 32; i++) a[i] = x[threadIdx.x + i * n];\n"
          "    float s = 0;\n#pragma unroll\n"
          "    for (int i = 0; i < 32; i++) for (int j = 0; j < 32; j++) s += a[i] * a[j] * x[j];\n"
          "    y[threadIdx.x] = s;\n}\n";
    std::atomic<bool> cancel{false};
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        cancel = true;
    });
    const CompileResult r = compileCuda(heavy, "/tilesmith/heavy.cu", noCache(), &cancel);
    stopper.join();
    EXPECT_FALSE(r.ok);
    EXPECT_TRUE(r.cancelled) << r.log;
    EXPECT_TRUE(hasStage(r, "nvrtc")); // stopped inside NVRTC, not by the check before it
    EXPECT_TRUE(r.cubin.empty());
}

TEST(CudaNvrtc, ReportsVersionAndArchitectures)
{
    const std::vector<int> archs = supportedArchs();
    EXPECT_NE(std::find(archs.begin(), archs.end(), 80), archs.end());
    EXPECT_NE(std::find(archs.begin(), archs.end(), 90), archs.end());
    EXPECT_EQ(nvrtcVersion().rfind("13.", 0), 0u);
}

TEST(CudaNvrtc, ToolkitHeadersComeFromCudaHomeWhenSet)
{
    const char *saved = std::getenv("CUDA_HOME");
    const std::string savedValue = saved ? saved : "";
    ::setenv("CUDA_HOME", "/nonexistent-cuda-home", 1);
    const CompileResult r = compileCuda(kKernel, "/tilesmith/scale.cu", noCache());
    if (saved)
        ::setenv("CUDA_HOME", savedValue.c_str(), 1);
    else
        ::unsetenv("CUDA_HOME");
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.log.find("cuda_fp16.h"), std::string::npos) << r.log;
}
