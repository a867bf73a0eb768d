#pragma once
// Per-element helpers shared by the typed kernels: rounding a result to its dtype, converting
// between slot representation and memory bits. Internal to core/interp.

#include "core/interp/frame.h"
#include "core/tensor/float16.h"
#include "core/tensor/float8.h"

#include <bit>
#include <cstdint>
#include <type_traits>

namespace tsm::interp {

/// The unsigned integer of a dtype's memory width (int1: one byte).
template <DType D> struct MemBits
{
    using T
        = std::conditional_t<sizeof(RepT<D>) == 8,
                             std::uint64_t,
                             std::conditional_t<sizeof(RepT<D>) == 4, std::uint32_t, std::uint8_t>>;
};
template <> struct MemBits<DType::F16>
{
    using T = std::uint16_t;
};
template <> struct MemBits<DType::BF16>
{
    using T = std::uint16_t;
};
template <> struct MemBits<DType::I16>
{
    using T = std::uint16_t;
};
template <> struct MemBits<DType::U16>
{
    using T = std::uint16_t;
};
template <> struct MemBits<DType::F8E4>
{
    using T = std::uint8_t;
};
template <> struct MemBits<DType::F8E5>
{
    using T = std::uint8_t;
};
template <DType D> using MemBitsT = typename MemBits<D>::T;

/// The fp8 format of an fp8 dtype.
template <DType D> inline constexpr Fp8Format kFp8Format
    = D == DType::F8E4 ? Fp8Format::E4M3FN : Fp8Format::E5M2;

/// Whether slots of `D` hold floating-point values.
template <DType D> inline constexpr bool kFloat = std::is_floating_point_v<RepT<D>>;

/// Rounds a freshly computed value to what `D` can hold (fp16/bf16/fp8 slots hold floats that
/// are exactly representable in the narrow type; int1 holds 0/1). fp8 saturates as the GPU's
/// `cvt.rn.satfinite` does.
template <DType D> inline RepT<D> normalize(RepT<D> v)
{
    if constexpr (isFp8(D))
        return fp8ToFloat(floatToFp8(v, kFp8Format<D>, Fp8Overflow::Saturate), kFp8Format<D>);
    else if constexpr (D == DType::F16)
        return halfToFloat(floatToHalf(v));
    else if constexpr (D == DType::BF16)
        return bfloat16ToFloat(floatToBfloat16(v));
    else if constexpr (D == DType::I1)
        return RepT<D>(v & 1u);
    else
        return v;
}

/// Slot value -> the bits memory holds.
template <DType D> inline MemBitsT<D> toMemory(RepT<D> v)
{
    if constexpr (isFp8(D))
        return floatToFp8(v, kFp8Format<D>, Fp8Overflow::Saturate);
    else if constexpr (D == DType::F16)
        return floatToHalf(v);
    else if constexpr (D == DType::BF16)
        return floatToBfloat16(v);
    else if constexpr (D == DType::I1)
        return std::uint8_t(v != 0);
    else
        return std::bit_cast<MemBitsT<D>>(v);
}

/// Memory bits -> slot value (int1: any nonzero byte is true).
template <DType D> inline RepT<D> fromMemory(MemBitsT<D> b)
{
    if constexpr (isFp8(D))
        return fp8ToFloat(b, kFp8Format<D>);
    else if constexpr (D == DType::F16)
        return halfToFloat(b);
    else if constexpr (D == DType::BF16)
        return bfloat16ToFloat(b);
    else if constexpr (D == DType::I1)
        return std::uint8_t(b != 0);
    else
        return std::bit_cast<RepT<D>>(b);
}

/// Unsigned type of a C++ integer type's width, for wrapping arithmetic.
template <class T> using UnsignedOf = std::make_unsigned_t<T>;

} // namespace tsm::interp
