// remove-conversions' last step: a conversion of a dot's fp32 accumulator moves past the
// elementwise epilogue down to the cast to fp16, so the epilogue runs in the accumulator's
// layout and half the bytes go through shared memory; nothing moves when no narrower point
// exists.

#include "core/codegen/lowered_kernel.h"
#include "core/passes/layout_contract.h"
#include "core/passes/pipeline.h"
#include "lower_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace tsm;
using namespace tsm::passes;
using namespace tsm::passes::test;

namespace {

Lowered lowerMatmul(const std::string &epilogue, const std::string &outType)
{
    return lowerSource(R"py(
@triton.jit
def k(a_ptr, b_ptr, c_ptr, d_ptr, K):
    r = tl.arange(0, 64)
    kk = tl.arange(0, 32)
    acc = tl.zeros((64, 64), dtype=tl.float32)
    for i in range(0, K, 32):
        a = tl.load(a_ptr + r[:, None] * K + (i + kk)[None, :])
        b = tl.load(b_ptr + (i + kk)[:, None] * 64 + r[None, :])
        acc = tl.dot(a, b, acc)
)py" + epilogue + "    tl.store(c_ptr + r[:, None] * 64 + r[None, :], out)\n",
                       "k", "a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*" + outType + ":16, d_ptr=*fp32:16, K=i32:16, num_warps=4");
}

/// The converted values' element types, in program order (nested regions included).
void convertedTypes(const ir::Kernel &k, const ir::Region &r, std::vector<DType> &out)
{
    for (const ir::Op &op : r.ops) {
        if (op.code == ir::OpCode::ConvertLayout)
            out.push_back(k.type(op.operands[0]).dtype);
        for (const ir::Region &inner : op.regions)
            convertedTypes(k, inner, out);
    }
}

std::vector<DType> converted(const Lowered &l)
{
    std::vector<DType> out;
    if (l.lk)
        convertedTypes(l.lk->kernel, l.lk->kernel.body, out);
    return out;
}

} // namespace

TEST(RemoveConversions, TheAccumulatorConvertsAfterTheCastToFp16)
{
    const Lowered l = lowerMatmul("    out = acc.to(tl.float16)\n", "fp16");
    ASSERT_TRUE(l.lk);
    EXPECT_EQ(converted(l), std::vector<DType>{DType::F16});
    EXPECT_EQ(checkLayoutContract(*l.lk), "");
}

TEST(RemoveConversions, AnEpilogueReadingTheAccumulatorTwiceRunsBeforeTheConversion)
{
    // GELU reads x twice; its constants are rematerialized in the accumulator's layout.
    const Lowered l = lowerMatmul(
        "    out = (0.5 * acc * (1.0 + tl.erf(acc * 0.7071067811865476))).to(tl.float16)\n", "fp16");
    ASSERT_TRUE(l.lk);
    EXPECT_EQ(converted(l), std::vector<DType>{DType::F16});
    EXPECT_EQ(checkLayoutContract(*l.lk), "");
}

TEST(RemoveConversions, NoNarrowerPointLeavesTheConversionWhereItIs)
{
    const Lowered l = lowerMatmul("    out = tl.exp(acc)\n", "fp32");
    ASSERT_TRUE(l.lk);
    EXPECT_EQ(converted(l), std::vector<DType>{DType::F32});
}

TEST(RemoveConversions, AWideStoreKeepsItsOwnConversion)
{
    // acc is also stored as fp32 (16-byte vectors of 4, another layout than the fp16 store's):
    // that conversion stays fp32, the fp16 store's moves past the cast.
    const Lowered l = lowerMatmul("    out = acc.to(tl.float16)\n"
                                  "    tl.store(d_ptr + r[:, None] * 64 + r[None, :], acc)\n",
                                  "fp16");
    ASSERT_TRUE(l.lk);
    std::vector<DType> types = converted(l);
    std::sort(types.begin(), types.end());
    EXPECT_EQ(types, (std::vector<DType>{DType::F16, DType::F32}));
}
