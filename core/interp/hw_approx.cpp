#include "core/interp/hw_approx.h"

#include <zlib.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

extern "C" {
extern const unsigned char tsm_sqrt_approx_table[], tsm_sqrt_approx_table_end[];
extern const unsigned char tsm_rsqrt_approx_table[], tsm_rsqrt_approx_table_end[];
}

namespace tsm::interp {
namespace {

constexpr std::size_t kEntries = std::size_t(1) << 24; ///< (exponent parity, 23-bit mantissa)

/// One recorded table, kept as 2-bit deltas (+2 biased: -2..1). Built once, by the function-local
/// statics below (thread-safe initialization), so a lookup is a plain array read.
class DeltaTable
{
public:
    DeltaTable(const unsigned char *begin, const unsigned char *end, const char *name)
        : m_packed(std::make_unique<std::uint8_t[]>(kEntries / 4))
    {
        auto raw = std::make_unique<signed char[]>(kEntries);
        uLongf size = kEntries;
        const int rc = uncompress(
            reinterpret_cast<Bytef *>(raw.get()), &size, begin, uLong(end - begin));
        if (rc != Z_OK || size != kEntries) {
            // The table is part of the binary: a failure here is a broken build, not bad input.
            std::fprintf(stderr, "tilesmith: the built-in %s table is corrupt\n", name);
            std::abort();
        }
        for (std::size_t i = 0; i < kEntries; ++i)
            m_packed[i >> 2] |= std::uint8_t((raw[i] + 2) & 3) << ((i & 3) * 2);
    }

    int operator[](std::uint32_t i) const
    {
        return int((m_packed[i >> 2] >> ((i & 3) * 2)) & 3) - 2;
    }

private:
    std::unique_ptr<std::uint8_t[]> m_packed;
};

const DeltaTable &sqrtTable()
{
    static const DeltaTable t(tsm_sqrt_approx_table, tsm_sqrt_approx_table_end, "sqrt.approx");
    return t;
}

const DeltaTable &rsqrtTable()
{
    static const DeltaTable t(tsm_rsqrt_approx_table, tsm_rsqrt_approx_table_end, "rsqrt.approx");
    return t;
}

constexpr std::uint32_t kCanonicalNan = 0x7fffffffu;

/// A positive normal x = b * 2^(2 * half) with b in [1, 4): the table index of b, b, and half.
struct Reduced
{
    std::uint32_t index;
    float base;
    int half;
};

Reduced reduce(std::uint32_t bits)
{
    const int e = int((bits >> 23) & 0xff) - 127;
    const int parity = e & 1;
    const std::uint32_t mantissa = bits & 0x7fffffu;
    return {(std::uint32_t(parity) << 23) | mantissa,
            std::bit_cast<float>((std::uint32_t(127 + parity) << 23) | mantissa),
            (e - parity) / 2};
}

} // namespace

float sqrtApproxFtz(float x)
{
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
    const std::uint32_t sign = bits >> 31, exponent = (bits >> 23) & 0xff;
    if (exponent == 0)
        return std::bit_cast<float>(sign << 31); // zero or flushed denormal: a signed zero
    if (sign || exponent == 255)
        return std::bit_cast<float>(sign == 0 && (bits & 0x7fffffu) == 0 ? 0x7f800000u
                                                                          : kCanonicalNan);
    const Reduced r = reduce(bits);
    const std::int64_t out = std::int64_t(std::bit_cast<std::uint32_t>(std::sqrt(r.base)))
                             + sqrtTable()[r.index] + std::int64_t(r.half) * (1 << 23);
    return std::bit_cast<float>(std::uint32_t(out));
}

float rsqrtApproxFtz(float x)
{
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
    const std::uint32_t sign = bits >> 31, exponent = (bits >> 23) & 0xff;
    if (exponent == 0)
        return std::bit_cast<float>(sign ? 0xff800000u : 0x7f800000u);
    if (sign || exponent == 255)
        return std::bit_cast<float>(sign == 0 && (bits & 0x7fffffu) == 0 ? 0u : kCanonicalNan);
    const Reduced r = reduce(bits);
    // The recording's reference: 1 / sqrt in double, rounded once to fp32.
    const float rounded = float(1.0 / std::sqrt(double(r.base)));
    const std::int64_t out = std::int64_t(std::bit_cast<std::uint32_t>(rounded))
                             + rsqrtTable()[r.index] - std::int64_t(r.half) * (1 << 23);
    return std::bit_cast<float>(std::uint32_t(out));
}

} // namespace tsm::interp
