#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_ops.h"
#include "tensor_test_util.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::tensor;
using namespace tsm::tensor::test;

TEST(Factory, ArangeDtypeInferenceAndSizes)
{
    const Tensor i = arange(Scalar::fromInt(0), Scalar::fromInt(5));
    EXPECT_EQ(i.dtype(), DType::I64);
    EXPECT_EQ(values(i), (std::vector<double>{0, 1, 2, 3, 4}));
    const Tensor f = arange(Scalar::fromInt(0), Scalar::fromDouble(1.0), Scalar::fromDouble(0.25));
    EXPECT_EQ(f.dtype(), DType::F32);
    EXPECT_EQ(values(f), (std::vector<double>{0, 0.25, 0.5, 0.75}));
    EXPECT_EQ(arange(Scalar::fromInt(10), Scalar::fromInt(0), Scalar::fromInt(-3)).numel(), 4);
    EXPECT_THROW(arange(Scalar::fromInt(0), Scalar::fromInt(5), Scalar::fromInt(0)), TensorError);
    EXPECT_THROW(arange(Scalar::fromInt(5), Scalar::fromInt(0)), TensorError);
    EXPECT_EQ(values(linspace(0, 1, 5)), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
    EXPECT_EQ(values(eye(2, 3)), (std::vector<double>{1, 0, 0, 0, 1, 0}));
}

TEST(Factory, FullOnesLike)
{
    EXPECT_EQ(full({2}, Scalar::fromInt(3)).dtype(), DType::I64);
    EXPECT_EQ(full({2}, Scalar::fromDouble(0.5)).dtype(), DType::F32);
    EXPECT_EQ(full({2}, Scalar::fromBool(true)).dtype(), DType::I1);
    const Tensor base = zeros({2, 3}, DType::F16, Device{Device::Kind::Cuda, 0});
    const Tensor o = onesLike(base);
    EXPECT_EQ(o.dtype(), DType::F16);
    EXPECT_TRUE(o.device().isCuda());
    EXPECT_EQ(values(o), std::vector<double>(6, 1.0));
    EXPECT_EQ(emptyLike(base.t()).strides(), (Shape{2, 1}));
    EXPECT_THROW(empty({-1}), TensorError);
}

TEST(Factory, FromNestedInfersDtype)
{
    auto i = [](std::int64_t v) { return Nested::of(Scalar::fromInt(v)); };
    auto f = [](double v) { return Nested::of(Scalar::fromDouble(v)); };
    const Tensor a = fromNested(Nested::list({i(1), i(2)}));
    EXPECT_EQ(a.dtype(), DType::I64);
    const Tensor b
        = fromNested(Nested::list({Nested::list({i(1), f(2.5)}), Nested::list({i(3), i(4)})}));
    EXPECT_EQ(b.dtype(), DType::F32);
    EXPECT_EQ(b.shape(), (Shape{2, 2}));
    EXPECT_EQ(fromNested(Nested::list({Nested::of(Scalar::fromBool(true))})).dtype(), DType::I1);
    EXPECT_EQ(fromNested(Nested::list({})).shape(), (Shape{0}));
    EXPECT_EQ(fromNested(f(2.0)).dim(), 0);
    try {
        fromNested(Nested::list({Nested::list({i(1), i(2)}), Nested::list({i(3)})}));
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_STREQ(e.what(), "expected sequence of length 2 at dim 1 (got 1)");
    }
    EXPECT_EQ(fromNested(Nested::list({i(1)}), DType::F16).dtype(), DType::F16);
}

TEST(Random, SeededStreamsAreDeterministic)
{
    manualSeed(0);
    const Tensor a = randn({100});
    manualSeed(0);
    const Tensor b = randn({100});
    EXPECT_EQ(values(a), values(b));
    EXPECT_EQ(initialSeed(), 0u);
    const Tensor c = randn({100});
    EXPECT_NE(values(a), values(c));
    // Moments of 20000 normals and uniforms.
    manualSeed(7);
    const Tensor n = randn({20000}, DType::F64);
    EXPECT_NEAR(mean(n).flatDouble(0), 0.0, 0.03);
    EXPECT_NEAR(tsm::tensor::std(n).flatDouble(0), 1.0, 0.03);
    const Tensor u = rand({20000});
    EXPECT_GE(min(u).flatDouble(0), 0.0);
    EXPECT_LT(max(u).flatDouble(0), 1.0);
    EXPECT_NEAR(mean(u).flatDouble(0), 0.5, 0.02);
    const Tensor h = rand({20000}, DType::F16);
    EXPECT_LT(max(h).flatDouble(0), 1.0);
    const Tensor r = randint(3, 6, {1000});
    EXPECT_EQ(min(r).flatInt(0), 3);
    EXPECT_EQ(max(r).flatInt(0), 5);
    EXPECT_THROW(randn({2}, DType::I32), TensorError);
    EXPECT_THROW(randint(5, 5, {1}), TensorError);
    const Tensor p = randperm(10);
    EXPECT_EQ(values(sort(p).values), values(arange(Scalar::fromInt(0), Scalar::fromInt(10))));
}
