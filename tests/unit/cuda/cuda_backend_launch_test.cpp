// CudaBackend's launch glue on a fake driver (tests/unit/cuda/fake_driver.h): device mirrors
// uploaded only when the host changed them, arguments in the generated function's order,
// written tensors downloaded on the next host read, one synchronization per launch outside
// do_bench, faults reported at the kernel, and a lost context refusing later launches.

#include "core/cuda/cuda_backend.h"
#include "core/cuda/device_mirror.h"
#include "core/cuda/device_timer.h"
#include "tests/unit/cuda/fake_driver.h"
#include "tests/unit/passes/lower_test_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

namespace tsm::cuda {
namespace {

using test::FakeDriver;

const char *kAdd = R"(
import triton
import triton.language as tl

@triton.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)
)";

class CudaBackendLaunch : public ::testing::Test
{
protected:
    void SetUp() override
    {
        spec = passes::test::specializeSource(
            kAdd, "add", "x_ptr=*fp32:16, y_ptr=*fp32:16, out_ptr=*fp32:16, n=i32, BLOCK=128");
        ASSERT_TRUE(spec->kernel);
        driver = std::make_shared<FakeDriver>();
        const SourceFile *file = spec->file;
        backend = std::make_unique<CudaBackend>(driver, [file](FileId) { return file; });
        // The CUDA C without NVRTC: the launch glue does not look at the cubin.
        CudaBuildOptions options;
        options.compile = false;
        DiagnosticSink diags;
        auto build = buildCuda(spec->kernel, spec->file, options, diags);
        ASSERT_TRUE(build) << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
        driver->argCount = int(build->source.params.size());
        auto module = driver->loadModule({}, nullptr);
        kernel = std::make_shared<CudaKernel>(
            spec->kernel, std::move(*build), module, module->function("add", nullptr), 0.0, 64);

        x = std::make_shared<tensor::Storage>(n * 4);
        y = std::make_shared<tensor::Storage>(n * 4); // torch.zeros, never touched on the host
        out = std::make_shared<tensor::Storage>(n * 4, tensor::Storage::Init::Undefined);
        float *xs = reinterpret_cast<float *>(x->data());
        for (int i = 0; i < n; ++i)
            xs[i] = float(i);
        args.resize(5);
        for (auto [k, s] : {std::pair{0, x}, {1, y}, {2, out}}) {
            args[k].kind = LaunchArg::Kind::Pointer;
            args[k].storage = s;
            args[k].label = k == 0 ? "x" : k == 1 ? "y" : "out";
        }
        args[3].kind = LaunchArg::Kind::Int;
        args[3].i = n;
        args[4].kind = LaunchArg::Kind::Constexpr;
    }

    bool launch(Grid grid = {2, 1, 1})
    {
        diags = DiagnosticSink();
        LaunchContext context{diags, {}, nullptr};
        return backend->launch(*kernel, grid, args, context);
    }

    DevicePtr mirrorOf(const tensor::StoragePtr &s)
    {
        auto *m = dynamic_cast<CudaDeviceMirror *>(s->mirror());
        return m ? m->address() : 0;
    }

    static constexpr int n = 200;
    std::unique_ptr<passes::test::Specialized> spec;
    std::shared_ptr<FakeDriver> driver;
    std::unique_ptr<CudaBackend> backend;
    std::shared_ptr<CudaKernel> kernel;
    tensor::StoragePtr x, y, out;
    std::vector<LaunchArg> args;
    DiagnosticSink diags;
};

TEST_F(CudaBackendLaunch, UploadsWhatTheHostHasAndPassesAddresses)
{
    ASSERT_TRUE(launch());
    EXPECT_EQ(driver->allocations, 3);
    EXPECT_EQ(driver->uploads, 1); // x only
    EXPECT_EQ(driver->fills, 1);   // y: zeros without a host copy; out: torch.empty, no fill
    EXPECT_FALSE(y->hostAllocated());
    EXPECT_FALSE(out->hostAllocated());
    ASSERT_EQ(driver->launches.size(), 1u);
    const FakeDriver::Launch &l = driver->launches[0];
    EXPECT_EQ(l.gx, 2);
    EXPECT_EQ(l.threads, 128); // num_warps=4
    ASSERT_EQ(l.args.size(), 4u);
    EXPECT_EQ(l.args[0], mirrorOf(x));
    EXPECT_EQ(l.args[1], mirrorOf(y));
    EXPECT_EQ(l.args[2], mirrorOf(out));
    EXPECT_EQ(std::int32_t(l.args[3]), n);
    EXPECT_EQ(driver->read<float>(mirrorOf(x))[7], 7.0f);
    EXPECT_EQ(driver->read<float>(mirrorOf(y))[7], 0.0f);
    EXPECT_EQ(driver->syncs, 1);
}

TEST_F(CudaBackendLaunch, ByteOffsetOfAView)
{
    args[0].byteOffset = 64;
    ASSERT_TRUE(launch());
    EXPECT_EQ(driver->launches[0].args[0], mirrorOf(x) + 64);
}

TEST_F(CudaBackendLaunch, WrittenTensorsDownloadOnHostRead)
{
    driver->onLaunch = [this](const FakeDriver::Launch &l) {
        auto &bytes = driver->memory.at(l.args[2]);
        float v = 42.0f;
        for (std::size_t i = 0; i + 4 <= bytes.size(); i += 4)
            std::memcpy(bytes.data() + i, &v, 4);
    };
    ASSERT_TRUE(launch());
    EXPECT_TRUE(out->deviceNewer());
    EXPECT_FALSE(x->deviceNewer());
    EXPECT_FALSE(y->deviceNewer());
    const tensor::Storage &cout = *out;
    EXPECT_EQ(reinterpret_cast<const float *>(cout.data())[n - 1], 42.0f);
    EXPECT_EQ(driver->downloads, 1);
    // Reading x on the host costs nothing: the kernel did not write it.
    const tensor::Storage &cx = *x;
    EXPECT_EQ(reinterpret_cast<const float *>(cx.data())[3], 3.0f);
    EXPECT_EQ(driver->downloads, 1);
}

TEST_F(CudaBackendLaunch, UnchangedInputsAreNotUploadedAgain)
{
    ASSERT_TRUE(launch());
    ASSERT_TRUE(launch());
    EXPECT_EQ(driver->uploads, 1);
    EXPECT_EQ(driver->fills, 1);
    reinterpret_cast<float *>(x->data())[0] = 5.0f; // a host write
    ASSERT_TRUE(launch());
    EXPECT_EQ(driver->uploads, 2);
    EXPECT_EQ(driver->read<float>(mirrorOf(x))[0], 5.0f);
    EXPECT_EQ(driver->allocations, 3);
}

TEST_F(CudaBackendLaunch, MirrorsGoBackWithTheirStorage)
{
    ASSERT_TRUE(launch());
    x.reset();
    args[0].storage.reset();
    EXPECT_EQ(driver->releases, 1);
}

TEST_F(CudaBackendLaunch, GridBeyondCudaLimits)
{
    EXPECT_FALSE(launch({1, 70000, 1}));
    ASSERT_EQ(diags.errorCount(), 1u);
    EXPECT_EQ(diags.diagnostics()[0].kind, DiagKind::CudaLaunchFailed);
    EXPECT_NE(diags.diagnostics()[0].message.find("65535"), std::string::npos);
    EXPECT_TRUE(driver->launches.empty());
}

TEST_F(CudaBackendLaunch, FaultNamesTheKernelAndLaterLaunchesRefuse)
{
    driver->faultAtSync = true;
    EXPECT_FALSE(launch());
    ASSERT_EQ(diags.errorCount(), 1u);
    const Diagnostic &d = diags.diagnostics()[0];
    EXPECT_EQ(d.kind, DiagKind::CudaLaunchFailed);
    EXPECT_EQ(d.span.file, spec->kernel->span.file);
    EXPECT_EQ(d.span.begin, spec->kernel->span.begin);
    EXPECT_NE(d.message.find("kernel 'add'"), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("CUDA_ERROR_ILLEGAL_ADDRESS"), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("restart"), std::string::npos) << d.message;

    EXPECT_FALSE(launch());
    ASSERT_EQ(diags.errorCount(), 1u);
    EXPECT_NE(diags.diagnostics()[0].message.find("restart"), std::string::npos);
    EXPECT_EQ(driver->launches.size(), 1u);
}

TEST_F(CudaBackendLaunch, NoSynchronizationWhileATimerTimes)
{
    {
        std::unique_ptr<DeviceTimer> timer = backend->deviceTimer();
        ASSERT_TRUE(launch());
        ASSERT_TRUE(launch());
        EXPECT_EQ(driver->syncs, 0);
    }
    ASSERT_TRUE(launch());
    EXPECT_EQ(driver->syncs, 1);
}

TEST(CudaBackendCompile, CubinStageTimesAndResourcesOnTheKernel)
{
    ::setenv("TILESMITH_CACHE_DIR", "-", 1); // NVRTC for real, no disk cache
    auto spec = passes::test::specializeSource(
        kAdd, "add", "x_ptr=*fp32:16, y_ptr=*fp32:16, out_ptr=*fp32:16, n=i32, BLOCK=1024");
    ASSERT_TRUE(spec->kernel);
    auto driver = std::make_shared<FakeDriver>();
    const SourceFile *file = spec->file;
    CudaBackend backend(driver, [file](FileId) { return file; });
    EXPECT_EQ(backend.arch(), "sm_90"); // the fake device is 9.0
    DiagnosticSink diags;
    auto compiled = std::dynamic_pointer_cast<CudaKernel>(backend.compile(spec->kernel, diags));
    ASSERT_TRUE(compiled) << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
    EXPECT_EQ(compiled->source().kernelName, "add");
    EXPECT_FALSE(compiled->cubin().empty());
    EXPECT_EQ(driver->loadedImageBytes, compiled->cubin().size());
    EXPECT_NE(compiled->ptx().find(".entry add"), std::string::npos);
    EXPECT_TRUE(compiled->resources().parsed);
    EXPECT_GT(compiled->resources().registers, 0);
    EXPECT_GT(compiled->times().nvrtcMs, 0.0);
    EXPECT_GT(compiled->times().lowerMs, 0.0);
    EXPECT_FALSE(compiled->times().passes.empty());
    EXPECT_EQ(compiled->attributes().registers, 32); // what the fake driver reports
    EXPECT_EQ(compiled->activeBlocksPerSm(), 16);
    EXPECT_EQ(compiled->writtenParams(), (std::vector<bool>{false, false, true, false, false}));
}

TEST(CudaBackendCompile, CompileAllBuildsOnThreadsAndKeepsEachKernelsDiagnostics)
{
    // The autotuner's path: several specializations built at once, one refused.
    ::setenv("TILESMITH_CACHE_DIR", "-", 1);
    std::vector<std::unique_ptr<passes::test::Specialized>> specs;
    for (const char *block : {"256", "1024", "4096"})
        specs.push_back(passes::test::specializeSource(
            kAdd, "add", std::string("x_ptr=*fp32:16, y_ptr=*fp32:16, out_ptr=*fp32:16, n=i32, BLOCK=") + block));
    auto driver = std::make_shared<FakeDriver>();
    const SourceFile *file = specs[0]->file;
    CudaBackend backend(driver, [file](FileId) { return file; });
    std::vector<std::shared_ptr<const ir::Kernel>> kernels;
    for (const auto &s : specs) {
        ASSERT_TRUE(s->kernel);
        kernels.push_back(s->kernel);
    }
    std::vector<DiagnosticSink> diags(kernels.size());
    auto compiled = backend.compileAll(kernels, diags, {});
    ASSERT_EQ(compiled.size(), 3u);
    EXPECT_GE(backend.compileThreads(), 1);
    for (std::size_t i = 0; i < compiled.size(); ++i) {
        ASSERT_TRUE(compiled[i]) << i;
        EXPECT_EQ(diags[i].errorCount(), 0u);
        auto use = compiled[i]->usage();
        ASSERT_TRUE(use);
        EXPECT_EQ(use->registers, 32); // the fake driver's answer
        EXPECT_GT(compiled[i]->buildSeconds(), 0.0);
    }
    EXPECT_NE(&compiled[0]->kernel(), &compiled[1]->kernel());
}

TEST(CudaBackendCompile, MaxnregCapsTheRegistersOfTheBuild)
{
    // triton.Config(maxnreg=32): __maxnreg__ in the CUDA C, .maxnreg in the PTX.
    ::setenv("TILESMITH_CACHE_DIR", "-", 1);
    auto spec = passes::test::specializeSource(
        kAdd, "add", "x_ptr=*fp32:16, y_ptr=*fp32:16, out_ptr=*fp32:16, n=i32, BLOCK=1024, maxnreg=32");
    ASSERT_TRUE(spec->kernel);
    EXPECT_EQ(spec->kernel->maxnreg, 32);
    auto driver = std::make_shared<FakeDriver>();
    const SourceFile *file = spec->file;
    CudaBackend backend(driver, [file](FileId) { return file; });
    DiagnosticSink diags;
    auto compiled = std::dynamic_pointer_cast<CudaKernel>(backend.compile(spec->kernel, diags));
    ASSERT_TRUE(compiled) << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
    EXPECT_NE(compiled->source().code.find("__maxnreg__(32)"), std::string::npos);
    EXPECT_EQ(compiled->source().code.find("__launch_bounds__"), std::string::npos);
    EXPECT_NE(compiled->ptx().find(".maxnreg 32"), std::string::npos);
    EXPECT_LE(compiled->resources().registers, 32);
}

TEST(CudaBackendCompile, ARefusedKernelIsADiagnosticNotACrash)
{
    // A tl.dot whose operands fit in no GPU's shared memory is refused before NVRTC.
    auto spec = passes::test::specializeSource(R"(
import triton
import triton.language as tl

@triton.jit
def mm(a_ptr, out_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)[:, None] * B + tl.arange(0, B)[None, :]
    a = tl.load(a_ptr + offs)
    tl.store(out_ptr + offs, tl.dot(a, a))
)",
                                               "mm",
                                               "a_ptr=*fp32:16, out_ptr=*fp32:16, B=512");
    ASSERT_TRUE(spec->kernel);
    auto driver = std::make_shared<FakeDriver>();
    CudaBackend backend(driver, {});
    DiagnosticSink diags;
    EXPECT_FALSE(backend.compile(spec->kernel, diags));
    ASSERT_GE(diags.errorCount(), 1u);
    EXPECT_EQ(diags.diagnostics()[0].kind, DiagKind::SharedMemoryExceeded);
    EXPECT_EQ(driver->loadedImageBytes, 0u);
}

TEST(CudaBackendTimer, EventPairsAndL2Clearing)
{
    auto driver = std::make_shared<FakeDriver>();
    std::atomic<int> active{0};
    {
        CudaDeviceTimer timer(driver, &active);
        EXPECT_EQ(active.load(), 1);
        EXPECT_EQ(timer.describe(), "CUDA events, L2 cleared before each call");
        for (int i = 0; i < 3; ++i) {
            timer.clearL2();
            timer.begin();
            timer.end();
        }
        std::vector<double> ms = timer.collectMs();
        ASSERT_EQ(ms.size(), 3u);
        for (double t : ms)
            EXPECT_EQ(t, 1.0); // the fake clock ticks once per recorded event
        // Cleared by a zero-fill kernel over the whole buffer, as Triton's cache.zero_().
        ASSERT_EQ(driver->launches.size(), 3u);
        EXPECT_EQ(driver->launches[0].kernel, "tsm_zero_fill");
        EXPECT_EQ(driver->launches[0].threads, 128);
        EXPECT_EQ(driver->launches[0].gx, 256000000 / 8192); // 8 KB per block
        EXPECT_EQ(driver->fills, 0);
        EXPECT_EQ(driver->allocations, 1); // one 256 MB buffer, reused
        EXPECT_TRUE(timer.collectMs().empty());
        timer.begin();
        timer.end();
        EXPECT_EQ(timer.collectMs().size(), 1u);
    }
    EXPECT_EQ(active.load(), 0);
    EXPECT_EQ(driver->releases, 1);
    EXPECT_EQ(driver->destroyedEvents, 6); // pooled: 3 pairs' events, reused afterwards
}

} // namespace
} // namespace tsm::cuda
