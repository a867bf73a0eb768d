// fp8 conversions (core/tensor/float8.h) against the formats' definitions: every bit pattern, the
// rounding ties, and the two overflow behaviours (kernels saturate, torch does not).

#include "core/tensor/float8.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tsm;

namespace {

constexpr Fp8Format kE4 = Fp8Format::E4M3FN;
constexpr Fp8Format kE5 = Fp8Format::E5M2;
constexpr Fp8Overflow kSat = Fp8Overflow::Saturate;
constexpr Fp8Overflow kTorch = Fp8Overflow::Special;

TEST(Float8, EveryFiniteE4M3PatternRoundTrips)
{
    int finite = 0;
    for (int b = 0; b < 256; ++b) {
        const float v = fp8ToFloat(std::uint8_t(b), kE4);
        if (std::isnan(v)) {
            EXPECT_EQ(b & 0x7F, 0x7F) << b;
            continue;
        }
        ++finite;
        EXPECT_FALSE(std::isinf(v)) << b;
        EXPECT_EQ(floatToFp8(v, kE4, kSat), b) << v;
        EXPECT_EQ(floatToFp8(v, kE4, kTorch), b) << v;
    }
    EXPECT_EQ(finite, 254);
}

TEST(Float8, EveryNonNaNE5M2PatternRoundTrips)
{
    int nans = 0;
    for (int b = 0; b < 256; ++b) {
        const float v = fp8ToFloat(std::uint8_t(b), kE5);
        if (std::isnan(v)) {
            ++nans;
            continue;
        }
        if (std::isinf(v)) {
            EXPECT_EQ(floatToFp8(v, kE5, kTorch), b);
            continue;
        }
        EXPECT_EQ(floatToFp8(v, kE5, kSat), b) << v;
    }
    EXPECT_EQ(nans, 6);
}

TEST(Float8, KnownValuesAndLimits)
{
    EXPECT_EQ(fp8ToFloat(0x7E, kE4), 448.0f);
    EXPECT_EQ(fp8ToFloat(0x01, kE4), std::ldexp(1.0f, -9));
    EXPECT_EQ(fp8ToFloat(0x38, kE4), 1.0f);
    EXPECT_EQ(fp8ToFloat(0x7B, kE5), 57344.0f);
    EXPECT_EQ(fp8ToFloat(0x01, kE5), std::ldexp(1.0f, -16));
    EXPECT_EQ(fp8ToFloat(0x3C, kE5), 1.0f);
    EXPECT_EQ(fp8ToFloat(0xBC, kE5), -1.0f);
    EXPECT_TRUE(std::isinf(fp8ToFloat(0x7C, kE5)));
}

TEST(Float8, RoundsToNearestEven)
{
    // 1 + 1/16 lies halfway between 1 and 1.125 in e4m3: even mantissa (1.0) wins.
    EXPECT_EQ(floatToFp8(1.0625f, kE4, kSat), 0x38);
    // 1 + 3/16 lies halfway between 1.125 and 1.25: 1.25 (mantissa 2) wins.
    EXPECT_EQ(floatToFp8(1.1875f, kE4, kSat), 0x3A);
    EXPECT_EQ(floatToFp8(1.07f, kE4, kSat), 0x39);
    // Half the smallest subnormal rounds to zero, a bit more to the subnormal.
    EXPECT_EQ(floatToFp8(std::ldexp(1.0f, -10), kE4, kSat), 0x00);
    EXPECT_EQ(floatToFp8(std::ldexp(1.5f, -10), kE4, kSat), 0x01);
    EXPECT_EQ(floatToFp8(-std::ldexp(1.0f, -10), kE4, kSat), 0x80);
    // The largest subnormal rounds up into the smallest normal.
    EXPECT_EQ(floatToFp8(std::ldexp(1.0f, -6) * 0.99f, kE4, kSat), 0x08);
    EXPECT_EQ(floatToFp8(-0.0f, kE5, kSat), 0x80);
}

TEST(Float8, KernelsSaturateAndTorchDoesNot)
{
    // 464 ties between 448 and 480 (not finite in e4m3fn): 448 is even.
    EXPECT_EQ(floatToFp8(464.0f, kE4, kSat), 0x7E);
    EXPECT_EQ(floatToFp8(464.0f, kE4, kTorch), 0x7E);
    EXPECT_EQ(floatToFp8(470.0f, kE4, kSat), 0x7E);
    EXPECT_EQ(floatToFp8(470.0f, kE4, kTorch), 0x7F);
    EXPECT_EQ(floatToFp8(-1e30f, kE4, kSat), 0xFE);
    EXPECT_EQ(floatToFp8(-INFINITY, kE4, kSat), 0xFE);
    EXPECT_EQ(floatToFp8(-INFINITY, kE4, kTorch), 0xFF);
    EXPECT_EQ(floatToFp8(1e6f, kE5, kSat), 0x7B);
    EXPECT_EQ(floatToFp8(1e6f, kE5, kTorch), 0x7C);
    EXPECT_EQ(floatToFp8(61440.0f, kE5, kSat), 0x7B);
    EXPECT_EQ(floatToFp8(61440.0f, kE5, kTorch), 0x7C);
    EXPECT_EQ(floatToFp8(NAN, kE5, kSat), 0x7F);
    EXPECT_EQ(floatToFp8(-NAN, kE4, kTorch), 0xFF);
}

} // namespace
