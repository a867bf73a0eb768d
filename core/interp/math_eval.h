#pragma once
// The named functions of math_fns.def on one element. Float functions take float (fp32, and
// fp16/bf16 which are computed in fp32) or double. Accuracy: div_rn, sqrt_rn, fdiv, floor,
// ceil, trunc, round, rint, abs, fmod, copysign, nextafter are exact (IEEE); fp32 log, log2,
// sin and cos are bit-exact with compiled Triton (libdevice's algorithms, gpu_libm.h), and so
// are fp32 sqrt and rsqrt (the hardware's sqrt.approx / rsqrt.approx, recorded: hw_approx.h);
// fp32 erf and tanh follow libdevice's algorithms too: bit-exact below |x| = 1.00295 (erf) and
// 0.6 (tanh), within 1 (erf) and 2 (tanh) ULPs above, where libdevice calls the unmodelled
// ex2.approx (and rcp.approx); fp32 exp is exp2(x * log2(e)) as on the GPU; exp2 uses glibc's
// exp2f where the GPU uses ex2.approx (up to 2 ULPs apart); the rest are computed in double
// and rounded once to fp32. The bounds against real Triton are tested in
// tests/unit/interp/math_eval_test.cpp.

#include "core/interp/gpu_libm.h"
#include "core/interp/hw_approx.h"
#include "core/ir/ir.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace tsm::interp {

enum class MathDomain { Float, Int, Any };

constexpr MathDomain mathDomain(ir::MathFn fn)
{
    switch (fn) {
#define MATH_FN(Enum, Name, Arity, Domain)                                                         \
    case ir::MathFn::Enum:                                                                         \
        return MathDomain::Domain;
#include "core/ir/math_fns.def"
    }
    return MathDomain::Float;
}

constexpr int mathArity(ir::MathFn fn)
{
    switch (fn) {
#define MATH_FN(Enum, Name, Arity, Domain)                                                         \
    case ir::MathFn::Enum:                                                                         \
        return Arity;
#include "core/ir/math_fns.def"
    }
    return 1;
}

/// fp32 through double: one rounding of a (nearly) exact result.
template <class T, class F> inline T viaDouble(T x, F f)
{
    return static_cast<T>(f(static_cast<double>(x)));
}

template <ir::MathFn Fn, class T> inline T mathFloat1(T x)
{
    using ir::MathFn;
    constexpr bool f32 = std::is_same_v<T, float>;
    if constexpr (Fn == MathFn::Exp) {
        // As Triton's GPU code computes fp32 exp: 2^(x * log2(e)). This follows the GPU's
        // rounding of the product, so large arguments agree with real Triton to 2 ULPs instead
        // of differing by dozens.
        if constexpr (f32)
            return std::exp2(x * 1.44269502f);
        else
            return std::exp(x);
    } else if constexpr (Fn == MathFn::Exp2)
        return std::exp2(x);
    else if constexpr (Fn == MathFn::Expm1)
        return viaDouble(x, [](double v) { return std::expm1(v); });
    else if constexpr (Fn == MathFn::Log) {
        if constexpr (f32)
            return gpuLogf(x);
        else
            return std::log(x);
    } else if constexpr (Fn == MathFn::Log2) {
        if constexpr (f32)
            return gpuLog2f(x);
        else
            return std::log2(x);
    } else if constexpr (Fn == MathFn::Log10)
        return viaDouble(x, [](double v) { return std::log10(v); });
    else if constexpr (Fn == MathFn::Log1p)
        return viaDouble(x, [](double v) { return std::log1p(v); });
    else if constexpr (Fn == MathFn::Sqrt) {
        // Triton's fp32 sqrt is sqrt.approx.ftz.f32, bit for bit.
        if constexpr (f32)
            return sqrtApproxFtz(x);
        else
            return std::sqrt(x);
    } else if constexpr (Fn == MathFn::SqrtRn)
        return std::sqrt(x);
    else if constexpr (Fn == MathFn::Rsqrt) {
        if constexpr (f32)
            return rsqrtApproxFtz(x); // rsqrt.approx.ftz.f32, bit for bit
        else
            return 1.0 / std::sqrt(x);
    } else if constexpr (Fn == MathFn::Sin) {
        if constexpr (f32)
            return gpuSinf(x);
        else
            return std::sin(x);
    } else if constexpr (Fn == MathFn::Cos) {
        if constexpr (f32)
            return gpuCosf(x);
        else
            return std::cos(x);
    } else if constexpr (Fn == MathFn::Tan)
        return viaDouble(x, [](double v) { return std::tan(v); });
    else if constexpr (Fn == MathFn::Asin)
        return viaDouble(x, [](double v) { return std::asin(v); });
    else if constexpr (Fn == MathFn::Acos)
        return viaDouble(x, [](double v) { return std::acos(v); });
    else if constexpr (Fn == MathFn::Atan)
        return viaDouble(x, [](double v) { return std::atan(v); });
    else if constexpr (Fn == MathFn::Sinh)
        return viaDouble(x, [](double v) { return std::sinh(v); });
    else if constexpr (Fn == MathFn::Cosh)
        return viaDouble(x, [](double v) { return std::cosh(v); });
    else if constexpr (Fn == MathFn::Tanh) {
        if constexpr (f32)
            return gpuTanhf(x);
        else
            return std::tanh(x);
    } else if constexpr (Fn == MathFn::Asinh)
        return viaDouble(x, [](double v) { return std::asinh(v); });
    else if constexpr (Fn == MathFn::Acosh)
        return viaDouble(x, [](double v) { return std::acosh(v); });
    else if constexpr (Fn == MathFn::Atanh)
        return viaDouble(x, [](double v) { return std::atanh(v); });
    else if constexpr (Fn == MathFn::Erf) {
        if constexpr (f32)
            return gpuErff(x);
        else
            return std::erf(x);
    } else if constexpr (Fn == MathFn::Erfc)
        return viaDouble(x, [](double v) { return std::erfc(v); });
    else if constexpr (Fn == MathFn::Lgamma)
        return viaDouble(x, [](double v) { return std::lgamma(v); });
    else if constexpr (Fn == MathFn::Tgamma)
        return viaDouble(x, [](double v) { return std::tgamma(v); });
    else if constexpr (Fn == MathFn::Floor)
        return std::floor(x);
    else if constexpr (Fn == MathFn::Ceil)
        return std::ceil(x);
    else if constexpr (Fn == MathFn::Trunc)
        return std::trunc(x);
    else if constexpr (Fn == MathFn::Round)
        return std::round(x);
    else if constexpr (Fn == MathFn::Rint)
        return std::nearbyint(x);
    else if constexpr (Fn == MathFn::Abs)
        return std::fabs(x);
    else
        static_assert(Fn == MathFn::Exp, "not a unary float function");
}

template <ir::MathFn Fn, class T> inline T mathFloat2(T x, T y)
{
    using ir::MathFn;
    if constexpr (Fn == MathFn::Pow)
        return std::pow(x, y);
    else if constexpr (Fn == MathFn::Atan2)
        return viaDouble(x, [y](double v) { return std::atan2(v, double(y)); });
    else if constexpr (Fn == MathFn::Hypot)
        return viaDouble(x, [y](double v) { return std::hypot(v, double(y)); });
    else if constexpr (Fn == MathFn::Fmod)
        return std::fmod(x, y);
    else if constexpr (Fn == MathFn::Copysign)
        return std::copysign(x, y);
    else if constexpr (Fn == MathFn::Nextafter)
        return std::nextafter(x, y);
    else if constexpr (Fn == MathFn::DivRn || Fn == MathFn::FastDiv)
        return x / y;
    else
        static_assert(Fn == MathFn::Pow, "not a binary float function");
}

/// Float minimum / maximum ignoring NaN (propagate_nan NONE), as tl.clamp uses.
template <class T> inline T clampValue(T x, T lo, T hi)
{
    if constexpr (std::is_floating_point_v<T>)
        return std::fmin(std::fmax(x, lo), hi);
    else
        return x < lo ? lo : (hi < x ? hi : x);
}

/// Integer functions on a C++ integer type of the operand's width.
template <ir::MathFn Fn, class T> inline T mathInt(T x, T y)
{
    using ir::MathFn;
    using U = std::make_unsigned_t<T>;
    if constexpr (Fn == MathFn::Umulhi) {
        if constexpr (sizeof(T) == 8) {
            const unsigned __int128 p = (unsigned __int128)U(x) * U(y);
            return T(std::uint64_t(p >> 64));
        } else {
            const std::uint64_t p = std::uint64_t(U(x)) * std::uint64_t(U(y));
            return T(p >> (8 * sizeof(T)));
        }
    } else if constexpr (Fn == MathFn::Popc) {
        return T(std::popcount(U(x)));
    } else if constexpr (Fn == MathFn::Clz) {
        return T(std::countl_zero(U(x)));
    } else if constexpr (Fn == MathFn::Abs) {
        if constexpr (std::is_signed_v<T>)
            return x < 0 ? T(U(0) - U(x)) : x;
        else
            return x;
    } else {
        static_assert(Fn == MathFn::Umulhi, "not an integer function");
    }
}

} // namespace tsm::interp
