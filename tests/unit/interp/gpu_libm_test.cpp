// libdevice's logf / sinf / cosf re-implemented (core/interp/gpu_libm.h). Bit-exactness with
// compiled Triton is checked on the oracle's inputs in math_eval_test.cpp; here: special
// values, the denormal flush, and accuracy over the whole float range (which would catch a
// wrong constant or a broken Payne-Hanek reduction that the oracle's few huge inputs miss).

#include "core/interp/gpu_libm.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace tsm::interp::test {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

std::int64_t ulps(float a, float b)
{
    auto key = [](float f) {
        const std::int32_t i = std::bit_cast<std::int32_t>(f);
        return i < 0 ? std::int64_t(std::numeric_limits<std::int32_t>::min()) - i : std::int64_t(i);
    };
    return std::llabs(key(a) - key(b));
}

bool sameBits(float a, float b)
{
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

TEST(GpuLibmTest, LogSpecialValues)
{
    EXPECT_EQ(gpuLogf(0.0f), -kInf);
    EXPECT_EQ(gpuLogf(-0.0f), -kInf);
    EXPECT_TRUE(std::isnan(gpuLogf(-1.0f)));
    EXPECT_TRUE(std::isnan(gpuLogf(-kInf)));
    EXPECT_TRUE(std::isnan(gpuLogf(std::nanf(""))));
    EXPECT_EQ(gpuLogf(kInf), kInf);
    EXPECT_TRUE(sameBits(gpuLogf(1.0f), 0.0f));
    // Denormal inputs are scaled, not flushed: log(2^-149) = -149 ln 2.
    EXPECT_LE(ulps(gpuLogf(0x1p-149f), float(-149.0 * std::log(2.0))), 1);
    EXPECT_LE(ulps(gpuLogf(std::numeric_limits<float>::max()), 88.72283905206835f), 1);
}

TEST(GpuLibmTest, SinCosSpecialValuesAndDenormalFlush)
{
    EXPECT_TRUE(sameBits(gpuSinf(0.0f), 0.0f));
    EXPECT_TRUE(sameBits(gpuSinf(-0.0f), -0.0f));
    EXPECT_EQ(gpuCosf(0.0f), 1.0f);
    // fma.rn.ftz flushes a denormal argument to a signed zero.
    EXPECT_TRUE(sameBits(gpuSinf(1e-40f), 0.0f));
    EXPECT_TRUE(sameBits(gpuSinf(-1e-40f), -0.0f));
    EXPECT_EQ(gpuCosf(1e-40f), 1.0f);
    for (float x : {kInf, -kInf, std::nanf("")}) {
        EXPECT_TRUE(std::isnan(gpuSinf(x))) << x;
        EXPECT_TRUE(std::isnan(gpuCosf(x))) << x;
    }
    // sin(float(pi)) is the tiny difference between pi and its float.
    EXPECT_LE(ulps(gpuSinf(3.14159274f), float(std::sin(double(3.14159274f)))), 1);
}

TEST(GpuLibmTest, WithinOneUlpOfTheCorrectlyRoundedResultOverTheFloatRange)
{
    // Every 4099th positive normal float (about 520k values, both reduction paths: the
    // Cody-Waite one below 105615 and Payne-Hanek above), against double-precision libm.
    std::int64_t worstLog = 0, worstSin = 0, worstCos = 0;
    float atLog = 0, atSin = 0, atCos = 0;
    for (std::uint32_t bits = 0x00800000u; bits < 0x7f800000u; bits += 4099) {
        const float x = std::bit_cast<float>(bits);
        const std::int64_t l = ulps(gpuLogf(x), float(std::log(double(x))));
        const std::int64_t s = ulps(gpuSinf(-x), float(std::sin(-double(x))));
        const std::int64_t c = ulps(gpuCosf(x), float(std::cos(double(x))));
        if (l > worstLog)
            worstLog = l, atLog = x;
        if (s > worstSin)
            worstSin = s, atSin = x;
        if (c > worstCos)
            worstCos = c, atCos = x;
    }
    EXPECT_LE(worstLog, 1) << "log at " << atLog;
    EXPECT_LE(worstSin, 1) << "sin at " << atSin;
    EXPECT_LE(worstCos, 1) << "cos at " << atCos;
}

TEST(GpuLibmTest, BothSidesOfTheReductionThreshold)
{
    for (float x : {105614.99f, 105615.0f, 105615.01f, 1e6f, 1e20f, 3.4e38f}) {
        EXPECT_LE(ulps(gpuSinf(x), float(std::sin(double(x)))), 1) << x;
        EXPECT_LE(ulps(gpuCosf(x), float(std::cos(double(x)))), 1) << x;
    }
}

} // namespace
} // namespace tsm::interp::test
