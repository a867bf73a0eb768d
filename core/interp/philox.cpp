#include "core/interp/philox.h"

#include "core/interp/gpu_libm.h"
#include "core/interp/hw_approx.h"

#include <cmath>

namespace tsm::interp {

std::array<std::uint32_t, 4>
philox4x32(std::array<std::uint32_t, 4> c, std::uint32_t k0, std::uint32_t k1, int rounds)
{
    constexpr std::uint32_t kKeyA = 0x9E3779B9u, kKeyB = 0xBB67AE85u;
    constexpr std::uint32_t kRoundA = 0xD2511F53u, kRoundB = 0xCD9E8D57u;
    for (int r = 0; r < rounds; ++r) {
        const std::uint64_t pb = std::uint64_t(kRoundB) * c[2];
        const std::uint64_t pa = std::uint64_t(kRoundA) * c[0];
        const std::uint32_t c0 = std::uint32_t(pb >> 32) ^ c[1] ^ k0;
        const std::uint32_t c2 = std::uint32_t(pa >> 32) ^ c[3] ^ k1;
        c = {c0, std::uint32_t(pb), c2, std::uint32_t(pa)};
        k0 += kKeyA;
        k1 += kKeyB;
    }
    return c;
}

std::array<std::uint64_t, 4>
philox4x64(std::array<std::uint64_t, 4> c, std::uint64_t k0, std::uint64_t k1, int rounds)
{
    constexpr std::uint64_t kKeyA = 0x9E3779B97F4A7C15ull, kKeyB = 0xBB67AE8584CAA73Bull;
    constexpr std::uint64_t kRoundA = 0xD2E7470EE14C6C93ull, kRoundB = 0xCA5A826395121157ull;
    for (int r = 0; r < rounds; ++r) {
        const unsigned __int128 pb = (unsigned __int128)kRoundB * c[2];
        const unsigned __int128 pa = (unsigned __int128)kRoundA * c[0];
        const std::uint64_t c0 = std::uint64_t(pb >> 64) ^ c[1] ^ k0;
        const std::uint64_t c2 = std::uint64_t(pa >> 64) ^ c[3] ^ k1;
        c = {c0, std::uint64_t(pb), c2, std::uint64_t(pa)};
        k0 += kKeyA;
        k1 += kKeyB;
    }
    return c;
}

std::array<std::uint32_t, 4> randint4x32(std::uint64_t seed, std::uint32_t offset, int rounds)
{
    return philox4x32({offset, 0, 0, 0}, std::uint32_t(seed), std::uint32_t(seed >> 32), rounds);
}

std::array<std::uint64_t, 4> randint4x64(std::uint64_t seed, std::uint64_t offset, int rounds)
{
    return philox4x64({offset, 0, 0, 0}, seed, 0, rounds);
}

float uniformFromBits32(std::uint32_t bits)
{
    // x.to(int32, bitcast) ; where(x < 0, -x - 1, x) ; x * 4.6566127342e-10 in fp32.
    std::int32_t x = std::int32_t(bits);
    if (x < 0)
        x = -(x + 1);
    return float(x) * 4.6566127342e-10f;
}

float uniformFromBits64(std::uint64_t bits)
{
    std::int64_t x = std::int64_t(bits);
    if (x < 0)
        x = -(x + 1);
    return float(x) * 1.0842020432385337e-19f;
}

float normalFromUniform(float u1, float u2)
{
    // As compiled Triton computes it, bit for bit: log and cos are libdevice's (gpu_libm.h),
    // sqrt is the hardware's sqrt.approx.ftz.f32 (hw_approx.h).
    u1 = std::fmax(1.0e-7f, u1);
    const float th = 6.283185307179586f * u2;
    const float r = sqrtApproxFtz(-2.0f * gpuLogf(u1));
    return r * gpuCosf(th);
}

} // namespace tsm::interp
