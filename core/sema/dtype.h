#pragma once
// Element types (dtypes.def): one enum shared by kernels (sema, IR, backends) and host tensors.

#include <cstdint>
#include <optional>
#include <string_view>

namespace tsm {

enum class DType : std::uint8_t {
#define DTYPE(Enum, TritonName, ShortName, TorchName, Bits, Kind) Enum,
#include "core/sema/dtypes.def"
};

enum class DTypeKind : std::uint8_t { Bool, Signed, Unsigned, Float };

inline constexpr int kDTypeCount = 0
#define DTYPE(Enum, TritonName, ShortName, TorchName, Bits, Kind) +1
#include "core/sema/dtypes.def"
    ;

/// "float32"
std::string_view dtypeName(DType t);
/// "fp32", "i1": how Triton prints types
std::string_view dtypeShortName(DType t);
/// "float32", "bool": torch's spelling (torch.<name>)
std::string_view dtypeTorchName(DType t);
/// 1 for int1, else 8/16/32/64
int dtypeBits(DType t);
/// Bytes one element takes in memory (int1: 1).
int dtypeBytes(DType t);
DTypeKind dtypeKind(DType t);

inline bool isFloat(DType t)
{
    return dtypeKind(t) == DTypeKind::Float;
}
/// float8e4nv / float8e5: storage types with conversions, no arithmetic (docs/fp8.md).
inline constexpr bool isFp8(DType t)
{
    return t == DType::F8E4 || t == DType::F8E5;
}
inline bool isBool(DType t)
{
    return t == DType::I1;
}
/// Integers including int1.
inline bool isInteger(DType t)
{
    return !isFloat(t);
}
inline bool isSigned(DType t)
{
    return dtypeKind(t) == DTypeKind::Signed;
}
inline bool isUnsigned(DType t)
{
    return dtypeKind(t) == DTypeKind::Unsigned;
}

/// Parses a triton name, short name or torch name ("float32", "fp32", "float", "half", "bool",
/// "long", ...).
std::optional<DType> parseDType(std::string_view name);

} // namespace tsm
