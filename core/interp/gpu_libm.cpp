#include "core/interp/gpu_libm.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace tsm::interp {
namespace {

// The bodies below are always inlined into two copies of each entry point: one compiled for
// CPUs with FMA instructions, where the fused multiply-add is a single instruction, and a
// portable one where it is a call to libm's (exact) fmaf, several times slower.
#define TSM_GPU_LIBM_INLINE [[gnu::always_inline]] inline

/// Sign-preserving flush of a denormal to zero, as the .ftz instruction variants do.
TSM_GPU_LIBM_INLINE float flush(float x)
{
    const std::uint32_t b = std::bit_cast<std::uint32_t>(x);
    return (b & 0x7f800000u) != 0 ? x : std::bit_cast<float>(b & 0x80000000u);
}

/// fma.rn.ftz.f32: denormal operands and a denormal result become signed zeros.
TSM_GPU_LIBM_INLINE float fmaFtz(float a, float b, float c)
{
    return flush(__builtin_fmaf(flush(a), flush(b), flush(c)));
}

/// mul.rn.ftz.f32.
TSM_GPU_LIBM_INLINE float mulFtz(float a, float b)
{
    return flush(flush(a) * flush(b));
}

/// 2/pi as 192 bits, least significant word first (libdevice's __cudart_i2opi_f).
constexpr std::uint32_t kTwoOverPi[6]
    = {0x3c439041u, 0xdb629599u, 0xf534ddc0u, 0xfc2757d1u, 0x4e441529u, 0xa2f9836eu};

/// Payne-Hanek reduction for finite |x| >= 105615: x - q * pi/2 in fp32, the quadrant in *q.
/// The product of the 24-bit significand with the table is kept to 224 bits; the 64 bits after
/// the quadrant bits are scaled by pi/2 in double and rounded once to float.
float reduceLarge(float x, int *q)
{
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
    std::uint32_t sign = bits & 0x80000000u;
    const std::uint32_t e = ((bits >> 23) & 0xffu) - 128u; // >= 16 on this path
    const std::uint32_t significand = (bits << 8) | 0x80000000u;
    std::uint32_t words[7];
    std::uint32_t carry = 0;
    for (int k = 0; k < 6; ++k) {
        const std::uint64_t p = std::uint64_t(kTwoOverPi[k]) * significand + carry;
        words[k] = std::uint32_t(p);
        carry = std::uint32_t(p >> 32);
    }
    words[6] = carry;
    const int idx = 4 - int(e >> 5);
    std::uint32_t hi = words[idx + 2], lo = words[idx + 1];
    const std::uint32_t shift = e & 31u;
    if (shift != 0) {
        hi = (hi << shift) + (lo >> (32 - shift));
        lo = (lo << shift) + (words[idx] >> (32 - shift));
    }
    const std::uint32_t quadrant = hi >> 30;
    hi = (hi << 2) + (lo >> 30);
    lo <<= 2;
    // A fraction of a half or more rounds the quadrant up and leaves a negative remainder.
    const std::uint32_t roundUp = hi >> 31;
    const std::uint32_t qAbs = quadrant + roundUp;
    *q = int(sign != 0 ? 0u - qAbs : qAbs);
    if (roundUp != 0) {
        sign ^= 0x80000000u;
        hi = ~hi;
        lo = ~lo;
    }
    const auto fixed = std::int64_t((std::uint64_t(hi) << 32) | lo);
    const auto r = float(double(fixed) * 0x1.921fb54442d19p-64);
    return sign != 0 ? -r : r;
}

/// The shared body of __nv_sinf and __nv_cosf; cos starts one quadrant later.
TSM_GPU_LIBM_INLINE float trig(float x, int quadrantOffset)
{
    int q = 0;
    float t;
    if (std::fabs(x) < 105615.0f || std::isnan(x)) {
        // Cody-Waite: x - j * pi/2 with pi/2 split in three fp32 parts. f2i.rn of NaN is 0.
        const float j = std::nearbyint(x * 0x1.45f306p-1f);
        q = std::isnan(j) ? 0 : int(j);
        const float jf = float(q);
        t = fmaFtz(jf, -0x1.921fb4p+0f, x);
        t = fmaFtz(jf, -0x1.4442dp-24f, t);
        t = fmaFtz(jf, -0x1.84698ap-48f, t);
    } else if (std::isinf(x)) {
        t = mulFtz(x, 0.0f); // NaN
    } else {
        t = reduceLarge(x, &q);
    }
    q += quadrantOffset;
    const float s = mulFtz(t, t);
    const bool cosine = (q & 1) != 0;
    const float lead = cosine ? 1.0f : t;
    const float scaled = fmaFtz(s, lead, 0.0f);
    float p = cosine ? fmaFtz(0x1.9758p-16f, s, -0x1.6c0fdap-10f) : -0x1.9a82a6p-13f;
    p = fmaFtz(p, s, cosine ? 0x1.555576p-5f : 0x1.110bc8p-7f);
    p = fmaFtz(p, s, cosine ? -0x1.fffffep-2f : -0x1.55555p-3f);
    float r = fmaFtz(p, scaled, lead);
    if ((q & 2) != 0)
        r = fmaFtz(r, -1.0f, 0.0f);
    return r;
}

TSM_GPU_LIBM_INLINE float logBody(float x)
{
    // The kernel's own compare and multiply keep denormals: scale them into the normal range.
    const bool tiny = x < 0x1p-126f;
    const float m = tiny ? x * 0x1p23f : x;
    const float bias = tiny ? -23.0f : 0.0f;
    // Split m = 2^e * f with f in [2/3, 4/3).
    const std::uint32_t mb = std::bit_cast<std::uint32_t>(m);
    const std::uint32_t eBits = (mb - 0x3f2aaaabu) & 0xff800000u;
    const float f = std::bit_cast<float>(mb - eBits);
    const float e = fmaFtz(float(std::int32_t(eBits)), 0x1p-23f, bias);
    const float u = f - 1.0f;
    float p = fmaFtz(-0x1.0aa04ep-3f, u, 0x1.2073ecp-3f);
    p = fmaFtz(p, u, -0x1.f19b98p-4f);
    p = fmaFtz(p, u, 0x1.1e52aap-3f);
    p = fmaFtz(p, u, -0x1.55b172p-3f);
    p = fmaFtz(p, u, 0x1.99da16p-3f);
    p = fmaFtz(p, u, -0x1.fffe44p-3f);
    p = fmaFtz(p, u, 0x1.5554fp-2f);
    p = fmaFtz(p, u, -0.5f);
    p = fmaFtz(p * u, u, u);
    float r = fmaFtz(e, 0x1.62e43p-1f, p);
    constexpr float inf = std::numeric_limits<float>::infinity();
    if (mb >= 0x7f800000u) // +inf, NaN and every negative number (sign bit set)
        r = fmaFtz(m, inf, inf);
    if (m == 0.0f)
        r = -inf;
    return r;
}

TSM_GPU_LIBM_INLINE float log2Body(float x)
{
    // As logBody, with f in [sqrt(1/2), sqrt(2)) and the polynomial in log2 units.
    const bool tiny = x < 0x1p-126f;
    const float m = tiny ? x * 0x1p23f : x;
    const float bias = tiny ? -23.0f : 0.0f;
    const std::uint32_t mb = std::bit_cast<std::uint32_t>(m);
    const std::uint32_t eBits = (mb - 0x3f3504f3u) & 0xff800000u;
    const float f = std::bit_cast<float>(mb - eBits);
    const float e = fmaFtz(float(std::int32_t(eBits)), 0x1p-23f, bias);
    const float u = f - 1.0f;
    float p = fmaFtz(0x1.8d64fep-4f, u, -0x1.58fe6p-3f);
    p = fmaFtz(p, u, 0x1.5f9e54p-3f);
    p = fmaFtz(p, u, -0x1.6e9c86p-3f);
    p = fmaFtz(p, u, 0x1.a417e8p-3f);
    p = fmaFtz(p, u, -0x1.ec7916p-3f);
    p = fmaFtz(p, u, 0x1.277f32p-2f);
    p = fmaFtz(p, u, -0x1.715492p-2f);
    p = fmaFtz(p, u, 0x1.ec7094p-2f);
    p = fmaFtz(p, u, -0x1.715476p-1f);
    p = p * u * u;
    float r = fmaFtz(u, 0x1.715476p+0f, p) + e;
    constexpr float inf = std::numeric_limits<float>::infinity();
    if (mb >= 0x7f800000u) // +inf, NaN and every negative number (sign bit set)
        r = fmaFtz(m, inf, inf);
    if (m == 0.0f)
        r = -inf;
    return r;
}

/// Stand-in for ex2.approx.ftz.f32, the hardware's 2^x (no published algorithm, not recorded):
/// the accurate 2^x with the instruction's flush of denormal arguments and results.
TSM_GPU_LIBM_INLINE float ex2ApproxFtz(float x)
{
    return flush(std::exp2(flush(x)));
}

/// Stand-in for rcp.approx.ftz.f32: the correctly rounded 1/x, denormals flushed.
TSM_GPU_LIBM_INLINE float rcpApproxFtz(float x)
{
    return flush(1.0f / flush(x));
}

TSM_GPU_LIBM_INLINE float erfBody(float x)
{
    // Triton's __nv_erff: below |x| = 1.00295, x + x * p(x^2); above, 1 - 2^(-|x| - |x| q(|x|))
    // with the sign of x. NaN takes the first branch.
    const float t = flush(std::fabs(x));
    const bool big = t >= 0x1.00c1fcp+0f;
    const float u = big ? t : x * x;
    float p = fmaFtz(
        big ? 0x1.139478p-16f : 0x1.63d2d4p-14f, u, big ? -0x1.eac172p-12f : -0x1.ae9a40p-11f);
    p = fmaFtz(p, u, big ? 0x1.590816p-8f : 0x1.55abd4p-8f);
    p = fmaFtz(p, u, big ? -0x1.1902c4p-5f : -0x1.b837cep-6f);
    p = fmaFtz(p, u, big ? 0x1.39f20cp-3f : 0x1.ce315ep-4f);
    p = fmaFtz(p, u, big ? 0x1.d526fcp-1f : -0x1.812758p-2f);
    p = fmaFtz(p, u, big ? 0x1.41b084p-1f : 0x1.06eba6p-3f);
    const float s = big ? -u : x;
    const float r = fmaFtz(p, s, s);
    if (!big)
        return r;
    return std::copysign(1.0f - ex2ApproxFtz(r), x);
}

TSM_GPU_LIBM_INLINE float tanhBody(float x)
{
    // __nv_tanhf: from |x| = 0.6 on, 1 - 2 / (1 + 2^(2 |x| log2(e))) with the sign of x (1 from
    // |x| = 9.0109 on); below, an odd polynomial x + x^3 p(x^2).
    const float a = flush(std::fabs(x));
    if (a >= 0x1.333334p-1f) {
        const float d = 1.0f + ex2ApproxFtz(a * 0x1.715476p+1f);
        const float big = a >= 0x1.205968p+3f ? 1.0f : fmaFtz(rcpApproxFtz(d), -2.0f, 1.0f);
        return std::copysign(big, x);
    }
    const float x2 = x * x;
    float p = fmaFtz(0x1.01e104p-6f, x2, -0x1.ac795cp-5f);
    p = fmaFtz(p, x2, 0x1.10b282p-3f);
    p = fmaFtz(p, x2, -0x1.5553dap-2f);
    p = fmaFtz(p, x2, 0.0f);
    return fmaFtz(p, x, x);
}

/// One copy of every function per instruction set.
struct GpuLibm
{
    float (*log)(float);
    float (*log2)(float);
    float (*erf)(float);
    float (*tanh)(float);
    float (*sin)(float);
    float (*cos)(float);
};

#if defined(__x86_64__) || defined(__i386__)
#define TSM_GPU_LIBM_FMA_CLONE 1
[[gnu::target("fma")]] float logFma(float x)
{
    return logBody(x);
}
[[gnu::target("fma")]] float log2Fma(float x)
{
    return log2Body(x);
}
[[gnu::target("fma")]] float erfFma(float x)
{
    return erfBody(x);
}
[[gnu::target("fma")]] float tanhFma(float x)
{
    return tanhBody(x);
}
[[gnu::target("fma")]] float sinFma(float x)
{
    return trig(x, 0);
}
[[gnu::target("fma")]] float cosFma(float x)
{
    return trig(x, 1);
}
#endif

float logPortable(float x)
{
    return logBody(x);
}
float log2Portable(float x)
{
    return log2Body(x);
}
float erfPortable(float x)
{
    return erfBody(x);
}
float tanhPortable(float x)
{
    return tanhBody(x);
}
float sinPortable(float x)
{
    return trig(x, 0);
}
float cosPortable(float x)
{
    return trig(x, 1);
}

const GpuLibm &gpuLibm()
{
    static const GpuLibm impl = [] {
#ifdef TSM_GPU_LIBM_FMA_CLONE
        __builtin_cpu_init();
        if (__builtin_cpu_supports("fma"))
            return GpuLibm{logFma, log2Fma, erfFma, tanhFma, sinFma, cosFma};
#endif
        return GpuLibm{
            logPortable, log2Portable, erfPortable, tanhPortable, sinPortable, cosPortable};
    }();
    return impl;
}

} // namespace

float gpuLogf(float x)
{
    return gpuLibm().log(x);
}

float gpuLog2f(float x)
{
    return gpuLibm().log2(x);
}

float gpuErff(float x)
{
    return gpuLibm().erf(x);
}

float gpuTanhf(float x)
{
    return gpuLibm().tanh(x);
}

float gpuSinf(float x)
{
    return gpuLibm().sin(x);
}

float gpuCosf(float x)
{
    return gpuLibm().cos(x);
}

} // namespace tsm::interp
