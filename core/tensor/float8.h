#pragma once
// fp8 <-> float conversions for Triton's two NVIDIA fp8 types (docs/fp8.md): float8e4nv (torch
// float8_e4m3fn: bias 7, max 448, no infinities, NaN is S.1111.111) and float8e5 (torch
// float8_e5m2: bias 15, max 57344, IEEE-like inf and NaN). Shared by host tensors and the
// interpreter; stored as raw 8-bit patterns.
//
// Two rounding behaviours exist and both are needed:
//   - kernels (`x.to(tl.float8e4nv)`, PTX `cvt.rn.satfinite`): round to nearest even, finite
//     overflow and infinities saturate to ±max finite, NaN stays NaN;
//   - torch (`t.to(torch.float8_e4m3fn)`): round to nearest even, overflow becomes NaN (e4m3fn)
//     or inf (e5m2).

#include <cmath>
#include <cstdint>
#include <limits>

namespace tsm {

enum class Fp8Format : std::uint8_t { E4M3FN, E5M2 };
enum class Fp8Overflow : std::uint8_t {
    Saturate, ///< kernels: ±max finite
    Special   ///< torch: NaN (e4m3fn) or ±inf (e5m2)
};

namespace fp8_detail {
struct Params
{
    int mantBits;
    int bias;
    std::uint8_t maxFinite; ///< magnitude bits of the largest finite value
    std::uint8_t overflow;  ///< magnitude bits torch gives an overflow (NaN or inf)
};
inline constexpr Params params(Fp8Format f)
{
    return f == Fp8Format::E4M3FN ? Params{3, 7, 0x7E, 0x7F} : Params{2, 15, 0x7B, 0x7C};
}
} // namespace fp8_detail

/// fp8 bits -> float (exact).
inline float fp8ToFloat(std::uint8_t b, Fp8Format f)
{
    const auto p = fp8_detail::params(f);
    const bool neg = (b & 0x80u) != 0;
    const unsigned mag = b & 0x7Fu;
    const unsigned expField = mag >> p.mantBits;
    const unsigned mant = mag & ((1u << p.mantBits) - 1);
    float v;
    if (f == Fp8Format::E4M3FN && mag == 0x7Fu)
        v = std::numeric_limits<float>::quiet_NaN();
    else if (f == Fp8Format::E5M2 && expField == 31)
        v = mant == 0 ? std::numeric_limits<float>::infinity()
                      : std::numeric_limits<float>::quiet_NaN();
    else if (expField == 0)
        v = std::ldexp(float(mant), 1 - p.bias - p.mantBits);
    else
        v = std::ldexp(float(mant | (1u << p.mantBits)), int(expField) - p.bias - p.mantBits);
    return neg ? -v : v;
}

/// float -> fp8 bits, rounding to nearest even; overflow as `o` says; NaN -> S.1111111.
inline std::uint8_t floatToFp8(float x, Fp8Format f, Fp8Overflow o)
{
    const auto p = fp8_detail::params(f);
    const std::uint8_t sign = std::signbit(x) ? 0x80u : 0u;
    if (std::isnan(x))
        return sign | 0x7Fu;
    const std::uint8_t overflow = o == Fp8Overflow::Saturate ? p.maxFinite : p.overflow;
    const double a = std::fabs(double(x));
    if (std::isinf(a))
        return sign | overflow;
    const int minNormalExp = 1 - p.bias;
    unsigned mag;
    if (a < std::ldexp(1.0, minNormalExp)) {
        // Subnormal: a count of the smallest quantum; a count of 2^mantBits is the smallest
        // normal, whose encoding is that same number.
        mag = unsigned(std::nearbyint(std::ldexp(a, p.bias - 1 + p.mantBits)));
    } else {
        int e = 0;
        const double m = std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
        --e;                                // a = (2m) * 2^e, 2m in [1, 2)
        const double steps = std::nearbyint(std::ldexp(2 * m - 1, p.mantBits));
        const double biased = double(e + p.bias) * double(1u << p.mantBits) + steps;
        // A biased exponent beyond the format's range is an overflow in either rounding mode.
        mag = biased > 127.0 ? 0xFFu : unsigned(biased);
    }
    if (mag > p.maxFinite)
        return sign | overflow;
    return sign | std::uint8_t(mag);
}

} // namespace tsm
