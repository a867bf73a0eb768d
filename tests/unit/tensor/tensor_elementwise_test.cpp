#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_ops.h"
#include "tensor_test_util.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tsm;
using namespace tsm::tensor;
using namespace tsm::tensor::test;

TEST(TypePromotion, TorchResultTypeRules)
{
    const Tensor i32 = ivec({1}, DType::I32), f16 = vec({1}, DType::F16);
    EXPECT_EQ(binary(BinaryOp::Add, i32, inum(2)).dtype(), DType::I32); // int scalar is weak
    EXPECT_EQ(binary(BinaryOp::Add, i32, num(2.5)).dtype(),
              DType::F32); // float scalar: default float
    EXPECT_EQ(binary(BinaryOp::Mul, f16, num(2.5)).dtype(), DType::F16); // stays half
    EXPECT_EQ(binary(BinaryOp::Add, f16, vec({1}, DType::BF16)).dtype(), DType::F32);
    EXPECT_EQ(binary(BinaryOp::Add, ivec({1}, DType::U8), ivec({1}, DType::I8)).dtype(),
              DType::I16);
    EXPECT_EQ(binary(BinaryOp::Add, ivec({1}, DType::I1), inum(1)).dtype(), DType::I64);
    // A 0-d tensor of a higher category wins over dimensioned ints, but not within a category.
    EXPECT_EQ(binary(BinaryOp::Add, i32, vec({1.5}, DType::F64).reshape({})).dtype(), DType::F64);
    EXPECT_EQ(binary(BinaryOp::Add, i32, ivec({1}).reshape({})).dtype(), DType::I32);
    EXPECT_EQ(binary(BinaryOp::Add, vec({1}), vec({1}, DType::F64).reshape({})).dtype(),
              DType::F32);
    EXPECT_EQ(binary(BinaryOp::Div, ivec({3}), ivec({2})).dtype(), DType::F32);
    EXPECT_EQ(binary(BinaryOp::Lt, i32, num(0.5)).dtype(), DType::I1);
    EXPECT_EQ(promoteTypes(DType::I64, DType::F16), DType::F16);
}

TEST(Elementwise, BroadcastingAndErrors)
{
    Tensor a = mat({{1, 2, 3}, {4, 5, 6}});
    Tensor r = binary(BinaryOp::Add, a, vec({10, 20, 30}));
    EXPECT_EQ(values(r), (std::vector<double>{11, 22, 33, 14, 25, 36}));
    Tensor col = binary(BinaryOp::Mul, a, vec({1, -1}).unsqueeze(1));
    EXPECT_EQ(values(col), (std::vector<double>{1, 2, 3, -4, -5, -6}));
    try {
        binary(BinaryOp::Add, a, vec({1, 2}));
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_STREQ(e.what(),
                     "The size of tensor a (3) must match the size of tensor b (2) at "
                     "non-singleton dimension 1");
    }
}

TEST(Elementwise, FloorDivAndRemainderFollowPythonSigns)
{
    const Tensor a = ivec({7, -7, 7, -7}), b = ivec({2, 2, -2, -2});
    EXPECT_EQ(values(binary(BinaryOp::FloorDiv, a, b)), (std::vector<double>{3, -4, -4, 3}));
    EXPECT_EQ(values(binary(BinaryOp::Remainder, a, b)), (std::vector<double>{1, 1, -1, -1}));
    EXPECT_EQ(values(binary(BinaryOp::Fmod, a, b)), (std::vector<double>{1, -1, 1, -1}));
    const Tensor fa = vec({7.5, -7.5}), fb = vec({2, 2});
    EXPECT_EQ(values(binary(BinaryOp::FloorDiv, fa, fb)), (std::vector<double>{3, -4}));
    EXPECT_EQ(values(binary(BinaryOp::Remainder, fa, fb)), (std::vector<double>{1.5, 0.5}));
    EXPECT_THROW(binary(BinaryOp::FloorDiv, ivec({1}), ivec({0})), TensorError);
    EXPECT_TRUE(std::isinf(binary(BinaryOp::Div, vec({1}), vec({0})).flatDouble(0)));
}

TEST(Elementwise, PowBitwiseComparisons)
{
    EXPECT_EQ(values(binary(BinaryOp::Pow, ivec({2, 3}), inum(3))), (std::vector<double>{8, 27}));
    EXPECT_EQ(binary(BinaryOp::Pow, ivec({2}), num(0.5)).dtype(), DType::F32);
    EXPECT_THROW(binary(BinaryOp::Pow, ivec({2}), inum(-1)), TensorError);
    EXPECT_EQ(values(binary(BinaryOp::BitAnd, ivec({6}), ivec({3}))), (std::vector<double>{2}));
    EXPECT_EQ(values(binary(BinaryOp::BitXor, ivec({6}), ivec({3}))), (std::vector<double>{5}));
    EXPECT_EQ(values(binary(BinaryOp::Shr, ivec({-8}), ivec({1}))), (std::vector<double>{-4}));
    EXPECT_THROW(binary(BinaryOp::BitAnd, vec({1}), vec({1})), TensorError);
    EXPECT_THROW(binary(BinaryOp::Sub, ivec({1}, DType::I1), ivec({1}, DType::I1)), TensorError);
    EXPECT_EQ(values(binary(BinaryOp::Ge, vec({1, 2, NAN}), num(2))),
              (std::vector<double>{0, 1, 0}));
    EXPECT_EQ(parseBinaryOp("//"), BinaryOp::FloorDiv);
    EXPECT_EQ(parseBinaryOp("mul"), BinaryOp::Mul);
}

TEST(Elementwise, IntegerArithmeticWrapsToWidth)
{
    EXPECT_EQ(binary(BinaryOp::Add, ivec({2147483647}, DType::I32), inum(1)).flatInt(0),
              -2147483648LL);
    EXPECT_EQ(binary(BinaryOp::Add, ivec({255}, DType::U8), inum(1)).flatInt(0), 0);
}

TEST(Elementwise, ResultRoundedOnceToHalf)
{
    // 2049 is not representable in fp16 (spacing 2 above 2048): ties to even gives 2048.
    const Tensor r = binary(BinaryOp::Add, vec({2048}, DType::F16), num(1.0));
    EXPECT_EQ(r.dtype(), DType::F16);
    EXPECT_EQ(r.flatDouble(0), 2048.0);
    EXPECT_EQ(binary(BinaryOp::Add, vec({2048}, DType::F16), num(1.5)).flatDouble(0), 2050.0);
}

TEST(Elementwise, InPlaceCastRules)
{
    Tensor x = ivec({1, 2});
    binaryInPlace(BinaryOp::Add, x, inum(3));
    EXPECT_EQ(values(x), (std::vector<double>{4, 5}));
    try {
        binaryInPlace(BinaryOp::Mul, x, num(0.5));
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_STREQ(e.what(), "result type Float can't be cast to the desired output type Long");
    }
    Tensor f = vec({1, 2});
    binaryInPlace(BinaryOp::Mul, f, ivec({3}));
    EXPECT_EQ(values(f), (std::vector<double>{3, 6}));
    EXPECT_THROW(binaryInPlace(BinaryOp::Add, vec({1}), vec({1, 2})), TensorError);
}

TEST(Unary, ValuesAndDtypes)
{
    const Tensor x = vec({-1, 0, 2});
    EXPECT_EQ(values(unary(UnaryOp::Relu, x)), (std::vector<double>{0, 0, 2}));
    EXPECT_EQ(values(unary(UnaryOp::Abs, x)), (std::vector<double>{1, 0, 2}));
    EXPECT_EQ(values(unary(UnaryOp::Sign, x)), (std::vector<double>{-1, 0, 1}));
    EXPECT_FLOAT_EQ(unary(UnaryOp::Sigmoid, x).flatDouble(0), float(1 / (1 + std::exp(1.0))));
    EXPECT_FLOAT_EQ(unary(UnaryOp::Exp, x).flatDouble(2), float(std::exp(2.0)));
    EXPECT_EQ(unary(UnaryOp::Exp, ivec({1})).dtype(), DType::F32);
    EXPECT_EQ(unary(UnaryOp::Abs, ivec({-3})).dtype(), DType::I64);
    EXPECT_EQ(unary(UnaryOp::Abs, ivec({-3})).flatInt(0), 3);
    EXPECT_EQ(values(unary(UnaryOp::Round, vec({0.5, 1.5, 2.5, -0.5}))),
              (std::vector<double>{0, 2, 2, -0}));
    EXPECT_EQ(values(unary(UnaryOp::BitwiseNot, ivec({1, 0}, DType::I1))),
              (std::vector<double>{0, 1}));
    EXPECT_EQ(unary(UnaryOp::BitwiseNot, ivec({5})).flatInt(0), -6);
    EXPECT_THROW(unary(UnaryOp::Neg, ivec({1}, DType::I1)), TensorError);
    EXPECT_FLOAT_EQ(unary(UnaryOp::Rsqrt, vec({4})).flatDouble(0), 0.5f);
    EXPECT_FLOAT_EQ(unary(UnaryOp::Erf, vec({1})).flatDouble(0), float(std::erf(1.0)));
    EXPECT_EQ(values(unary(UnaryOp::IsNan, vec({NAN, 1}))), (std::vector<double>{1, 0}));
}

TEST(Elementwise, WhereClampMaskedFillMaximum)
{
    const Tensor x = vec({-2, 0.5, 3});
    const Tensor cond = binary(BinaryOp::Gt, x, num(0));
    EXPECT_EQ(values(where(cond, x, num(0))), (std::vector<double>{0, 0.5, 3}));
    EXPECT_THROW(where(x, x, x), TensorError);
    EXPECT_EQ(values(clamp(x, num(-1), num(1))), (std::vector<double>{-1, 0.5, 1}));
    EXPECT_EQ(values(clamp(x, {}, num(0))), (std::vector<double>{-2, 0, 0}));
    EXPECT_EQ(clamp(ivec({5}), num(0.5), {}).dtype(), DType::F32);
    EXPECT_THROW(clamp(x, {}, {}), TensorError);
    EXPECT_EQ(values(maskedFill(x, cond, num(9))), (std::vector<double>{-2, 9, 9}));
    const Tensor m = binary(BinaryOp::Maximum, vec({1, NAN}), vec({2, 0}));
    EXPECT_EQ(m.flatDouble(0), 2);
    EXPECT_TRUE(std::isnan(m.flatDouble(1)));
}
