// tl.device_assert on the CUDA backend: debug builds call __assertfail, and a launch that fails
// on one (simulated by the fake driver: the runtime's report on stderr, then a sticky
// CUDA_ERROR_ASSERT) is reported as DeviceAssertFailed at the assert's line with its program and
// thread; release builds check nothing and say so once per kernel.

#include "core/cuda/cuda_backend.h"
#include "tests/unit/cuda/fake_driver.h"
#include "tests/unit/passes/lower_test_support.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

namespace tsm::cuda {
namespace {

using test::FakeDriver;

const char *kPositive = R"(import triton
import triton.language as tl

@triton.jit
def positive_kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_assert(x >= 0, "x must be non-negative")
)";

class CudaBackendAssert : public ::testing::Test
{
protected:
    void SetUp() override
    {
        spec = passes::test::specializeSource(
            kPositive, "positive_kernel", "x_ptr=*fp32:16, BLOCK=256");
        ASSERT_TRUE(spec->kernel);
        driver = std::make_shared<FakeDriver>();
        const SourceFile *file = spec->file;
        backend = std::make_unique<CudaBackend>(driver, [file](FileId) { return file; });
        x = std::make_shared<tensor::Storage>(256 * 4);
        args.resize(2);
        args[0].kind = LaunchArg::Kind::Pointer;
        args[0].storage = x;
        args[0].label = "x";
        args[1].kind = LaunchArg::Kind::Constexpr;
    }

    /// The kernel as CudaBackend::compile builds it, without NVRTC (the fake driver ignores
    /// the cubin).
    std::shared_ptr<CudaKernel> build(bool debug)
    {
        CudaBuildOptions options;
        options.compile = false;
        options.emit.deviceAsserts = debug;
        DiagnosticSink d;
        auto b = buildCuda(spec->kernel, spec->file, options, d);
        EXPECT_TRUE(b);
        if (!b)
            return nullptr;
        driver->argCount = int(b->source.params.size());
        auto module = driver->loadModule({}, nullptr);
        return std::make_shared<CudaKernel>(
            spec->kernel, std::move(*b), module, module->function("positive_kernel", nullptr), 0.0, 64);
    }

    bool launch(CudaKernel &kernel, Grid grid = {4, 1, 1})
    {
        diags = DiagnosticSink();
        LaunchContext context{diags, {}, nullptr};
        return backend->launch(kernel, grid, args, context);
    }

    std::unique_ptr<passes::test::Specialized> spec;
    std::shared_ptr<FakeDriver> driver;
    std::unique_ptr<CudaBackend> backend;
    tensor::StoragePtr x;
    std::vector<LaunchArg> args;
    DiagnosticSink diags;
};

TEST_F(CudaBackendAssert, DebugBuildsCallAssertfail)
{
    auto release = build(false);
    auto debug = build(true);
    ASSERT_TRUE(release && debug);
    EXPECT_FALSE(release->checksAsserts());
    EXPECT_TRUE(debug->checksAsserts());
    EXPECT_EQ(release->source().code.find("__assertfail"), std::string::npos);
    EXPECT_NE(debug->source().code.find("__assertfail(\"x must be non-negative\""),
              std::string::npos)
        << debug->source().code;
}

TEST_F(CudaBackendAssert, FailedAssertIsReportedAtItsLine)
{
    auto kernel = build(true);
    ASSERT_TRUE(kernel);
    driver->assertAtSync
        = "kernel.py:7: positive_kernel: block: [1,0,0], thread: [44,0,0] Assertion `x must be "
          "non-negative` failed.\n"
          "kernel.py:7: positive_kernel: block: [1,0,0], thread: [45,0,0] Assertion `x must be "
          "non-negative` failed.\n";
    EXPECT_FALSE(launch(*kernel));
    ASSERT_EQ(diags.errorCount(), 1u);
    const Diagnostic &d = diags.diagnostics()[0];
    EXPECT_EQ(d.kind, DiagKind::DeviceAssertFailed);
    EXPECT_EQ(spec->file->lineCol(d.span.begin).line, 7u);
    EXPECT_EQ(d.message,
              "device_assert failed in program (1, 0, 0) at element held by GPU thread 44: x "
              "must be non-negative");
    ASSERT_EQ(d.notes.size(), 2u);
    EXPECT_EQ(d.notes[0].message, "2 GPU threads in 1 program failed an assert");
    EXPECT_NE(d.notes[1].message.find("restart"), std::string::npos);

    // The context is lost: the next launch says so instead of running.
    EXPECT_FALSE(launch(*kernel));
    ASSERT_EQ(diags.errorCount(), 1u);
    EXPECT_EQ(diags.diagnostics()[0].kind, DiagKind::CudaLaunchFailed);
    EXPECT_NE(diags.diagnostics()[0].message.find("restart"), std::string::npos);
    EXPECT_EQ(driver->launches.size(), 1u);
}

TEST_F(CudaBackendAssert, ReportOnStdoutIsFoundToo)
{
    auto kernel = build(true);
    ASSERT_TRUE(kernel);
    driver->assertFd = 1;
    driver->assertAtSync = "kernel.py:7: positive_kernel: block: [0,0,2], thread: [3,0,0] "
                           "Assertion `x must be non-negative` failed.\n";
    EXPECT_FALSE(launch(*kernel));
    ASSERT_EQ(diags.errorCount(), 1u);
    EXPECT_EQ(diags.diagnostics()[0].message,
              "device_assert failed in program (0, 0, 2) at element held by GPU thread 3: x must "
              "be non-negative");
}

TEST_F(CudaBackendAssert, UnreadableReportStillNamesTheAssert)
{
    auto kernel = build(true);
    ASSERT_TRUE(kernel);
    driver->assertAtSync = "something the runtime printed in a format we do not know\n";
    // The unknown text is passed on to stderr, where it was going.
    std::fflush(stderr);
    EXPECT_FALSE(launch(*kernel));
    ASSERT_EQ(diags.errorCount(), 1u);
    const Diagnostic &d = diags.diagnostics()[0];
    EXPECT_EQ(d.kind, DiagKind::DeviceAssertFailed);
    EXPECT_EQ(spec->file->lineCol(d.span.begin).line, 7u); // the kernel's only assert
    EXPECT_NE(d.message.find("x must be non-negative"), std::string::npos) << d.message;
}

TEST_F(CudaBackendAssert, OtherFaultsStayLaunchFailures)
{
    auto kernel = build(true);
    ASSERT_TRUE(kernel);
    driver->faultAtSync = true;
    EXPECT_FALSE(launch(*kernel));
    ASSERT_EQ(diags.errorCount(), 1u);
    EXPECT_EQ(diags.diagnostics()[0].kind, DiagKind::CudaLaunchFailed);
}

TEST_F(CudaBackendAssert, PassingLaunchOfADebugBuild)
{
    auto kernel = build(true);
    ASSERT_TRUE(kernel);
    EXPECT_TRUE(launch(*kernel));
    EXPECT_EQ(diags.diagnostics().size(), 0u);
    EXPECT_EQ(driver->syncs, 1);
}

TEST(CudaBackendAssertCompile, ReleaseBuildSaysOncePerKernelThatAssertsAreUnchecked)
{
    ::setenv("TILESMITH_CACHE_DIR", "-", 1); // NVRTC for real, no disk cache
    auto spec
        = passes::test::specializeSource(kPositive, "positive_kernel", "x_ptr=*fp32:16, BLOCK=256");
    ASSERT_TRUE(spec->kernel);
    auto other
        = passes::test::specializeSource(kPositive, "positive_kernel", "x_ptr=*fp32:16, BLOCK=512");
    ASSERT_TRUE(other->kernel);
    auto driver = std::make_shared<FakeDriver>();
    const SourceFile *file = spec->file;
    CudaBackend backend(driver, [file](FileId) { return file; });

    DiagnosticSink diags;
    auto release = std::dynamic_pointer_cast<CudaKernel>(backend.compile(spec->kernel, diags));
    ASSERT_TRUE(release);
    EXPECT_FALSE(release->checksAsserts());
    ASSERT_EQ(diags.diagnostics().size(), 1u);
    const Diagnostic &note = diags.diagnostics()[0];
    EXPECT_EQ(note.kind, DiagKind::DeviceAssertUnchecked);
    EXPECT_EQ(note.severity, Severity::Note);
    EXPECT_EQ(file->lineCol(note.span.begin).line, 7u);
    EXPECT_NE(note.message.find("TRITON_DEBUG=1"), std::string::npos) << note.message;
    EXPECT_NE(note.message.find("--debug"), std::string::npos) << note.message;

    // Another specialization of the same kernel: no second note.
    DiagnosticSink again;
    ASSERT_TRUE(backend.compile(other->kernel, again));
    EXPECT_TRUE(again.diagnostics().empty());

    // A debug build checks them: no note, and __assertfail in the code.
    DiagnosticSink debugDiags;
    CompileFlags flags;
    flags.debug = true;
    auto debug
        = std::dynamic_pointer_cast<CudaKernel>(backend.compile(spec->kernel, debugDiags, flags));
    ASSERT_TRUE(debug) << (debugDiags.diagnostics().empty() ? ""
                                                            : debugDiags.diagnostics()[0].message);
    EXPECT_TRUE(debugDiags.diagnostics().empty());
    EXPECT_TRUE(debug->checksAsserts());
    EXPECT_NE(debug->source().code.find("__assertfail"), std::string::npos);
    EXPECT_FALSE(debug->cubin().empty());
}

} // namespace
} // namespace tsm::cuda
