// Elementwise builtins: where, minimum/maximum/clamp, fma, the math functions of tl, tl.math and
// libdevice (onto the IR's Math op), sigmoid/softmax built from ops as Triton defines them, and
// the Philox random numbers.

#include "core/sema/const_eval.h"
#include "core/sema/lowerer.h"

#include <map>

namespace tsm::sema {

using ir::kNoValue;
using ir::MathFn;
using ir::OpCode;
using ir::Type;
using ir::ValueId;

namespace {

/// The first `n` arguments in parameter order (registry-bound or positional).
std::optional<std::vector<std::pair<KValue, SourceSpan>>>
leading(Lowerer &l, BuiltinArgs &a, std::size_t n)
{
    std::vector<std::pair<KValue, SourceSpan>> out;
    for (std::size_t i = 0; i < a.vals.size() && out.size() < n; ++i)
        if (a.vals[i])
            out.emplace_back(*a.vals[i], a.spans[i]);
    for (std::size_t i = 0; i < a.rest.size() && out.size() < n; ++i)
        out.emplace_back(a.rest[i], a.restSpans[i]);
    if (out.size() != n) {
        l.error(DiagKind::KernelTypeError,
                a.span,
                {a.fname + "() takes " + std::to_string(n) + " argument" + (n == 1 ? "" : "s")});
        return std::nullopt;
    }
    return out;
}

bool floatOnly(Lowerer &l, ValueId v, const std::string &fname, SourceSpan span)
{
    const Type &t = l.typeOf(v);
    if (!t.pointer && (t.dtype == DType::F32 || t.dtype == DType::F64))
        return true;
    l.error(DiagKind::KernelTypeError,
            span,
            {fname + " expects fp32 or fp64 values, but got " + ir::typeToString(t)
             + (isFloat(t.dtype) ? "; convert with .to(tl.float32)" : "")});
    return false;
}

/// Brings operands to one dtype (Triton's pairwise binary typing, left to right) and one shape.
bool unify(Lowerer &l,
           std::vector<std::pair<KValue, SourceSpan>> &args,
           std::vector<ValueId> &out,
           SourceSpan span,
           ArithOp rule = ArithOp::MinMax)
{
    for (const auto &[k, s] : args) {
        if (k.isInvalid())
            return false;
        if (!k.isTensor() && !(k.isConst() && isNumber(k.c))) {
            l.error(DiagKind::KernelTypeError,
                    s,
                    {"expected a number or a block, not " + l.describe(k)});
            return false;
        }
        if (k.isTensor() && l.typeOf(k.v).pointer) {
            l.error(DiagKind::KernelTypeError,
                    s,
                    {"expected numbers, not " + ir::typeToString(l.typeOf(k.v))});
            return false;
        }
    }
    TypeOperand acc = l.typeOperand(args[0].first);
    for (std::size_t i = 1; i < args.size(); ++i) {
        const BinaryTyping t = binaryTyping(rule, acc, l.typeOperand(args[i].first));
        if (!t.ok()) {
            l.reportTyping(t, args[0].first, args[i].first, span);
            return false;
        }
        acc = TypeOperand{t.operandDType};
    }
    const DType dt = args.size() == 1 && args[0].first.isConst() ? acc.dtype : acc.dtype;
    for (auto &[k, s] : args)
        out.push_back(k.isConst() ? l.constantOf(k.c, dt) : l.cast(k.v, dt));
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t i = 1; i < out.size(); ++i)
            if (!l.broadcastPair(out[0], out[i], span))
                return false;
    return true;
}

KValue mathN(Lowerer &l, BuiltinArgs &a, MathFn fn, bool floatsOnly)
{
    const int arity = ir::mathFnArity(fn);
    auto args = leading(l, a, static_cast<std::size_t>(arity));
    if (!args)
        return KValue::invalid();
    std::vector<ValueId> ops;
    if (arity == 1) {
        ValueId v = l.toTensor((*args)[0].first, (*args)[0].second, "the argument of " + a.fname);
        if (v == kNoValue)
            return KValue::invalid();
        ops.push_back(v);
    } else if (!unify(l, *args, ops, a.span)) {
        return KValue::invalid();
    }
    if (floatsOnly && !floatOnly(l, ops[0], a.fname, (*args)[0].second))
        return KValue::invalid();
    if (const Type &t = l.typeOf(ops[0]); isFp8(t.dtype) && !t.pointer) {
        l.error(DiagKind::KernelTypeError,
                (*args)[0].second,
                {a.fname + " cannot take " + ir::typeToString(t)
                 + ": fp8 has no arithmetic; convert with .to(tl.float32) first"});
        return KValue::invalid();
    }
    if (fn == MathFn::Umulhi) {
        const DType d = l.typeOf(ops[0]).dtype;
        if (d != DType::I32 && d != DType::U32 && d != DType::I64 && d != DType::U64) {
            l.error(DiagKind::KernelTypeError,
                    a.span,
                    {a.fname + " expects 32- or 64-bit integers, not "
                     + ir::typeToString(l.typeOf(ops[0]))});
            return KValue::invalid();
        }
    }
    if ((fn == MathFn::Popc || fn == MathFn::Clz) && isFloat(l.typeOf(ops[0]).dtype)) {
        l.error(DiagKind::KernelTypeError, a.span, {a.fname + " expects integers"});
        return KValue::invalid();
    }
    if (fn == MathFn::Abs && l.typeOf(ops[0]).pointer) {
        l.error(DiagKind::KernelTypeError, a.span, {"abs of a pointer"});
        return KValue::invalid();
    }
    if (fn == MathFn::Abs
        && (isUnsigned(l.typeOf(ops[0]).dtype) || l.typeOf(ops[0]).dtype == DType::I1))
        return KValue::tensor(ops[0]);
    return KValue::tensor(l.math(fn, ops));
}

KValue minMax(Lowerer &l, BuiltinArgs &a, OpCode code)
{
    int nan = 0;
    if (const KValue *p = a.get("propagate_nan")) {
        auto v = l.constInt(*p, a.spanOf("propagate_nan"), "propagate_nan=");
        if (!v)
            return KValue::invalid();
        nan = *v ? 1 : 0;
    }
    return l.arith(ArithOp::MinMax, *a.get("x"), *a.get("y"), a.span, 0, code, nan);
}

KValue where(Lowerer &l, BuiltinArgs &a)
{
    const KValue &c = *a.get("condition");
    ValueId cond = l.toTensor(c, a.spanOf("condition"), "the condition of tl.where");
    const KValue &x = *a.get("x");
    const KValue &y = *a.get("y");
    if (cond == kNoValue || x.isInvalid() || y.isInvalid())
        return KValue::invalid();
    cond = l.toBool(cond);
    std::vector<ValueId> vals;
    const bool xp = x.isTensor() && l.typeOf(x.v).pointer;
    const bool yp = y.isTensor() && l.typeOf(y.v).pointer;
    if (xp || yp) {
        if (!(xp && yp) || l.typeOf(x.v).dtype != l.typeOf(y.v).dtype) {
            l.error(DiagKind::IncompatibleTypes,
                    a.span,
                    {l.describe(x), l.describe(y), " for tl.where"});
            return KValue::invalid();
        }
        ValueId xv = x.v, yv = y.v;
        if (!l.broadcastPair(xv, yv, a.span))
            return KValue::invalid();
        vals = {xv, yv};
    } else {
        std::vector<std::pair<KValue, SourceSpan>> args{{x, a.spanOf("x")}, {y, a.spanOf("y")}};
        if (!unify(l, args, vals, a.span, ArithOp::Select))
            return KValue::invalid();
    }
    ValueId xv = vals[0], yv = vals[1];
    if (!l.broadcastPair(cond, xv, a.span) || !l.broadcastPair(xv, yv, a.span)
        || !l.broadcastPair(cond, yv, a.span))
        return KValue::invalid();
    ir::Op &op = l.emitOp(OpCode::Select, {cond, xv, yv});
    return KValue::tensor(l.addResult(op, l.typeOf(xv)));
}

KValue sigmoid(Lowerer &l, const KValue &x, SourceSpan span)
{
    // Triton's standard.py: 1 / (1 + exp(-x)).
    KValue neg = l.unary(ast::UnaryOpKind::USub, x, span);
    if (neg.isInvalid())
        return neg;
    ValueId n = l.toTensor(neg, span, "the argument of tl.sigmoid");
    if (n == kNoValue || !floatOnly(l, n, "tl.exp (inside tl.sigmoid)", span))
        return KValue::invalid();
    KValue e = KValue::tensor(l.math(MathFn::Exp, {n}));
    KValue d = l.binary(ast::BinaryOp::Add, KValue::constant(ConstValue::ofInt(1)), e, span);
    return l.binary(ast::BinaryOp::Div, KValue::constant(ConstValue::ofInt(1)), d, span);
}

KValue random(Lowerer &l, BuiltinArgs &a, OpCode code)
{
    ValueId seed = l.toTensor(*a.get("seed"), a.spanOf("seed"), "the seed of " + a.fname);
    ValueId off = l.toTensor(*a.get("offset"), a.spanOf("offset"), "the offsets of " + a.fname);
    std::int64_t rounds = 10;
    if (const KValue *r = a.get("n_rounds")) {
        auto v = l.constInt(*r, a.spanOf("n_rounds"), "n_rounds=");
        if (!v)
            return KValue::invalid();
        rounds = *v;
    }
    if (seed == kNoValue || off == kNoValue)
        return KValue::invalid();
    if (l.typeOf(seed).isBlock() || isFloat(l.typeOf(seed).dtype) || l.typeOf(seed).pointer) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("seed"),
                {"the seed of " + a.fname + " must be an integer scalar, not "
                 + ir::typeToString(l.typeOf(seed))});
        return KValue::invalid();
    }
    if (isFloat(l.typeOf(off).dtype) || l.typeOf(off).pointer) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("offset"),
                {"the offsets of " + a.fname + " must be integers, not "
                 + ir::typeToString(l.typeOf(off))});
        return KValue::invalid();
    }
    const int offBits = dtypeBits(l.typeOf(off).dtype);
    if (offBits != 32 && offBits != 64) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("offset"),
                {"the offsets of " + a.fname + " must be 32- or 64-bit integers, not "
                 + ir::typeToString(l.typeOf(off))});
        return KValue::invalid();
    }
    ir::Op &op = l.emitOp(code, {seed, off});
    op.i = rounds;
    const auto shape = l.typeOf(off).shape;
    // Triton's philox works in the offsets' width: uint32 words for 32-bit offsets, uint64 for
    // 64-bit ones.
    const DType rt = code == OpCode::Rand || code == OpCode::Randn ? DType::F32
                     : offBits == 64                               ? DType::U64
                                                                   : DType::U32;
    if (code != OpCode::Randint4x)
        return KValue::tensor(l.addResult(op, Type{rt, false, shape}));
    std::vector<KValue> outs;
    for (int k = 0; k < 4; ++k)
        outs.push_back(KValue::tensor(l.addResult(l.region()->ops.back(), Type{rt, false, shape})));
    return KValue::tuple(std::move(outs));
}

struct MathName
{
    MathFn fn;
    bool floatsOnly;
};

} // namespace

void registerMathBuiltins(BuiltinTable &t)
{
    t["tl.where"] = where;
    t["tl.maximum"] = [](Lowerer &l, BuiltinArgs &a) { return minMax(l, a, OpCode::Max); };
    t["tl.minimum"] = [](Lowerer &l, BuiltinArgs &a) { return minMax(l, a, OpCode::Min); };
    t["py.min"] = [](Lowerer &l, BuiltinArgs &a) -> KValue { return minMax(l, a, OpCode::Min); };
    t["py.max"] = [](Lowerer &l, BuiltinArgs &a) -> KValue { return minMax(l, a, OpCode::Max); };
    // Python's min/max reach here with positional `rest`; fold constants as Python does.
    for (const char *n : {"py.min", "py.max"}) {
        const bool isMin = std::string(n) == "py.min";
        t[n] = [isMin](Lowerer &l, BuiltinArgs &a) -> KValue {
            std::vector<KValue> vals = a.rest;
            if (vals.size() == 1 && vals[0].kind == KValue::Kind::Tuple)
                vals = vals[0].elts;
            if (vals.empty()) {
                l.error(DiagKind::KernelTypeError, a.span, {"min()/max() need at least one value"});
                return KValue::invalid();
            }
            KValue acc = vals[0];
            for (std::size_t i = 1; i < vals.size(); ++i) {
                if (acc.isConst() && vals[i].isConst()) {
                    ConstResult lt = foldCompare(ast::CmpOp::Lt, vals[i].c, acc.c);
                    if (!lt.value) {
                        l.error(DiagKind::KernelTypeError, a.span, {lt.error});
                        return KValue::invalid();
                    }
                    if (lt.value->b == isMin)
                        acc = vals[i];
                    continue;
                }
                acc = l.arith(
                    ArithOp::MinMax, acc, vals[i], a.span, 0, isMin ? OpCode::Min : OpCode::Max);
            }
            return acc;
        };
    }
    t["tl.clamp"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        std::vector<std::pair<KValue, SourceSpan>> args{{*a.get("min"), a.spanOf("min")},
                                                        {*a.get("max"), a.spanOf("max")},
                                                        {*a.get("x"), a.spanOf("x")}};
        std::vector<ValueId> ops;
        if (!unify(l, args, ops, a.span))
            return KValue::invalid();
        ops = {ops[2], ops[0], ops[1]};
        if (!isFloat(l.typeOf(ops[0]).dtype)) {
            l.error(DiagKind::KernelTypeError,
                    a.span,
                    {"tl.clamp supports floating-point values only, not "
                     + ir::typeToString(l.typeOf(ops[0]))});
            return KValue::invalid();
        }
        return KValue::tensor(l.math(MathFn::Clamp, ops));
    };
    auto fma = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        auto args = leading(l, a, 3);
        if (!args)
            return KValue::invalid();
        std::vector<ValueId> ops;
        if (!unify(l, *args, ops, a.span))
            return KValue::invalid();
        if (!isFloat(l.typeOf(ops[0]).dtype)) {
            l.error(
                DiagKind::KernelTypeError, a.span, {a.fname + " expects floating-point values"});
            return KValue::invalid();
        }
        ir::Op &op = l.emitOp(OpCode::Fma, ops);
        return KValue::tensor(l.addResult(op, l.typeOf(ops[0])));
    };
    t["tl.fma"] = fma;
    t["math.fma"] = fma;
    t["libdevice.fma"] = fma;
    t["libdevice.fma_rn"] = fma;

    t["tl.sigmoid"] = [](Lowerer &l, BuiltinArgs &a) { return sigmoid(l, *a.get("x"), a.span); };
    t["tl.fdiv"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        bool ieee = false;
        if (const KValue *r = a.get("ieee_rounding")) {
            auto b = l.constBool(*r, a.spanOf("ieee_rounding"), "ieee_rounding=");
            if (!b)
                return KValue::invalid();
            ieee = *b;
        }
        std::vector<std::pair<KValue, SourceSpan>> args{{*a.get("x"), a.spanOf("x")},
                                                        {*a.get("y"), a.spanOf("y")}};
        std::vector<ValueId> ops;
        for (auto &[k, s] : args) {
            if (k.isTensor() && !isFloat(l.typeOf(k.v).dtype)) {
                l.error(DiagKind::KernelTypeError,
                        s,
                        {"both operands of tl.fdiv must be floating point"});
                return KValue::invalid();
            }
        }
        if (!unify(l, args, ops, a.span))
            return KValue::invalid();
        return KValue::tensor(l.math(ieee ? MathFn::DivRn : MathFn::FastDiv, ops));
    };
    t["math.fdiv"] = t["tl.fdiv"];

    // name -> (Math fn, fp32/fp64 only)
    static const std::map<std::string, MathName> kTl = {
        {"exp", {MathFn::Exp, true}},
        {"exp2", {MathFn::Exp2, true}},
        {"log", {MathFn::Log, true}},
        {"log2", {MathFn::Log2, true}},
        {"cos", {MathFn::Cos, true}},
        {"sin", {MathFn::Sin, true}},
        {"sqrt", {MathFn::Sqrt, true}},
        {"sqrt_rn", {MathFn::SqrtRn, true}},
        {"rsqrt", {MathFn::Rsqrt, true}},
        {"erf", {MathFn::Erf, true}},
        {"floor", {MathFn::Floor, true}},
        {"ceil", {MathFn::Ceil, true}},
        {"div_rn", {MathFn::DivRn, true}},
        {"abs", {MathFn::Abs, false}},
        {"umulhi", {MathFn::Umulhi, false}},
    };
    for (const auto &[name, m] : kTl) {
        const MathName mm = m;
        t["tl." + name]
            = [mm](Lowerer &l, BuiltinArgs &a) { return mathN(l, a, mm.fn, mm.floatsOnly); };
        t["math." + name] = t["tl." + name];
    }
    t["py.abs"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        if (a.rest.size() == 1 && a.rest[0].isConst() && isNumber(a.rest[0].c)) {
            const ConstValue &c = a.rest[0].c;
            if (c.kind == ConstValue::Kind::Float)
                return KValue::constant(ConstValue::ofFloat(std::abs(c.f)));
            return KValue::constant(ConstValue::ofInt(
                std::abs(c.kind == ConstValue::Kind::Bool ? (c.b ? 1 : 0) : c.i)));
        }
        return mathN(l, a, MathFn::Abs, false);
    };

    // libdevice: the float functions by name, plus the fast_* aliases.
    static const std::map<std::string, std::string> kAliases = {
        {"fast_expf", "exp"},
        {"fast_logf", "log"},
        {"fast_log2f", "log2"},
        {"fast_log10f", "log10"},
        {"fast_sinf", "sin"},
        {"fast_cosf", "cos"},
        {"fast_tanf", "tan"},
        {"fast_powf", "pow"},
        {"fast_dividef", "fdiv"},
        {"nearbyint", "rint"},
    };
    for (int k = 0;; ++k) {
        const auto fn = static_cast<MathFn>(k);
        if (k > static_cast<int>(MathFn::Clz))
            break;
        const std::string name(ir::mathFnName(fn));
        const bool floats = name != "abs" && name != "umulhi" && name != "popc" && name != "clz"
                            && name != "clamp";
        if (name == "clamp")
            continue;
        t["libdevice." + name]
            = [fn, floats](Lowerer &l, BuiltinArgs &a) { return mathN(l, a, fn, floats); };
        if (!t.count("math." + name))
            t["math." + name] = t["libdevice." + name];
    }
    for (const auto &[alias, target] : kAliases)
        t["libdevice." + alias] = t["libdevice." + target];

    t["tl.rand"] = [](Lowerer &l, BuiltinArgs &a) { return random(l, a, OpCode::Rand); };
    t["tl.randn"] = [](Lowerer &l, BuiltinArgs &a) { return random(l, a, OpCode::Randn); };
    t["tl.randint"] = [](Lowerer &l, BuiltinArgs &a) { return random(l, a, OpCode::Randint); };
    t["tl.randint4x"] = [](Lowerer &l, BuiltinArgs &a) { return random(l, a, OpCode::Randint4x); };
}

} // namespace tsm::sema
