#include "core/tensor/tensor.h"
#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_ops.h"
#include "tensor_test_util.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tsm;
using namespace tsm::tensor;
using namespace tsm::tensor::test;

TEST(TensorView, ViewSharesStorageAndWritesShow)
{
    Tensor x = arange(Scalar::fromInt(0), Scalar::fromInt(6));
    Tensor v = x.view({2, 3});
    EXPECT_EQ(v.shape(), (Shape{2, 3}));
    EXPECT_EQ(v.strides(), (Shape{3, 1}));
    EXPECT_EQ(v.storage(), x.storage());
    const std::uint64_t before = x.storage()->hostVersion();
    const std::int64_t at[] = {1, 2};
    v.setInt(at, 42);
    EXPECT_EQ(x.flatInt(5), 42);
    EXPECT_GT(x.storage()->hostVersion(), before);
}

TEST(TensorView, ViewInfersMinusOneAndRejectsBadShapes)
{
    Tensor x = zeros({4, 6});
    EXPECT_EQ(x.view({-1, 8}).shape(), (Shape{3, 8}));
    try {
        x.view({5, -1});
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_STREQ(e.what(), "shape '[5, -1]' is invalid for input of size 24");
    }
    EXPECT_THROW(x.view({-1, -1}), TensorError);
}

TEST(TensorView, ViewOfTransposeFailsReshapeCopies)
{
    Tensor x = arange(Scalar::fromInt(0), Scalar::fromInt(6)).view({2, 3});
    Tensor t = x.t();
    EXPECT_FALSE(t.isContiguous());
    EXPECT_EQ(t.strides(), (Shape{1, 3}));
    try {
        t.view({6});
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_NE(std::string(e.what()).find("Use .reshape(...) instead."), std::string::npos);
    }
    Tensor r = t.reshape({6});
    EXPECT_NE(r.storage(), x.storage());
    EXPECT_EQ(values(r), (std::vector<double>{0, 3, 1, 4, 2, 5}));
    // A reshape that can be a view is one.
    EXPECT_EQ(x.reshape({3, 2}).storage(), x.storage());
}

TEST(TensorView, PermuteExpandUnsqueezeSqueeze)
{
    Tensor x = zeros({2, 3, 4});
    Tensor p = x.permute(std::vector<std::int64_t>{2, 0, 1});
    EXPECT_EQ(p.shape(), (Shape{4, 2, 3}));
    EXPECT_EQ(p.strides(), (Shape{1, 12, 4}));
    EXPECT_EQ(x.T().shape(), (Shape{4, 3, 2}));
    Tensor v = vec({1, 2, 3});
    Tensor e = v.expand({2, 3});
    EXPECT_EQ(e.strides(), (Shape{0, 1}));
    EXPECT_EQ(values(e), (std::vector<double>{1, 2, 3, 1, 2, 3}));
    EXPECT_THROW(v.expand({2, 4}), TensorError);
    EXPECT_EQ(v.unsqueeze(0).shape(), (Shape{1, 3}));
    EXPECT_EQ(v.unsqueeze(-1).shape(), (Shape{3, 1}));
    EXPECT_EQ(zeros({1, 3, 1}).squeeze().shape(), (Shape{3}));
    EXPECT_EQ(zeros({1, 3, 1}).squeeze(1).shape(), (Shape{1, 3, 1}));
    EXPECT_THROW(zeros({2, 3}).t().t().permute(std::vector<std::int64_t>{0}), TensorError);
    EXPECT_THROW(zeros({2, 3, 4}).t(), TensorError);
}

TEST(TensorView, DimOutOfRangeIsIndexError)
{
    try {
        zeros({2, 3}).size(2);
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_EQ(e.kind(), TensorError::Kind::Index);
        EXPECT_STREQ(e.what(),
                     "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    }
    EXPECT_EQ(zeros({2, 3}).size(-1), 3);
}

TEST(TensorIndex, BasicIndexingGivesViews)
{
    Tensor x = arange(Scalar::fromInt(0), Scalar::fromInt(12)).view({3, 4});
    std::vector<IndexItem> rowItems{std::int64_t(1)};
    Tensor row = x.index(rowItems);
    EXPECT_EQ(row.shape(), (Shape{4}));
    EXPECT_EQ(values(row), (std::vector<double>{4, 5, 6, 7}));
    EXPECT_EQ(row.storage(), x.storage());
    std::vector<IndexItem> colItems{Slice{}, std::int64_t(-1)};
    EXPECT_EQ(values(x.index(colItems)), (std::vector<double>{3, 7, 11}));
    std::vector<IndexItem> stepItems{Slice{{}, {}, 2}, Slice{1, 3, {}}};
    Tensor s = x.index(stepItems);
    EXPECT_EQ(s.shape(), (Shape{2, 2}));
    EXPECT_EQ(values(s), (std::vector<double>{1, 2, 9, 10}));
    std::vector<IndexItem> noneItems{NoneIndex{}, EllipsisIndex{}, std::int64_t(0)};
    EXPECT_EQ(x.index(noneItems).shape(), (Shape{1, 3}));
    std::vector<IndexItem> tooMany{std::int64_t(0), std::int64_t(0), std::int64_t(0)};
    EXPECT_THROW(x.index(tooMany), TensorError);
    std::vector<IndexItem> outOfRange{std::int64_t(3)};
    try {
        x.index(outOfRange);
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_STREQ(e.what(), "index 3 is out of bounds for dimension 0 with size 3");
    }
}

TEST(TensorIndex, BoolMaskAndIntegerTensors)
{
    Tensor x = vec({1, -2, 3, -4});
    Tensor mask = binary(BinaryOp::Gt, x, num(0));
    std::vector<IndexItem> items{mask};
    Tensor sel = x.index(items);
    EXPECT_EQ(sel.shape(), (Shape{2}));
    EXPECT_EQ(values(sel), (std::vector<double>{1, 3}));
    // x[mask] = 0
    x.indexPut(items, num(0));
    EXPECT_EQ(values(x), (std::vector<double>{0, -2, 0, -4}));

    Tensor m = arange(Scalar::fromInt(0), Scalar::fromInt(12)).view({3, 4});
    std::vector<IndexItem> rows{ivec({2, 0})};
    EXPECT_EQ(values(m.index(rows)), (std::vector<double>{8, 9, 10, 11, 0, 1, 2, 3}));
    std::vector<IndexItem> pairs{ivec({0, 2}), ivec({1, 3})};
    EXPECT_EQ(values(m.index(pairs)), (std::vector<double>{1, 11}));
    std::vector<IndexItem> cols{Slice{}, ivec({0, 3})};
    Tensor c = m.index(cols);
    EXPECT_EQ(c.shape(), (Shape{3, 2}));
    EXPECT_EQ(values(c), (std::vector<double>{0, 3, 4, 7, 8, 11}));
}

TEST(TensorIndex, SliceAssignmentBroadcasts)
{
    Tensor m = zeros({2, 3});
    std::vector<IndexItem> items{Slice{}, std::int64_t(1)};
    m.indexPut(items, vec({5, 6}));
    EXPECT_EQ(values(m), (std::vector<double>{0, 5, 0, 0, 6, 0}));
}

TEST(TensorElement, ConversionRoundsOnce)
{
    // 1 + 2^-11 + 2^-30 is above the fp16 halfway point: a correct rounding goes up, rounding via
    // float32 first would tie and go to even (down).
    Tensor h = Tensor::allocate({1}, DType::F16);
    writeElementDouble(DType::F16, h.data(), 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -30));
    EXPECT_EQ(h.flatDouble(0), 1.0 + std::ldexp(1.0, -10));
    Tensor i = vec({2.7, -2.7, 1e30}).to(DType::I32);
    EXPECT_EQ(i.flatInt(0), 2);
    EXPECT_EQ(i.flatInt(1), -2);
    Tensor b = vec({0.0, 0.5, NAN}).to(DType::I1);
    EXPECT_EQ(values(b), (std::vector<double>{0, 1, 1}));
    Tensor u = ivec({300, -1}).to(DType::U8);
    EXPECT_EQ(values(u), (std::vector<double>{44, 255}));
}

TEST(TensorElement, ItemAndTolist)
{
    EXPECT_EQ(vec({2.5}).item().f, 2.5);
    EXPECT_EQ(ivec({7}).item().kind, Scalar::Kind::Int);
    try {
        vec({1, 2}).item();
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_STREQ(e.what(), "a Tensor with 2 elements cannot be converted to Scalar");
    }
    Nested l = mat({{1, 2}, {3, 4}}).tolist();
    ASSERT_EQ(l.items.size(), 2u);
    EXPECT_EQ(l.items[1].items[0].scalar.f, 3.0);
    EXPECT_EQ(l.items[1].items[0].scalar.kind, Scalar::Kind::Float);
}

TEST(TensorDevice, ParseAndPrint)
{
    EXPECT_EQ(Device::parse("cuda")->str(), "cuda:0");
    EXPECT_EQ(Device::parse("cuda:1")->index, 1);
    EXPECT_EQ(Device::parse("cpu")->str(), "cpu");
    EXPECT_FALSE(Device::parse("tpu"));
    Tensor x = zeros({2});
    Tensor c = x.to(Device{Device::Kind::Cuda, 0});
    EXPECT_TRUE(c.device().isCuda());
    EXPECT_EQ(c.storage(), x.storage());
}
