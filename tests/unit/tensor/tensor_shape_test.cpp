#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_ops.h"
#include "tensor_test_util.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tsm;
using namespace tsm::tensor;
using namespace tsm::tensor::test;

TEST(ShapeOps, CatStackFlip)
{
    const Tensor a = mat({{1, 2}}), b = mat({{3, 4}, {5, 6}});
    const Tensor parts[] = {a, b};
    EXPECT_EQ(values(cat(parts, 0)), (std::vector<double>{1, 2, 3, 4, 5, 6}));
    const Tensor mixed[] = {vec({1}), ivec({2})};
    EXPECT_EQ(cat(mixed).dtype(), DType::F32);
    const Tensor bad[] = {a, mat({{1, 2, 3}})};
    try {
        cat(bad, 0);
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_STREQ(e.what(),
                     "Sizes of tensors must match except in dimension 0. Expected size 2 "
                     "but got size 3 for tensor number 1 in the list.");
    }
    const Tensor vs[] = {vec({1, 2}), vec({3, 4})};
    EXPECT_EQ(stack(vs, 1).shape(), (Shape{2, 2}));
    EXPECT_EQ(values(stack(vs, 1)), (std::vector<double>{1, 3, 2, 4}));
    const std::int64_t d0[] = {0};
    const std::int64_t dBoth[] = {0, 1};
    EXPECT_EQ(values(flip(b, d0)), (std::vector<double>{5, 6, 3, 4}));
    EXPECT_EQ(values(flip(b, dBoth)), (std::vector<double>{6, 5, 4, 3}));
    EXPECT_TRUE(flip(b, d0).isContiguous());
}

TEST(ShapeOps, SelectionOps)
{
    const Tensor x = mat({{1, 2, 3}, {4, 5, 6}});
    const Tensor mask = binary(BinaryOp::Gt, x, inum(2));
    EXPECT_EQ(values(maskedSelect(x, mask)), (std::vector<double>{3, 4, 5, 6}));
    EXPECT_EQ(values(indexSelect(x, 1, ivec({2, 0}))), (std::vector<double>{3, 1, 6, 4}));
    const Tensor idx = Tensor(ivec({0, 0, 1, 0}).storage(), DType::I64, {2, 2}, {2, 1}, 0, {});
    EXPECT_EQ(values(gather(x, 1, idx)), (std::vector<double>{1, 1, 5, 4}));
    EXPECT_EQ(values(triu(x)), (std::vector<double>{1, 2, 3, 0, 5, 6}));
    EXPECT_EQ(values(tril(x, -1)), (std::vector<double>{0, 0, 0, 4, 0, 0}));
    EXPECT_EQ(values(nonzero(vec({0, 3, 0, 1}))), (std::vector<double>{1, 3}));
}

TEST(ShapeOps, BincountAndEqual)
{
    EXPECT_EQ(values(bincount(ivec({0, 1, 1, 3}))), (std::vector<double>{1, 2, 0, 1}));
    EXPECT_EQ(bincount(ivec({1}), {}, 4).shape(), (Shape{4}));
    const Tensor w = bincount(ivec({0, 0, 2}), vec({0.5, 0.25, 2}));
    EXPECT_EQ(w.dtype(), DType::F32);
    EXPECT_EQ(values(w), (std::vector<double>{0.75, 0, 2}));
    EXPECT_THROW(bincount(ivec({-1})), TensorError);
    EXPECT_THROW(bincount(vec({1})), TensorError);
    EXPECT_EQ(bincount(ivec({})).numel(), 0);
    EXPECT_TRUE(equal(vec({1, 2}), vec({1, 2})));
    EXPECT_FALSE(equal(vec({1, 2}), vec({1, 3})));
    EXPECT_FALSE(equal(vec({1, 2}), vec({1, 2}).unsqueeze(0)));
    EXPECT_FALSE(equal(vec({NAN}), vec({NAN})));
}
