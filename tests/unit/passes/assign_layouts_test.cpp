// assign-layouts for reductions and scans: the operand keeps its (blocked) layout, results take
// its slice (reduce) or the same layout (scan), and the layout contract accepts them.

#include "core/codegen/reduce_layout.h"
#include "core/passes/layout_contract.h"
#include "core/passes/pipeline.h"
#include "lower_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::passes;
using namespace tsm::passes::test;

namespace {

std::optional<codegen::LoweredKernel> lower(std::unique_ptr<Specialized> &spec,
                                            const std::string &body,
                                            const std::string &fn,
                                            const std::string &signature)
{
    spec = specializeSource("import triton\nimport triton.language as tl\n" + body, fn, signature);
    if (!spec->kernel)
        return std::nullopt;
    DiagnosticSink diags;
    auto lk = lowerForCuda(spec->kernel, {}, diags);
    EXPECT_TRUE(lk) << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
    return lk;
}

std::vector<const ir::Op *> opsOf(const ir::Region &r, ir::OpCode code)
{
    std::vector<const ir::Op *> out;
    for (const ir::Op &op : r.ops) {
        if (op.code == code)
            out.push_back(&op);
        for (const ir::Region &inner : op.regions)
            for (const ir::Op *o : opsOf(inner, code))
                out.push_back(o);
    }
    return out;
}

const char *const kSoftmax = R"py(
@triton.jit
def k(x_ptr, y_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)[:, None]
    rn = tl.arange(0, BLOCK_N)[None, :]
    x = tl.load(x_ptr + rm * BLOCK_N + rn)
    x = x - tl.max(x, axis=1)[:, None]
    e = tl.exp(x)
    tl.store(y_ptr + rm * BLOCK_N + rn, e / tl.sum(e, axis=1, keep_dims=True))
)py";

} // namespace

TEST(AssignLayouts, ReductionResultsAreSlicesOfTheLoadLayoutWithNoConversion)
{
    std::unique_ptr<Specialized> spec;
    auto lk = lower(spec, kSoftmax, "k", "x_ptr=*fp32:16, y_ptr=*fp32:16, BLOCK_M=8, BLOCK_N=256");
    ASSERT_TRUE(lk);
    EXPECT_EQ(checkLayoutContract(*lk), "");
    const auto reduces = opsOf(lk->kernel.body, ir::OpCode::Reduce);
    ASSERT_EQ(reduces.size(), 2u);
    for (const ir::Op *op : reduces) {
        const codegen::Layout &in = lk->layoutOf(op->operands[0]);
        EXPECT_TRUE(in.blocked.has_value()) << in.toString();
        EXPECT_TRUE(lk->layoutOf(op->result()).sameAs(codegen::sliceLayout(in, 1)));
    }
    // max(x)[:, None] and sum(..., keep_dims) broadcast back with no data movement.
    EXPECT_TRUE(opsOf(lk->kernel.body, ir::OpCode::ConvertLayout).empty());
}

TEST(AssignLayouts, ACarriedSumStaysInTheLayoutTheLoopComputesItIn)
{
    // RMSNorm's first loop: the running sum of squares is computed in the load's layout, but
    // starts from tl.zeros, whose layout nothing asks for. It is carried in the load's layout,
    // so the loop converts nothing (it used to convert x * x every iteration).
    std::unique_ptr<Specialized> spec;
    auto lk = lower(spec, R"py(
@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < n, other=0.0)
        acc += x * x
    tl.store(y_ptr, tl.sum(acc, axis=0))
)py",
                    "k", "x_ptr=*fp32:16, y_ptr=*fp32:16, n=i32:16, BLOCK=1024");
    ASSERT_TRUE(lk);
    EXPECT_EQ(checkLayoutContract(*lk), "");
    const auto loops = opsOf(lk->kernel.body, ir::OpCode::For);
    ASSERT_EQ(loops.size(), 1u);
    EXPECT_TRUE(opsOf(loops[0]->regions[0], ir::OpCode::ConvertLayout).empty());
    const ir::Op *load = opsOf(loops[0]->regions[0], ir::OpCode::Load).at(0);
    EXPECT_TRUE(lk->layoutOf(loops[0]->results[0]).sameAs(lk->layoutOf(load->result())));
}

TEST(AssignLayouts, ScanConvertsARepeatingLayoutToOneItCanRunIn)
{
    std::unique_ptr<Specialized> spec;
    auto lk = lower(spec,
                    R"py(
@triton.jit
def k(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.cumsum(tl.load(x_ptr + offs), axis=0))
)py",
                    "k",
                    "x_ptr=*fp32:16, y_ptr=*fp32:16, BLOCK=2048");
    ASSERT_TRUE(lk);
    EXPECT_EQ(checkLayoutContract(*lk), "");
    const auto scans = opsOf(lk->kernel.body, ir::OpCode::Scan);
    ASSERT_EQ(scans.size(), 1u);
    const codegen::Layout &in = lk->layoutOf(scans[0]->operands[0]);
    EXPECT_TRUE(codegen::scanFriendly(in, 0)) << in.toString();
    EXPECT_TRUE(lk->layoutOf(scans[0]->result()).sameAs(in));
    EXPECT_FALSE(opsOf(lk->kernel.body, ir::OpCode::ConvertLayout).empty());
}

TEST(AssignLayouts, ScanKeepsALayoutItCanRunIn)
{
    std::unique_ptr<Specialized> spec;
    auto lk = lower(spec,
                    R"py(
@triton.jit
def k(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.cumsum(tl.load(x_ptr + offs), axis=0, reverse=True))
)py",
                    "k",
                    "x_ptr=*fp32:16, y_ptr=*fp32:16, BLOCK=512");
    ASSERT_TRUE(lk);
    EXPECT_EQ(checkLayoutContract(*lk), "");
    EXPECT_TRUE(opsOf(lk->kernel.body, ir::OpCode::ConvertLayout).empty());
}

TEST(LayoutContract, ReportsAReductionResultThatIsNotTheSlice)
{
    std::unique_ptr<Specialized> spec;
    auto lk = lower(spec, kSoftmax, "k", "x_ptr=*fp32:16, y_ptr=*fp32:16, BLOCK_M=8, BLOCK_N=256");
    ASSERT_TRUE(lk);
    const auto reduces = opsOf(lk->kernel.body, ir::OpCode::Reduce);
    ASSERT_FALSE(reduces.empty());
    const ir::ValueId res = reduces[0]->result();
    lk->layouts[res]
        = codegen::blockedLayout(lk->kernel.type(res).shape,
                                 codegen::defaultBlockedParams(lk->kernel.type(res).shape, 4, 1));
    const std::string problem = checkLayoutContract(*lk);
    EXPECT_NE(problem.find("reduce"), std::string::npos) << problem;
}

TEST(AssignLayouts, SplitAndJoinOfInterleavedPairsMoveNoData)
{
    // A complex multiply over (re, im) pairs: the load's anchor holds each pair in one thread,
    // split takes the halves from its registers, join puts them back in the store's layout.
    std::unique_ptr<Specialized> spec;
    auto lk = lower(spec, R"py(
@triton.jit
def k(x_ptr, out_ptr, BLOCK: tl.constexpr):
    pair = tl.arange(0, BLOCK)[:, None] * 2 + tl.arange(0, 2)[None, :]
    re, im = tl.split(tl.load(x_ptr + pair))
    tl.store(out_ptr + pair, tl.join(re * re - im * im, 2 * re * im))
)py", "k", "x_ptr=*fp32:16, out_ptr=*fp32:16, BLOCK=256");
    ASSERT_TRUE(lk);
    EXPECT_EQ(checkLayoutContract(*lk), "");
    const auto splits = opsOf(lk->kernel.body, ir::OpCode::Split);
    const auto joins = opsOf(lk->kernel.body, ir::OpCode::Join);
    ASSERT_EQ(splits.size(), 1u);
    ASSERT_EQ(joins.size(), 1u);
    const codegen::Layout &pairs = lk->layoutOf(splits[0]->operands[0]);
    EXPECT_TRUE(codegen::splitHalfLayout(pairs).has_value()) << pairs.toString();
    EXPECT_TRUE(lk->layoutOf(joins[0]->result()).sameAs(pairs));
    EXPECT_TRUE(opsOf(lk->kernel.body, ir::OpCode::ConvertLayout).empty());
}

TEST(AssignLayouts, ASplitWhosePairsSpanThreadsConvertsItsOperandFirst)
{
    // Column pairs: the load's anchor runs threads along dim 0 (contiguous) and puts the two
    // columns in different registers only if it can; a split needs them in one thread's
    // registers with the pair as register basis 1, whatever the anchor chose.
    std::unique_ptr<Specialized> spec;
    auto lk = lower(spec, R"py(
@triton.jit
def k(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)[:, None] + tl.arange(0, 2)[None, :] * N
    a, b = tl.split(tl.load(x_ptr + offs))
    tl.store(out_ptr + tl.arange(0, BLOCK), a - b)
)py", "k", "x_ptr=*fp32:16, out_ptr=*fp32:16, N=i32:16, BLOCK=128");
    ASSERT_TRUE(lk);
    EXPECT_EQ(checkLayoutContract(*lk), "");
    const auto splits = opsOf(lk->kernel.body, ir::OpCode::Split);
    ASSERT_EQ(splits.size(), 1u);
    EXPECT_TRUE(codegen::splitHalfLayout(lk->layoutOf(splits[0]->operands[0])).has_value());
}
