// Builtins of the program model, block creation, shape manipulation, casts, compile-time
// checks and printing, and the Python builtins kernels may call.

#include "core/sema/const_eval.h"
#include "core/sema/lowerer.h"

#include <algorithm>
#include <cmath>

namespace tsm::sema {

using ir::kNoValue;
using ir::OpCode;
using ir::Type;
using ir::ValueId;

namespace {

KValue tensorResult(ValueId v)
{
    return v == kNoValue ? KValue::invalid() : KValue::tensor(v);
}

/// The shape given as varargs (`reshape(x, 4, 8)`) or as one tuple (`reshape(x, (4, 8))`).
std::optional<std::vector<std::int64_t>>
shapeArgs(Lowerer &l, BuiltinArgs &a, std::string_view what)
{
    if (a.rest.size() == 1 && a.rest[0].kind == KValue::Kind::Tuple)
        return l.constShape(a.rest[0], a.restSpans[0], what);
    return l.constShape(KValue::tuple(a.rest), a.rest.empty() ? a.span : a.restSpans[0], what);
}

std::optional<std::vector<std::int64_t>> dimsArgs(Lowerer &l, BuiltinArgs &a, std::string_view what)
{
    std::vector<KValue> vals = a.rest;
    if (vals.size() == 1 && vals[0].kind == KValue::Kind::Tuple)
        vals = vals[0].elts;
    std::vector<std::int64_t> out;
    for (const KValue &v : vals) {
        auto d = l.constInt(v, a.rest.empty() ? a.span : a.restSpans[0], what);
        if (!d)
            return std::nullopt;
        out.push_back(*d);
    }
    return out;
}

ValueId tensorArg(Lowerer &l, BuiltinArgs &a, std::string_view name)
{
    const KValue *k = a.get(name);
    if (!k)
        return kNoValue;
    return l.toTensor(*k, a.spanOf(name), "argument '" + std::string(name) + "' of " + a.fname);
}

ValueId blockArg(Lowerer &l, BuiltinArgs &a, std::string_view name)
{
    const ValueId v = tensorArg(l, a, name);
    return v;
}

KValue permuteImpl(Lowerer &l, ValueId x, std::vector<std::int64_t> order, SourceSpan span)
{
    const auto &shape = l.typeOf(x).shape;
    std::vector<bool> seen(shape.size(), false);
    bool ok = order.size() == shape.size();
    for (std::int64_t &d : order) {
        if (d < 0)
            d += static_cast<std::int64_t>(shape.size());
        if (d < 0 || d >= static_cast<std::int64_t>(shape.size())
            || seen[static_cast<std::size_t>(d)]) {
            ok = false;
            break;
        }
        seen[static_cast<std::size_t>(d)] = true;
    }
    if (!ok) {
        l.error(DiagKind::KernelTypeError,
                span,
                {"the permutation must list each of the " + std::to_string(shape.size())
                 + " dimensions of " + ir::typeToString(l.typeOf(x)) + " exactly once"});
        return KValue::invalid();
    }
    std::vector<std::int64_t> out;
    for (std::int64_t d : order)
        out.push_back(shape[static_cast<std::size_t>(d)]);
    ir::Op &op = l.emitOp(OpCode::Permute, {x});
    op.ints = order;
    return KValue::tensor(l.addResult(op, l.typeOf(x).withShape(out)));
}

/// Triton's join: a and b broadcast to one shape S, the result S + [2] holds a at [..., 0] and
/// b at [..., 1]; two scalars make a [2] block.
ValueId joinImpl(Lowerer &l, ValueId x, ValueId y, SourceSpan span)
{
    if (!l.broadcastPair(x, y, span))
        return kNoValue;
    const Type tx = l.typeOf(x), ty = l.typeOf(y);
    if (tx.dtype != ty.dtype || tx.pointer != ty.pointer) {
        l.error(DiagKind::KernelTypeError,
                span,
                {"tl.join needs two values of one type, not " + ir::typeToString(tx) + " and "
                 + ir::typeToString(ty)});
        return kNoValue;
    }
    const bool scalars = tx.isScalar();
    if (scalars) {
        x = l.splat(x, {1});
        y = l.splat(y, {1});
    }
    std::vector<std::int64_t> shape = l.typeOf(x).shape;
    shape.push_back(2);
    if (!l.checkBlockShape(shape, span))
        return kNoValue;
    ir::Op &op = l.emitOp(OpCode::Join, {x, y});
    const ValueId out = l.addResult(op, l.typeOf(x).withShape(shape));
    return scalars ? l.reshape(out, {2}, false) : out;
}

/// The one element of a [1] block as a scalar (a reduction whose combine is never called).
ValueId onlyElement(Lowerer &l, ValueId v)
{
    const Type t = l.typeOf(v);
    if (t.pointer)
        return l.bitcast(onlyElement(l, l.bitcast(v, DType::I64, false)), t.dtype, true);
    ir::Region region;
    const ValueId acc = l.newValue(Type{t.dtype, false, {}});
    region.args = {acc, l.newValue(Type{t.dtype, false, {}})};
    ir::Region *parent = l.region();
    l.setRegion(&region);
    l.emitOp(OpCode::Yield, {acc});
    l.setRegion(parent);
    ir::Op &op = l.emitOp(OpCode::Reduce, {v});
    op.i = 0;
    op.regions.push_back(std::move(region));
    return l.addResult(op, Type{t.dtype, false, {}});
}

/// Triton's split: x of shape S + [2] -> (x[..., 0], x[..., 1]); a [2] block gives two scalars.
KValue splitImpl(Lowerer &l, ValueId x, SourceSpan span)
{
    const Type t = l.typeOf(x);
    if (t.shape.empty() || t.shape.back() != 2) {
        l.error(DiagKind::KernelTypeError,
                span,
                {"tl.split needs a block whose last dimension is 2, not " + ir::typeToString(t)});
        return KValue::invalid();
    }
    const bool rank1 = t.shape.size() == 1;
    if (rank1)
        x = l.expandDims(x, 0);
    std::vector<std::int64_t> half = l.typeOf(x).shape;
    half.pop_back();
    ir::Op &op = l.emitOp(OpCode::Split, {x});
    ValueId lo = l.addResult(op, t.withShape(half));
    ValueId hi = l.addResult(l.region()->ops.back(), t.withShape(half));
    if (rank1) {
        lo = onlyElement(l, lo);
        hi = onlyElement(l, hi);
    }
    return KValue::tuple({KValue::tensor(lo), KValue::tensor(hi)});
}

std::string printable(Lowerer &l, const KValue &k)
{
    if (k.isConst())
        return constStr(k.c);
    if (k.kind == KValue::Kind::Tuple) {
        std::string s = "(";
        for (std::size_t i = 0; i < k.elts.size(); ++i)
            s += (i ? ", " : "") + printable(l, k.elts[i]);
        return s + (k.elts.size() == 1 ? ",)" : ")");
    }
    return l.describe(k);
}

KValue devicePrint(Lowerer &l,
                   const std::string &prefixIn,
                   const std::vector<KValue> &vals,
                   const std::vector<SourceSpan> &spans,
                   bool hex)
{
    std::string prefix = prefixIn;
    std::vector<ValueId> ops;
    for (std::size_t i = 0; i < vals.size(); ++i) {
        const ValueId v = l.toTensor(vals[i], spans[i], "a device_print value");
        if (v == kNoValue)
            return KValue::invalid();
        ops.push_back(v);
    }
    // Triton's normalization: "prefix: " with a leading space when non-trivial.
    if (!ops.empty()) {
        if (prefix.empty() || prefix.back() != ' ')
            prefix += " ";
        if (prefix.size() < 2 || prefix.substr(prefix.size() - 2) != ": ")
            prefix = prefix.substr(0, prefix.size() - 1) + ": ";
    }
    if (prefix.size() > 2 && prefix.front() != ' ')
        prefix = " " + prefix;
    ir::Op &op = l.emitOp(OpCode::Print, ops);
    op.str = prefix;
    op.flags = hex ? 1 : 0;
    return KValue::constant(ConstValue::none());
}

KValue hint(Lowerer &l, BuiltinArgs &a, int kind)
{
    const ValueId x = tensorArg(l, a, "input");
    if (x == kNoValue)
        return KValue::invalid();
    const KValue *vals = a.get("values");
    std::vector<std::int64_t> values;
    if (vals->kind == KValue::Kind::Tuple) {
        for (const KValue &v : vals->elts) {
            auto d = l.constInt(v, a.spanOf("values"), "a hint value");
            if (!d)
                return KValue::invalid();
            values.push_back(*d);
        }
    } else {
        auto d = l.constInt(*vals, a.spanOf("values"), "a hint value");
        if (!d)
            return KValue::invalid();
        values.push_back(*d);
    }
    const std::size_t rank = l.typeOf(x).shape.size();
    const std::size_t want = kind == 0 ? std::max<std::size_t>(1, rank) : rank;
    if (values.size() != want) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("values"),
                {a.fname + " needs " + std::to_string(want) + " values for "
                 + ir::typeToString(l.typeOf(x)) + ", got " + std::to_string(values.size())});
        return KValue::invalid();
    }
    ir::Op &op = l.emitOp(OpCode::Hint, {x});
    op.i = kind;
    op.ints = values;
    return KValue::tensor(l.addResult(op, l.typeOf(x)));
}

KValue castImpl(Lowerer &l, BuiltinArgs &a)
{
    const ValueId x = tensorArg(l, a, "input");
    const KValue *dt = a.get("dtype");
    if (x == kNoValue || !dt || dt->isInvalid())
        return KValue::invalid();
    if (!dt->isDType()) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("dtype"),
                {"the target of a cast must be a dtype, not " + l.describe(*dt)});
        return KValue::invalid();
    }
    const Type t = l.typeOf(x);
    const DType to = dt->c.dtype;
    const bool toPtr = dt->pointerType;
    bool bitcast = false;
    if (const KValue *b = a.get("bitcast")) {
        auto v = l.constBool(*b, a.spanOf("bitcast"), "bitcast=");
        if (!v)
            return KValue::invalid();
        bitcast = *v;
    }
    int rounding = 0;
    if (const KValue *r = a.get("fp_downcast_rounding"); r && !r->isNone()) {
        auto s = l.constString(*r, a.spanOf("fp_downcast_rounding"), "fp_downcast_rounding");
        if (!s)
            return KValue::invalid();
        if (*s != "rtne" && *s != "rtz") {
            l.error(DiagKind::KernelTypeError,
                    a.spanOf("fp_downcast_rounding"),
                    {"fp_downcast_rounding must be 'rtne' or 'rtz', not '" + *s + "'"});
            return KValue::invalid();
        }
        if (!(isFloat(t.dtype) && isFloat(to) && dtypeBits(to) < dtypeBits(t.dtype)
              && !t.pointer)) {
            l.error(DiagKind::KernelTypeError,
                    a.spanOf("fp_downcast_rounding"),
                    {"fp_downcast_rounding applies only to narrowing float conversions"});
            return KValue::invalid();
        }
        rounding = *s == "rtz" ? 1 : 0;
    }
    if (t.pointer || toPtr) {
        if (t.pointer && toPtr)
            return KValue::tensor(l.bitcast(x, to, true));
        if (t.pointer && to == DType::I64)
            return KValue::tensor(l.bitcast(x, DType::I64, false));
        if (!t.pointer && toPtr && !isFloat(t.dtype))
            return KValue::tensor(l.bitcast(l.cast(x, DType::I64), to, true));
        l.error(DiagKind::KernelTypeError,
                a.span,
                {"cannot convert " + ir::typeToString(t) + " to "
                 + (toPtr ? "a pointer" : std::string(dtypeShortName(to)))});
        return KValue::invalid();
    }
    if (bitcast) {
        if (dtypeBits(t.dtype) != dtypeBits(to)) {
            l.error(DiagKind::KernelTypeError,
                    a.span,
                    {"cannot bitcast " + std::string(dtypeShortName(t.dtype)) + " ("
                     + std::to_string(dtypeBits(t.dtype)) + " bits) to "
                     + std::string(dtypeShortName(to)) + " (" + std::to_string(dtypeBits(to))
                     + " bits)"});
            return KValue::invalid();
        }
        return KValue::tensor(l.bitcast(x, to, false));
    }
    return KValue::tensor(l.cast(x, to, rounding));
}

} // namespace

void registerShapeBuiltins(BuiltinTable &t)
{
    auto programAxis = [](Lowerer &l, BuiltinArgs &a, OpCode code) -> KValue {
        auto axis = l.constInt(*a.get("axis"), a.spanOf("axis"), "the axis of " + a.fname);
        if (!axis)
            return KValue::invalid();
        if (*axis < 0 || *axis > 2) {
            l.error(DiagKind::InvalidAxis,
                    a.spanOf("axis"),
                    {std::to_string(*axis), "3 (the launch grid)"});
            return KValue::invalid();
        }
        ir::Op &op = l.emitOp(code);
        op.i = *axis;
        return KValue::tensor(l.addResult(op, Type{DType::I32, false, {}}));
    };
    t["tl.program_id"]
        = [=](Lowerer &l, BuiltinArgs &a) { return programAxis(l, a, OpCode::ProgramId); };
    t["tl.num_programs"]
        = [=](Lowerer &l, BuiltinArgs &a) { return programAxis(l, a, OpCode::NumPrograms); };

    t["tl.arange"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        auto start = l.constInt(*a.get("start"), a.spanOf("start"), "the start of tl.arange");
        auto end = l.constInt(*a.get("end"), a.spanOf("end"), "the end of tl.arange");
        if (!start || !end)
            return KValue::invalid();
        if (*end <= *start) {
            l.error(DiagKind::KernelTypeError,
                    a.span,
                    {"tl.arange(" + std::to_string(*start) + ", " + std::to_string(*end)
                     + "): end must be greater than start"});
            return KValue::invalid();
        }
        if (*start < INT32_MIN || *end > INT32_MAX) {
            l.error(DiagKind::KernelTypeError, a.span, {"tl.arange bounds must fit in int32"});
            return KValue::invalid();
        }
        const std::int64_t n = *end - *start;
        if ((n & (n - 1)) != 0) {
            std::int64_t p = 1;
            while (p < n)
                p <<= 1;
            l.error(DiagKind::NonPowerOfTwoRange,
                    a.span,
                    {"tl.arange(" + std::to_string(*start) + ", " + std::to_string(*end) + ") has "
                     + std::to_string(n)
                     + " elements (end - start), which is not a power of two; "
                       "use "
                     + std::to_string(p) + " (triton.next_power_of_2) and mask the extra lanes"});
            return KValue::invalid();
        }
        if (n > (1 << 20)) {
            l.error(DiagKind::BlockTooLarge, a.span, {std::to_string(n)});
            return KValue::invalid();
        }
        ir::Op &op = l.emitOp(OpCode::MakeRange);
        op.ints = {*start, *end};
        return KValue::tensor(l.addResult(op, Type{DType::I32, false, {n}}));
    };

    auto full = [](Lowerer &l,
                   const std::vector<std::int64_t> &shape,
                   const KValue &value,
                   SourceSpan valueSpan,
                   DType dtype) -> KValue {
        if (value.isConst() && isNumber(value.c))
            return KValue::tensor(l.constantOf(value.c, dtype, shape));
        ValueId v = l.toTensor(value, valueSpan, "the fill value");
        if (v == kNoValue)
            return KValue::invalid();
        if (l.typeOf(v).isBlock()) {
            l.error(DiagKind::KernelTypeError, valueSpan, {"the fill value must be a scalar"});
            return KValue::invalid();
        }
        return KValue::tensor(l.splat(l.cast(v, dtype), shape));
    };
    t["tl.full"] = [=](Lowerer &l, BuiltinArgs &a) -> KValue {
        auto shape = l.constShape(*a.get("shape"), a.spanOf("shape"), "the shape of tl.full");
        auto dt = l.constDType(*a.get("dtype"), a.spanOf("dtype"), "the dtype of tl.full");
        if (!shape || !dt)
            return KValue::invalid();
        return full(l, *shape, *a.get("value"), a.spanOf("value"), *dt);
    };
    t["tl.zeros"] = [=](Lowerer &l, BuiltinArgs &a) -> KValue {
        auto shape = l.constShape(*a.get("shape"), a.spanOf("shape"), "the shape of tl.zeros");
        auto dt = l.constDType(*a.get("dtype"), a.spanOf("dtype"), "the dtype of tl.zeros");
        if (!shape || !dt)
            return KValue::invalid();
        return full(l, *shape, KValue::constant(ConstValue::ofInt(0)), a.span, *dt);
    };
    t["tl.zeros_like"] = [=](Lowerer &l, BuiltinArgs &a) -> KValue {
        const ValueId x = tensorArg(l, a, "input");
        if (x == kNoValue)
            return KValue::invalid();
        const Type ty = l.typeOf(x);
        return full(l, ty.shape, KValue::constant(ConstValue::ofInt(0)), a.span, ty.dtype);
    };
    t["tl.cast"] = castImpl;

    t["tl.reshape"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const ValueId x = blockArg(l, a, "input");
        auto shape = shapeArgs(l, a, "the new shape");
        if (x == kNoValue || !shape)
            return KValue::invalid();
        bool reorder = false;
        if (const KValue *r = a.get("can_reorder")) {
            auto b = l.constBool(*r, a.spanOf("can_reorder"), "can_reorder=");
            if (!b)
                return KValue::invalid();
            reorder = *b;
        }
        std::int64_t n = 1;
        for (std::int64_t d : *shape)
            n *= d;
        if (n != l.typeOf(x).numElements()) {
            l.error(DiagKind::IncompatibleShapes,
                    a.span,
                    {Lowerer::shapeText(l.typeOf(x).shape),
                     Lowerer::shapeText(*shape),
                     ": reshape cannot change the number of elements"});
            return KValue::invalid();
        }
        return tensorResult(l.reshape(x, *shape, reorder));
    };
    t["tl.view"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const ValueId x = blockArg(l, a, "input");
        auto shape = shapeArgs(l, a, "the new shape");
        if (x == kNoValue || !shape)
            return KValue::invalid();
        std::int64_t n = 1;
        for (std::int64_t d : *shape)
            n *= d;
        if (n != l.typeOf(x).numElements()) {
            l.error(DiagKind::IncompatibleShapes,
                    a.span,
                    {Lowerer::shapeText(l.typeOf(x).shape),
                     Lowerer::shapeText(*shape),
                     ": view cannot change the number of elements"});
            return KValue::invalid();
        }
        return tensorResult(l.reshape(x, *shape, true));
    };
    t["tl.ravel"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const ValueId x = tensorArg(l, a, "x");
        if (x == kNoValue)
            return KValue::invalid();
        bool reorder = false;
        if (const KValue *r = a.get("can_reorder")) {
            auto b = l.constBool(*r, a.spanOf("can_reorder"), "can_reorder=");
            if (!b)
                return KValue::invalid();
            reorder = *b;
        }
        return tensorResult(l.reshape(x, {l.typeOf(x).numElements()}, reorder));
    };
    t["tl.trans"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const ValueId x = tensorArg(l, a, "input");
        auto dims = dimsArgs(l, a, "a dimension of tl.trans");
        if (x == kNoValue || !dims)
            return KValue::invalid();
        if (dims->empty()) {
            const std::size_t rank = l.typeOf(x).shape.size();
            if (rank != 2) {
                l.error(DiagKind::KernelTypeError,
                        a.span,
                        {"tl.trans without dims needs a 2-D block, not "
                         + ir::typeToString(l.typeOf(x))});
                return KValue::invalid();
            }
            *dims = {1, 0};
        }
        return permuteImpl(l, x, *dims, a.span);
    };
    t["tl.join"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const ValueId x = tensorArg(l, a, "a"), y = tensorArg(l, a, "b");
        if (x == kNoValue || y == kNoValue)
            return KValue::invalid();
        return tensorResult(joinImpl(l, x, y, a.span));
    };
    t["tl.split"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const ValueId x = tensorArg(l, a, "a");
        return x == kNoValue ? KValue::invalid() : splitImpl(l, x, a.span);
    };
    t["tl.interleave"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        // join, then the pairs laid out along the last dimension: [..., n, 2] -> [..., 2n].
        const ValueId x = tensorArg(l, a, "a"), y = tensorArg(l, a, "b");
        if (x == kNoValue || y == kNoValue)
            return KValue::invalid();
        const ValueId c = joinImpl(l, x, y, a.span);
        if (c == kNoValue || l.typeOf(c).shape.size() == 1)
            return tensorResult(c);
        std::vector<std::int64_t> shape = l.typeOf(c).shape;
        shape.pop_back();
        shape.back() *= 2;
        return tensorResult(l.reshape(c, shape, false));
    };
    t["tl.permute"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const ValueId x = tensorArg(l, a, "input");
        auto dims = dimsArgs(l, a, "a dimension of tl.permute");
        if (x == kNoValue || !dims)
            return KValue::invalid();
        return permuteImpl(l, x, *dims, a.span);
    };
    t["tl.expand_dims"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        ValueId x = tensorArg(l, a, "input");
        if (x == kNoValue)
            return KValue::invalid();
        const KValue *ax = a.get("axis");
        std::vector<KValue> axes
            = ax->kind == KValue::Kind::Tuple ? ax->elts : std::vector<KValue>{*ax};
        const std::int64_t newRank
            = static_cast<std::int64_t>(l.typeOf(x).shape.size() + axes.size());
        std::vector<std::int64_t> norm;
        for (const KValue &k : axes) {
            auto d = l.constInt(k, a.spanOf("axis"), "the axis of tl.expand_dims");
            if (!d)
                return KValue::invalid();
            std::int64_t v = *d < 0 ? *d + newRank : *d;
            if (v < 0 || v >= newRank) {
                l.error(DiagKind::InvalidAxis,
                        a.spanOf("axis"),
                        {std::to_string(*d), std::to_string(newRank)});
                return KValue::invalid();
            }
            norm.push_back(v);
        }
        std::sort(norm.begin(), norm.end());
        for (std::int64_t v : norm)
            x = l.expandDims(x, static_cast<int>(v));
        return KValue::tensor(x);
    };
    t["tl.broadcast_to"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const ValueId x = tensorArg(l, a, "input");
        auto shape = shapeArgs(l, a, "the shape of tl.broadcast_to");
        if (x == kNoValue || !shape)
            return KValue::invalid();
        return tensorResult(l.broadcastTo(x, *shape, a.span));
    };
    t["tl.broadcast"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        ValueId x = tensorArg(l, a, "input"), y = tensorArg(l, a, "other");
        if (x == kNoValue || y == kNoValue || !l.broadcastPair(x, y, a.span))
            return KValue::invalid();
        return KValue::tuple({KValue::tensor(x), KValue::tensor(y)});
    };

    t["tl.cdiv"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const KValue &x = *a.get("x");
        const KValue &d = *a.get("div");
        KValue num = l.binary(ast::BinaryOp::Add, x, d, a.span);
        num = l.binary(ast::BinaryOp::Sub, num, KValue::constant(ConstValue::ofInt(1)), a.span);
        return l.binary(ast::BinaryOp::FloorDiv, num, d, a.span);
    };
    t["tl.constexpr"] = [](Lowerer &, BuiltinArgs &a) -> KValue { return *a.get("value"); };

    t["tl.static_assert"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        auto ok
            = l.constBool(*a.get("cond"), a.spanOf("cond"), "the condition of tl.static_assert");
        if (!ok)
            return KValue::invalid();
        if (!*ok) {
            std::string msg;
            if (const KValue *m = a.get("msg"); m && m->isConst())
                msg = constStr(m->c);
            l.error(DiagKind::StaticAssertFailed, a.span, {msg.empty() ? "" : ": " + msg});
        }
        return KValue::constant(ConstValue::none());
    };
    t["tl.static_print"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        std::string text;
        for (std::size_t i = 0; i < a.rest.size(); ++i)
            text += (i ? " " : "") + printable(l, a.rest[i]);
        l.error(DiagKind::StaticPrint, a.span, {text});
        return KValue::constant(ConstValue::none());
    };
    t["tl.device_print"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        auto prefix
            = l.constString(*a.get("prefix"), a.spanOf("prefix"), "the prefix of tl.device_print");
        bool hex = false;
        if (const KValue *h = a.get("hex")) {
            auto b = l.constBool(*h, a.spanOf("hex"), "hex=");
            if (!b)
                return KValue::invalid();
            hex = *b;
        }
        if (!prefix)
            return KValue::invalid();
        return devicePrint(l, *prefix, a.rest, a.restSpans, hex);
    };
    t["py.print"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        std::string prefix;
        std::vector<KValue> vals = a.rest;
        std::vector<SourceSpan> spans = a.restSpans;
        if (!vals.empty() && vals[0].isConst() && vals[0].c.kind == ConstValue::Kind::String) {
            prefix = vals[0].c.s;
            vals.erase(vals.begin());
            spans.erase(spans.begin());
        }
        return devicePrint(l, prefix, vals, spans, false);
    };
    t["tl.device_assert"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const KValue &c = *a.get("cond");
        std::string msg;
        if (const KValue *m = a.get("msg")) {
            auto s = l.constString(*m, a.spanOf("msg"), "the message of tl.device_assert");
            if (!s)
                return KValue::invalid();
            msg = *s;
        }
        if (c.isConst()) {
            if (!constTruthy(c.c))
                l.error(DiagKind::StaticAssertFailed, a.span, {msg.empty() ? "" : ": " + msg});
            return KValue::constant(ConstValue::none());
        }
        ValueId cond = l.toTensor(c, a.spanOf("cond"), "the condition of tl.device_assert");
        if (cond == kNoValue)
            return KValue::invalid();
        cond = l.toBool(cond);
        if (const KValue *m = a.get("mask"); m && !m->isNone()) {
            ValueId mask = l.toTensor(*m, a.spanOf("mask"), "the mask of tl.device_assert");
            if (mask == kNoValue)
                return KValue::invalid();
            mask = l.toBool(mask);
            ir::Op &n = l.emitOp(OpCode::Not, {mask});
            ValueId notMask = l.addResult(n, l.typeOf(mask));
            if (!l.broadcastPair(cond, notMask, a.span))
                return KValue::invalid();
            ir::Op &o = l.emitOp(OpCode::Or, {cond, notMask});
            cond = l.addResult(o, l.typeOf(cond));
        }
        ir::Op &op = l.emitOp(OpCode::DeviceAssert, {cond});
        op.str = msg;
        return KValue::constant(ConstValue::none());
    };
    t["tl.multiple_of"] = [](Lowerer &l, BuiltinArgs &a) { return hint(l, a, 0); };
    t["tl.max_contiguous"] = [](Lowerer &l, BuiltinArgs &a) { return hint(l, a, 1); };
    t["tl.max_constancy"] = [](Lowerer &l, BuiltinArgs &a) { return hint(l, a, 2); };
    t["tl.assume"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const KValue &c = *a.get("cond");
        if (c.isConst())
            return KValue::constant(ConstValue::none());
        ValueId cond = l.toTensor(c, a.spanOf("cond"), "the condition of tl.assume");
        if (cond == kNoValue)
            return KValue::invalid();
        l.emitOp(OpCode::Assume, {l.toBool(cond)});
        return KValue::constant(ConstValue::none());
    };
    t["tl.debug_barrier"] = [](Lowerer &l, BuiltinArgs &) -> KValue {
        l.emitOp(OpCode::DebugBarrier);
        return KValue::constant(ConstValue::none());
    };
    t["tl.pointer_type"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        auto d = l.constDType(
            *a.get("element_ty"), a.spanOf("element_ty"), "the element type of tl.pointer_type");
        if (!d)
            return KValue::invalid();
        KValue k = KValue::constant(ConstValue::ofDType(*d));
        k.pointerType = true;
        return k;
    };
    for (const char *name : {"tl.range", "tl.static_range", "py.range"}) {
        t[name] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
            l.error(DiagKind::UnsupportedKernelFeature,
                    a.span,
                    {"a range outside the header of a `for` loop"});
            return KValue::invalid();
        };
    }

    // ---- Python builtins on compile-time values (min / max also on blocks, as Triton maps them)
    t["py.len"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        if (a.rest.size() == 1 && a.rest[0].kind == KValue::Kind::Tuple)
            return KValue::constant(
                ConstValue::ofInt(static_cast<std::int64_t>(a.rest[0].elts.size())));
        if (a.rest.size() == 1 && a.rest[0].isTensor() && l.typeOf(a.rest[0].v).isBlock())
            return KValue::constant(ConstValue::ofInt(l.typeOf(a.rest[0].v).shape[0]));
        l.error(DiagKind::KernelTypeError, a.span, {"len() needs a tuple or a block"});
        return KValue::invalid();
    };
    // isinstance(x, T) is decided at compile time, as Triton's code generator decides it:
    // T is tl.tensor_descriptor, tl.tensor, tl.constexpr, tl.tuple, int, float, bool or a tuple of them.
    t["py.isinstance"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        if (a.rest.size() != 2 || !a.names.empty()) {
            l.error(DiagKind::KernelTypeError, a.span, {"isinstance() takes exactly 2 arguments"});
            return KValue::invalid();
        }
        const KValue &x = a.rest[0];
        const std::vector<KValue> types = a.rest[1].kind == KValue::Kind::Tuple ? a.rest[1].elts
                                                                                 : std::vector<KValue>{a.rest[1]};
        bool result = false;
        for (const KValue &ty : types) {
            const std::string n = ty.kind == KValue::Kind::Builtin ? ty.name : "";
            bool known = true, match = false;
            if (n == "tl.tensor_descriptor")
                match = x.kind == KValue::Kind::TensorDesc;
            else if (n == "tl.tensor")
                match = x.isTensor();
            else if (n == "tl.constexpr")
                match = x.isConst();
            else if (n == "tl.tuple")
                match = x.kind == KValue::Kind::Tuple;
            else if (n == "py.int")
                match = x.isConst() && (x.c.kind == ConstValue::Kind::Int || x.c.kind == ConstValue::Kind::Bool);
            else if (n == "py.float")
                match = x.isConst() && x.c.kind == ConstValue::Kind::Float;
            else if (n == "py.bool")
                match = x.isConst() && x.c.kind == ConstValue::Kind::Bool;
            else
                known = false;
            if (!known) {
                l.error(DiagKind::UnsupportedKernelFeature, a.restSpans[1],
                        {"isinstance() against " + l.describe(ty)
                         + " in a kernel (tl.tensor_descriptor, tl.tensor, tl.constexpr, tl.tuple, int, float "
                           "and bool are known)"});
                return KValue::invalid();
            }
            result = result || match;
        }
        return KValue::constant(ConstValue::ofBool(result));
    };
    auto convert = [](Lowerer &l, BuiltinArgs &a, ConstValue::Kind to) -> KValue {
        if (to == ConstValue::Kind::Float && a.rest.size() == 1 && a.rest[0].isConst()
            && a.rest[0].c.kind == ConstValue::Kind::String) {
            std::string s = a.rest[0].c.s;
            for (char &ch : s)
                ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            const bool neg = !s.empty() && s[0] == '-';
            const std::string body = neg || (!s.empty() && s[0] == '+') ? s.substr(1) : s;
            if (body == "inf" || body == "infinity")
                return KValue::constant(ConstValue::ofFloat(neg ? -HUGE_VAL : HUGE_VAL));
            if (body == "nan")
                return KValue::constant(ConstValue::ofFloat(std::nan("")));
        }
        if (a.rest.size() != 1 || !a.rest[0].isConst() || !isNumber(a.rest[0].c)) {
            l.error(DiagKind::KernelTypeError,
                    a.span,
                    {"int() / float() / bool() in a kernel need one compile-time number; use "
                     ".to(dtype) for blocks"});
            return KValue::invalid();
        }
        const ConstValue &c = a.rest[0].c;
        if (to == ConstValue::Kind::Int)
            return KValue::constant(ConstValue::ofInt(
                c.kind == ConstValue::Kind::Float ? static_cast<std::int64_t>(c.f)
                                                  : static_cast<std::int64_t>(asDouble(c))));
        if (to == ConstValue::Kind::Float)
            return KValue::constant(ConstValue::ofFloat(asDouble(c)));
        return KValue::constant(ConstValue::ofBool(constTruthy(c)));
    };
    t["py.int"] = [=](Lowerer &l, BuiltinArgs &a) { return convert(l, a, ConstValue::Kind::Int); };
    t["py.float"]
        = [=](Lowerer &l, BuiltinArgs &a) { return convert(l, a, ConstValue::Kind::Float); };
    t["py.bool"]
        = [=](Lowerer &l, BuiltinArgs &a) { return convert(l, a, ConstValue::Kind::Bool); };
}

} // namespace tsm::sema
