// pipeline-dot-loads: the loads feeding a tl.dot in a loop move one iteration ahead (a prologue
// before the loop, the next iteration's loads before the dot, carried in the loop), and loops
// where that could change the program's meaning are left alone.

#include "core/passes/pipeline.h"
#include "lower_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::passes;
using namespace tsm::passes::test;

namespace {

Lowered lower(const std::string &loopBody, const std::string &extraSig = "",
              const std::string &range = "range(0, n)")
{
    return lowerSource(std::string(R"py(
@triton.jit
def k(a_ptr, b_ptr, c_ptr, n):
    r = tl.arange(0, 32)
    acc = tl.zeros((32, 32), dtype=tl.float32)
    for i in )py") + range + R"py(:
        a = tl.load(a_ptr + i * 1024 + r[:, None] * 32 + r[None, :])
        b = tl.load(b_ptr + i * 1024 + r[:, None] * 32 + r[None, :])
)py" + loopBody + "    tl.store(c_ptr + r[:, None] * 32 + r[None, :], acc)\n",
                       "k", "a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp32:16, n=i32" + extraSig);
}

const ir::Op *theLoop(const codegen::LoweredKernel &lk)
{
    for (const ir::Op &op : lk.kernel.body.ops)
        if (op.code == ir::OpCode::For)
            return &op;
    return nullptr;
}

} // namespace

TEST(PipelineDotLoads, TheNextIterationsLoadsComeBeforeTheDot)
{
    Lowered l = lower("        acc = tl.dot(a, b, acc)\n");
    ASSERT_TRUE(l.lk);
    const ir::Op *loop = theLoop(*l.lk);
    ASSERT_NE(loop, nullptr);
    // Two loads before the loop (the first iteration's), both carried.
    EXPECT_EQ(countOps(l.lk->kernel.body, ir::OpCode::Load) - countOps(loop->regions[0], ir::OpCode::Load), 2);
    EXPECT_EQ(loop->results.size(), 3u); // acc, a, b
    const ir::Region &body = loop->regions[0];
    std::size_t lastLoad = 0, dot = 0;
    for (std::size_t i = 0; i < body.ops.size(); ++i) {
        if (body.ops[i].code == ir::OpCode::Load) {
            lastLoad = i;
            // Masked by `i + 1 < n`: the prefetch past the last iteration touches nothing.
            EXPECT_EQ(body.ops[i].operands.size(), 2u);
        }
        if (body.ops[i].code == ir::OpCode::Dot)
            dot = i;
    }
    EXPECT_LT(lastLoad, dot);
    // The dot reads the carried values, and the yield carries the loads.
    EXPECT_EQ(body.ops[dot].operands[0], body.args[2]);
    EXPECT_EQ(body.ops[dot].operands[1], body.args[3]);
    EXPECT_EQ(body.ops.back().operands.size(), 3u);
}

TEST(PipelineDotLoads, NumStagesOneAndLoopsThatStoreAreLeftAlone)
{
    Lowered one = lower("        acc = tl.dot(a, b, acc)\n", ", num_stages=1");
    ASSERT_TRUE(one.lk);
    EXPECT_EQ(theLoop(*one.lk)->results.size(), 1u);
    EXPECT_EQ(countOps(theLoop(*one.lk)->regions[0], ir::OpCode::Load), 2);

    // A store in the body could write what the next iteration's loads read.
    Lowered stores = lower("        acc = tl.dot(a, b, acc)\n        tl.store(a_ptr + r, tl.zeros((32,), dtype=tl.float16))\n");
    ASSERT_TRUE(stores.lk);
    EXPECT_EQ(theLoop(*stores.lk)->results.size(), 1u);
}

TEST(PipelineDotLoads, ALoopsOwnNumStagesOverridesTheKernels)
{
    // tl.range(num_stages=1) in a kernel of num_stages=3: left alone.
    Lowered off = lower("        acc = tl.dot(a, b, acc)\n", "", "tl.range(0, n, num_stages=1)");
    ASSERT_TRUE(off.lk);
    EXPECT_EQ(theLoop(*off.lk)->i, 1);
    EXPECT_EQ(theLoop(*off.lk)->results.size(), 1u);
    EXPECT_EQ(countOps(theLoop(*off.lk)->regions[0], ir::OpCode::Load), 2);
    // tl.range(num_stages=3) in a kernel of num_stages=1: pipelined (a and b carried).
    Lowered on = lower("        acc = tl.dot(a, b, acc)\n", ", num_stages=1", "tl.range(0, n, num_stages=3)");
    ASSERT_TRUE(on.lk);
    EXPECT_EQ(theLoop(*on.lk)->results.size(), 3u);
}

TEST(PipelineDotLoads, ASecondDotsLoadAfterAReductionIsPipelinedToo)
{
    // The loop reduces between its two dots, and the second dot's load comes after the first
    // dot: both loads move ahead (their pointer math is pure and reads only the loop's state).
    Lowered l = lower("        s = tl.dot(a, b)\n"
                      "        s = s - tl.max(s, 1)[:, None]\n"
                      "        c = tl.load(b_ptr + i * 1024 + r[:, None] * 32 + r[None, :])\n"
                      "        acc = tl.dot(s.to(tl.float16), c, acc)\n");
    ASSERT_TRUE(l.lk);
    const ir::Op *loop = theLoop(*l.lk);
    ASSERT_NE(loop, nullptr);
    // acc plus the three prefetched tiles are carried; the body loads only the next ones.
    EXPECT_EQ(loop->results.size(), 4u);
    const ir::Region &body = loop->regions[0];
    std::size_t firstDot = body.ops.size(), lastLoad = 0;
    for (std::size_t i = 0; i < body.ops.size(); ++i) {
        if (body.ops[i].code == ir::OpCode::Dot)
            firstDot = std::min(firstDot, i);
        if (body.ops[i].code == ir::OpCode::Load)
            lastLoad = i;
    }
    EXPECT_LT(lastLoad, firstDot);
}
