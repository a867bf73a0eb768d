#include "core/ir/ir.h"

#include <algorithm>

namespace tsm::ir {
namespace {

struct OpRow
{
    std::string_view name;
    int operands, results, regions;
    std::string_view attrs;
};

constexpr OpRow kOps[] = {
#define IR_OP(Name, Mnemonic, Operands, Results, Regions, Attrs)                                   \
    {Mnemonic, Operands, Results, Regions, Attrs},
#include "core/ir/ops.def"
};

struct MathRow
{
    std::string_view name;
    int arity;
};

constexpr MathRow kMath[] = {
#define MATH_FN(Enum, Name, Arity, Domain) {Name, Arity},
#include "core/ir/math_fns.def"
};

} // namespace

std::string_view opName(OpCode code)
{
    return kOps[static_cast<int>(code)].name;
}
int opOperandCount(OpCode code)
{
    return kOps[static_cast<int>(code)].operands;
}
int opResultCount(OpCode code)
{
    return kOps[static_cast<int>(code)].results;
}
int opRegionCount(OpCode code)
{
    return kOps[static_cast<int>(code)].regions;
}
bool isElementwise(OpCode code)
{
    switch (code) {
    case OpCode::Add:
    case OpCode::Sub:
    case OpCode::Mul:
    case OpCode::FDiv:
    case OpCode::IDiv:
    case OpCode::IRem:
    case OpCode::FRem:
    case OpCode::And:
    case OpCode::Or:
    case OpCode::Xor:
    case OpCode::Shl:
    case OpCode::Shr:
    case OpCode::Min:
    case OpCode::Max:
    case OpCode::Neg:
    case OpCode::Not:
    case OpCode::Cmp:
    case OpCode::Select:
    case OpCode::Fma:
    case OpCode::Math:
    case OpCode::AddPtr:
        return true;
    default:
        return false;
    }
}

std::string_view opAttrSpec(OpCode code)
{
    return kOps[static_cast<int>(code)].attrs;
}

std::string_view mathFnName(MathFn fn)
{
    return kMath[static_cast<int>(fn)].name;
}
int mathFnArity(MathFn fn)
{
    return kMath[static_cast<int>(fn)].arity;
}

std::optional<MathFn> findMathFn(std::string_view name)
{
    for (std::size_t k = 0; k < std::size(kMath); ++k)
        if (kMath[k].name == name)
            return static_cast<MathFn>(k);
    return std::nullopt;
}

std::int64_t Type::numElements() const
{
    std::int64_t n = 1;
    for (std::int64_t d : shape)
        n *= d;
    return n;
}

std::string typeToString(const Type &t)
{
    std::string elem = std::string(dtypeShortName(t.dtype));
    if (t.pointer)
        elem = "ptr<" + elem + ">";
    if (t.shape.empty())
        return elem;
    std::string s = "<";
    for (std::int64_t d : t.shape)
        s += std::to_string(d) + "x";
    return s + elem + ">";
}

ValueId Kernel::newValue(Type t, std::string name, SourceSpan span)
{
    values.push_back(ValueInfo{std::move(t), std::move(name), span});
    return static_cast<ValueId>(values.size() - 1);
}

Op &appendOp(Region &region, OpCode code, SourceSpan span)
{
    Op &op = region.ops.emplace_back();
    op.code = code;
    op.span = span;
    return op;
}

const Op *definingOp(const Region &region, ValueId v)
{
    for (const Op &op : region.ops) {
        if (std::find(op.results.begin(), op.results.end(), v) != op.results.end())
            return &op;
        for (const Region &inner : op.regions)
            if (const Op *d = definingOp(inner, v))
                return d;
    }
    return nullptr;
}

} // namespace tsm::ir
