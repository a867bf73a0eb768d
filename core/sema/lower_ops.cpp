// Python operators on kernel values: constant folding, Triton's typing (type_rules.h), implicit
// casts and broadcasting, then one IR op.

#include "core/sema/const_eval.h"
#include "core/sema/lowerer.h"

namespace tsm::sema {

using ir::kNoValue;
using ir::OpCode;
using ir::Type;
using ir::ValueId;

namespace {

} // namespace

TypeOperand Lowerer::typeOperand(const KValue &k) const
{
    const Lowerer &l = *this;
    TypeOperand o;
    if (k.isTensor()) {
        const Type &t = l.typeOf(k.v);
        o.dtype = t.dtype;
        o.pointer = t.pointer;
        return o;
    }
    if (k.c.kind == ConstValue::Kind::Float) {
        o.py = TypeOperand::Py::Float;
        o.dtype = pyFloatDType(k.c.f);
        return o;
    }
    o.py = TypeOperand::Py::Int;
    o.intValue = k.c.kind == ConstValue::Kind::Bool ? (k.c.b ? 1 : 0) : k.c.i;
    o.dtype = k.c.kind == ConstValue::Kind::Bool ? DType::I1 : pyIntDType(o.intValue);
    return o;
}

namespace {

std::string operandName(const Lowerer &l, const KValue &k)
{
    if (k.isTensor()) {
        const Type &t = l.typeOf(k.v);
        return t.pointer ? "pointer<" + std::string(dtypeShortName(t.dtype)) + ">"
                         : std::string(dtypeShortName(t.dtype));
    }
    return k.c.kind == ConstValue::Kind::Float ? "float" : "int";
}

std::optional<ArithOp> arithOf(ast::BinaryOp op)
{
    using ast::BinaryOp;
    switch (op) {
    case BinaryOp::Add:
        return ArithOp::Add;
    case BinaryOp::Sub:
        return ArithOp::Sub;
    case BinaryOp::Mult:
        return ArithOp::Mul;
    case BinaryOp::Div:
        return ArithOp::TrueDiv;
    case BinaryOp::FloorDiv:
        return ArithOp::FloorDiv;
    case BinaryOp::Mod:
        return ArithOp::Mod;
    case BinaryOp::BitAnd:
        return ArithOp::BitAnd;
    case BinaryOp::BitOr:
        return ArithOp::BitOr;
    case BinaryOp::BitXor:
        return ArithOp::BitXor;
    case BinaryOp::LShift:
        return ArithOp::Shl;
    case BinaryOp::RShift:
        return ArithOp::Shr;
    default:
        return std::nullopt;
    }
}

bool isNumberOrTensor(const KValue &k)
{
    return k.isTensor() || (k.isConst() && isNumber(k.c));
}

} // namespace

void Lowerer::reportTyping(const BinaryTyping &t, const KValue &a, const KValue &b, SourceSpan span)
{
    if (t.typeError)
        error(DiagKind::KernelTypeError, span, {t.error});
    else
        error(DiagKind::IncompatibleTypes,
              span,
              {operandName(*this, a), operandName(*this, b), t.error});
}

KValue Lowerer::binary(ast::BinaryOp op, const KValue &a, const KValue &b, SourceSpan span)
{
    if (a.isInvalid() || b.isInvalid())
        return KValue::invalid();
    if (a.isConst() && b.isConst()) {
        ConstResult r = foldBinary(op, a.c, b.c);
        if (!r.value) {
            error(DiagKind::KernelTypeError, span, {r.error});
            return KValue::invalid();
        }
        return KValue::constant(*r.value);
    }
    if (a.kind == KValue::Kind::Tuple && b.kind == KValue::Kind::Tuple
        && op == ast::BinaryOp::Add) {
        std::vector<KValue> elts = a.elts;
        elts.insert(elts.end(), b.elts.begin(), b.elts.end());
        return KValue::tuple(std::move(elts));
    }
    const auto arithOp = arithOf(op);
    if (!arithOp) {
        error(
            DiagKind::UnsupportedKernelFeature,
            span,
            {"the '" + std::string(ast::binaryOpSpelling(op)) + "' operator on blocks"
             + std::string(op == ast::BinaryOp::Pow ? " (use tl.math.pow or libdevice.pow)" : "")});
        return KValue::invalid();
    }
    return arith(*arithOp, a, b, span);
}

KValue Lowerer::arith(ArithOp op,
                      const KValue &a,
                      const KValue &b,
                      SourceSpan span,
                      int predicate,
                      OpCode minMax,
                      int propagateNan)
{
    if (a.isInvalid() || b.isInvalid())
        return KValue::invalid();
    for (const KValue *k : {&a, &b}) {
        if (!isNumberOrTensor(*k)) {
            error(DiagKind::KernelTypeError,
                  span,
                  {"operand of '" + std::string(arithOpSpelling(op))
                   + "' must be a number or a block, not " + describe(*k)});
            return KValue::invalid();
        }
    }
    SpanScope scope(*this, span);
    const TypeOperand oa = typeOperand(a), ob = typeOperand(b);
    const BinaryTyping t = binaryTyping(op, oa, ob);
    if (!t.ok()) {
        reportTyping(t, a, b, span);
        return KValue::invalid();
    }
    auto materialize = [&](const KValue &k, const TypeOperand &o) -> ValueId {
        if (k.isConst())
            return constantOf(k.c,
                              o.pointer ? o.dtype : (t.resultPointer ? o.dtype : t.operandDType));
        if (o.pointer || t.resultPointer)
            return k.v;
        return cast(k.v, t.operandDType);
    };
    ValueId x = materialize(a, oa), y = materialize(b, ob);
    if (!broadcastPair(x, y, span))
        return KValue::invalid();

    if (t.resultPointer) {
        ValueId ptr = oa.pointer ? x : y;
        ValueId off = oa.pointer ? y : x;
        const DType offType = typeOf(off).dtype;
        if ((isUnsigned(offType) || offType == DType::I1) && dtypeBits(offType) < 64)
            off = cast(off, DType::I64);
        if (op == ArithOp::Sub) {
            ir::Op &neg = emitOp(OpCode::Neg, {off});
            off = addResult(neg, typeOf(off));
        }
        ir::Op &o = emitOp(OpCode::AddPtr, {ptr, off});
        return KValue::tensor(addResult(o, typeOf(ptr)));
    }

    const DType dt = typeOf(x).dtype;
    const bool fl = isFloat(dt);
    OpCode code = OpCode::Add;
    std::int64_t attr = 0;
    switch (op) {
    case ArithOp::Add:
        code = OpCode::Add;
        break;
    case ArithOp::Sub:
        code = OpCode::Sub;
        break;
    case ArithOp::Mul:
        code = OpCode::Mul;
        break;
    case ArithOp::TrueDiv:
        code = OpCode::FDiv;
        break;
    case ArithOp::FloorDiv:
        code = OpCode::IDiv;
        break;
    case ArithOp::Mod:
        code = fl ? OpCode::FRem : OpCode::IRem;
        break;
    case ArithOp::BitAnd:
        code = OpCode::And;
        break;
    case ArithOp::BitOr:
        code = OpCode::Or;
        break;
    case ArithOp::BitXor:
        code = OpCode::Xor;
        break;
    case ArithOp::Shl:
        code = OpCode::Shl;
        break;
    case ArithOp::Shr:
        code = OpCode::Shr;
        break;
    case ArithOp::Compare:
        code = OpCode::Cmp;
        attr = predicate;
        break;
    case ArithOp::MinMax:
        code = minMax;
        attr = fl ? propagateNan : 0;
        break;
    case ArithOp::Select: // typing only (tl.where): never an arithmetic op
        std::abort();
    }
    ir::Op &o = emitOp(code, {x, y});
    o.i = attr;
    Type rt = typeOf(x);
    rt.dtype = t.resultDType;
    return KValue::tensor(addResult(o, rt));
}

KValue Lowerer::compare(ast::CmpOp op, const KValue &a, const KValue &b, SourceSpan span)
{
    if (a.isInvalid() || b.isInvalid())
        return KValue::invalid();
    if (a.isConst() && b.isConst()) {
        ConstResult r = foldCompare(op, a.c, b.c);
        if (!r.value) {
            error(DiagKind::KernelTypeError, span, {r.error});
            return KValue::invalid();
        }
        return KValue::constant(*r.value);
    }
    if (op == ast::CmpOp::Is || op == ast::CmpOp::IsNot) {
        // A block is never None / a constant.
        const bool same = a.sameAs(b);
        return KValue::constant(ConstValue::ofBool(op == ast::CmpOp::Is ? same : !same));
    }
    int pred = 0;
    switch (op) {
    case ast::CmpOp::Eq:
        pred = 0;
        break;
    case ast::CmpOp::NotEq:
        pred = 1;
        break;
    case ast::CmpOp::Lt:
        pred = 2;
        break;
    case ast::CmpOp::LtE:
        pred = 3;
        break;
    case ast::CmpOp::Gt:
        pred = 4;
        break;
    case ast::CmpOp::GtE:
        pred = 5;
        break;
    default:
        error(DiagKind::UnsupportedKernelFeature,
              span,
              {"the '" + std::string(ast::cmpOpSpelling(op)) + "' operator on blocks"});
        return KValue::invalid();
    }
    return arith(ArithOp::Compare, a, b, span, pred);
}

KValue Lowerer::unary(ast::UnaryOpKind op, const KValue &a, SourceSpan span)
{
    if (a.isInvalid())
        return KValue::invalid();
    if (a.isConst()) {
        ConstResult r = foldUnary(op, a.c);
        if (!r.value) {
            error(DiagKind::KernelTypeError, span, {r.error});
            return KValue::invalid();
        }
        return KValue::constant(*r.value);
    }
    if (!a.isTensor()) {
        error(DiagKind::KernelTypeError,
              span,
              {"bad operand for unary '" + std::string(ast::unaryOpSpelling(op))
               + "': " + describe(a)});
        return KValue::invalid();
    }
    SpanScope scope(*this, span);
    const Type t = typeOf(a.v);
    switch (op) {
    case ast::UnaryOpKind::UAdd:
        return a;
    case ast::UnaryOpKind::USub: {
        if (t.pointer || isFp8(t.dtype)) {
            error(DiagKind::KernelTypeError,
                  span,
                  {"cannot negate " + ir::typeToString(t)
                   + (t.pointer ? std::string(" (a pointer)")
                                : ": fp8 has no arithmetic; convert with .to(tl.float32) first")});
            return KValue::invalid();
        }
        ir::Op &o = emitOp(OpCode::Neg, {a.v});
        return KValue::tensor(addResult(o, t));
    }
    case ast::UnaryOpKind::Invert: {
        if (t.pointer || isFloat(t.dtype)) {
            error(DiagKind::KernelTypeError,
                  span,
                  {"'~' needs an integer block, not " + ir::typeToString(t)});
            return KValue::invalid();
        }
        ir::Op &o = emitOp(OpCode::Not, {a.v});
        return KValue::tensor(addResult(o, t));
    }
    case ast::UnaryOpKind::Not: {
        if (t.pointer) {
            error(
                DiagKind::KernelTypeError, span, {"'not' needs a number or block, not a pointer"});
            return KValue::invalid();
        }
        const ValueId b = toBool(a.v);
        ir::Op &o = emitOp(OpCode::Not, {b});
        return KValue::tensor(addResult(o, typeOf(b)));
    }
    }
    return KValue::invalid();
}

} // namespace tsm::sema
