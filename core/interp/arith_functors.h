#pragma once
// The binary elementwise operations as per-element functors, shared by the elementwise kernels
// and the reduce / scan fast paths. Internal to core/interp.

#include "core/interp/element_ops.h"

#include <cmath>
#include <limits>

namespace tsm::interp {

template <class T> T wrapAdd(T a, T b)
{
    return T(std::uint64_t(a) + std::uint64_t(b));
}
template <class T> T wrapSub(T a, T b)
{
    return T(std::uint64_t(a) - std::uint64_t(b));
}
template <class T> T wrapMul(T a, T b)
{
    return T(std::uint64_t(a) * std::uint64_t(b));
}

// Each functor: `valid` for which dtypes the op exists, `apply` per element.
template <DType D> struct AddF
{
    static constexpr bool valid = true;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t)
    {
        if constexpr (kFloat<D>)
            return normalize<D>(a + b);
        else
            return normalize<D>(wrapAdd(a, b));
    }
};
template <DType D> struct SubF
{
    static constexpr bool valid = true;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t)
    {
        if constexpr (kFloat<D>)
            return normalize<D>(a - b);
        else
            return normalize<D>(wrapSub(a, b));
    }
};
template <DType D> struct MulF
{
    static constexpr bool valid = true;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t)
    {
        if constexpr (kFloat<D>)
            return normalize<D>(a * b);
        else
            return normalize<D>(wrapMul(a, b));
    }
};
template <DType D> struct FDivF
{
    static constexpr bool valid = kFloat<D>;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t) { return normalize<D>(a / b); }
};
template <DType D> struct FRemF
{
    static constexpr bool valid = kFloat<D>;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t)
    {
        return normalize<D>(std::fmod(a, b));
    }
};
template <DType D> struct IDivF
{
    static constexpr bool valid = !kFloat<D>;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t)
    {
        using T = RepT<D>;
        if constexpr (std::is_signed_v<T>)
            if (b == T(-1))
                return wrapSub(T(0), a); // INT_MIN / -1 wraps
        return normalize<D>(T(a / b));
    }
};
template <DType D> struct IRemF
{
    static constexpr bool valid = !kFloat<D>;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t)
    {
        using T = RepT<D>;
        if constexpr (std::is_signed_v<T>)
            if (b == T(-1))
                return T(0);
        return normalize<D>(T(a % b));
    }
};
template <DType D> struct AndF
{
    static constexpr bool valid = !kFloat<D>;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t) { return RepT<D>(a & b); }
};
template <DType D> struct OrF
{
    static constexpr bool valid = !kFloat<D>;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t) { return RepT<D>(a | b); }
};
template <DType D> struct XorF
{
    static constexpr bool valid = !kFloat<D>;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t) { return RepT<D>(a ^ b); }
};
// Shift amounts of the type's width or more (or negative) give 0, or the sign for arithmetic
// right shifts, as PTX's clamped shifts do.
template <DType D> struct ShlF
{
    static constexpr bool valid = !kFloat<D>;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t)
    {
        using T = RepT<D>;
        const std::uint64_t s = std::uint64_t(std::make_unsigned_t<T>(b));
        if (s >= std::uint64_t(dtypeBits(D)))
            return T(0);
        return normalize<D>(T(std::uint64_t(a) << s));
    }
};
template <DType D> struct ShrF
{
    static constexpr bool valid = !kFloat<D>;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t)
    {
        using T = RepT<D>;
        const std::uint64_t s = std::uint64_t(std::make_unsigned_t<T>(b));
        if (s >= std::uint64_t(dtypeBits(D))) {
            if constexpr (std::is_signed_v<T>)
                return a < 0 ? T(-1) : T(0);
            else
                return T(0);
        }
        return T(a >> s);
    }
};
template <DType D> struct MinF
{
    static constexpr bool valid = true;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t propagateNan)
    {
        if constexpr (kFloat<D>) {
            if (propagateNan && (std::isnan(a) || std::isnan(b)))
                return std::numeric_limits<RepT<D>>::quiet_NaN();
            return std::fmin(a, b);
        } else {
            return b < a ? b : a;
        }
    }
};
template <DType D> struct MaxF
{
    static constexpr bool valid = true;
    static RepT<D> apply(RepT<D> a, RepT<D> b, std::int64_t propagateNan)
    {
        if constexpr (kFloat<D>) {
            if (propagateNan && (std::isnan(a) || std::isnan(b)))
                return std::numeric_limits<RepT<D>>::quiet_NaN();
            return std::fmax(a, b);
        } else {
            return a < b ? b : a;
        }
    }
};

} // namespace tsm::interp
