#include "core/sema/named_value_types.h"

#include "core/sema/lowerer.h"

namespace tsm::sema {
namespace {

// "constexpr 1024", "constexpr tl.float16", or "" for what the hover does not show.
std::string constText(const ConstValue &c, bool pointerType)
{
    if (c.kind == ConstValue::Kind::DType && pointerType)
        return "constexpr tl.pointer_type(" + c.repr() + ")";
    return "constexpr " + c.repr();
}

} // namespace

std::string namedTypeText(const ir::Type &t)
{
    std::string s(dtypeShortName(t.dtype));
    if (t.pointer)
        s = "pointer<" + s + ">";
    if (t.shape.empty())
        return s;
    s += '[';
    for (std::size_t i = 0; i < t.shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(t.shape[i]);
    return s + ']';
}

void Lowerer::recordNameType(SourceSpan span, std::string_view name, const KValue &value)
{
    std::string type;
    switch (value.kind) {
    case KValue::Kind::Tensor:
        type = namedTypeText(typeOf(value.v));
        break;
    case KValue::Kind::Const:
        type = constText(value.c, value.pointerType);
        break;
    case KValue::Kind::Tuple: {
        type = "tuple(";
        for (std::size_t i = 0; i < value.elts.size(); ++i) {
            const KValue &e = value.elts[i];
            type += i ? ", " : "";
            type += e.isTensor()  ? namedTypeText(typeOf(e.v))
                    : e.isConst() ? constText(e.c, e.pointerType)
                                  : describe(e);
        }
        type += ")";
        break;
    }
    case KValue::Kind::Invalid:     // an error says what went wrong
    case KValue::Kind::JitFunction: // functions, builtins and modules have no value type
    case KValue::Kind::Builtin:
    case KValue::Kind::Module:
    case KValue::Kind::Method:
        return;
    case KValue::Kind::BlockPtr: {
        // "block_ptr<fp16[64, 32]>": the blocks it loads.
        const ir::Type &base = typeOf(value.elts[0].v);
        type = "block_ptr<" + namedTypeText(ir::Type{base.dtype, false, constInts(value.elts[4])}) + ">";
        break;
    }
    case KValue::Kind::TensorDesc: {
        // "tensor_descriptor<fp16[64, 64]>", as Triton prints the type.
        const ir::Type &base = typeOf(value.elts[0].v);
        type = "tensor_descriptor<" + namedTypeText(ir::Type{base.dtype, false, constInts(value.elts[3])}) + ">";
        break;
    }
    }
    m_namedTypes->push_back({span, std::string(name), std::move(type)});
}

} // namespace tsm::sema
