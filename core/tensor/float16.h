#pragma once
// IEEE half and bfloat16 <-> float conversions (round to nearest even, NaN kept quiet), shared by
// host tensors and the interpreter. Stored as raw 16-bit patterns.

#include <bit>
#include <cstdint>

namespace tsm {

/// fp16 bits -> float (exact).
inline float halfToFloat(std::uint16_t h)
{
    const std::uint32_t sign = std::uint32_t(h & 0x8000u) << 16;
    std::uint32_t exp = (h >> 10) & 0x1Fu;
    std::uint32_t mant = h & 0x3FFu;
    std::uint32_t bits;
    if (exp == 0x1F) {
        bits = sign | 0x7F800000u | (mant << 13); // inf / nan
    } else if (exp != 0) {
        bits = sign | ((exp + 112) << 23) | (mant << 13);
    } else if (mant == 0) {
        bits = sign; // ±0
    } else {
        // Subnormal: normalize.
        int e = -1;
        do {
            ++e;
            mant <<= 1;
        } while ((mant & 0x400u) == 0);
        bits = sign | std::uint32_t(112 - e) << 23 | ((mant & 0x3FFu) << 13);
    }
    return std::bit_cast<float>(bits);
}

/// float -> fp16 bits, rounding to nearest even; overflow gives ±inf.
inline std::uint16_t floatToHalf(float f)
{
    const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
    const std::uint16_t sign = std::uint16_t((x >> 16) & 0x8000u);
    const std::uint32_t absx = x & 0x7FFFFFFFu;
    if (absx >= 0x7F800000u) // inf or nan
        return sign | (absx > 0x7F800000u ? 0x7E00u : 0x7C00u);
    if (absx >= 0x477FF000u) // rounds to >= 65520: overflow
        return sign | 0x7C00u;
    if (absx < 0x38800000u) { // below the smallest normal half (2^-14): subnormal or zero
        if (absx < 0x33000000u) // below half of the smallest subnormal (2^-25): zero
            return sign;
        const std::uint32_t mant = (absx & 0x7FFFFFu) | 0x800000u;
        const int shift = 126 - int(absx >> 23); // 14..24
        const std::uint32_t value = mant >> shift;
        const std::uint32_t rest = mant & ((1u << shift) - 1);
        const std::uint32_t half = 1u << (shift - 1);
        std::uint32_t r = value;
        if (rest > half || (rest == half && (value & 1u)))
            ++r;
        return sign | std::uint16_t(r);
    }
    std::uint32_t r = absx - 0x38000000u; // rebias exponent (127 - 15) << 23
    const std::uint32_t rest = r & 0x1FFFu;
    r >>= 13;
    if (rest > 0x1000u || (rest == 0x1000u && (r & 1u)))
        ++r;
    return sign | std::uint16_t(r);
}

/// bf16 bits -> float (exact).
inline float bfloat16ToFloat(std::uint16_t b)
{
    return std::bit_cast<float>(std::uint32_t(b) << 16);
}

/// float -> bf16 bits, rounding to nearest even; NaN stays NaN.
inline std::uint16_t floatToBfloat16(float f)
{
    const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u)
        return std::uint16_t((x >> 16) | 0x40u);
    const std::uint32_t rounding = 0x7FFFu + ((x >> 16) & 1u);
    return std::uint16_t((x + rounding) >> 16);
}

} // namespace tsm
