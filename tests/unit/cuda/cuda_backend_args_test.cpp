// The host copies of kernel arguments (core/cuda/launch_args.h) and the grid limits.

#include "core/cuda/launch_args.h"

#include <gtest/gtest.h>

#include <cstring>

namespace tsm::cuda {
namespace {

LaunchArg intArg(std::int64_t v)
{
    LaunchArg a;
    a.kind = LaunchArg::Kind::Int;
    a.i = v;
    return a;
}

LaunchArg floatArg(double v)
{
    LaunchArg a;
    a.kind = LaunchArg::Kind::Float;
    a.f = v;
    return a;
}

template <class T> T as(const KernelArgs &args, std::size_t k)
{
    EXPECT_EQ(args.bytes(k).size(), sizeof(T));
    T v{};
    std::memcpy(&v, args.bytes(k).data(), sizeof(T));
    return v;
}

TEST(CudaBackendArgs, ScalarsTakeTheParameterCType)
{
    KernelArgs args;
    std::string why;
    ASSERT_TRUE(args.addScalar(DType::I32, intArg(-7), &why));
    ASSERT_TRUE(args.addScalar(DType::I64, intArg(std::int64_t(1) << 40), &why));
    ASSERT_TRUE(args.addScalar(DType::F32, floatArg(1.5), &why));
    ASSERT_TRUE(args.addScalar(DType::F64, floatArg(0.1), &why));
    ASSERT_TRUE(args.addScalar(DType::F16, floatArg(1.0), &why));
    ASSERT_TRUE(args.addScalar(DType::BF16, floatArg(-2.0), &why));
    ASSERT_TRUE(args.addScalar(DType::U64, intArg(-1), &why)); // U64 values travel as bits
    ASSERT_TRUE(args.addScalar(DType::F32, intArg(3), &why));  // an int where fp32 is declared
    ASSERT_EQ(args.size(), 8u);
    EXPECT_EQ(as<std::int32_t>(args, 0), -7);
    EXPECT_EQ(as<std::int64_t>(args, 1), std::int64_t(1) << 40);
    EXPECT_EQ(as<float>(args, 2), 1.5f);
    EXPECT_EQ(as<double>(args, 3), 0.1);
    EXPECT_EQ(as<std::uint16_t>(args, 4), 0x3C00);
    EXPECT_EQ(as<std::uint16_t>(args, 5), 0xC000);
    EXPECT_EQ(as<std::uint64_t>(args, 6), ~std::uint64_t(0));
    EXPECT_EQ(as<float>(args, 7), 3.0f);
}

TEST(CudaBackendArgs, BoolsAreOneByte)
{
    KernelArgs args;
    LaunchArg b;
    b.kind = LaunchArg::Kind::Bool;
    b.i = 1;
    ASSERT_TRUE(args.addScalar(DType::I1, b, nullptr));
    EXPECT_EQ(as<std::uint8_t>(args, 0), 1);
}

TEST(CudaBackendArgs, PointersAreDeviceAddresses)
{
    KernelArgs args;
    args.addPointer(0x7f0000001000ull + 64);
    ASSERT_TRUE(args.addScalar(DType::I32, intArg(4), nullptr));
    void **p = args.pointers();
    std::uint64_t addr = 0;
    std::memcpy(&addr, p[0], 8);
    EXPECT_EQ(addr, 0x7f0000001040ull);
    std::int32_t n = 0;
    std::memcpy(&n, p[1], 4);
    EXPECT_EQ(n, 4);
}

TEST(CudaBackendArgs, TensorWhereScalarExpectedIsAnError)
{
    KernelArgs args;
    LaunchArg t;
    t.kind = LaunchArg::Kind::Pointer;
    t.label = "n <- x";
    std::string why;
    EXPECT_FALSE(args.addScalar(DType::I32, t, &why));
    EXPECT_NE(why.find("'n <- x' is a tensor"), std::string::npos) << why;
    EXPECT_EQ(args.size(), 0u);
}

TEST(CudaBackendArgs, GridLimits)
{
    EXPECT_EQ(checkGridLimits({1, 1, 1}), "");
    EXPECT_EQ(checkGridLimits({(std::int64_t(1) << 31) - 1, 65535, 65535}), "");
    std::string x = checkGridLimits({std::int64_t(1) << 31, 1, 1});
    EXPECT_NE(x.find("2147483648 programs along axis 0"), std::string::npos) << x;
    std::string y = checkGridLimits({1, 65536, 1});
    EXPECT_NE(y.find("axis 1"), std::string::npos) << y;
    std::string z = checkGridLimits({1, 1, 70000});
    EXPECT_NE(z.find("axis 2"), std::string::npos) << z;
}

} // namespace
} // namespace tsm::cuda
