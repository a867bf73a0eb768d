// combine-dot-add: `acc += tl.dot(a, b)` is folded into the dot's accumulator (Triton's Combine
// pass), and only when that leaves the program's meaning alone.

#include "core/passes/pipeline.h"
#include "lower_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::passes;
using namespace tsm::passes::test;

namespace {

Lowered lower(const std::string &body)
{
    return lowerSource(body, "k", "a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp32:16, n=i32");
}

const char *const kPrefix = R"py(
@triton.jit
def k(a_ptr, b_ptr, c_ptr, n):
    r = tl.arange(0, 32)
    a = tl.load(a_ptr + r[:, None] * 32 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 32 + r[None, :])
    acc = tl.zeros((32, 32), dtype=tl.float32)
)py";

const char *const kSuffix = "    tl.store(c_ptr + r[:, None] * 32 + r[None, :], acc)\n";

} // namespace

TEST(CombineDotAdd, AnAccumulatingAddBecomesTheDotsAccumulator)
{
    Lowered l = lower(std::string(kPrefix) + "    for i in range(n):\n        acc += tl.dot(a, b)\n" + kSuffix);
    ASSERT_TRUE(l.lk);
    const ir::Op *loop = nullptr;
    for (const ir::Op &op : l.lk->kernel.body.ops)
        if (op.code == ir::OpCode::For)
            loop = &op;
    ASSERT_NE(loop, nullptr);
    const ir::Region &body = loop->regions[0];
    EXPECT_EQ(countOps(body, ir::OpCode::Add), 0);
    ASSERT_EQ(countOps(body, ir::OpCode::Dot), 1);
    for (const ir::Op &op : body.ops)
        if (op.code == ir::OpCode::Dot) {
            EXPECT_EQ(op.operands[2], body.args[1]); // the carried accumulator
            EXPECT_EQ(body.ops.back().operands[0], op.result());
        }
    // Nothing converts inside the loop.
    EXPECT_EQ(countOps(body, ir::OpCode::ConvertLayout), 0);
}

TEST(CombineDotAdd, ADotWithAnotherUseOrANonZeroAccumulatorStays)
{
    // The dot's result is used twice: the add cannot absorb it.
    Lowered twice = lower(std::string(kPrefix)
                          + "    d = tl.dot(a, b)\n    acc = acc + d\n    acc = acc * d\n" + kSuffix);
    ASSERT_TRUE(twice.lk);
    EXPECT_EQ(countOps(twice.lk->kernel.body, ir::OpCode::Add), 1);

    // The dot already accumulates into something else.
    Lowered seeded = lower(std::string(kPrefix)
                           + "    acc = acc + tl.dot(a, b, tl.full((32, 32), 1.0, tl.float32))\n" + kSuffix);
    ASSERT_TRUE(seeded.lk);
    EXPECT_EQ(countOps(seeded.lk->kernel.body, ir::OpCode::Add), 1);
}
