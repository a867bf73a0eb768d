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

/// tl.exp2 on fp32.
__device__ __forceinline__ float exp2_approx(float x)
{
    float r;
    asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
}

/// tl.exp on fp32: ex2.approx of x * log2(e) (0f3FB8AA3B), unfused, as Triton emits it.
__device__ __forceinline__ float exp_approx(float x)
{
    return exp2_approx(__fmul_rn(x, 1.44269502162933349609375f));
}

__device__ __forceinline__ float log2_approx(float x)
{
    float r;
    asm("lg2.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
}

__device__ __forceinline__ float sqrt_approx(float x)
{
    float r;
    asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
}

__device__ __forceinline__ float rsqrt_approx(float x)
{
    float r;
    asm("rsqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
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

} // namespace tsm
