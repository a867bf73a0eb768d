// The debug switch of kernel builds (tl.device_assert checked on the GPU): what reaches
// Backend::compile from @triton.jit(debug=True), the session's --debug and TRITON_DEBUG, and
// debug builds kept apart from release builds in the specialization cache.

#include "core/host/host_session.h"
#include "core/host/kernel_function.h"
#include "core/interp/interp_backend.h"
#include "core/syntax/parser.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tsm::host {
namespace {

/// The interpreter, recording the flags of every compile.
class FlagRecordingBackend final : public interp::InterpBackend
{
public:
    using interp::InterpBackend::compile;
    std::shared_ptr<CompiledKernel> compile(std::shared_ptr<const ir::Kernel> kernel,
                                            DiagnosticSink &diags,
                                            const CompileFlags &flags) override
    {
        debug.push_back(flags.debug);
        return InterpBackend::compile(std::move(kernel), diags);
    }
    bool launch(CompiledKernel &kernel,
                Grid grid,
                std::span<const LaunchArg> args,
                LaunchContext &context) override
    {
        const bool ok = InterpBackend::launch(kernel, grid, args, context);
        if (afterLaunch)
            afterLaunch();
        return ok;
    }
    std::vector<bool> debug;
    std::function<void()> afterLaunch;
};

/// Runs `code` with `sessionDebug`; returns the debug flag of each compile.
std::vector<bool> compileFlags(const std::string &code,
                               bool sessionDebug = false,
                               std::function<void()> afterLaunch = {})
{
    SourceManager sources;
    const SourceFile &file = sources.add("prog.py", code);
    DiagnosticSink sink;
    ParseResult parsed = parseModule(file, sink);
    EXPECT_EQ(sink.errorCount(), 0u);
    FlagRecordingBackend backend;
    backend.afterLaunch = std::move(afterLaunch);
    HostOptions o;
    o.backend = &backend;
    o.debug = sessionDebug;
    std::string errors;
    o.events = [&errors](const run::RunEvent &e) {
        if (e.kind == run::RunEvent::Kind::Diagnostic && e.diagnostic
            && e.diagnostic->severity == Severity::Error)
            errors += e.diagnostic->message + "\n";
    };
    HostSession session(*parsed.module, std::move(o));
    EXPECT_TRUE(session.runModule(true)) << errors;
    return backend.debug;
}

std::string program(const std::string &decorator)
{
    return R"(import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()

)" + decorator
           + R"(
def positive_kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_assert(x >= 0, "x must be non-negative")

x = torch.ones(16, device=DEVICE)
positive_kernel[(1,)](x, BLOCK=16)
positive_kernel[(1,)](x, BLOCK=16)
)";
}

class KernelDebug : public ::testing::Test
{
protected:
    void SetUp() override { ::unsetenv("TRITON_DEBUG"); }
    void TearDown() override { ::unsetenv("TRITON_DEBUG"); }
};

TEST_F(KernelDebug, OffByDefault)
{
    // Two launches, one specialization: compiled once.
    EXPECT_EQ(compileFlags(program("@triton.jit")), std::vector<bool>{false});
    EXPECT_EQ(compileFlags(program("@triton.jit(debug=False)")), std::vector<bool>{false});
}

TEST_F(KernelDebug, JitDecoratorTurnsItOn)
{
    EXPECT_EQ(compileFlags(program("@triton.jit(debug=True)")), std::vector<bool>{true});
}

TEST_F(KernelDebug, SessionDebugTurnsItOn)
{
    EXPECT_EQ(compileFlags(program("@triton.jit"), true), std::vector<bool>{true});
}

TEST_F(KernelDebug, TritonDebugEnvironmentVariable)
{
    ::setenv("TRITON_DEBUG", "1", 1);
    EXPECT_TRUE(tritonDebugFromEnvironment());
    EXPECT_EQ(compileFlags(program("@triton.jit")), std::vector<bool>{true});
    ::setenv("TRITON_DEBUG", "True", 1);
    EXPECT_TRUE(tritonDebugFromEnvironment());
    ::setenv("TRITON_DEBUG", "0", 1);
    EXPECT_FALSE(tritonDebugFromEnvironment());
    EXPECT_EQ(compileFlags(program("@triton.jit")), std::vector<bool>{false});
    ::setenv("TRITON_DEBUG", "", 1);
    EXPECT_FALSE(tritonDebugFromEnvironment());
}

TEST_F(KernelDebug, DebugAndReleaseBuildsAreSeparateSpecializations)
{
    // TRITON_DEBUG is read at each compile, as Triton does: set after the first launch, the
    // second launch of the same specialization compiles a debug build instead of reusing the
    // release one; the third reuses the debug build.
    const std::string code = program("@triton.jit") + "positive_kernel[(1,)](x, BLOCK=16)\n";
    EXPECT_EQ(compileFlags(code, false, [] { ::setenv("TRITON_DEBUG", "1", 1); }),
              (std::vector<bool>{false, true}));
}

} // namespace
} // namespace tsm::host
