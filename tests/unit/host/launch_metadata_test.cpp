// @triton.jit(launch_metadata=fn), the hook Triton's proton profiler reads: evaluated at each
// launch only while a profiler watches (HostOptions::launchMetadata), called as fn(grid,
// metadata, args) with the bound arguments by name, its "bytes" and "flops*" summed into the
// launch's AnalyticCost; a function that returns no dict is the program's error.

#include "core/host/host_session.h"
#include "core/interp/interp_backend.h"
#include "core/syntax/parser.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace tsm::host {
namespace {

/// The interpreter, recording each launch's analytic cost.
class CostRecordingBackend final : public interp::InterpBackend
{
public:
    bool launch(CompiledKernel &kernel,
                Grid grid,
                std::span<const LaunchArg> args,
                LaunchContext &context) override
    {
        costs.push_back(context.analytic ? std::optional<AnalyticCost>(*context.analytic)
                                         : std::nullopt);
        return InterpBackend::launch(kernel, grid, args, context);
    }
    std::vector<std::optional<AnalyticCost>> costs;
};

const char kProgram[] = R"(import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


def cost(grid, metadata, args):
    n = args["n"]
    return {"name": metadata.name + "_" + str(n), "bytes": 8 * n, "flops32": 3 * n, "flops16": grid[0]}


@triton.jit(launch_metadata=cost)
def scale_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, 3.0 * tl.load(x_ptr + offs, mask=mask), mask=mask)


x = torch.randn(100, device=DEVICE)
y = torch.empty_like(x)
scale_kernel[(2,)](x, y, 100, BLOCK=64)
)";

struct Outcome
{
    bool ok = false;
    std::string errors;
    std::vector<std::optional<AnalyticCost>> costs;
};

Outcome run(const std::string &code, bool launchMetadata)
{
    SourceManager sources;
    const SourceFile &file = sources.add("prog.py", code);
    DiagnosticSink sink;
    ParseResult parsed = parseModule(file, sink);
    EXPECT_EQ(sink.errorCount(), 0u);
    CostRecordingBackend backend;
    HostOptions o;
    o.backend = &backend;
    o.launchMetadata = launchMetadata;
    Outcome out;
    o.events = [&out](const run::RunEvent &e) {
        if (e.kind == run::RunEvent::Kind::Diagnostic && e.diagnostic
            && e.diagnostic->severity == Severity::Error)
            out.errors += e.diagnostic->message + "\n";
    };
    HostSession session(*parsed.module, std::move(o));
    out.ok = session.runModule(true);
    out.costs = backend.costs;
    return out;
}

TEST(LaunchMetadata, EvaluatedWhileProfiling)
{
    const Outcome o = run(kProgram, true);
    ASSERT_TRUE(o.ok) << o.errors;
    ASSERT_EQ(o.costs.size(), 1u);
    ASSERT_TRUE(o.costs[0]);
    EXPECT_EQ(o.costs[0]->name, "scale_kernel_100");
    EXPECT_EQ(*o.costs[0]->bytes, 800);
    EXPECT_EQ(*o.costs[0]->flops, 300 + 2); // flops32 + flops16 (grid[0])
}

TEST(LaunchMetadata, NotCalledOtherwise)
{
    // A metadata function that would fail is never called without a profiler, as in Triton.
    std::string code = kProgram;
    code.replace(code.find("return {"), 8, "return 1 / 0 + {");
    const Outcome o = run(code, false);
    ASSERT_TRUE(o.ok) << o.errors;
    ASSERT_EQ(o.costs.size(), 1u);
    EXPECT_FALSE(o.costs[0]);
}

TEST(LaunchMetadata, MustReturnADict)
{
    std::string code = kProgram;
    code.replace(code.find("return {"), 8, "return [{");
    code.replace(code.find("grid[0]}"), 8, "grid[0]}]");
    const Outcome o = run(code, true);
    EXPECT_FALSE(o.ok);
    EXPECT_NE(o.errors.find("launch_metadata must return a dict"), std::string::npos) << o.errors;
}

} // namespace
} // namespace tsm::host
