// assert_close / allclose reports against real PyTorch 2.11's messages (data/torch_reference.json,
// recorded by data/record_torch_outputs.py).

#include "core/tensor/compare.h"
#include "core/tensor/tensor_factory.h"
#include "tensor_test_util.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

using namespace tsm;
using namespace tsm::tensor;
using namespace tsm::tensor::test;

namespace {

std::string recorded(const std::string &name)
{
    std::ifstream in(std::string(TSM_SOURCE_DIR) + "/tests/unit/tensor/data/torch_reference.json");
    return nlohmann::json::parse(in)["assert_close"][name]["message"].get<std::string>();
}

CloseOptions tolerances(double rtol, double atol)
{
    CloseOptions o;
    o.rtol = rtol;
    o.atol = atol;
    return o;
}

const Device kCuda{Device::Kind::Cuda, 0};

} // namespace

TEST(AssertClose, PassesWithinDefaultTolerance)
{
    const run::ValidationReport r = assertClose(vec({1.0, 2.0}), vec({1.0, 2.0 + 1e-6}));
    EXPECT_TRUE(r.passed);
    EXPECT_EQ(r.rtol, 1.3e-6);
    EXPECT_EQ(r.atol, 1e-5);
    EXPECT_EQ(r.total, 2);
    EXPECT_TRUE(r.message.empty());
    // A passing comparison still says how close it was: the greatest differences over all
    // elements (2 + 1e-6 in float32 is 2 + 4 ulps = 2 + 9.5e-7).
    EXPECT_EQ(r.maxAbsIndex, (tensor::Shape{1}));
    EXPECT_GT(r.maxAbsError, 0.0);
    EXPECT_LT(r.maxAbsError, 2e-6);
    EXPECT_NEAR(r.maxRelError, r.maxAbsError / 2.0, 1e-12);
    // Empty tensors (a zero dimension) pass with no differences and no index.
    const run::ValidationReport e = assertClose(zeros({0, 3}), zeros({0, 3}));
    EXPECT_TRUE(e.passed);
    EXPECT_EQ(e.maxAbsError, 0.0);
    EXPECT_TRUE(e.maxAbsIndex.empty());
}

TEST(AssertClose, VectorMessageMatchesPyTorch)
{
    const run::ValidationReport r = assertClose(vec({1, 2, 3}), vec({1, 2.5, 3}));
    EXPECT_FALSE(r.passed);
    EXPECT_EQ(r.message, recorded("vec_f32"));
    EXPECT_EQ(r.mismatched, 1);
    EXPECT_EQ(r.maxAbsError, 0.5);
    EXPECT_EQ(r.maxAbsIndex, (std::vector<std::int64_t>{1}));
    ASSERT_EQ(r.firstMismatches.size(), 1u);
    EXPECT_EQ(r.firstMismatches[0].actual, 2.0);
    EXPECT_EQ(r.firstMismatches[0].expected, 2.5);
    // A 1-D output's heat map is one row: the mismatch in the middle cell.
    EXPECT_EQ(r.heatRows, 1);
    ASSERT_EQ(r.heatCols, 3);
    EXPECT_EQ(r.heat[0], 0.0f);
    EXPECT_GT(r.heat[1], 1.0f);
    EXPECT_EQ(r.heat[2], 0.0f);
}

TEST(AssertClose, MatrixMessageAndHeatMap)
{
    Tensor expected = zeros({3, 4});
    const std::int64_t at[] = {2, 3};
    expected.setDouble(at, 0.5);
    const run::ValidationReport r = assertClose(zeros({3, 4}), expected);
    EXPECT_EQ(r.message, recorded("mat_f32"));
    EXPECT_EQ(r.heatRows, 3);
    EXPECT_EQ(r.heatCols, 4);
    ASSERT_EQ(r.heat.size(), 12u);
    EXPECT_GT(r.heat[11], 1.0f);
    EXPECT_EQ(r.heat[0], 0.0f);
}

TEST(AssertClose, IntegerEqualityMessage)
{
    EXPECT_EQ(assertClose(ivec({1, 2, 3}), ivec({1, 2, 5})).message, recorded("vec_i64"));
}

TEST(AssertClose, ScalarMessage)
{
    EXPECT_EQ(assertClose(vec({1.0}).reshape({}), vec({1.5}).reshape({})).message,
              recorded("scalar_f32"));
}

TEST(AssertClose, AttributeMismatches)
{
    EXPECT_EQ(assertClose(zeros({3}), zeros({4})).message, recorded("shape"));
    EXPECT_EQ(assertClose(zeros({3}), zeros({3}, DType::F64)).message, recorded("dtype"));
    EXPECT_EQ(assertClose(zeros({3}), zeros({3}).to(kCuda)).message, recorded("device"));
}

TEST(AssertClose, NanAndZeroExpected)
{
    EXPECT_EQ(assertClose(vec({NAN, 1.0}), vec({1.0, 1.0})).message, recorded("nan_actual"));
    EXPECT_EQ(assertClose(vec({1.0, 2.0}), vec({0.0, 2.0})).message, recorded("zero_expected"));
    CloseOptions o;
    o.equalNan = true;
    EXPECT_TRUE(assertClose(vec({NAN}), vec({NAN}), o).passed);
}

TEST(AssertClose, MixedDtypesUseLooserTolerances)
{
    CloseOptions o;
    o.checkDtype = false;
    const run::ValidationReport r = assertClose(vec({1.0, 2.0}, DType::F16), vec({1.0, 2.1}), o);
    EXPECT_EQ(r.rtol, 1e-3);
    EXPECT_EQ(r.message, recorded("f16_vs_f32"));
}

TEST(AssertClose, CustomTolerancesAndErrors)
{
    EXPECT_EQ(
        assertClose(vec({1, 2, 3, 4}), vec({1.05, 2, 3.5, 4}), tolerances(0.01, 0.01)).message,
        recorded("custom_tol"));
    CloseOptions onlyRtol;
    onlyRtol.rtol = 0.1;
    try {
        assertClose(zeros({3}), zeros({3}), onlyRtol);
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_EQ(e.kind(), TensorError::Kind::Value);
        EXPECT_EQ(std::string(e.what()), recorded("only_rtol"));
    }
    CloseOptions msg;
    msg.msg = "outputs differ";
    EXPECT_EQ(assertClose(vec({1}), vec({2}), msg).message, "outputs differ");
}

TEST(AssertClose, FirstTenMismatchesOnly)
{
    const run::ValidationReport r = assertClose(zeros({100}), ones({100}));
    EXPECT_EQ(r.mismatched, 100);
    EXPECT_EQ(r.firstMismatches.size(), 10u);
    EXPECT_EQ(r.firstMismatches[9].index, (std::vector<std::int64_t>{9}));
}

TEST(AllClose, BroadcastsAndRequiresSameDtype)
{
    EXPECT_TRUE(allclose(vec({1.0, 1.0}), vec({1.0})));
    EXPECT_FALSE(allclose(vec({1.0, 1.1}), vec({1.0})));
    EXPECT_TRUE(allclose(vec({1.0, 1.1}), vec({1.0}), 0.2, 0.0));
    try {
        allclose(zeros({2}), zeros({2}, DType::F64));
        FAIL();
    } catch (const TensorError &e) {
        EXPECT_STREQ(e.what(), "Float did not match Double");
    }
    const run::ValidationReport r = allcloseReport(vec({1.0, 3.0}), vec({1.0, 1.0}));
    EXPECT_EQ(r.function, "torch.allclose");
    EXPECT_EQ(r.mismatched, 1);
    EXPECT_EQ(r.maxAbsError, 2.0);
}

TEST(AllClose, DefaultTolerancesPerDtype)
{
    EXPECT_EQ(defaultTolerances(DType::BF16), std::make_pair(1.6e-2, 1e-5));
    EXPECT_EQ(defaultTolerances(DType::F64), std::make_pair(1e-7, 1e-7));
    EXPECT_EQ(defaultTolerances(DType::I32), std::make_pair(0.0, 0.0));
}
