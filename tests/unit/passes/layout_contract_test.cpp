#include "core/passes/layout_contract.h"

#include "core/passes/pipeline.h"
#include "lower_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::passes;
using namespace tsm::passes::test;

namespace {

const char *const kOuter = R"(import triton
import triton.language as tl


@triton.jit
def outer(a_ptr, b_ptr, c_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + r)
    b = tl.load(b_ptr + r)
    c = a[:, None] * b[None, :]
    tl.store(c_ptr + r[:, None] * BLOCK + r[None, :], c)
)";

struct Fixture
{
    std::unique_ptr<Specialized> spec;
    codegen::LoweredKernel lk;
};

Fixture lowered()
{
    Fixture f;
    f.spec = specializeSource(
        kOuter, "outer", "a_ptr=*fp32:16, b_ptr=*fp32:16, c_ptr=*fp32:16, BLOCK=32");
    DiagnosticSink diags;
    auto lk = lowerForCuda(f.spec->kernel, {}, diags);
    if (!lk)
        ADD_FAILURE() << "lowering failed";
    else
        f.lk = std::move(*lk);
    return f;
}

const ir::Op *find(const codegen::LoweredKernel &lk, ir::OpCode code)
{
    for (const ir::Op &op : lk.kernel.body.ops)
        if (op.code == code)
            return &op;
    return nullptr;
}

} // namespace

TEST(LayoutContract, HoldsAfterLowering)
{
    Fixture f = lowered();
    EXPECT_EQ(checkLayoutContract(f.lk), "");
}

TEST(LayoutContract, ReportsAnElementwiseOperandInAnotherLayout)
{
    Fixture f = lowered();
    const ir::Op *mul = find(f.lk, ir::OpCode::Mul);
    ASSERT_TRUE(mul);
    const ir::ValueId lhs = mul->operands[0];
    const std::vector<std::int64_t> shape = f.lk.kernel.type(lhs).shape;
    f.lk.layouts[lhs]
        = codegen::blockedLayout(shape, codegen::blockedParamsFor(shape, {4, 1}, {0, 1}, 4));
    const std::string problem = checkLayoutContract(f.lk);
    EXPECT_NE(problem.find("does not fit the result's"), std::string::npos) << problem;
}

TEST(LayoutContract, ReportsABroadcastThatWouldMoveData)
{
    Fixture f = lowered();
    const ir::Op *bc = find(f.lk, ir::OpCode::Broadcast);
    ASSERT_TRUE(bc);
    const ir::ValueId src = bc->operands[0];
    const std::vector<std::int64_t> shape = f.lk.kernel.type(src).shape;
    // the same shape, spread over threads another way
    f.lk.layouts[src]
        = codegen::blockedLayout(shape, codegen::blockedParamsFor(shape, {1, 1}, {0, 1}, 4));
    EXPECT_NE(checkLayoutContract(f.lk), "");
}

TEST(LayoutContract, ReportsMissingAndMisshapenLayouts)
{
    Fixture f = lowered();
    const ir::Op *load = find(f.lk, ir::OpCode::Load);
    ASSERT_TRUE(load);
    auto saved = f.lk.layouts[load->result()];
    f.lk.layouts[load->result()].reset();
    EXPECT_NE(checkLayoutContract(f.lk).find("has no layout"), std::string::npos);
    f.lk.layouts[load->result()]
        = codegen::blockedLayout({64}, codegen::defaultBlockedParams({64}, 4, 1));
    EXPECT_NE(checkLayoutContract(f.lk).find("has a layout of shape"), std::string::npos);
    f.lk.layouts[load->result()] = saved;
    // a scalar with a layout
    f.lk.layouts[f.lk.kernel.params[0].value] = *saved;
    EXPECT_NE(checkLayoutContract(f.lk).find("scalar"), std::string::npos);
}

TEST(LayoutContract, RulesPerOp)
{
    Fixture f = lowered();
    const ir::Op *expand = find(f.lk, ir::OpCode::ExpandDims);
    const ir::Op *store = find(f.lk, ir::OpCode::Store);
    ASSERT_TRUE(expand && store);
    EXPECT_EQ(operandRule(f.lk.kernel, *expand, 0), OperandRule::Identity);
    EXPECT_EQ(operandRule(f.lk.kernel, *store, 1), OperandRule::Same);
    const codegen::Layout &res = f.lk.layoutOf(expand->result());
    const codegen::Layout need = requiredOperandLayout(f.lk.kernel, *expand, 0, res);
    EXPECT_TRUE(satisfiesRule(f.lk.kernel, *expand, 0, need, res));
    EXPECT_EQ(layoutKey(need), layoutKey(f.lk.layoutOf(expand->operands[0])));
}
