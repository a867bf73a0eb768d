#include "core/sema/dtype.h"

#include <array>
#include <utility>

namespace tsm {
namespace {

struct DTypeRow
{
    std::string_view name, shortName, torchName;
    int bits;
    DTypeKind kind;
};

constexpr DTypeRow kRows[] = {
#define DTYPE(Enum, TritonName, ShortName, TorchName, Bits, Kind)                                  \
    {TritonName, ShortName, TorchName, Bits, DTypeKind::Kind},
#include "core/sema/dtypes.def"
};

const DTypeRow &row(DType t)
{
    return kRows[static_cast<int>(t)];
}

} // namespace

std::string_view dtypeName(DType t)
{
    return row(t).name;
}
std::string_view dtypeShortName(DType t)
{
    return row(t).shortName;
}
std::string_view dtypeTorchName(DType t)
{
    return row(t).torchName;
}
int dtypeBits(DType t)
{
    return row(t).bits;
}
int dtypeBytes(DType t)
{
    return row(t).bits == 1 ? 1 : row(t).bits / 8;
}
DTypeKind dtypeKind(DType t)
{
    return row(t).kind;
}

std::optional<DType> parseDType(std::string_view name)
{
    for (int i = 0; i < kDTypeCount; ++i) {
        const DTypeRow &r = kRows[i];
        if (name == r.name || name == r.shortName || name == r.torchName)
            return static_cast<DType>(i);
    }
    static constexpr std::pair<std::string_view, DType> kAliases[] = {
        {"float", DType::F32},
        {"double", DType::F64},
        {"half", DType::F16},
        {"long", DType::I64},
        {"int", DType::I32},
        {"short", DType::I16},
        {"uint1", DType::I1},
        {"bf16", DType::BF16},
    };
    for (auto [alias, t] : kAliases)
        if (name == alias)
            return t;
    return std::nullopt;
}

} // namespace tsm
