#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_ops.h"
#include "tensor_test_util.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tsm;
using namespace tsm::tensor;
using namespace tsm::tensor::test;

namespace {
const Tensor kM = mat({{1, 5, 3}, {4, 2, 6}});
DimList dims(std::vector<std::int64_t> d)
{
    return d;
}
} // namespace

TEST(Reduce, SumMeanProdWithDimsAndKeepdim)
{
    EXPECT_EQ(sum(kM).flatDouble(0), 21);
    EXPECT_EQ(sum(kM).dim(), 0);
    EXPECT_EQ(values(sum(kM, dims({0}))), (std::vector<double>{5, 7, 9}));
    EXPECT_EQ(sum(kM, dims({1}), true).shape(), (Shape{2, 1}));
    EXPECT_EQ(values(sum(kM, dims({0, 1}))), (std::vector<double>{21}));
    EXPECT_EQ(values(mean(kM, dims({-1}))), (std::vector<double>{3, 4}));
    EXPECT_EQ(values(prod(kM, dims({1}))), (std::vector<double>{15, 48}));
    EXPECT_EQ(sum(ivec({1, 2}, DType::I32)).dtype(), DType::I64);
    EXPECT_EQ(sum(ivec({1, 0, 1}, DType::I1)).flatInt(0), 2);
    EXPECT_THROW(mean(ivec({1, 2})), TensorError);
    EXPECT_TRUE(std::isnan(mean(zeros({0})).flatDouble(0)));
}

TEST(Reduce, SumAccumulatesInDouble)
{
    // 2^24 + 1 + 1 in float32 accumulation would stay at 2^24.
    EXPECT_EQ(sum(vec({16777216.0, 1.0, 1.0})).flatDouble(0), 16777218.0);
}

TEST(Reduce, MaxMinArgmax)
{
    EXPECT_EQ(max(kM).flatDouble(0), 6);
    EXPECT_EQ(min(kM).flatDouble(0), 1);
    const ValuesIndices r = max(kM, 1);
    EXPECT_EQ(values(r.values), (std::vector<double>{5, 6}));
    EXPECT_EQ(values(r.indices), (std::vector<double>{1, 2}));
    EXPECT_EQ(r.indices.dtype(), DType::I64);
    EXPECT_EQ(values(min(kM, 0, true).indices), (std::vector<double>{0, 1, 0}));
    EXPECT_EQ(argmax(kM).flatInt(0), 5);
    EXPECT_EQ(values(argmin(kM, 1)), (std::vector<double>{0, 1}));
    EXPECT_EQ(values(amax(kM, dims({0}))), (std::vector<double>{4, 5, 6}));
    EXPECT_TRUE(std::isnan(max(vec({1, NAN, 3})).flatDouble(0)));
    EXPECT_THROW(max(zeros({0})), TensorError);
    EXPECT_THROW(amax(zeros({2, 0}), dims({1})), TensorError);
}

TEST(Reduce, VarStdLogsumexpAllAny)
{
    const Tensor x = vec({1, 2, 3, 4});
    EXPECT_FLOAT_EQ(var(x).flatDouble(0), 5.0f / 3.0f);
    EXPECT_FLOAT_EQ(var(x, {}, 0).flatDouble(0), 1.25f);
    EXPECT_FLOAT_EQ(tsm::tensor::std(x).flatDouble(0), float(std::sqrt(5.0 / 3.0)));
    EXPECT_FLOAT_EQ(logsumexp(x, dims({0})).flatDouble(0),
                    float(std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0) + std::exp(4.0))));
    EXPECT_EQ(logsumexp(vec({-INFINITY, -INFINITY}), dims({0})).flatDouble(0), -INFINITY);
    EXPECT_EQ(all(vec({1, 2})).flatInt(0), 1);
    EXPECT_EQ(all(vec({1, 0})).flatInt(0), 0);
    EXPECT_EQ(any(vec({0, 0})).flatInt(0), 0);
    EXPECT_EQ(values(any(kM, dims({1}))), (std::vector<double>{1, 1}));
}

TEST(Scan, CumsumCumprod)
{
    EXPECT_EQ(values(cumsum(kM, 1)), (std::vector<double>{1, 6, 9, 4, 6, 12}));
    EXPECT_EQ(values(cumsum(kM, 0)), (std::vector<double>{1, 5, 3, 5, 7, 9}));
    EXPECT_EQ(cumsum(ivec({1, 2}, DType::I32), 0).dtype(), DType::I64);
    EXPECT_EQ(values(cumprod(vec({1, 2, 3}), 0)), (std::vector<double>{1, 2, 6}));
    EXPECT_THROW(cumsum(kM, 2), TensorError);
}

TEST(Scan, SortAndTopk)
{
    const ValuesIndices s = sort(vec({3, NAN, 1, 2}));
    EXPECT_EQ(s.values.flatDouble(0), 1);
    EXPECT_TRUE(std::isnan(s.values.flatDouble(3)));
    EXPECT_EQ(values(s.indices), (std::vector<double>{2, 3, 0, 1}));
    const ValuesIndices t = topk(vec({3, 1, 4, 1, 5}), 2);
    EXPECT_EQ(values(t.values), (std::vector<double>{5, 4}));
    EXPECT_EQ(values(t.indices), (std::vector<double>{4, 2}));
}
