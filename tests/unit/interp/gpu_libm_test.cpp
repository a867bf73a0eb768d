// libdevice's logf / log2f / sinf / cosf / erff / tanhf re-implemented (core/interp/gpu_libm.h).
// Bit-exactness with compiled Triton is checked on the oracle's inputs in math_eval_test.cpp;
// here: special values, the denormal flush, and accuracy over the whole float range (which would
// catch a wrong constant or a broken Payne-Hanek reduction that the oracle's few huge inputs
// miss).

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

TEST(GpuLibmTest, Log2SpecialValues)
{
    EXPECT_EQ(gpuLog2f(0.0f), -kInf);
    EXPECT_EQ(gpuLog2f(-0.0f), -kInf);
    EXPECT_TRUE(std::isnan(gpuLog2f(-1.0f)));
    EXPECT_TRUE(std::isnan(gpuLog2f(-1e-40f)));
    EXPECT_TRUE(std::isnan(gpuLog2f(-kInf)));
    EXPECT_TRUE(std::isnan(gpuLog2f(std::nanf(""))));
    EXPECT_EQ(gpuLog2f(kInf), kInf);
    // Powers of two are exact, denormal ones included (scaled by 2^23, not flushed).
    EXPECT_TRUE(sameBits(gpuLog2f(1.0f), 0.0f));
    EXPECT_EQ(gpuLog2f(8.0f), 3.0f);
    EXPECT_EQ(gpuLog2f(0x1p-126f), -126.0f);
    EXPECT_EQ(gpuLog2f(0x1p-149f), -149.0f);
    EXPECT_EQ(gpuLog2f(0x1p127f), 127.0f);
    EXPECT_LE(ulps(gpuLog2f(std::numeric_limits<float>::max()), 128.0f), 1);
}

TEST(GpuLibmTest, ErfTanhSpecialValuesAndDenormalFlush)
{
    for (float (*f)(float) : {gpuErff, gpuTanhf}) {
        EXPECT_TRUE(sameBits(f(0.0f), 0.0f));
        EXPECT_TRUE(sameBits(f(-0.0f), -0.0f));
        // fma.rn.ftz flushes a denormal argument to a signed zero.
        EXPECT_TRUE(sameBits(f(1e-40f), 0.0f));
        EXPECT_TRUE(sameBits(f(-1e-40f), -0.0f));
        EXPECT_EQ(f(kInf), 1.0f);
        EXPECT_EQ(f(-kInf), -1.0f);
        EXPECT_EQ(f(100.0f), 1.0f);
        EXPECT_EQ(f(-100.0f), -1.0f);
        EXPECT_TRUE(std::isnan(f(std::nanf(""))));
    }
    // The smallest normal is not flushed: erf(x) = 2x / sqrt(pi), tanh(x) = x.
    EXPECT_LE(ulps(gpuErff(0x1p-126f), float(std::erf(0x1p-126))), 1);
    EXPECT_TRUE(sameBits(gpuTanhf(-0x1p-126f), -0x1p-126f));
    // Both sides of each branch point (erf 1.00295, tanh 0.6 and 9.0109).
    for (float x : {1.0029f, 1.00295f, 1.003f}) {
        EXPECT_LE(ulps(gpuErff(x), float(std::erf(double(x)))), 1) << x;
        EXPECT_LE(ulps(gpuErff(-x), float(std::erf(-double(x)))), 1) << x;
    }
    for (float x : {0.5999999f, 0.6f, 0.6000001f, 9.01f, 9.0109139f, 9.02f}) {
        EXPECT_LE(ulps(gpuTanhf(x), float(std::tanh(double(x)))), 2) << x;
        EXPECT_LE(ulps(gpuTanhf(-x), float(std::tanh(-double(x)))), 2) << x;
    }
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

TEST(GpuLibmTest, Log2ErfTanhAreAccurateOverTheFloatRange)
{
    // Every 4099th positive normal float, both signs for erf and tanh: libdevice's documented
    // bounds (log2f 1 ULP, erff 2, tanhf 2) hold for the re-implementations.
    std::int64_t worstLog2 = 0, worstErf = 0, worstTanh = 0;
    float atLog2 = 0, atErf = 0, atTanh = 0;
    for (std::uint32_t bits = 0x00800000u; bits < 0x7f800000u; bits += 4099) {
        const float x = std::bit_cast<float>(bits);
        const std::int64_t l = ulps(gpuLog2f(x), float(std::log2(double(x))));
        if (l > worstLog2)
            worstLog2 = l, atLog2 = x;
        for (float s : {x, -x}) {
            const std::int64_t e = ulps(gpuErff(s), float(std::erf(double(s))));
            const std::int64_t t = ulps(gpuTanhf(s), float(std::tanh(double(s))));
            if (e > worstErf)
                worstErf = e, atErf = s;
            if (t > worstTanh)
                worstTanh = t, atTanh = s;
        }
    }
    EXPECT_LE(worstLog2, 1) << "log2 at " << atLog2;
    EXPECT_LE(worstErf, 2) << "erf at " << atErf;
    EXPECT_LE(worstTanh, 2) << "tanh at " << atTanh;
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
