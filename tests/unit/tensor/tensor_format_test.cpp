// print(tensor) against real PyTorch 2.11's output, recorded by data/record_torch_outputs.py on
// the GPU machine into data/torch_reference.json. Each case rebuilds the same tensor in C++.

#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_format.h"
#include "core/tensor/tensor_ops.h"
#include "tensor_test_util.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <functional>
#include <map>

using namespace tsm;
using namespace tsm::tensor;
using namespace tsm::tensor::test;

namespace {

const Device kCuda{Device::Kind::Cuda, 0};

Tensor iarange(std::int64_t n, DType dtype = DType::I64)
{
    return arange(Scalar::fromInt(0), Scalar::fromInt(n), Scalar::fromInt(1), dtype);
}

const std::map<std::string, std::function<Tensor()>> &printCases()
{
    static const std::map<std::string, std::function<Tensor()>> cases = {
        {"f32_vec",
         [] {
             return vec({1, 2, 3});
         }},
        {"f32_vec_cuda",
         [] {
             return vec({1, 2, 3}).to(kCuda);
         }},
        {"f32_mat",
         [] {
             return mat({{0.1234, -1.5}, {2.0, 3.25}});
         }},
        {"f32_sci_small",
         [] {
             return vec({1e-5, 1.0, 100.0});
         }},
        {"f32_int_sci",
         [] {
             return vec({1e10, 1.0});
         }},
        {"f32_int_big",
         [] {
             return vec({123456789.0, 1.0});
         }},
        {"i64_vec",
         [] {
             return ivec({1, 2, 300});
         }},
        {"bool_vec",
         [] {
             return ivec({1, 0}, DType::I1);
         }},
        {"f32_scalar", [] { return vec({3.5}).reshape({}); }},
        {"i64_scalar", [] { return ivec({7}).reshape({}); }},
        {"empty_0x3",
         [] {
             return zeros({0, 3});
         }},
        {"empty_f32", [] { return zeros({0}); }},
        {"empty_i64", [] { return zeros({0}, DType::I64); }},
        {"empty_2x0x3",
         [] {
             return zeros({2, 0, 3});
         }},
        {"summarized_1d", [] { return iarange(2000).to(DType::F32); }},
        {"i64_3d",
         [] {
             return iarange(24).reshape({2, 3, 4});
         }},
        {"summarized_2d",
         [] {
             return iarange(3000).reshape({50, 60});
         }},
        {"f16_vec",
         [] {
             return vec({1.5, 2.25}, DType::F16);
         }},
        {"bf16_cuda",
         [] {
             return vec({1.5, 2.25}, DType::BF16).to(kCuda);
         }},
        {"nonfinite_int",
         [] {
             return vec({NAN, INFINITY, -INFINITY, 1.0});
         }},
        {"nonfinite_frac",
         [] {
             return vec({NAN, 1.5});
         }},
        {"wrapped_rows", [] { return binary(BinaryOp::Div, iarange(30).to(DType::F32), inum(7)); }},
        {"signed_zero",
         [] {
             return vec({0.0, -0.0});
         }},
        {"i32_vec",
         [] {
             return ivec({1, 2}, DType::I32);
         }},
        {"small_negative",
         [] {
             return vec({-1.0e-3, 5.5});
         }},
        {"i64_wrapped", [] { return binary(BinaryOp::Mul, iarange(100), inum(1000)); }},
        {"f64_vec",
         [] {
             return vec({0.1, 0.2, 0.3}, DType::F64);
         }},
        {"f32_3d",
         [] {
             Tensor t = binary(BinaryOp::Sub, iarange(12).reshape({2, 2, 3}), num(5.5));
             return binary(BinaryOp::Div, t, inum(3));
         }},
        {"u8_vec", [] { return ones({3}, DType::U8); }},
        {"f16_cuda_wrap",
         [] { return binary(BinaryOp::Div, iarange(20, DType::F16).to(kCuda), inum(3)); }},
        {"all_zero",
         [] {
             return zeros({2, 2});
         }},
        {"big_range",
         [] {
             return vec({1e-3, 1e3, 5.0});
         }},
        {"summarized_3d",
         [] {
             return binary(
                 BinaryOp::Div, iarange(2400).reshape({10, 12, 20}).to(DType::F32), inum(10));
         }},
    };
    return cases;
}

nlohmann::json reference()
{
    std::ifstream in(std::string(TSM_SOURCE_DIR) + "/tests/unit/tensor/data/torch_reference.json");
    return nlohmann::json::parse(in);
}

} // namespace

TEST(TensorFormat, MatchesRecordedPyTorchOutput)
{
    const nlohmann::json ref = reference();
    ASSERT_EQ(ref["print"].size(), printCases().size());
    for (const auto &[name, build] : printCases()) {
        SCOPED_TRACE(name + ": " + ref["print"][name]["expr"].get<std::string>());
        EXPECT_EQ(formatTensor(build()), ref["print"][name]["str"].get<std::string>());
    }
}

TEST(TensorFormat, HandWrittenCases)
{
    EXPECT_EQ(formatTensor(vec({0.5, -0.25})), "tensor([ 0.5000, -0.2500])");
    EXPECT_EQ(formatTensor(ivec({-3, 10}, DType::I16)), "tensor([-3, 10], dtype=torch.int16)");
    EXPECT_EQ(formatTensor(vec({2.0}, DType::F64).reshape({})), "tensor(2., dtype=torch.float64)");
}

TEST(TensorFormat, PrintOptionsPrecisionAndSciMode)
{
    PrintOptions opts;
    opts.precision = 2;
    EXPECT_EQ(formatTensor(vec({1.12345}), opts), "tensor([1.12])");
    opts.sciMode = true;
    EXPECT_EQ(formatTensor(vec({1.5}), opts), "tensor([1.50e+00])");
    PrintOptions small;
    small.threshold = 5;
    EXPECT_EQ(formatTensor(iarange(10), small), "tensor([0, 1, 2,  ..., 7, 8, 9])");
}

TEST(TensorFormat, PythonFloatRepr)
{
    EXPECT_EQ(formatPythonFloat(1e-5), "1e-05");
    EXPECT_EQ(formatPythonFloat(1.3e-6), "1.3e-06");
    EXPECT_EQ(formatPythonFloat(0.5), "0.5");
    EXPECT_EQ(formatPythonFloat(1.0), "1.0");
    EXPECT_EQ(formatPythonFloat(0.0001), "0.0001");
    EXPECT_EQ(formatPythonFloat(1e16), "1e+16");
    EXPECT_EQ(formatPythonFloat(123456789012345.0), "123456789012345.0");
    EXPECT_EQ(formatPythonFloat(double(0.2f)), "0.20000000298023224");
    EXPECT_EQ(formatPythonFloat(-INFINITY), "-inf");
    EXPECT_EQ(formatPythonFloat(NAN), "nan");
}
