#include "core/codegen/axis_info.h"

#include "../passes/lower_test_support.h"
#include "core/codegen/layout.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::codegen;
using tsm::passes::test::specializeSource;

namespace {

using V = std::vector<std::int64_t>;

struct Analyzed
{
    std::unique_ptr<passes::test::Specialized> spec;
    std::vector<AxisInfo> axis;

    /// The facts of the value sema named `name` (the Python variable).
    const AxisInfo &operator[](const std::string &name) const
    {
        for (ir::ValueId v = 0; v < spec->kernel->values.size(); ++v)
            if (spec->kernel->values[v].name == name)
                return axis[v];
        ADD_FAILURE() << "no value named " << name;
        static AxisInfo none;
        return none;
    }
    /// The facts of the pointer operand of the k-th load / store.
    const AxisInfo &pointerOf(ir::OpCode code, int k = 0) const
    {
        int seen = 0;
        for (const ir::Op &op : spec->kernel->body.ops)
            if (op.code == code && seen++ == k)
                return axis[op.operands[0]];
        ADD_FAILURE() << "no such memory op";
        static AxisInfo none;
        return none;
    }
};

Analyzed analyze(const std::string &body, const std::string &params, const std::string &sig)
{
    const std::string src = "import triton\nimport triton.language as tl\n\n\n@triton.jit\ndef k("
                            + params + "):\n" + body;
    Analyzed a;
    a.spec = specializeSource(src, "k", sig);
    if (a.spec->kernel)
        a.axis = analyzeAxes(*a.spec->kernel);
    else
        ADD_FAILURE() << "sema failed";
    return a;
}

const char *const kBlockBody = R"(    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x, mask=mask)
)";

} // namespace

TEST(AxisInfo, ProgramBlockOffsetsAreContiguousAndAligned)
{
    Analyzed a = analyze(kBlockBody,
                         "x_ptr, y_ptr, n, BLOCK: tl.constexpr",
                         "x_ptr=*fp32:16, y_ptr=*fp32:16, n=i32:16, BLOCK=1024");
    ASSERT_TRUE(a.spec->kernel);
    EXPECT_EQ(a["offs"].contiguity, V{1024});
    EXPECT_EQ(a["offs"].divisibility, V{1024});
    EXPECT_EQ(a["offs"].constancy, V{1});
    // n % 16 == 0 and runs of 16 start at multiples of 16: the mask is constant per 16.
    EXPECT_EQ(a["mask"].constancy, V{16});
    const AxisInfo &ptr = a.pointerOf(ir::OpCode::Load);
    EXPECT_EQ(ptr.contiguity, V{1024});
    EXPECT_EQ(ptr.divisibility, V{16}); // bytes
    const Layout l = blockedLayout({1024}, blockedParamsFor({1024}, {4}, {0}, 4));
    EXPECT_EQ(accessVectorWidth(ptr, &a["mask"], DType::F32, l), 4);
    EXPECT_EQ(accessVectorWidth(ptr,
                                &a["mask"],
                                DType::F16,
                                blockedLayout({1024}, blockedParamsFor({1024}, {8}, {0}, 4))),
              8);
    EXPECT_EQ(
        accessVectorWidth(
            ptr, nullptr, DType::F32, blockedLayout({1024}, blockedParamsFor({1024}, {1}, {0}, 4))),
        1);
}

TEST(AxisInfo, MaskWithoutDivisibleBoundIsPerElement)
{
    Analyzed a = analyze(kBlockBody,
                         "x_ptr, y_ptr, n, BLOCK: tl.constexpr",
                         "x_ptr=*fp32:16, y_ptr=*fp32:16, n=i32, BLOCK=1024");
    ASSERT_TRUE(a.spec->kernel);
    EXPECT_EQ(a["mask"].constancy, V{1});
    const Layout l = blockedLayout({1024}, blockedParamsFor({1024}, {4}, {0}, 4));
    EXPECT_EQ(accessVectorWidth(a.pointerOf(ir::OpCode::Load), &a["mask"], DType::F32, l), 1);
    EXPECT_EQ(accessVectorWidth(a.pointerOf(ir::OpCode::Load), nullptr, DType::F32, l), 4);
}

TEST(AxisInfo, PointerWithoutAlignmentFactIsElementAligned)
{
    Analyzed a = analyze(kBlockBody,
                         "x_ptr, y_ptr, n, BLOCK: tl.constexpr",
                         "x_ptr=*fp32, y_ptr=*fp16:16, n=i32:16, BLOCK=1024");
    ASSERT_TRUE(a.spec->kernel);
    EXPECT_EQ(a.pointerOf(ir::OpCode::Load).divisibility, V{1});
    EXPECT_EQ(a.pointerOf(ir::OpCode::Store).divisibility, V{16});
    const Layout l = blockedLayout({1024}, blockedParamsFor({1024}, {4}, {0}, 4));
    EXPECT_EQ(accessVectorWidth(a.pointerOf(ir::OpCode::Load), nullptr, DType::F32, l), 1);
}

TEST(AxisInfo, HintsReplaceWhatTheAnalysisFound)
{
    Analyzed a = analyze(R"(    offs = tl.load(idx_ptr) + tl.arange(0, 256)
    offs2 = tl.max_contiguous(tl.multiple_of(offs, 256), 256)
    c = tl.max_constancy(offs, 8)
    tl.store(y_ptr + offs2, offs2 + c)
)",
                         "idx_ptr, y_ptr",
                         "idx_ptr=*i32, y_ptr=*i32:16");
    ASSERT_TRUE(a.spec->kernel);
    EXPECT_EQ(a["offs"].divisibility, V{1}); // a loaded base: nothing known
    EXPECT_EQ(a["offs"].contiguity, V{256});
    EXPECT_EQ(a["offs2"].divisibility, V{256});
    EXPECT_EQ(a["offs2"].contiguity, V{256});
    EXPECT_EQ(a["c"].constancy, V{8});
    EXPECT_EQ(a.pointerOf(ir::OpCode::Store).divisibility, V{16});
}

TEST(AxisInfo, ConstantsAndScalarArithmetic)
{
    Analyzed a = analyze(R"(    pid = tl.program_id(0)
    base = pid * 48
    offs = base + tl.arange(0, 64)
    q = tl.arange(0, 64) // 4
    r = tl.arange(0, 64) % 8
    s = tl.arange(0, 64) << 2
    t = (tl.arange(0, 64) * 2) >> 1
    tl.store(y_ptr + offs, q + r + s + t)
)",
                         "y_ptr",
                         "y_ptr=*i32:16");
    ASSERT_TRUE(a.spec->kernel);
    EXPECT_EQ(a["base"].divisibility, V{16});
    EXPECT_EQ(a["offs"].contiguity, V{64});
    EXPECT_EQ(a["offs"].divisibility, V{16});
    EXPECT_EQ(a["q"].constancy, V{4});
    EXPECT_EQ(a["q"].contiguity, V{1});
    EXPECT_EQ(a["r"].contiguity, V{8});
    EXPECT_EQ(a["r"].divisibility, V{8});
    EXPECT_EQ(a["s"].contiguity, V{1});
    EXPECT_GE(a["s"].divisibility[0], 4);
    EXPECT_EQ(a["t"].contiguity, V{1});
}

TEST(AxisInfo, TwoDimensionalRowMajorTile)
{
    Analyzed a = analyze(R"(    rm = tl.program_id(0) * 32 + tl.arange(0, 32)
    rn = tl.arange(0, 64)
    ptrs = x_ptr + rm[:, None] * stride + rn[None, :]
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(ptrs, tl.load(ptrs, mask=mask), mask=mask)
)",
                         "x_ptr, stride, M, N",
                         "x_ptr=*fp16:16, stride=i32:16, M=i32, N=i32:16");
    ASSERT_TRUE(a.spec->kernel);
    EXPECT_EQ(a["ptrs"].contiguity, (V{1, 64}));
    // Triton's expand_dims: rn[None, :] is contiguous, so its new dimension divides by 1 only;
    // along dim 1 the 16-byte alignment holds.
    EXPECT_EQ(a["ptrs"].divisibility, (V{2, 16}));
    // constant along rows (rm < M is one value per row), 16 at a time along the columns
    EXPECT_EQ(a["mask"].constancy, (V{1, 16}));
}

TEST(AxisInfo, LoopCarriedPointerKeepsItsFacts)
{
    Analyzed a = analyze(R"(    offs = tl.arange(0, 128)
    p = x_ptr + offs
    acc = tl.zeros([128], dtype=tl.float32)
    for i in range(0, n, 16):
        acc += tl.load(p)
        p += 128
    tl.store(x_ptr + offs, acc)
)",
                         "x_ptr, n",
                         "x_ptr=*fp32:16, n=i32");
    ASSERT_TRUE(a.spec->kernel);
    const ir::Op *loop = nullptr;
    for (const ir::Op &op : a.spec->kernel->body.ops)
        if (op.code == ir::OpCode::For)
            loop = &op;
    ASSERT_TRUE(loop);
    const ir::Region &body = loop->regions[0];
    const ir::ValueId carriedPtr
        = body.args[2] != ir::kNoValue && a.spec->kernel->type(body.args[2]).pointer ? body.args[2]
                                                                                     : body.args[1];
    EXPECT_EQ(a.axis[carriedPtr].contiguity, V{128});
    EXPECT_EQ(a.axis[carriedPtr].divisibility, V{16});
    EXPECT_EQ(a.axis[body.args[0]].divisibility, V{16}); // i = 0, 16, 32, ...
}

TEST(AxisInfo, SelectAndUnknownValuesAreConservative)
{
    Analyzed a = analyze(R"(    offs = tl.arange(0, 64)
    v = tl.load(x_ptr + offs)
    w = tl.where(v > 0, offs, offs + 64)
    tl.store(x_ptr + w, v)
)",
                         "x_ptr",
                         "x_ptr=*i32:16");
    ASSERT_TRUE(a.spec->kernel);
    EXPECT_EQ(a["v"].contiguity, V{1});
    EXPECT_EQ(a["v"].divisibility, V{1});
    EXPECT_EQ(a["w"].contiguity, V{1});
    EXPECT_EQ(a["w"].divisibility, V{64});
}
