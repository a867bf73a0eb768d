// transpose-dot-loads: a dot operand `tl.trans(tl.load(...))` becomes a load of transposed
// pointers (and mask and padding), so the dot can stage it straight from global memory; a load
// or transpose with any other use stays as written.

#include "core/passes/pipeline.h"
#include "lower_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::passes;
using namespace tsm::passes::test;

namespace {

Lowered lower(const std::string &body)
{
    return lowerSource(R"py(
@triton.jit
def k(a_ptr, b_ptr, c_ptr, n):
    r = tl.arange(0, 32)
    c = tl.arange(0, 64)
    a = tl.load(a_ptr + r[:, None] * 64 + c[None, :])
    b = tl.load(b_ptr + r[:, None] * 64 + c[None, :], mask=r[:, None] < n, other=0.0)
)py" + body + "    tl.store(c_ptr + r[:, None] * 32 + r[None, :], acc)\n",
                       "k", "a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp32:16, n=i32");
}

/// The op defining `v` in `r` (nested regions included), or null.
const ir::Op *defOf(const ir::Region &r, ir::ValueId v)
{
    for (const ir::Op &op : r.ops) {
        for (ir::ValueId res : op.results)
            if (res == v)
                return &op;
        for (const ir::Region &inner : op.regions)
            if (const ir::Op *d = defOf(inner, v))
                return d;
    }
    return nullptr;
}

const ir::Op *theDot(const ir::Region &r)
{
    for (const ir::Op &op : r.ops)
        if (op.code == ir::OpCode::Dot)
            return &op;
    return nullptr;
}

} // namespace

TEST(TransposeDotLoads, ATransposedLoadFeedingADotLoadsTransposedPointers)
{
    Lowered l = lower("    acc = tl.dot(a, tl.trans(b))\n");
    ASSERT_TRUE(l.lk);
    const ir::Kernel &k = l.lk->kernel;
    const ir::Op *dot = theDot(k.body);
    ASSERT_NE(dot, nullptr);
    const ir::Op *b = defOf(k.body, dot->operands[1]);
    ASSERT_NE(b, nullptr);
    ASSERT_EQ(b->code, ir::OpCode::Load);
    EXPECT_EQ(k.type(b->result()).shape, (std::vector<std::int64_t>{64, 32}));
    // Pointers and mask are transposed; the zero padding is splat in the new shape.
    ASSERT_EQ(b->operands.size(), 3u);
    for (int o = 0; o < 2; ++o) {
        const ir::Op *p = defOf(k.body, b->operands[std::size_t(o)]);
        ASSERT_NE(p, nullptr);
        EXPECT_EQ(p->code, ir::OpCode::Permute);
        EXPECT_EQ(k.type(b->operands[std::size_t(o)]).shape, (std::vector<std::int64_t>{64, 32}));
    }
    const ir::Op *other = defOf(k.body, b->operands[2]);
    ASSERT_NE(other, nullptr);
    EXPECT_EQ(other->code, ir::OpCode::Splat); // of the scalar 0.0
    EXPECT_EQ(k.type(b->operands[2]).shape, (std::vector<std::int64_t>{64, 32}));
}

TEST(TransposeDotLoads, ALoadOrTransposeWithOtherUsesStays)
{
    // The loaded block is also stored: it is loaded once, as written.
    Lowered stored = lower("    acc = tl.dot(a, tl.trans(b))\n    tl.store(a_ptr + r[:, None] * 64 + c[None, :], b)\n");
    ASSERT_TRUE(stored.lk);
    const ir::Op *dot = theDot(stored.lk->kernel.body);
    ASSERT_NE(dot, nullptr);
    const ir::Op *def = defOf(stored.lk->kernel.body, dot->operands[1]);
    ASSERT_NE(def, nullptr);
    EXPECT_NE(def->code, ir::OpCode::Load);

    // The transposed block is also used outside the dot.
    Lowered twice = lower("    bt = tl.trans(b)\n    acc = tl.dot(a, bt) + tl.sum(bt.to(tl.float32), axis=0)[None, :]\n");
    ASSERT_TRUE(twice.lk);
    dot = theDot(twice.lk->kernel.body);
    ASSERT_NE(dot, nullptr);
    def = defOf(twice.lk->kernel.body, dot->operands[1]);
    ASSERT_NE(def, nullptr);
    EXPECT_NE(def->code, ir::OpCode::Load);
}
