#include "core/sema/lowerer.h"

#include "core/sema/const_eval.h"

namespace tsm::sema {

using ir::kNoValue;
using ir::OpCode;
using ir::Type;
using ir::ValueId;

const KValue *BuiltinArgs::get(std::string_view n) const
{
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == n && vals[i])
            return &*vals[i];
    return nullptr;
}

SourceSpan BuiltinArgs::spanOf(std::string_view n) const
{
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == n && vals[i])
            return spans[i];
    return span;
}

Diagnostic &Lowerer::error(DiagKind kind, SourceSpan span, std::vector<std::string> args)
{
    return m_diags.report(kind, span, std::move(args));
}

void Lowerer::note(Diagnostic &d, SourceSpan span, std::string message)
{
    addNote(d, span, std::move(message));
}

ir::Op &Lowerer::emitOp(OpCode code, std::vector<ValueId> operands)
{
    ir::Op &op = ir::appendOp(*m_region, code, m_span);
    op.operands = std::move(operands);
    return op;
}

ValueId Lowerer::newValue(Type type)
{
    return m_kernel->newValue(std::move(type), {}, m_span);
}

ValueId Lowerer::addResult(ir::Op &op, Type type)
{
    const ValueId v = newValue(std::move(type));
    op.results.push_back(v);
    return v;
}

ValueId Lowerer::constantInt(DType dtype, std::int64_t value, std::vector<std::int64_t> shape)
{
    ir::Op &op = emitOp(OpCode::Constant);
    op.i = value;
    return addResult(op, Type{dtype, false, std::move(shape)});
}

ValueId Lowerer::constantFloat(DType dtype, double value, std::vector<std::int64_t> shape)
{
    ir::Op &op = emitOp(OpCode::Constant);
    op.f = value;
    return addResult(op, Type{dtype, false, std::move(shape)});
}

ValueId Lowerer::constantOf(const ConstValue &c, DType dtype, std::vector<std::int64_t> shape)
{
    if (isFloat(dtype))
        return constantFloat(dtype, asDouble(c), std::move(shape));
    std::int64_t v = c.kind == ConstValue::Kind::Float  ? static_cast<std::int64_t>(c.f)
                     : c.kind == ConstValue::Kind::Bool ? (c.b ? 1 : 0)
                                                        : c.i;
    if (dtype == DType::I1)
        v = v != 0;
    return constantInt(dtype, v, std::move(shape));
}

ValueId Lowerer::cast(ValueId v, DType dtype, int rounding)
{
    const Type &t = typeOf(v);
    if (t.dtype == dtype && !t.pointer)
        return v;
    if (!t.pointer)
        if (std::string why = castRestriction(t.dtype, dtype, rounding); !why.empty())
            error(DiagKind::KernelTypeError, m_span, {why});
    Type rt = t;
    rt.dtype = dtype;
    rt.pointer = false;
    ir::Op &op = emitOp(t.pointer ? OpCode::PtrToInt : OpCode::Cast, {v});
    op.i = t.pointer ? 0 : rounding;
    return addResult(op, rt);
}

ValueId Lowerer::bitcast(ValueId v, DType dtype, bool pointer)
{
    const Type &t = typeOf(v);
    if (t.dtype == dtype && t.pointer == pointer)
        return v;
    Type rt = t;
    rt.dtype = dtype;
    rt.pointer = pointer;
    OpCode code = OpCode::Bitcast;
    if (t.pointer && !pointer)
        code = OpCode::PtrToInt;
    else if (!t.pointer && pointer)
        code = OpCode::IntToPtr;
    ir::Op &op = emitOp(code, {v});
    return addResult(op, rt);
}

ValueId Lowerer::splat(ValueId v, const std::vector<std::int64_t> &shape)
{
    if (shape.empty())
        return v;
    ir::Op &op = emitOp(OpCode::Splat, {v});
    return addResult(op, typeOf(v).withShape(shape));
}

ValueId Lowerer::expandDims(ValueId v, int axis)
{
    std::vector<std::int64_t> shape = typeOf(v).shape;
    shape.insert(shape.begin() + axis, 1);
    if (typeOf(v).isScalar())
        return splat(v, shape);
    ir::Op &op = emitOp(OpCode::ExpandDims, {v});
    op.i = axis;
    return addResult(op, typeOf(v).withShape(shape));
}

ValueId Lowerer::reshape(ValueId v, std::vector<std::int64_t> shape, bool canReorder)
{
    if (typeOf(v).shape == shape)
        return v;
    if (typeOf(v).isScalar())
        return splat(v, shape);
    ir::Op &op = emitOp(OpCode::Reshape, {v});
    op.i = canReorder ? 1 : 0;
    return addResult(op, typeOf(v).withShape(std::move(shape)));
}

std::string Lowerer::shapeText(const std::vector<std::int64_t> &shape)
{
    if (shape.empty())
        return "scalar";
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

ValueId Lowerer::broadcastTo(ValueId v, const std::vector<std::int64_t> &shape, SourceSpan span)
{
    const std::vector<std::int64_t> src = typeOf(v).shape;
    if (src == shape)
        return v;
    if (src.empty())
        return splat(v, shape);
    if (src.size() > shape.size()) {
        error(DiagKind::IncompatibleShapes, span, {shapeText(src), shapeText(shape), ""});
        return kNoValue;
    }
    for (std::size_t i = 0; i < src.size(); ++i) {
        const std::int64_t want = shape[shape.size() - src.size() + i];
        if (src[i] != want && src[i] != 1) {
            error(DiagKind::IncompatibleShapes,
                  span,
                  {shapeText(src),
                   shapeText(shape),
                   ": dimension " + std::to_string(i) + " is " + std::to_string(src[i])
                       + ", which cannot broadcast to " + std::to_string(want)});
            return kNoValue;
        }
    }
    while (typeOf(v).shape.size() < shape.size())
        v = expandDims(v, 0);
    ir::Op &op = emitOp(OpCode::Broadcast, {v});
    return addResult(op, typeOf(v).withShape(shape));
}

bool Lowerer::broadcastPair(ValueId &a, ValueId &b, SourceSpan span)
{
    std::vector<std::int64_t> sa = typeOf(a).shape, sb = typeOf(b).shape;
    if (sa == sb)
        return true;
    if (sa.empty()) {
        a = splat(a, sb);
        return true;
    }
    if (sb.empty()) {
        b = splat(b, sa);
        return true;
    }
    const std::size_t rank = std::max(sa.size(), sb.size());
    std::vector<std::int64_t> pa(rank - sa.size(), 1), pb(rank - sb.size(), 1);
    pa.insert(pa.end(), sa.begin(), sa.end());
    pb.insert(pb.end(), sb.begin(), sb.end());
    std::vector<std::int64_t> out(rank);
    for (std::size_t i = 0; i < rank; ++i) {
        if (pa[i] == pb[i] || pb[i] == 1)
            out[i] = pa[i];
        else if (pa[i] == 1)
            out[i] = pb[i];
        else {
            error(DiagKind::IncompatibleShapes,
                  span,
                  {shapeText(sa),
                   shapeText(sb),
                   ": dimension " + std::to_string(i) + " is " + std::to_string(pa[i])
                       + " on the left and " + std::to_string(pb[i])
                       + " on the right; only equal sizes or 1 broadcast"});
            return false;
        }
    }
    a = broadcastTo(a, out, span);
    b = broadcastTo(b, out, span);
    return a != kNoValue && b != kNoValue;
}

namespace {

std::string dimensions(std::size_t n)
{
    return std::to_string(n) + (n == 1 ? " dimension" : " dimensions");
}

} // namespace

std::string Lowerer::describe(const KValue &k) const
{
    switch (k.kind) {
    case KValue::Kind::Const:
        switch (k.c.kind) {
        case ConstValue::Kind::Int:
            return "int constant " + k.c.repr();
        case ConstValue::Kind::Float:
            return "float constant " + k.c.repr();
        case ConstValue::Kind::Bool:
            return "bool constant " + k.c.repr();
        case ConstValue::Kind::None:
            return "None";
        case ConstValue::Kind::String:
            return "string " + k.c.repr();
        case ConstValue::Kind::DType:
            return "dtype " + k.c.repr();
        }
        return "constant";
    case KValue::Kind::Tensor:
        return ir::typeToString(typeOf(k.v));
    case KValue::Kind::Tuple:
        return "a tuple of " + std::to_string(k.elts.size()) + " values";
    case KValue::Kind::JitFunction:
        return "@triton.jit function '" + std::string(k.fn->name) + "'";
    case KValue::Kind::Builtin:
        return "builtin '" + k.name + "'";
    case KValue::Kind::Module:
        return "module '" + k.name + "'";
    case KValue::Kind::Method:
        return "method '" + k.name + "'";
    case KValue::Kind::BlockPtr:
        return "a block pointer of " + dimensions(k.elts.size() > 4 ? k.elts[4].elts.size() : 0);
    case KValue::Kind::TensorDesc:
        return "a tensor descriptor of " + dimensions(k.elts.size() > 3 ? k.elts[3].elts.size() : 0);
    case KValue::Kind::Invalid:
        return "an invalid value";
    }
    return "?";
}

ValueId Lowerer::toTensor(const KValue &k, SourceSpan span, std::string_view what)
{
    if (k.isInvalid())
        return kNoValue;
    if (k.isTensor())
        return k.v;
    if (k.isConst() && isNumber(k.c)) {
        SpanScope scope(*this, span);
        if (k.c.kind == ConstValue::Kind::Bool)
            return constantInt(DType::I1, k.c.b ? 1 : 0);
        if (k.c.kind == ConstValue::Kind::Int)
            return constantInt(pyIntDType(k.c.i), k.c.i);
        return constantFloat(pyFloatDType(k.c.f), k.c.f);
    }
    error(DiagKind::KernelTypeError,
          span,
          {std::string(what) + " must be a number or a block, not " + describe(k)});
    return kNoValue;
}

std::optional<std::int64_t>
Lowerer::constInt(const KValue &k, SourceSpan span, std::string_view what)
{
    if (k.isInvalid())
        return std::nullopt;
    if (k.isConst() && (k.c.kind == ConstValue::Kind::Int || k.c.kind == ConstValue::Kind::Bool))
        return k.c.kind == ConstValue::Kind::Bool ? (k.c.b ? 1 : 0) : k.c.i;
    if (k.isTensor()) {
        error(DiagKind::NotConstexpr,
              span,
              {std::string(what),
               ", but it is a runtime value (" + describe(k)
                   + "); make it a tl.constexpr parameter"});
        return std::nullopt;
    }
    error(DiagKind::KernelTypeError,
          span,
          {std::string(what) + " must be an int, not " + describe(k)});
    return std::nullopt;
}

std::optional<bool> Lowerer::constBool(const KValue &k, SourceSpan span, std::string_view what)
{
    if (k.isInvalid())
        return std::nullopt;
    if (k.isConst())
        return constTruthy(k.c);
    error(DiagKind::NotConstexpr,
          span,
          {std::string(what), ", but it is a runtime value (" + describe(k) + ")"});
    return std::nullopt;
}

std::optional<std::string>
Lowerer::constString(const KValue &k, SourceSpan span, std::string_view what)
{
    if (k.isInvalid())
        return std::nullopt;
    if (k.isConst() && k.c.kind == ConstValue::Kind::String)
        return k.c.s;
    if (k.isNone())
        return std::string();
    error(DiagKind::KernelTypeError,
          span,
          {std::string(what) + " must be a string, not " + describe(k)});
    return std::nullopt;
}

std::optional<DType> Lowerer::constDType(const KValue &k, SourceSpan span, std::string_view what)
{
    if (k.isInvalid())
        return std::nullopt;
    if (k.isDType() && !k.pointerType)
        return k.c.dtype;
    error(DiagKind::KernelTypeError,
          span,
          {std::string(what) + " must be a dtype such as tl.float32, not " + describe(k)});
    return std::nullopt;
}

bool Lowerer::checkBlockShape(const std::vector<std::int64_t> &shape, SourceSpan span)
{
    std::int64_t n = 1;
    for (std::int64_t d : shape) {
        if (d <= 0 || (d & (d - 1)) != 0) {
            error(DiagKind::NonPowerOfTwoRange,
                  span,
                  {"block shape " + shapeText(shape) + " has the dimension " + std::to_string(d)
                   + ", which is not a power of two; every block dimension must be one"});
            return false;
        }
        n *= d;
        if (n > (1 << 20)) {
            error(DiagKind::BlockTooLarge, span, {std::to_string(n)});
            return false;
        }
    }
    return true;
}

std::optional<std::vector<std::int64_t>>
Lowerer::constShape(const KValue &k, SourceSpan span, std::string_view what)
{
    std::vector<std::int64_t> shape;
    if (k.kind == KValue::Kind::Tuple) {
        for (const KValue &e : k.elts) {
            auto d = constInt(e, span, std::string(what) + " dimensions");
            if (!d)
                return std::nullopt;
            shape.push_back(*d);
        }
    } else {
        auto d = constInt(k, span, what);
        if (!d)
            return std::nullopt;
        shape.push_back(*d);
    }
    if (!checkBlockShape(shape, span))
        return std::nullopt;
    return shape;
}

ValueId Lowerer::toBool(ValueId v)
{
    if (typeOf(v).dtype == DType::I1 && !typeOf(v).pointer)
        return v;
    return cast(v, DType::I1);
}

ValueId Lowerer::math(ir::MathFn fn, std::vector<ValueId> operands)
{
    const Type t = typeOf(operands.front());
    ir::Op &op = emitOp(OpCode::Math, std::move(operands));
    op.str = std::string(ir::mathFnName(fn));
    return addResult(op, t);
}

} // namespace tsm::sema
