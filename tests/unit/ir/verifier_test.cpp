#include "core/ir/verifier.h"
#include "tests/unit/ir/ir_test_kernels.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::ir;

TEST(IrVerifier, AcceptsSwish)
{
    std::string error;
    EXPECT_TRUE(verifyKernel(test_kernels::swishKernel(), &error)) << error;
}

TEST(IrVerifier, RejectsMismatchedOperandTypes)
{
    Kernel k = test_kernels::swishKernel();
    // Make the denominator's add mix fp32 and i32 blocks.
    for (Op &op : k.body.ops)
        if (op.code == OpCode::Add && k.values[op.results[0]].name == "denominator")
            op.operands[1] = k.body.ops[5].results[0]; // offsets (i32)
    std::string error;
    EXPECT_FALSE(verifyKernel(k, &error));
    EXPECT_NE(error.find("differ"), std::string::npos) << error;
}

TEST(IrVerifier, RejectsUseBeforeDefinition)
{
    Kernel k = test_kernels::swishKernel();
    std::swap(k.body.ops[0], k.body.ops[2]); // block_start = pid * 1024 before program_id
    std::string error;
    EXPECT_FALSE(verifyKernel(k, &error));
    EXPECT_NE(error.find("not defined"), std::string::npos) << error;
}

TEST(IrVerifier, RejectsNonPowerOfTwoBlocks)
{
    Kernel k;
    k.name = "k";
    Op &o = appendOp(k.body, OpCode::MakeRange);
    o.ints = {0, 24};
    o.results = {k.newValue(Type{DType::I32, false, {24}})};
    std::string error;
    EXPECT_FALSE(verifyKernel(k, &error));
    EXPECT_NE(error.find("power of two"), std::string::npos) << error;
}

TEST(IrVerifier, RejectsUnusedAttributeFields)
{
    Kernel k = test_kernels::swishKernel();
    k.body.ops[2].str = "oops"; // mul has no string attribute
    std::string error;
    EXPECT_FALSE(verifyKernel(k, &error));
    EXPECT_NE(error.find("attribute str"), std::string::npos) << error;
}

TEST(IrVerifier, RejectsRegionValuesUsedOutside)
{
    Kernel k;
    k.name = "k";
    const Type i1{DType::I1, false, {}}, i32{DType::I32, false, {}};
    Op &c = appendOp(k.body, OpCode::Constant);
    c.results = {k.newValue(i1)};
    Op &iff = appendOp(k.body, OpCode::If);
    iff.operands = {k.body.ops[0].results[0]};
    iff.regions.resize(2);
    Op &inner = appendOp(iff.regions[0], OpCode::ProgramId);
    const ValueId pid = k.newValue(i32);
    inner.results = {pid};
    Op &use = appendOp(k.body, OpCode::Neg);
    use.operands = {pid};
    use.results = {k.newValue(i32)};
    std::string error;
    EXPECT_FALSE(verifyKernel(k, &error));
    EXPECT_NE(error.find("not defined"), std::string::npos) << error;
}
