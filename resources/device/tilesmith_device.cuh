// Tilesmith's device header: the helpers generated kernels call (vector loads and stores with
// predicates, Triton's NVIDIA numerics). Handed to NVRTC as "tilesmith_device.cuh" and inlined
// by `tilesmith emit --cuda --standalone`. Owned by core/codegen/cuda_emitter.
#pragma once

// <cuda_fp16.h> / <cuda_bf16.h> are included by the generated code only when a kernel uses
// fp16 / bf16: they are most of NVRTC's parse time for an fp32 kernel.
#if !defined(__CUDACC_RTC__)
// tl.device_print's printf: built into NVRTC, declared by <cstdio> for nvcc (standalone output).
#include <cstdio>
#endif

// tl.device_assert in debug runs reports through the CUDA runtime's assertion hook, as
// Triton's does (the launch then fails with "device-side assert triggered").
extern "C" __device__ void __assertfail(const char *message, const char *file, unsigned int line,
                                        const char *function, decltype(sizeof(0)) charSize);

namespace tsm {

// ---- layout conversions (core/codegen/emit_layout.cpp): N elements in one shared-memory access ----
template <typename T, int N> struct alignas(sizeof(T) * N) vec
{
    T e[N];
};

// ---- global memory: one access of 1, 2, 4, 8 or 16 bytes per call ----
//
// tsm::load<V, Q>(dst, ptr[, pred]) reads V consecutive elements at ptr into dst[0..V-1];
// tsm::store<V, Q>(ptr, src[, pred]) writes them. With a predicate that is false the access
// does not happen (no memory is touched) and dst keeps what it held (Triton's `other`).
// Q selects the PTX qualifiers: 0 none, 1 .ca, 2 .cg, 3 .cv, 4 .L1::evict_first,
// 5 .L1::evict_last. The accesses are inline PTX like Triton's, so a 16-byte access is one
// ld.global.v4.b32 whatever the element type. The PTX predicate guard is spelled "\100p" (octal
// for the at-sign) because CMake's configure_file copies this file (only-at mode) into the binary.

template <int Bytes, int Q> struct Access;

#define TSM_LOAD_QUALS_0 ""
#define TSM_LOAD_QUALS_1 ".ca"
#define TSM_LOAD_QUALS_2 ".cg"
#define TSM_LOAD_QUALS_3 ".cv"
#define TSM_LOAD_QUALS_4 ".L1::evict_first"
#define TSM_LOAD_QUALS_5 ".L1::evict_last"
#define TSM_STORE_QUALS_0 ""
#define TSM_STORE_QUALS_1 ""
#define TSM_STORE_QUALS_2 ".cg"
#define TSM_STORE_QUALS_3 ""
#define TSM_STORE_QUALS_4 ".L1::evict_first"
#define TSM_STORE_QUALS_5 ".L1::evict_last"

#define TSM_ACCESS(Q)                                                                              \
    template <> struct Access<16, Q>                                                               \
    {                                                                                              \
        static __device__ __forceinline__ void load(void *dst, const void *p)                      \
        {                                                                                          \
            uint4 v;                                                                               \
            asm volatile("ld.global" TSM_LOAD_QUALS_##Q ".v4.b32 {%0, %1, %2, %3}, [%4];"          \
                         : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)                              \
                         : "l"(p));                                                                \
            memcpy(dst, &v, 16);                                                         \
        }                                                                                          \
        static __device__ __forceinline__ void load(void *dst, const void *p, bool pred)           \
        {                                                                                          \
            uint4 v;                                                                               \
            memcpy(&v, dst, 16);                                                         \
            asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"                         \
                         "\100p ld.global" TSM_LOAD_QUALS_##Q ".v4.b32 {%0, %1, %2, %3}, [%5];\n\t}"  \
                         : "+r"(v.x), "+r"(v.y), "+r"(v.z), "+r"(v.w)                              \
                         : "r"(int(pred)), "l"(p));                                                \
            memcpy(dst, &v, 16);                                                         \
        }                                                                                          \
        static __device__ __forceinline__ void store(void *p, const void *src)                     \
        {                                                                                          \
            uint4 v;                                                                               \
            memcpy(&v, src, 16);                                                         \
            asm volatile("st.global" TSM_STORE_QUALS_##Q ".v4.b32 [%0], {%1, %2, %3, %4};"         \
                         :                                                                         \
                         : "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w)                          \
                         : "memory");                                                              \
        }                                                                                          \
        static __device__ __forceinline__ void store(void *p, const void *src, bool pred)          \
        {                                                                                          \
            uint4 v;                                                                               \
            memcpy(&v, src, 16);                                                         \
            asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %5, 0;\n\t"                         \
                         "\100p st.global" TSM_STORE_QUALS_##Q ".v4.b32 [%0], {%1, %2, %3, %4};\n\t}" \
                         :                                                                         \
                         : "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w), "r"(int(pred))          \
                         : "memory");                                                              \
        }                                                                                          \
    };                                                                                             \
    template <> struct Access<8, Q>                                                                \
    {                                                                                              \
        static __device__ __forceinline__ void load(void *dst, const void *p)                      \
        {                                                                                          \
            uint2 v;                                                                               \
            asm volatile("ld.global" TSM_LOAD_QUALS_##Q ".v2.b32 {%0, %1}, [%2];"                  \
                         : "=r"(v.x), "=r"(v.y)                                                    \
                         : "l"(p));                                                                \
            memcpy(dst, &v, 8);                                                          \
        }                                                                                          \
        static __device__ __forceinline__ void load(void *dst, const void *p, bool pred)           \
        {                                                                                          \
            uint2 v;                                                                               \
            memcpy(&v, dst, 8);                                                          \
            asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %2, 0;\n\t"                         \
                         "\100p ld.global" TSM_LOAD_QUALS_##Q ".v2.b32 {%0, %1}, [%3];\n\t}"          \
                         : "+r"(v.x), "+r"(v.y)                                                    \
                         : "r"(int(pred)), "l"(p));                                                \
            memcpy(dst, &v, 8);                                                          \
        }                                                                                          \
        static __device__ __forceinline__ void store(void *p, const void *src)                     \
        {                                                                                          \
            uint2 v;                                                                               \
            memcpy(&v, src, 8);                                                          \
            asm volatile("st.global" TSM_STORE_QUALS_##Q ".v2.b32 [%0], {%1, %2};"                 \
                         :                                                                         \
                         : "l"(p), "r"(v.x), "r"(v.y)                                              \
                         : "memory");                                                              \
        }                                                                                          \
        static __device__ __forceinline__ void store(void *p, const void *src, bool pred)          \
        {                                                                                          \
            uint2 v;                                                                               \
            memcpy(&v, src, 8);                                                          \
            asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %3, 0;\n\t"                         \
                         "\100p st.global" TSM_STORE_QUALS_##Q ".v2.b32 [%0], {%1, %2};\n\t}"         \
                         :                                                                         \
                         : "l"(p), "r"(v.x), "r"(v.y), "r"(int(pred))                              \
                         : "memory");                                                              \
        }                                                                                          \
    };                                                                                             \
    template <> struct Access<4, Q>                                                                \
    {                                                                                              \
        static __device__ __forceinline__ void load(void *dst, const void *p)                      \
        {                                                                                          \
            unsigned v;                                                                            \
            asm volatile("ld.global" TSM_LOAD_QUALS_##Q ".b32 %0, [%1];" : "=r"(v) : "l"(p));      \
            memcpy(dst, &v, 4);                                                          \
        }                                                                                          \
        static __device__ __forceinline__ void load(void *dst, const void *p, bool pred)           \
        {                                                                                          \
            unsigned v;                                                                            \
            memcpy(&v, dst, 4);                                                          \
            asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %1, 0;\n\t"                         \
                         "\100p ld.global" TSM_LOAD_QUALS_##Q ".b32 %0, [%2];\n\t}"                   \
                         : "+r"(v)                                                                 \
                         : "r"(int(pred)), "l"(p));                                                \
            memcpy(dst, &v, 4);                                                          \
        }                                                                                          \
        static __device__ __forceinline__ void store(void *p, const void *src)                     \
        {                                                                                          \
            unsigned v;                                                                            \
            memcpy(&v, src, 4);                                                          \
            asm volatile("st.global" TSM_STORE_QUALS_##Q ".b32 [%0], %1;"                          \
                         :                                                                         \
                         : "l"(p), "r"(v)                                                          \
                         : "memory");                                                              \
        }                                                                                          \
        static __device__ __forceinline__ void store(void *p, const void *src, bool pred)          \
        {                                                                                          \
            unsigned v;                                                                            \
            memcpy(&v, src, 4);                                                          \
            asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %2, 0;\n\t"                         \
                         "\100p st.global" TSM_STORE_QUALS_##Q ".b32 [%0], %1;\n\t}"                  \
                         :                                                                         \
                         : "l"(p), "r"(v), "r"(int(pred))                                          \
                         : "memory");                                                              \
        }                                                                                          \
    };                                                                                             \
    template <> struct Access<2, Q>                                                                \
    {                                                                                              \
        static __device__ __forceinline__ void load(void *dst, const void *p)                      \
        {                                                                                          \
            unsigned short v;                                                                      \
            asm volatile("ld.global" TSM_LOAD_QUALS_##Q ".b16 %0, [%1];" : "=h"(v) : "l"(p));      \
            memcpy(dst, &v, 2);                                                          \
        }                                                                                          \
        static __device__ __forceinline__ void load(void *dst, const void *p, bool pred)           \
        {                                                                                          \
            unsigned short v;                                                                      \
            memcpy(&v, dst, 2);                                                          \
            asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %1, 0;\n\t"                         \
                         "\100p ld.global" TSM_LOAD_QUALS_##Q ".b16 %0, [%2];\n\t}"                   \
                         : "+h"(v)                                                                 \
                         : "r"(int(pred)), "l"(p));                                                \
            memcpy(dst, &v, 2);                                                          \
        }                                                                                          \
        static __device__ __forceinline__ void store(void *p, const void *src)                     \
        {                                                                                          \
            unsigned short v;                                                                      \
            memcpy(&v, src, 2);                                                          \
            asm volatile("st.global" TSM_STORE_QUALS_##Q ".b16 [%0], %1;"                          \
                         :                                                                         \
                         : "l"(p), "h"(v)                                                          \
                         : "memory");                                                              \
        }                                                                                          \
        static __device__ __forceinline__ void store(void *p, const void *src, bool pred)          \
        {                                                                                          \
            unsigned short v;                                                                      \
            memcpy(&v, src, 2);                                                          \
            asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %2, 0;\n\t"                         \
                         "\100p st.global" TSM_STORE_QUALS_##Q ".b16 [%0], %1;\n\t}"                  \
                         :                                                                         \
                         : "l"(p), "h"(v), "r"(int(pred))                                          \
                         : "memory");                                                              \
        }                                                                                          \
    };                                                                                             \
    template <> struct Access<1, Q>                                                                \
    {                                                                                              \
        static __device__ __forceinline__ void load(void *dst, const void *p)                      \
        {                                                                                          \
            unsigned v;                                                                            \
            asm volatile("ld.global" TSM_LOAD_QUALS_##Q ".u8 %0, [%1];" : "=r"(v) : "l"(p));       \
            *static_cast<unsigned char *>(dst) = (unsigned char)v;                                 \
        }                                                                                          \
        static __device__ __forceinline__ void load(void *dst, const void *p, bool pred)           \
        {                                                                                          \
            unsigned v = *static_cast<unsigned char *>(dst);                                       \
            asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %1, 0;\n\t"                         \
                         "\100p ld.global" TSM_LOAD_QUALS_##Q ".u8 %0, [%2];\n\t}"                    \
                         : "+r"(v)                                                                 \
                         : "r"(int(pred)), "l"(p));                                                \
            *static_cast<unsigned char *>(dst) = (unsigned char)v;                                 \
        }                                                                                          \
        static __device__ __forceinline__ void store(void *p, const void *src)                     \
        {                                                                                          \
            unsigned v = *static_cast<const unsigned char *>(src);                                 \
            asm volatile("st.global" TSM_STORE_QUALS_##Q ".u8 [%0], %1;"                           \
                         :                                                                         \
                         : "l"(p), "r"(v)                                                          \
                         : "memory");                                                              \
        }                                                                                          \
        static __device__ __forceinline__ void store(void *p, const void *src, bool pred)          \
        {                                                                                          \
            unsigned v = *static_cast<const unsigned char *>(src);                                 \
            asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %2, 0;\n\t"                         \
                         "\100p st.global" TSM_STORE_QUALS_##Q ".u8 [%0], %1;\n\t}"                   \
                         :                                                                         \
                         : "l"(p), "r"(v), "r"(int(pred))                                          \
                         : "memory");                                                              \
        }                                                                                          \
    };

TSM_ACCESS(0)
TSM_ACCESS(1)
TSM_ACCESS(2)
TSM_ACCESS(3)
TSM_ACCESS(4)
TSM_ACCESS(5)
#undef TSM_ACCESS

template <int V, int Q = 0, typename T> __device__ __forceinline__ void load(T *dst, const T *p)
{
    Access<V * int(sizeof(T)), Q>::load(dst, p);
}
template <int V, int Q = 0, typename T>
__device__ __forceinline__ void load(T *dst, const T *p, bool pred)
{
    Access<V * int(sizeof(T)), Q>::load(dst, p, pred);
}
template <int V, int Q = 0, typename T> __device__ __forceinline__ void store(T *p, const T *src)
{
    Access<V * int(sizeof(T)), Q>::store(p, src);
}
template <int V, int Q = 0, typename T>
__device__ __forceinline__ void store(T *p, const T *src, bool pred)
{
    Access<V * int(sizeof(T)), Q>::store(p, src, pred);
}

// ---- Triton's NVIDIA numerics ----

/// fp32 `/`: div.full.f32 (Triton's llvm.nvvm.div.full), not the IEEE division of C's `/`.
__device__ __forceinline__ float div_full(float a, float b)
{
    float r;
    asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    return r;
}
__device__ __forceinline__ double div_rn(double a, double b)
{
    return __ddiv_rn(a, b);
}

/// tl.exp2 on fp32: libdevice's __nv_exp2f on its FTZ path, ex2.approx.ftz.f32 (Triton's PTX).
__device__ __forceinline__ float exp2_approx(float x)
{
    float r;
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
}

/// tl.exp on fp32: ex2.approx.f32 (no .ftz: exp(-100) is a denormal there too) of x * log2(e)
/// (0f3FB8AA3B), unfused, as Triton emits it.
__device__ __forceinline__ float exp_approx(float x)
{
    float r;
    asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(__fmul_rn(x, 1.44269502162933349609375f)));
    return r;
}

/// tl.sqrt / tl.rsqrt on fp32: libdevice's __nv_sqrtf / __nv_rsqrtf as Triton links it (FTZ,
/// no precise sqrt), i.e. the .ftz approximations: a denormal argument gives 0 / infinity.
/// Checked on the H200 against tests/data/oracle/triton_numerics.json (scripts/gpu/numerics.py).
__device__ __forceinline__ float sqrt_approx(float x)
{
    float r;
    asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
}

__device__ __forceinline__ float rsqrt_approx(float x)
{
    float r;
    asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
}

/// A denormal as a zero of its sign (what an .ftz instruction reads and writes): x + (-0) with
/// .ftz is one instruction (Triton's libdevice code does the same), and exact for every other x.
__device__ __forceinline__ float flush_denormal(float x)
{
    float r;
    asm("add.ftz.f32 %0, %1, 0f80000000;" : "=f"(r) : "f"(x));
    return r;
}

/// A denormal as +0; zeros keep their sign.
__device__ __forceinline__ float flush_denormal_to_plus_zero(float x)
{
    return x != 0.0f && fabsf(x) < 1.17549435e-38f ? 0.0f : x;
}

/// tl.sin / tl.cos / libdevice.tanh on fp32: libdevice's FTZ paths (Triton links libdevice with
/// nvvm-reflect-ftz), which differ from the default ones only where an argument or result is
/// denormal: both are flushed to a signed zero.
__device__ __forceinline__ float sin_ftz(float x)
{
    return flush_denormal(sinf(flush_denormal(x)));
}
__device__ __forceinline__ float cos_ftz(float x)
{
    return flush_denormal(cosf(flush_denormal(x)));
}
__device__ __forceinline__ float tanh_ftz(float x)
{
    return flush_denormal(tanhf(flush_denormal(x)));
}

__device__ __forceinline__ float fma_ftz(float a, float b, float c)
{
    float r;
    asm("fma.rn.ftz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c));
    return r;
}

/// tl.erf on fp32 as Triton 3.6 computes it: the libdevice it ships (not CUDA 13's, whose
/// erff differs by 1 ULP on 181 of the oracle's 4096 inputs) on its FTZ path, instruction for
/// instruction as in Triton's PTX. Below |x| = 1.00295: fma(p(x^2), x, x); above: 1 -
/// 2^fma(q(|x|), -|x|, -|x|) with the sign of x; p and q degree-6 polynomials.
__device__ __forceinline__ float erf_ftz(float x)
{
    const float t = flush_denormal(fabsf(x));
    const bool big = t >= __uint_as_float(0x3F8060FEu);
    const float u = big ? t : __fmul_rn(x, x);
    float p = big ? __uint_as_float(0x3789CA3Cu) : __uint_as_float(0x38B1E96Au);
    p = fma_ftz(p, u, big ? __uint_as_float(0xB9F560B9u) : __uint_as_float(0xBA574D20u));
    p = fma_ftz(p, u, big ? __uint_as_float(0x3BAC840Bu) : __uint_as_float(0x3BAAD5EAu));
    p = fma_ftz(p, u, big ? __uint_as_float(0xBD0C8162u) : __uint_as_float(0xBCDC1BE7u));
    p = fma_ftz(p, u, big ? __uint_as_float(0x3E1CF906u) : __uint_as_float(0x3DE718AFu));
    p = fma_ftz(p, u, big ? __uint_as_float(0x3F6A937Eu) : __uint_as_float(0xBEC093ACu));
    p = fma_ftz(p, u, big ? __uint_as_float(0x3F20D842u) : __uint_as_float(0x3E0375D3u));
    const float s = big ? -u : x;
    const float r = fma_ftz(p, s, s);
    if (!big)
        return r;
    float e;
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(e) : "f"(r));
    return copysignf(__fsub_rn(1.0f, e), x);
}

/// tl.minimum / tl.maximum with propagate_nan=ALL: NaN when either operand is NaN.
__device__ __forceinline__ float min_nan(float a, float b)
{
    float r;
    asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    return r;
}
__device__ __forceinline__ float max_nan(float a, float b)
{
    float r;
    asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    return r;
}
__device__ __forceinline__ double min_nan(double a, double b)
{
    return (a != a || b != b) ? __longlong_as_double(0x7ff8000000000000LL) : fmin(a, b);
}
__device__ __forceinline__ double max_nan(double a, double b)
{
    return (a != a || b != b) ? __longlong_as_double(0x7ff8000000000000LL) : fmax(a, b);
}

/// Reinterprets the bits of a value of the same size (tl.bitcast, hex printing).
template <typename To, typename From> __device__ __forceinline__ To bitcast(From x)
{
    static_assert(sizeof(To) == sizeof(From), "bitcast between types of different sizes");
    To y;
    memcpy(&y, &x, sizeof(To));
    return y;
}

// ---- fp8 (docs/fp8.md): values are their bits in an unsigned char ----
// Conversions as Triton's NVIDIA backend makes them: float -> fp8 rounds to nearest even and
// saturates to +-max finite, NaN stays NaN (cvt.rn.satfinite); fp8 -> float is exact. sm_89+
// has the instructions; older GPUs take the same arithmetic in software.
// e4m3 (bias 7, no infinities, 0x7f / 0xff NaN) decoded without the sm_89 instruction.
__device__ __forceinline__ float fp8e4_to_f32_soft(unsigned char b)
{
    const unsigned mag = b & 0x7fu, e = mag >> 3, m = mag & 7u;
    const float v = mag == 0x7fu ? __int_as_float(0x7fc00000)
                    : e == 0     ? ldexpf(float(m), -9) // subnormal: m * 2^(1 - 7 - 3)
                                 : ldexpf(float(m | 8u), int(e) - 10);
    return (b & 0x80u) ? -v : v;
}
template <int M, int Bias, unsigned MaxFinite>
__device__ __forceinline__ unsigned char f32_to_fp8_soft(float x)
{
    const unsigned sign = (__float_as_uint(x) >> 24) & 0x80u;
    if (x != x)
        return (unsigned char)(sign | 0x7fu);
    const float a = fabsf(x);
    unsigned mag;
    if (a >= ldexpf(1.0f, 1 - Bias)) {
        int e;
        const float m = frexpf(a, &e); // a = m * 2^e, m in [0.5, 1); inf gives a huge e
        const float steps = rintf(ldexpf(2.0f * m - 1.0f, M));
        const float biased = float(e - 1 + Bias) * float(1 << M) + steps;
        mag = (a > 3.0e38f || biased > 127.0f) ? 0xffu : unsigned(biased);
    } else {
        mag = unsigned(rintf(ldexpf(a, Bias - 1 + M)));
    }
    return (unsigned char)(sign | (mag > MaxFinite ? MaxFinite : mag));
}
__device__ __forceinline__ float fp8e4_to_f32(unsigned char b)
{
#if __CUDA_ARCH__ >= 890
    unsigned h2;
    float f;
    asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(h2) : "h"((unsigned short)b));
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"((unsigned short)(h2 & 0xffffu)));
    return f;
#else
    return fp8e4_to_f32_soft(b);
#endif
}
__device__ __forceinline__ float fp8e5_to_f32(unsigned char b)
{
    // e5m2 is the top byte of an fp16 (no <cuda_fp16.h> needed: the conversion is one cvt).
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"((unsigned short)(b << 8)));
    return f;
}
__device__ __forceinline__ unsigned char f32_to_fp8e4(float x)
{
#if __CUDA_ARCH__ >= 890
    unsigned short r;
    asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(r) : "f"(0.0f), "f"(x));
    return (unsigned char)(r & 0xffu);
#else
    return f32_to_fp8_soft<3, 7, 0x7eu>(x);
#endif
}
__device__ __forceinline__ unsigned char f32_to_fp8e5(float x)
{
#if __CUDA_ARCH__ >= 890
    unsigned short r;
    asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(r) : "f"(0.0f), "f"(x));
    return (unsigned char)(r & 0xffu);
#else
    return f32_to_fp8_soft<2, 15, 0x7bu>(x);
#endif
}

} // namespace tsm

// ---- reductions and scans (core/codegen/emit_reduce.cpp, emit_scan.cpp) ----
namespace tsm {

/// Warp shuffles of any value of 1, 2, 4 or 8 bytes (float, int, __half, bool, double, ...):
/// the bits travel in one 32-bit or 64-bit word, all 32 lanes take part.
template <typename T> __device__ __forceinline__ T shfl_xor(T v, int laneMask)
{
    if constexpr (sizeof(T) == 8) {
        unsigned long long b;
        memcpy(&b, &v, 8);
        b = __shfl_xor_sync(0xffffffffu, b, laneMask);
        memcpy(&v, &b, 8);
    } else {
        unsigned b = 0;
        memcpy(&b, &v, sizeof(T));
        b = __shfl_xor_sync(0xffffffffu, b, laneMask);
        memcpy(&v, &b, sizeof(T));
    }
    return v;
}
/// The value of the lane `delta` below in a segment of `width` lanes (own value at the start).
template <typename T> __device__ __forceinline__ T shfl_up(T v, unsigned delta, int width)
{
    if constexpr (sizeof(T) == 8) {
        unsigned long long b;
        memcpy(&b, &v, 8);
        b = __shfl_up_sync(0xffffffffu, b, delta, width);
        memcpy(&v, &b, 8);
    } else {
        unsigned b = 0;
        memcpy(&b, &v, sizeof(T));
        b = __shfl_up_sync(0xffffffffu, b, delta, width);
        memcpy(&v, &b, sizeof(T));
    }
    return v;
}
/// The value of the lane `delta` above in a segment of `width` lanes (own value at the end).
template <typename T> __device__ __forceinline__ T shfl_down(T v, unsigned delta, int width)
{
    if constexpr (sizeof(T) == 8) {
        unsigned long long b;
        memcpy(&b, &v, 8);
        b = __shfl_down_sync(0xffffffffu, b, delta, width);
        memcpy(&v, &b, 8);
    } else {
        unsigned b = 0;
        memcpy(&b, &v, sizeof(T));
        b = __shfl_down_sync(0xffffffffu, b, delta, width);
        memcpy(&v, &b, sizeof(T));
    }
    return v;
}

} // namespace tsm
// ---- end of reductions and scans ----

// ---- Philox (core/codegen/emit_random.cpp): tl.randint4x / randint / rand / randn ----
// Triton's python/triton/language/random.py bit for bit: Philox 4x32 (4x64 for 64-bit
// offsets) keyed by the 64-bit seed (low and high words for 32-bit offsets; (seed, 0) for
// 64-bit ones), counter (offset, 0, 0, 0), umulhi as mul.hi; uint_to_uniform_float's
// where(x < 0, -x - 1, x) * scale in fp32; pair_uniform_to_normal with the ops Triton lowers
// them to on NVIDIA: maxnum, libdevice logf / cosf (CUDA's logf / cosf are the same code),
// sqrt.approx.ftz.f32, and fp32 multiplies that are never fused.
namespace tsm {

struct Philox32
{
    unsigned x, y, z, w;
};
struct Philox64
{
    unsigned long long x, y, z, w;
};

template <int Rounds>
__device__ __forceinline__ Philox32 philox(unsigned c0, unsigned c1, unsigned c2, unsigned c3,
                                           unsigned k0, unsigned k1)
{
#pragma unroll
    for (int i = 0; i < Rounds; ++i) {
        const unsigned a = c0, b = c2;
        c0 = __umulhi(0xCD9E8D57u, b) ^ c1 ^ k0;
        c2 = __umulhi(0xD2511F53u, a) ^ c3 ^ k1;
        c1 = 0xCD9E8D57u * b;
        c3 = 0xD2511F53u * a;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    return {c0, c1, c2, c3};
}

template <int Rounds>
__device__ __forceinline__ Philox64 philox(unsigned long long c0, unsigned long long c1,
                                           unsigned long long c2, unsigned long long c3,
                                           unsigned long long k0, unsigned long long k1)
{
#pragma unroll
    for (int i = 0; i < Rounds; ++i) {
        const unsigned long long a = c0, b = c2;
        c0 = __umul64hi(0xCA5A826395121157ull, b) ^ c1 ^ k0;
        c2 = __umul64hi(0xD2E7470EE14C6C93ull, a) ^ c3 ^ k1;
        c1 = 0xCA5A826395121157ull * b;
        c3 = 0xD2E7470EE14C6C93ull * a;
        k0 += 0x9E3779B97F4A7C15ull;
        k1 += 0xBB67AE8584CAA73Bull;
    }
    return {c0, c1, c2, c3};
}

/// tl.randint4x(seed, offset) for 32-bit offsets: key (seed low word, seed high word).
template <int Rounds>
__device__ __forceinline__ Philox32 randint4x(unsigned long long seed, unsigned offset)
{
    return philox<Rounds>(offset, 0u, 0u, 0u, unsigned(seed), unsigned(seed >> 32));
}
/// For 64-bit offsets: Philox 4x64 keyed by (seed, 0).
template <int Rounds>
__device__ __forceinline__ Philox64 randint4x(unsigned long long seed, unsigned long long offset)
{
    return philox<Rounds>(offset, 0ull, 0ull, 0ull, seed, 0ull);
}

/// uint_to_uniform_float: a random word -> fp32 in [0, 1). ~x is -x - 1 without overflow.
__device__ __forceinline__ float uniform_float(unsigned bits)
{
    const int x = int(bits);
    return __fmul_rn(float(x < 0 ? ~x : x), 4.6566127342e-10f);
}
__device__ __forceinline__ float uniform_float(unsigned long long bits)
{
    const long long x = (long long)bits;
    return __fmul_rn(float(x < 0 ? ~x : x), 1.0842020432385337e-19f);
}

/// pair_uniform_to_normal's first output.
__device__ __forceinline__ float normal_float(float u1, float u2)
{
    u1 = fmaxf(1.0e-7f, u1);
    const float th = __fmul_rn(6.283185307179586f, u2);
    float r;
    asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(__fmul_rn(-2.0f, logf(u1))));
    return __fmul_rn(r, cosf(th));
}

template <int Rounds, typename Offset>
__device__ __forceinline__ auto randint(unsigned long long seed, Offset offset)
{
    return randint4x<Rounds>(seed, offset).x;
}
template <int Rounds, typename Offset>
__device__ __forceinline__ float rand(unsigned long long seed, Offset offset)
{
    return uniform_float(randint4x<Rounds>(seed, offset).x);
}
template <int Rounds, typename Offset>
__device__ __forceinline__ float randn(unsigned long long seed, Offset offset)
{
    const auto w = randint4x<Rounds>(seed, offset);
    return normal_float(uniform_float(w.x), uniform_float(w.y));
}

} // namespace tsm
// ---- end of Philox ----

// ---- atomics (core/codegen/emit_atomic.cpp): tl.atomic_* ----
// tsm::atom_<op>_<type><Sem, Scope>(p, v) is one PTX atom.<sem>.<scope>.global.<op>.<type> and
// returns the old value; tsm::red_<op>_<type> the same as a red (no result; relaxed and release
// only, as PTX has them). Sem is the IR's order (0 acq_rel, 1 acquire, 2 release, 3 relaxed),
// Scope 0 gpu, 1 cta, 2 sys. Values travel as their PTX type (fp16 / bf16 as their 16 bits).
// Float max / min are Triton's integer forms (semantic.py atomic_max): a value with the sign
// bit clear takes max.s32 on the bits, one with it set min.u32 (and the reverse for min).
namespace tsm {

#define TSM_ATOM_BRANCH(S, SC, Q, OPTYPE, C)                                                       \
    if constexpr (Sem == S && Scope == SC)                                                         \
        asm volatile("atom" Q ".global." OPTYPE " %0, [%1], %2;"                                  \
                     : "=" C(old)                                                                  \
                     : "l"(p), C(v)                                                                \
                     : "memory");                                                                  \
    else
#define TSM_CAS_BRANCH(S, SC, Q, OPTYPE, C)                                                        \
    if constexpr (Sem == S && Scope == SC)                                                         \
        asm volatile("atom" Q ".global." OPTYPE " %0, [%1], %2, %3;"                              \
                     : "=" C(old)                                                                  \
                     : "l"(p), C(cmp), C(v)                                                        \
                     : "memory");                                                                  \
    else
#define TSM_RED_BRANCH(S, SC, Q, OPTYPE, C)                                                        \
    if constexpr (Sem == S && Scope == SC)                                                         \
        asm volatile("red" Q ".global." OPTYPE " [%0], %1;" : : "l"(p), C(v) : "memory");         \
    else
#define TSM_ALL_QUALS(B, OPTYPE, C)                                                                \
    B(0, 0, ".acq_rel.gpu", OPTYPE, C) B(0, 1, ".acq_rel.cta", OPTYPE, C)                          \
    B(0, 2, ".acq_rel.sys", OPTYPE, C) B(1, 0, ".acquire.gpu", OPTYPE, C)                          \
    B(1, 1, ".acquire.cta", OPTYPE, C) B(1, 2, ".acquire.sys", OPTYPE, C)                          \
    B(2, 0, ".release.gpu", OPTYPE, C) B(2, 1, ".release.cta", OPTYPE, C)                          \
    B(2, 2, ".release.sys", OPTYPE, C) B(3, 0, ".relaxed.gpu", OPTYPE, C)                          \
    B(3, 1, ".relaxed.cta", OPTYPE, C) B(3, 2, ".relaxed.sys", OPTYPE, C)
#define TSM_RED_QUALS(B, OPTYPE, C)                                                                \
    B(2, 0, ".release.gpu", OPTYPE, C) B(2, 1, ".release.cta", OPTYPE, C)                          \
    B(2, 2, ".release.sys", OPTYPE, C) B(3, 0, ".relaxed.gpu", OPTYPE, C)                          \
    B(3, 1, ".relaxed.cta", OPTYPE, C) B(3, 2, ".relaxed.sys", OPTYPE, C)

#define TSM_DEFINE_ATOM(NAME, OPTYPE, T, C)                                                        \
    template <int Sem, int Scope> __device__ __forceinline__ T atom_##NAME(void *p, T v)           \
    {                                                                                              \
        T old;                                                                                     \
        TSM_ALL_QUALS(TSM_ATOM_BRANCH, OPTYPE, C) { static_assert(Sem < 4 && Scope < 3, "sem/scope"); } \
        return old;                                                                                \
    }
#define TSM_DEFINE_RED(NAME, OPTYPE, T, C)                                                         \
    template <int Sem, int Scope> __device__ __forceinline__ void red_##NAME(void *p, T v)         \
    {                                                                                              \
        TSM_RED_QUALS(TSM_RED_BRANCH, OPTYPE, C) { static_assert(Sem == 2 || Sem == 3, "red: relaxed or release"); } \
    }
#define TSM_DEFINE_ATOM_RED(NAME, OPTYPE, T, C)                                                    \
    TSM_DEFINE_ATOM(NAME, OPTYPE, T, C)                                                            \
    TSM_DEFINE_RED(NAME, OPTYPE, T, C)

TSM_DEFINE_ATOM_RED(add_u32, "add.u32", unsigned, "r")
TSM_DEFINE_ATOM_RED(add_u64, "add.u64", unsigned long long, "l")
TSM_DEFINE_ATOM_RED(add_f32, "add.f32", float, "f")
TSM_DEFINE_ATOM_RED(add_f64, "add.f64", double, "d")
TSM_DEFINE_ATOM_RED(add_f16, "add.noftz.f16", unsigned short, "h")
TSM_DEFINE_ATOM_RED(max_s32, "max.s32", int, "r")
TSM_DEFINE_ATOM_RED(max_u32, "max.u32", unsigned, "r")
TSM_DEFINE_ATOM_RED(max_s64, "max.s64", long long, "l")
TSM_DEFINE_ATOM_RED(max_u64, "max.u64", unsigned long long, "l")
TSM_DEFINE_ATOM_RED(min_s32, "min.s32", int, "r")
TSM_DEFINE_ATOM_RED(min_u32, "min.u32", unsigned, "r")
TSM_DEFINE_ATOM_RED(min_s64, "min.s64", long long, "l")
TSM_DEFINE_ATOM_RED(min_u64, "min.u64", unsigned long long, "l")
TSM_DEFINE_ATOM_RED(and_b32, "and.b32", unsigned, "r")
TSM_DEFINE_ATOM_RED(and_b64, "and.b64", unsigned long long, "l")
TSM_DEFINE_ATOM_RED(or_b32, "or.b32", unsigned, "r")
TSM_DEFINE_ATOM_RED(or_b64, "or.b64", unsigned long long, "l")
TSM_DEFINE_ATOM_RED(xor_b32, "xor.b32", unsigned, "r")
TSM_DEFINE_ATOM_RED(xor_b64, "xor.b64", unsigned long long, "l")
TSM_DEFINE_ATOM(exch_b32, "exch.b32", unsigned, "r")
TSM_DEFINE_ATOM(exch_b64, "exch.b64", unsigned long long, "l")

#define TSM_DEFINE_CAS(NAME, OPTYPE, T, C)                                                         \
    template <int Sem, int Scope> __device__ __forceinline__ T atom_##NAME(void *p, T cmp, T v)   \
    {                                                                                              \
        T old;                                                                                     \
        TSM_ALL_QUALS(TSM_CAS_BRANCH, OPTYPE, C) { static_assert(Sem < 4 && Scope < 3, "sem/scope"); } \
        return old;                                                                                \
    }
TSM_DEFINE_CAS(cas_b16, "cas.b16", unsigned short, "h")
TSM_DEFINE_CAS(cas_b32, "cas.b32", unsigned, "r")
TSM_DEFINE_CAS(cas_b64, "cas.b64", unsigned long long, "l")

/// bf16 add: atom.add.noftz.bf16 from sm_90 on; before, a cas.b16 loop adding in fp32 and
/// rounding to nearest even.
template <int Sem, int Scope> __device__ __forceinline__ unsigned short atom_add_bf16(void *p, unsigned short v)
{
#if __CUDA_ARCH__ >= 900
    unsigned short old;
    TSM_ALL_QUALS(TSM_ATOM_BRANCH, "add.noftz.bf16", "h") {}
    return old;
#else
    unsigned short old = *static_cast<volatile unsigned short *>(p), seen;
    do {
        seen = old;
        const float sum = __uint_as_float(unsigned(seen) << 16) + __uint_as_float(unsigned(v) << 16);
        unsigned short next;
        asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(next) : "f"(sum));
        old = atom_cas_b16<Sem, Scope>(p, seen, next);
    } while (old != seen);
    return old;
#endif
}
template <int Sem, int Scope> __device__ __forceinline__ void red_add_bf16(void *p, unsigned short v)
{
    atom_add_bf16<Sem, Scope>(p, v);
}

#undef TSM_DEFINE_CAS
#undef TSM_DEFINE_ATOM_RED
#undef TSM_DEFINE_RED
#undef TSM_DEFINE_ATOM
#undef TSM_RED_QUALS
#undef TSM_ALL_QUALS
#undef TSM_RED_BRANCH
#undef TSM_CAS_BRANCH
#undef TSM_ATOM_BRANCH

template <int Sem, int Scope> __device__ __forceinline__ float atom_max_f32(void *p, float v)
{
    const int b = __float_as_int(v);
    return b >= 0 ? __int_as_float(atom_max_s32<Sem, Scope>(p, b))
                  : __uint_as_float(atom_min_u32<Sem, Scope>(p, unsigned(b)));
}
template <int Sem, int Scope> __device__ __forceinline__ float atom_min_f32(void *p, float v)
{
    const int b = __float_as_int(v);
    return b >= 0 ? __int_as_float(atom_min_s32<Sem, Scope>(p, b))
                  : __uint_as_float(atom_max_u32<Sem, Scope>(p, unsigned(b)));
}
template <int Sem, int Scope> __device__ __forceinline__ double atom_max_f64(void *p, double v)
{
    const long long b = __double_as_longlong(v);
    return b >= 0 ? __longlong_as_double(atom_max_s64<Sem, Scope>(p, b))
                  : __longlong_as_double((long long)atom_min_u64<Sem, Scope>(p, (unsigned long long)b));
}
template <int Sem, int Scope> __device__ __forceinline__ double atom_min_f64(void *p, double v)
{
    const long long b = __double_as_longlong(v);
    return b >= 0 ? __longlong_as_double(atom_min_s64<Sem, Scope>(p, b))
                  : __longlong_as_double((long long)atom_max_u64<Sem, Scope>(p, (unsigned long long)b));
}
template <int Sem, int Scope> __device__ __forceinline__ void red_max_f32(void *p, float v)
{
    const int b = __float_as_int(v);
    if (b >= 0)
        red_max_s32<Sem, Scope>(p, b);
    else
        red_min_u32<Sem, Scope>(p, unsigned(b));
}
template <int Sem, int Scope> __device__ __forceinline__ void red_min_f32(void *p, float v)
{
    const int b = __float_as_int(v);
    if (b >= 0)
        red_min_s32<Sem, Scope>(p, b);
    else
        red_max_u32<Sem, Scope>(p, unsigned(b));
}
template <int Sem, int Scope> __device__ __forceinline__ void red_max_f64(void *p, double v)
{
    const long long b = __double_as_longlong(v);
    if (b >= 0)
        red_max_s64<Sem, Scope>(p, b);
    else
        red_min_u64<Sem, Scope>(p, (unsigned long long)b);
}
template <int Sem, int Scope> __device__ __forceinline__ void red_min_f64(void *p, double v)
{
    const long long b = __double_as_longlong(v);
    if (b >= 0)
        red_min_s64<Sem, Scope>(p, b);
    else
        red_max_u64<Sem, Scope>(p, (unsigned long long)b);
}

} // namespace tsm
// ---- end of atomics ----

// ---- tensor cores (core/codegen/emit_mma.cpp): shared-memory staging, ldmatrix, mma.sync ----
namespace tsm {

// V consecutive elements at src (registers) to p (shared memory, aligned to V elements): one
// st.shared of V * sizeof(T) bytes when that is 4, 8 or 16.
template <int V, typename T> __device__ __forceinline__ void sts(T *p, const T *src)
{
    constexpr int B = V * int(sizeof(T));
    if constexpr (B == 16 || B == 8 || B == 4) {
        unsigned w[B / 4];
        memcpy(w, src, B);
        if constexpr (B == 16)
            *reinterpret_cast<uint4 *>(p) = make_uint4(w[0], w[1], w[2], w[3]);
        else if constexpr (B == 8)
            *reinterpret_cast<uint2 *>(p) = make_uint2(w[0], w[1]);
        else
            *reinterpret_cast<unsigned *>(p) = w[0];
    } else {
#pragma unroll
        for (int i = 0; i < V; ++i)
            p[i] = src[i];
    }
}

// The same for fp32 elements staged for tf32 tensor cores: each rounded to tf32 first (10
// mantissa bits, to nearest, ties away from zero: cvt.rna.tf32.f32), as the interpreter rounds.
template <int V> __device__ __forceinline__ void sts_tf32(float *p, const float *src)
{
    float r[V];
#pragma unroll
    for (int i = 0; i < V; ++i) {
        const unsigned u = __float_as_uint(src[i]);
        r[i] = __uint_as_float((u & 0x7f800000u) == 0x7f800000u ? u : (u + 0x1000u) & 0xffffe000u);
    }
    sts<V>(p, r);
}

// Four (x4) or two (x2) 8x8 matrices of 16-bit elements from shared memory: lane l gives the
// address of row l % 8 of matrix l / 8; each lane receives one 32-bit register per matrix
// (.trans: the matrices transposed).
template <bool Trans> __device__ __forceinline__ void ldmatrix_x4(unsigned *r, unsigned addr)
{
    if constexpr (Trans)
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr) : "memory");
    else
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr) : "memory");
}
template <bool Trans> __device__ __forceinline__ void ldmatrix_x2(unsigned *r, unsigned addr)
{
    if constexpr (Trans)
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
                     : "=r"(r[0]), "=r"(r[1]) : "r"(addr) : "memory");
    else
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
                     : "=r"(r[0]), "=r"(r[1]) : "r"(addr) : "memory");
}

// c[0..3] += A (16x16, fragments a[0..3]) * B (16x8, fragments b[0..1]) in fp32; fp16 or bf16
// inputs (PTX ISA "mma.m16n8k16").
template <bool BF16> __device__ __forceinline__ void mma_m16n8k16(float *c, const unsigned *a, const unsigned *b)
{
    if constexpr (BF16)
        asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
            "{%8, %9}, {%0, %1, %2, %3};"
            : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    else
        asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
            "{%8, %9}, {%0, %1, %2, %3};"
            : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// c[0..3] += A (16x8 tf32, fragments a[0..3]) * B (8x8 tf32, fragments b[0..1]) in fp32
// (PTX ISA "mma.m16n8k8" for .tf32).
__device__ __forceinline__ void mma_m16n8k8_tf32(float *c, const unsigned *a, const unsigned *b)
{
    asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
        "{%8, %9}, {%0, %1, %2, %3};"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// 16 bytes from global to shared memory without passing through registers (sm_80+); when
// `pred` is false nothing is read and the 16 bytes become zeros (Triton's `other=0`). Copies
// complete in the order of their commit groups: cp_async_wait<N> waits until at most N of
// this thread's groups are still in flight.
__device__ __forceinline__ void cp_async16(void *smem, const void *gmem, bool pred)
{
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(s), "l"(gmem), "r"(pred ? 16 : 0)
                 : "memory");
}
__device__ __forceinline__ void cp_async_commit()
{
    asm volatile("cp.async.commit_group;" ::: "memory");
}
template <int N> __device__ __forceinline__ void cp_async_wait()
{
    asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}

// ---- The bulk tensor copy engine, TMA (sm_90) ----
// A CUtensorMap as a kernel receives it: 128 opaque bytes, 64-byte aligned, passed by value as a
// `const __grid_constant__` parameter. The host encodes it with cuTensorMapEncodeTiled (NVRTC
// has no cuda.h, hence this stand-in of the same size and alignment).
struct alignas(64) TmaMap
{
    unsigned long long opaque[16];
};
// An mbarrier in shared memory: TMA copies complete on it (complete_tx), threads wait on the
// parity of its phase.
__device__ __forceinline__ void mbar_init(unsigned long long *bar, unsigned count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(bar)),
                 "r"(count)
                 : "memory");
}
// The initialized barriers become visible to the async proxy (the copy engine).
__device__ __forceinline__ void fence_mbar_init()
{
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
// One arrival that also announces `bytes` the copies will deliver before the phase completes.
__device__ __forceinline__ void mbar_expect_tx(unsigned long long *bar, unsigned bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(
                     (unsigned)__cvta_generic_to_shared(bar)),
                 "r"(bytes)
                 : "memory");
}
// Waits until the phase of parity `parity` has completed (try_wait suspends the thread for a
// while before it gives up, so the loop does not spin hard).
__device__ __forceinline__ void mbar_wait(unsigned long long *bar, unsigned parity)
{
    const unsigned addr = (unsigned)__cvta_generic_to_shared(bar);
    unsigned done = 0;
    do {
        asm volatile("{\n"
                     ".reg .pred p;\n"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     "selp.u32 %0, 1, 0, p;\n"
                     "}"
                     : "=r"(done)
                     : "r"(addr), "r"(parity)
                     : "memory");
    } while (!done);
}
// The box of `map` at coordinates (c0 innermost, c1) into shared memory at `smem`, completing
// on `bar`; elements outside the tensor are filled (zeros, or NaN as the map says).
__device__ __forceinline__ void tma_load_2d(void *smem, const TmaMap *map, int c0, int c1, unsigned long long *bar)
{
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
            (unsigned)__cvta_generic_to_shared(smem)),
        "l"(reinterpret_cast<unsigned long long>(map)), "r"(c0), "r"(c1),
        "r"((unsigned)__cvta_generic_to_shared(bar))
        : "memory");
}

// A TMA store: the threads write a block into shared memory where the box's layout holds each
// element (the byte offset of row-major flat index f of a [Rows][C] block, panels of Width
// elements of E bytes, PanelBytes apart, each in the Swizzle-byte swizzle or none), make the
// writes visible to the copy engine (fence_proxy_async), and one thread asks for the boxes
// to be written; the copy engine leaves out what lies outside the tensor.
template <int C, int Width, int E, int Swizzle, int PanelBytes> __device__ __forceinline__ unsigned tma_box_offset(unsigned f);
template <int Bytes> __device__ __forceinline__ void st_shared(unsigned char *p, const void *src)
{
    if constexpr (Bytes == 16) {
        uint4 v;
        memcpy(&v, src, 16);
        *reinterpret_cast<uint4 *>(p) = v;
    } else if constexpr (Bytes == 8) {
        uint2 v;
        memcpy(&v, src, 8);
        *reinterpret_cast<uint2 *>(p) = v;
    } else if constexpr (Bytes == 4) {
        unsigned v;
        memcpy(&v, src, 4);
        *reinterpret_cast<unsigned *>(p) = v;
    } else if constexpr (Bytes == 2) {
        unsigned short v;
        memcpy(&v, src, 2);
        *reinterpret_cast<unsigned short *>(p) = v;
    } else {
        *p = *static_cast<const unsigned char *>(src);
    }
}
__device__ __forceinline__ void tma_store_2d(const TmaMap *map, const void *smem, int c0, int c1)
{
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(
                     reinterpret_cast<unsigned long long>(map)),
                 "r"(c0), "r"(c1), "r"((unsigned)__cvta_generic_to_shared(smem))
                 : "memory");
}
__device__ __forceinline__ void bulk_commit()
{
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}
// Waits for this thread's bulk copies: until they have read shared memory (ReadOnly), or until
// their writes are done.
template <bool ReadOnly> __device__ __forceinline__ void bulk_wait()
{
    if constexpr (ReadOnly)
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    else
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

// ---- Hopper warpgroup MMA (sm_90a) ----
// wgmma.mma_async reads both operands from shared memory through 64-bit matrix descriptors
// (PTX ISA "Matrix Descriptor Format"): bits 0-13 start address >> 4, 16-29 leading byte
// offset >> 4, 32-45 stride byte offset >> 4, 62-63 swizzle mode (1: 128 B, 2: 64 B, 3: 32 B).

// The byte offset of a staged element after the swizzle of `Row`-byte rows: the 16-byte chunk
// index is XORed with the row's position in its 8-row atom (Swizzle<log2(Row/16), 4, 3>).
template <int Row> __device__ __forceinline__ unsigned swz(unsigned o)
{
    return o ^ (((o >> 7) & (Row / 16 - 1)) << 4);
}

template <int C, int Width, int E, int Swizzle, int PanelBytes> __device__ __forceinline__ unsigned tma_box_offset(unsigned f)
{
    const unsigned row = f / C, col = f % C;
    const unsigned o = row * (Width * E) + (col % Width) * E;
    if constexpr (Swizzle != 0)
        return (col / Width) * PanelBytes + swz<Swizzle>(o);
    else
        return (col / Width) * PanelBytes + o;
}

template <int Row> __device__ __forceinline__ unsigned long long wgmma_desc(unsigned addr, unsigned lbo, unsigned sbo)
{
    constexpr unsigned long long mode = Row == 128 ? 1ull : Row == 64 ? 2ull : 3ull;
    return (unsigned long long)((addr & 0x3ffff) >> 4) | (unsigned long long)((lbo & 0x3ffff) >> 4) << 16
           | (unsigned long long)((sbo & 0x3ffff) >> 4) << 32 | mode << 62;
}

// Shared memory written through the generic proxy (st.shared, cp.async) is made visible to
// the async proxy wgmma reads it through.
__device__ __forceinline__ void fence_proxy_async()
{
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
__device__ __forceinline__ void wgmma_fence()
{
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
}
__device__ __forceinline__ void wgmma_commit()
{
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}
template <int N> __device__ __forceinline__ void wgmma_wait()
{
    asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory");
}
// The accumulator registers must not be touched between an mma_async and the wait that
// retires it: this tells the compiler they may change at the wait.
template <int N> __device__ __forceinline__ void wgmma_fence_regs(float *d)
{
#pragma unroll
    for (int i = 0; i < N; ++i)
        asm volatile("" : "+f"(d[i])::"memory");
}

template <int N> __device__ __forceinline__ void wgmma_fence_uregs(unsigned *a)
{
#pragma unroll
    for (int i = 0; i < N; ++i)
        asm volatile("" : "+r"(a[i])::"memory");
}
// Two 16-bit elements in one 32-bit register, the first in the low half (an A fragment).
template <class T> __device__ __forceinline__ unsigned pack2(T lo, T hi)
{
    static_assert(sizeof(T) == 2, "pack2 packs 16-bit elements");
    return unsigned(*reinterpret_cast<const unsigned short *>(&lo))
           | (unsigned(*reinterpret_cast<const unsigned short *>(&hi)) << 16);
}

// d[0 .. N/2) += A (64x16, descriptor da) * B (16xN, descriptor db), fp32 accumulation; one
// warpgroup. run_rs: A from registers instead (a[0 .. 4), the m16n8k16 A fragment of the
// thread's warp's 16 rows), TransA unused. SS operands: %DA %DB %SD %TA %TB after the
// outputs; RS operands: a[0..3] %DA %DB %SD %TA, then %TB (db) %X1 (scale-d) %X2 (TransB). TransA / TransB: the operand is MN-major (M or N contiguous) instead of K-major.
// One specialization per N and input type, written by TSM_WGMMA from N's accumulator operands
// (TSM_WGMMA_REGS_<N>: "%0, %1, ..", TSM_WGMMA_OUTS_<N>: "+f"(d[0]), ..) and the numbers of the
// operands after them (descriptors, scale-d, transposes).
template <int N, bool BF16, int TransA, int TransB> struct Wgmma;
#define TSM_WGMMA(N, BF16, TYPE, REGS, OUTS, DA, DB, SD, TA, TB, X1, X2)                                 \
    template <int TransA, int TransB> struct Wgmma<N, BF16, TransA, TransB>                             \
    {                                                                                                    \
        static __device__ __forceinline__ void run(float *d, unsigned long long da, unsigned long long db) \
        {                                                                                                \
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %" #SD ", 0;\n"                              \
                         "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32." TYPE "." TYPE " {" REGS "}, %" #DA \
                         ", %" #DB ", p, 1, 1, %" #TA ", %" #TB ";\n}\n"                                 \
                         : OUTS                                                                          \
                         : "l"(da), "l"(db), "r"(1), "n"(TransA), "n"(TransB));                          \
        }                                                                                                \
        static __device__ __forceinline__ void run_rs(float *d, const unsigned *a, unsigned long long db)  \
        {                                                                                                \
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %" #X1 ", 0;\n"                              \
                         "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32." TYPE "." TYPE " {" REGS "}, {%" #DA \
                         ", %" #DB ", %" #SD ", %" #TA "}, %" #TB ", p, 1, 1, %" #X2 ";\n}\n"             \
                         : OUTS                                                                          \
                         : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(1), "n"(TransB));    \
        }                                                                                                \
    };
#define TSM_WGMMA_REGS_16 \
    "%0, %1, %2, %3, %4, %5, %6, %7"
#define TSM_WGMMA_OUTS_16 \
    "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
TSM_WGMMA(16, false, "f16", TSM_WGMMA_REGS_16, TSM_WGMMA_OUTS_16, 8, 9, 10, 11, 12, 13, 14)
TSM_WGMMA(16, true, "bf16", TSM_WGMMA_REGS_16, TSM_WGMMA_OUTS_16, 8, 9, 10, 11, 12, 13, 14)
#define TSM_WGMMA_REGS_32 \
    "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15"
#define TSM_WGMMA_OUTS_32 \
    "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), \
    "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), \
    "+f"(d[15])
TSM_WGMMA(32, false, "f16", TSM_WGMMA_REGS_32, TSM_WGMMA_OUTS_32, 16, 17, 18, 19, 20, 21, 22)
TSM_WGMMA(32, true, "bf16", TSM_WGMMA_REGS_32, TSM_WGMMA_OUTS_32, 16, 17, 18, 19, 20, 21, 22)
#define TSM_WGMMA_REGS_64 \
    "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, " \
    "%21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31"
#define TSM_WGMMA_OUTS_64 \
    "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), \
    "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), \
    "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), \
    "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), \
    "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
TSM_WGMMA(64, false, "f16", TSM_WGMMA_REGS_64, TSM_WGMMA_OUTS_64, 32, 33, 34, 35, 36, 37, 38)
TSM_WGMMA(64, true, "bf16", TSM_WGMMA_REGS_64, TSM_WGMMA_OUTS_64, 32, 33, 34, 35, 36, 37, 38)
#define TSM_WGMMA_REGS_128 \
    "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, " \
    "%21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, " \
    "%40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, " \
    "%59, %60, %61, %62, %63"
#define TSM_WGMMA_OUTS_128 \
    "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), \
    "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), \
    "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), \
    "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), \
    "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), \
    "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), \
    "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), \
    "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), \
    "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
TSM_WGMMA(128, false, "f16", TSM_WGMMA_REGS_128, TSM_WGMMA_OUTS_128, 64, 65, 66, 67, 68, 69, 70)
TSM_WGMMA(128, true, "bf16", TSM_WGMMA_REGS_128, TSM_WGMMA_OUTS_128, 64, 65, 66, 67, 68, 69, 70)
#define TSM_WGMMA_REGS_256 \
    "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, " \
    "%21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, " \
    "%40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, " \
    "%59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, " \
    "%78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, " \
    "%97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, " \
    "%113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127"
#define TSM_WGMMA_OUTS_256 \
    "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), \
    "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), \
    "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), \
    "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), \
    "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), \
    "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), \
    "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), \
    "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), \
    "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), \
    "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), \
    "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), \
    "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), \
    "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), \
    "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), \
    "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), \
    "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), \
    "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), \
    "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), \
    "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
TSM_WGMMA(256, false, "f16", TSM_WGMMA_REGS_256, TSM_WGMMA_OUTS_256, 128, 129, 130, 131, 132, 133, 134)
TSM_WGMMA(256, true, "bf16", TSM_WGMMA_REGS_256, TSM_WGMMA_OUTS_256, 128, 129, 130, 131, 132, 133, 134)
#undef TSM_WGMMA

// fp8 operands (A, B: 0 = e4m3, 1 = e5m2), k32 per instruction, both from shared memory and
// both K-major: the 8-bit forms have no transpose bits. scale_d 0: d = A * B (a fresh partial
// sum, for max_num_imprecise_acc).
template <int N, int A, int B> struct WgmmaFp8;
#define TSM_WGMMA_FP8_ONE(N, A, B, ATYPE, BTYPE, DA, DB, SD)                                 \
    template <> struct WgmmaFp8<N, A, B>                                                                 \
    {                                                                                                    \
        static __device__ __forceinline__ void run(float *d, unsigned long long da, unsigned long long db, \
                                                   int scale_d = 1)                                      \
        {                                                                                                \
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %" #SD ", 0;\n"                              \
                         "wgmma.mma_async.sync.aligned.m64n" #N "k32.f32." ATYPE "." BTYPE " {" TSM_WGMMA_REGS_##N "}, %" #DA \
                         ", %" #DB ", p, 1, 1;\n}\n"                                                      \
                         : TSM_WGMMA_OUTS_##N                                                            \
                         : "l"(da), "l"(db), "r"(scale_d));                                              \
        }                                                                                                \
    };
// The accumulator operands come from TSM_WGMMA_REGS_<N> / TSM_WGMMA_OUTS_<N> by name.
#define TSM_WGMMA_FP8(N, DA, DB, SD)                                                                      \
    TSM_WGMMA_FP8_ONE(N, 0, 0, "e4m3", "e4m3", DA, DB, SD)                                                \
    TSM_WGMMA_FP8_ONE(N, 0, 1, "e4m3", "e5m2", DA, DB, SD)                                                \
    TSM_WGMMA_FP8_ONE(N, 1, 0, "e5m2", "e4m3", DA, DB, SD)                                                \
    TSM_WGMMA_FP8_ONE(N, 1, 1, "e5m2", "e5m2", DA, DB, SD)
TSM_WGMMA_FP8(16, 8, 9, 10)
TSM_WGMMA_FP8(32, 16, 17, 18)
TSM_WGMMA_FP8(64, 32, 33, 34)
TSM_WGMMA_FP8(128, 64, 65, 66)
TSM_WGMMA_FP8(256, 128, 129, 130)
#undef TSM_WGMMA_FP8
#undef TSM_WGMMA_FP8_ONE

// fp32 operands read as tf32 (the tensor cores use each value's top 19 bits), k8 per
// instruction, both from shared memory and both K-major: the 32-bit form has no transpose bits.
template <int N> struct WgmmaTf32;
#define TSM_WGMMA_TF32(N, DA, DB, SD)                                                                     \
    template <> struct WgmmaTf32<N>                                                                      \
    {                                                                                                    \
        static __device__ __forceinline__ void run(float *d, unsigned long long da, unsigned long long db) \
        {                                                                                                \
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %" #SD ", 0;\n"                              \
                         "wgmma.mma_async.sync.aligned.m64n" #N "k8.f32.tf32.tf32 {" TSM_WGMMA_REGS_##N "}, %" #DA \
                         ", %" #DB ", p, 1, 1;\n}\n"                                                      \
                         : TSM_WGMMA_OUTS_##N                                                            \
                         : "l"(da), "l"(db), "r"(1));                                                    \
        }                                                                                                \
    };
TSM_WGMMA_TF32(16, 8, 9, 10)
TSM_WGMMA_TF32(32, 16, 17, 18)
TSM_WGMMA_TF32(64, 32, 33, 34)
TSM_WGMMA_TF32(128, 64, 65, 66)
TSM_WGMMA_TF32(256, 128, 129, 130)
#undef TSM_WGMMA_TF32

} // namespace tsm
// ---- end of tensor cores ----
