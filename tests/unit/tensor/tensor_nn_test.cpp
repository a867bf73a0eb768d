#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_ops.h"
#include "tensor_test_util.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tsm;
using namespace tsm::tensor;
using namespace tsm::tensor::test;

TEST(Matmul, ShapesAndValues)
{
    const Tensor a = mat({{1, 2, 3}, {4, 5, 6}});
    const Tensor b = mat({{1, 0}, {0, 1}, {1, 1}});
    const Tensor c = matmul(a, b);
    EXPECT_EQ(c.shape(), (Shape{2, 2}));
    EXPECT_EQ(values(c), (std::vector<double>{4, 5, 10, 11}));
    EXPECT_EQ(values(mm(a, b)), values(c));
    EXPECT_EQ(dot(vec({1, 2}), vec({3, 4})).flatDouble(0), 11);
    EXPECT_EQ(matmul(vec({1, 1}), a).shape(), (Shape{3}));
    EXPECT_EQ(values(matmul(a, vec({1, 1, 1}))), (std::vector<double>{6, 15}));
    EXPECT_EQ(values(outer(vec({1, 2}), vec({3, 4}))), (std::vector<double>{3, 4, 6, 8}));
    try {
        matmul(a, a);
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_STREQ(e.what(), "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
    }
    EXPECT_THROW(matmul(a, b.to(DType::F16)), TensorError);
}

TEST(Matmul, BatchBroadcasting)
{
    const Tensor a = ones({4, 1, 2, 3});
    const Tensor b = ones({5, 3, 2});
    const Tensor c = matmul(a, b);
    EXPECT_EQ(c.shape(), (Shape{4, 5, 2, 2}));
    EXPECT_EQ(c.flatDouble(0), 3);
    EXPECT_EQ(bmm(ones({2, 2, 3}), ones({2, 3, 4})).shape(), (Shape{2, 2, 4}));
    EXPECT_THROW(bmm(ones({2, 2, 3}), ones({3, 3, 4})), TensorError);
}

TEST(Matmul, TransposedOperandsAndHalfRounding)
{
    const Tensor a = mat({{1, 2}, {3, 4}});
    EXPECT_EQ(values(matmul(a.t(), a)), (std::vector<double>{10, 14, 14, 20}));
    const Tensor h = matmul(vec({2048, 1, 1}, DType::F16).unsqueeze(0), ones({3, 1}, DType::F16));
    EXPECT_EQ(h.flatDouble(0), 2050.0); // exact 2050 in float64 accumulation, then fp16
}

TEST(Functional, SoftmaxLogSoftmax)
{
    const Tensor x = mat({{1, 2, 3}, {1, 1, 1}});
    const Tensor s = softmax(x, -1);
    const double e = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
    EXPECT_FLOAT_EQ(s.flatDouble(2), float(std::exp(3.0) / e));
    EXPECT_FLOAT_EQ(s.flatDouble(3), 1.0f / 3.0f);
    EXPECT_FLOAT_EQ(values(sum(s, std::vector<std::int64_t>{1}))[0], 1.0f);
    EXPECT_FLOAT_EQ(logSoftmax(x, 1).flatDouble(0), float(1 - std::log(e)));
    EXPECT_EQ(softmax(x, 0, DType::F64).dtype(), DType::F64);
    EXPECT_THROW(softmax(ivec({1, 2}), 0), TensorError);
    // Large inputs do not overflow.
    EXPECT_FLOAT_EQ(softmax(vec({1000, 1000}), 0).flatDouble(0), 0.5f);
}

TEST(Functional, LayerNormAndRmsNorm)
{
    const Tensor x = mat({{1, 2, 3, 4}, {2, 2, 2, 2}});
    const Tensor y = layerNorm(x, {4}, vec({1, 1, 1, 2}), vec({0, 0, 0, 1}), 0.0);
    const double sd = std::sqrt(1.25);
    EXPECT_FLOAT_EQ(y.flatDouble(0), float(-1.5 / sd));
    EXPECT_FLOAT_EQ(y.flatDouble(3), float(2 * 1.5 / sd + 1));
    EXPECT_FLOAT_EQ(layerNorm(x, {4}).flatDouble(4), 0.0f);
    try {
        layerNorm(x, {3});
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_STREQ(e.what(),
                     "Given normalized_shape=[3], expected input with shape [*, 3], but "
                     "got input of size[2, 4]");
    }
    const Tensor r = rmsNorm(vec({3, 4}), {2}, {}, 0.0);
    EXPECT_FLOAT_EQ(r.flatDouble(0), float(3 / std::sqrt(12.5)));
}

TEST(Functional, Activations)
{
    const Tensor x = vec({-1, 0, 1});
    EXPECT_FLOAT_EQ(silu(x).flatDouble(2), float(1 / (1 + std::exp(-1.0))));
    EXPECT_FLOAT_EQ(gelu(x).flatDouble(2), float(0.5 * (1 + std::erf(1 / std::sqrt(2.0)))));
    EXPECT_FLOAT_EQ(gelu(x, "tanh").flatDouble(2),
                    float(0.5 * (1 + std::tanh(std::sqrt(2 / M_PI) * (1 + 0.044715)))));
    EXPECT_THROW(gelu(x, "fast"), TensorError);
    EXPECT_EQ(values(relu(x)), (std::vector<double>{0, 0, 1}));
}

TEST(Functional, DropoutIsSeededAndScales)
{
    manualSeed(123);
    const Tensor a = dropout(ones({1000}), 0.25);
    manualSeed(123);
    const Tensor b = dropout(ones({1000}), 0.25);
    EXPECT_EQ(values(a), values(b));
    int zeros = 0;
    for (double v : values(a)) {
        EXPECT_TRUE(v == 0.0 || std::abs(v - 4.0 / 3.0) < 1e-6);
        zeros += v == 0.0;
    }
    EXPECT_GT(zeros, 180);
    EXPECT_LT(zeros, 320);
    const Tensor kept = ones({3});
    EXPECT_EQ(dropout(kept, 0.5, false).storage(), kept.storage());
    EXPECT_THROW(dropout(ones({3}), 1.5), TensorError);
}

TEST(Functional, CrossEntropy)
{
    const Tensor logits = mat({{2, 0, 0}, {0, 0, 0}});
    const Tensor target = ivec({0, 2});
    const double l0 = -(2 - std::log(std::exp(2.0) + 2)), l1 = std::log(3.0);
    EXPECT_FLOAT_EQ(crossEntropy(logits, target).flatDouble(0), float((l0 + l1) / 2));
    EXPECT_FLOAT_EQ(crossEntropy(logits, target, "sum").flatDouble(0), float(l0 + l1));
    EXPECT_EQ(crossEntropy(logits, target, "none").shape(), (Shape{2}));
    EXPECT_FLOAT_EQ(crossEntropy(logits, ivec({0, -100})).flatDouble(0), float(l0));
    EXPECT_THROW(crossEntropy(logits, ivec({0, 3})), TensorError);
}

TEST(Functional, CrossEntropyWithClassWeights)
{
    // As torch: class indices divide the weighted sum by the targets' weights, the smoothing
    // term weighs every class; probability targets divide by the batch size.
    const Tensor logits = mat({{2, 0, 0}, {0, 0, 0}});
    const Tensor target = ivec({0, 2});
    const Tensor w = vec({2, 1, 0.5});
    const double big = std::log(std::exp(2.0) + 2), l0 = big - 2, l1 = std::log(3.0);
    auto at = [](const Tensor &t) { return t.flatDouble(0); };
    EXPECT_NEAR(at(crossEntropy(logits, target, "mean", -100, 0.0, w)), (2 * l0 + 0.5 * l1) / 2.5, 1e-6);
    EXPECT_NEAR(at(crossEntropy(logits, target, "sum", -100, 0.0, w)), 2 * l0 + 0.5 * l1, 1e-6);
    EXPECT_NEAR(crossEntropy(logits, target, "none", -100, 0.0, w).flatDouble(1), 0.5 * l1, 1e-6);
    const double eps = 0.3;
    const double r0 = (1 - eps) * 2 * l0 + eps / 3 * (2 * l0 + 1 * big + 0.5 * big);
    const double r1 = (1 - eps) * 0.5 * l1 + eps / 3 * (3.5 * l1);
    EXPECT_NEAR(at(crossEntropy(logits, target, "mean", -100, eps, w)), (r0 + r1) / 2.5, 1e-6);
    EXPECT_NEAR(at(crossEntropy(logits, ivec({0, -100}), "mean", -100, eps, w)), r0 / 2, 1e-6);
    const Tensor probs = mat({{1, 0, 0}, {0, 0, 1}});
    EXPECT_NEAR(at(crossEntropy(logits, probs, "mean", -100, 0.0, w)), (2 * l0 + 0.5 * l1) / 2, 1e-6);
    EXPECT_THROW(crossEntropy(logits, target, "mean", -100, 0.0, vec({1, 2})), TensorError);
}
