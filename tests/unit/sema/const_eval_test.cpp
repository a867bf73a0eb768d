// Python semantics of compile-time operators in kernels.

#include "core/sema/const_eval.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::sema;
using ast::BinaryOp;

namespace {

ConstValue fold(BinaryOp op, ConstValue a, ConstValue b)
{
    ConstResult r = foldBinary(op, a, b);
    EXPECT_TRUE(r.value.has_value()) << r.error;
    return r.value.value_or(ConstValue::none());
}

} // namespace

TEST(ConstEval, IntegerDivisionFloorsLikePython)
{
    EXPECT_EQ(fold(BinaryOp::FloorDiv, ConstValue::ofInt(-7), ConstValue::ofInt(2)),
              ConstValue::ofInt(-4));
    EXPECT_EQ(fold(BinaryOp::Mod, ConstValue::ofInt(-7), ConstValue::ofInt(2)),
              ConstValue::ofInt(1));
    EXPECT_EQ(fold(BinaryOp::Mod, ConstValue::ofInt(7), ConstValue::ofInt(-2)),
              ConstValue::ofInt(-1));
    EXPECT_EQ(fold(BinaryOp::FloorDiv, ConstValue::ofInt(1000), ConstValue::ofInt(128)),
              ConstValue::ofInt(7));
}

TEST(ConstEval, TrueDivisionGivesFloat)
{
    EXPECT_EQ(fold(BinaryOp::Div, ConstValue::ofInt(1), ConstValue::ofInt(4)),
              ConstValue::ofFloat(0.25));
}

TEST(ConstEval, PowerAndShifts)
{
    EXPECT_EQ(fold(BinaryOp::Pow, ConstValue::ofInt(2), ConstValue::ofInt(10)),
              ConstValue::ofInt(1024));
    EXPECT_EQ(fold(BinaryOp::LShift, ConstValue::ofInt(1), ConstValue::ofInt(20)),
              ConstValue::ofInt(1 << 20));
    EXPECT_EQ(fold(BinaryOp::RShift, ConstValue::ofInt(-8), ConstValue::ofInt(1)),
              ConstValue::ofInt(-4));
    EXPECT_EQ(fold(BinaryOp::Pow, ConstValue::ofInt(2), ConstValue::ofInt(-1)),
              ConstValue::ofFloat(0.5));
}

TEST(ConstEval, BoolsActAsInts)
{
    EXPECT_EQ(fold(BinaryOp::Add, ConstValue::ofBool(true), ConstValue::ofInt(1)),
              ConstValue::ofInt(2));
    EXPECT_EQ(fold(BinaryOp::BitAnd, ConstValue::ofBool(true), ConstValue::ofBool(false)),
              ConstValue::ofBool(false));
}

TEST(ConstEval, ErrorsAreReported)
{
    EXPECT_FALSE(foldBinary(BinaryOp::FloorDiv, ConstValue::ofInt(1), ConstValue::ofInt(0)).value);
    EXPECT_FALSE(foldBinary(BinaryOp::Add, ConstValue::ofInt(1), ConstValue::ofString("a")).value);
    EXPECT_FALSE(foldBinary(BinaryOp::BitOr, ConstValue::ofFloat(1.0), ConstValue::ofInt(1)).value);
}

TEST(ConstEval, ComparisonsAndTruthiness)
{
    auto cmp
        = [](ast::CmpOp op, ConstValue a, ConstValue b) { return foldCompare(op, a, b).value->b; };
    EXPECT_TRUE(cmp(ast::CmpOp::Lt, ConstValue::ofInt(3), ConstValue::ofFloat(3.5)));
    EXPECT_TRUE(cmp(ast::CmpOp::Eq, ConstValue::ofInt(1), ConstValue::ofFloat(1.0)));
    EXPECT_TRUE(cmp(ast::CmpOp::Is, ConstValue::none(), ConstValue::none()));
    EXPECT_TRUE(
        cmp(ast::CmpOp::Eq, ConstValue::ofDType(DType::F16), ConstValue::ofDType(DType::F16)));
    EXPECT_FALSE(constTruthy(ConstValue::ofInt(0)));
    EXPECT_FALSE(constTruthy(ConstValue::none()));
    EXPECT_TRUE(constTruthy(ConstValue::ofString("x")));
    EXPECT_EQ(foldUnary(ast::UnaryOpKind::USub, ConstValue::ofInt(5)).value, ConstValue::ofInt(-5));
    EXPECT_EQ(foldUnary(ast::UnaryOpKind::Not, ConstValue::ofInt(0)).value,
              ConstValue::ofBool(true));
}
