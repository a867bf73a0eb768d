// Reductions and scans (Reduce / Scan ops with a combine region) as Triton's standard.py defines
// them — sum's small-int promotion, max/min widening, argmax/argmin with (value, index) pairs and
// left tie-breaking — user combine functions, and tl.dot.

#include "core/sema/const_eval.h"
#include "core/sema/lowerer.h"

namespace tsm::sema {

using ir::kNoValue;
using ir::OpCode;
using ir::Type;
using ir::ValueId;

namespace {

using Combine = std::function<std::optional<std::vector<ValueId>>(const std::vector<ValueId> &accs,
                                                                  const std::vector<ValueId> &xs)>;

ValueId bin(Lowerer &l, OpCode code, ValueId a, ValueId b, std::int64_t attr = 0)
{
    ir::Op &op = l.emitOp(code, {a, b});
    op.i = attr;
    Type t = l.typeOf(a);
    if (code == OpCode::Cmp)
        t.dtype = DType::I1;
    return l.addResult(op, t);
}

std::optional<int>
axisOf(Lowerer &l, const KValue *axis, SourceSpan span, std::size_t rank, bool allowNone)
{
    if (!axis || axis->isNone()) {
        if (allowNone)
            return -1;
        l.error(DiagKind::KernelTypeError, span, {"an axis is required"});
        return std::nullopt;
    }
    auto a = l.constInt(*axis, span, "the axis");
    if (!a)
        return std::nullopt;
    std::int64_t v = *a < 0 ? *a + static_cast<std::int64_t>(rank) : *a;
    if (v < 0 || v >= static_cast<std::int64_t>(rank)) {
        l.error(DiagKind::InvalidAxis, span, {std::to_string(*a), std::to_string(rank)});
        return std::nullopt;
    }
    return static_cast<int>(v);
}

std::optional<std::vector<ValueId>> reduceImpl(Lowerer &l,
                                               std::vector<ValueId> inputs,
                                               const KValue *axisK,
                                               SourceSpan axisSpan,
                                               bool keepDims,
                                               OpCode code,
                                               bool reverse,
                                               const Combine &combine,
                                               SourceSpan span)
{
    const std::vector<std::int64_t> shape = l.typeOf(inputs[0]).shape;
    for (ValueId v : inputs)
        if (isFp8(l.typeOf(v).dtype) && !l.typeOf(v).pointer) {
            l.error(DiagKind::KernelTypeError,
                    span,
                    {"cannot reduce or scan " + ir::typeToString(l.typeOf(v))
                     + ": fp8 has no arithmetic; convert with .to(tl.float32) first"});
            return std::nullopt;
        }
    if (shape.empty()) {
        l.error(
            DiagKind::KernelTypeError, span, {"cannot reduce or scan a scalar; it needs a block"});
        return std::nullopt;
    }
    for (ValueId v : inputs) {
        if (l.typeOf(v).shape != shape) {
            l.error(DiagKind::IncompatibleShapes,
                    span,
                    {Lowerer::shapeText(shape),
                     Lowerer::shapeText(l.typeOf(v).shape),
                     ": all inputs of a reduction must have one shape"});
            return std::nullopt;
        }
        if (l.typeOf(v).pointer) {
            l.error(DiagKind::KernelTypeError, span, {"cannot reduce a block of pointers"});
            return std::nullopt;
        }
    }
    auto axis = axisOf(l, axisK, axisSpan, shape.size(), code == OpCode::Reduce);
    if (!axis)
        return std::nullopt;
    std::vector<std::int64_t> work = shape;
    if (*axis < 0) {
        std::int64_t n = 1;
        for (std::int64_t d : shape)
            n *= d;
        for (ValueId &v : inputs)
            v = l.reshape(v, {n}, true);
        work = {n};
        *axis = 0;
    }
    ir::Region region;
    std::vector<ValueId> accs, xs;
    for (ValueId v : inputs)
        accs.push_back(l.newValue(Type{l.typeOf(v).dtype, false, {}}));
    for (ValueId v : inputs)
        xs.push_back(l.newValue(Type{l.typeOf(v).dtype, false, {}}));
    region.args = accs;
    region.args.insert(region.args.end(), xs.begin(), xs.end());
    ir::Region *parent = l.region();
    l.setRegion(&region);
    auto results = combine(accs, xs);
    if (results) {
        if (results->size() != inputs.size()) {
            l.error(DiagKind::KernelTypeError,
                    span,
                    {"the combine function returns " + std::to_string(results->size())
                     + " values for " + std::to_string(inputs.size()) + " inputs"});
            results.reset();
        } else {
            for (std::size_t k = 0; k < results->size(); ++k) {
                const Type &rt = l.typeOf((*results)[k]);
                if (rt != l.typeOf(accs[k])) {
                    l.error(DiagKind::KernelTypeError,
                            span,
                            {"the combine function returns " + ir::typeToString(rt)
                             + " for an input of "
                             + std::string(dtypeShortName(l.typeOf(accs[k]).dtype))
                             + "; it must return scalars of the inputs' dtypes"});
                    results.reset();
                    break;
                }
            }
        }
    }
    if (results)
        l.emitOp(OpCode::Yield, *results);
    l.setRegion(parent);
    if (!results)
        return std::nullopt;
    ir::Op &op = l.emitOp(code, inputs);
    op.i = *axis;
    op.flags = reverse ? 1 : 0;
    op.regions.push_back(std::move(region));
    std::vector<std::int64_t> outShape = work;
    if (code == OpCode::Reduce)
        outShape.erase(outShape.begin() + *axis);
    std::vector<ValueId> outs;
    const std::size_t n = inputs.size();
    for (std::size_t k = 0; k < n; ++k)
        outs.push_back(
            l.addResult(l.region()->ops.back(), Type{l.typeOf(inputs[k]).dtype, false, outShape}));
    if (code == OpCode::Reduce && keepDims) {
        for (ValueId &v : outs) {
            if (work.size() != shape.size())
                v = l.reshape(v, std::vector<std::int64_t>(shape.size(), 1), false);
            else
                v = l.expandDims(v, *axis);
        }
    }
    return outs;
}

bool keepDimsArg(Lowerer &l, BuiltinArgs &a, bool &keep)
{
    keep = false;
    if (const KValue *k = a.get("keep_dims")) {
        auto b = l.constBool(*k, a.spanOf("keep_dims"), "keep_dims=");
        if (!b)
            return false;
        keep = *b;
    }
    return true;
}

Combine simple(Lowerer &l, OpCode code, std::int64_t attr = 0)
{
    return [&l, code, attr](const std::vector<ValueId> &acc,
                            const std::vector<ValueId> &x) -> std::optional<std::vector<ValueId>> {
        return std::vector<ValueId>{bin(l, code, acc[0], x[0], attr)};
    };
}

/// Triton's _pick_sum_dtype: small integers accumulate in 32 bits of their signedness.
std::optional<DType> sumDType(Lowerer &l, BuiltinArgs &a, DType in)
{
    if (const KValue *d = a.get("dtype"); d && !d->isNone())
        return l.constDType(*d, a.spanOf("dtype"), "dtype=");
    if (!isFloat(in) && dtypeBits(in) < 32)
        return (isSigned(in)) ? DType::I32 : DType::U32;
    return in;
}

ValueId inputArg(Lowerer &l, BuiltinArgs &a)
{
    return l.toTensor(*a.get("input"), a.spanOf("input"), "the input of " + a.fname);
}

KValue one(std::optional<std::vector<ValueId>> r)
{
    return r ? KValue::tensor((*r)[0]) : KValue::invalid();
}

KValue withIndices(Lowerer &l,
                   BuiltinArgs &a,
                   ValueId x,
                   bool isMax,
                   bool tieLeft,
                   bool keep,
                   const KValue *axisK,
                   bool wantValue)
{
    const auto shape = l.typeOf(x).shape;
    auto axis = axisOf(l, axisK, a.spanOf("axis"), shape.size(), true);
    if (!axis)
        return KValue::invalid();
    if (*axis < 0) {
        std::int64_t n = l.typeOf(x).numElements();
        x = l.reshape(x, {n}, true);
        *axis = 0;
    }
    const auto work = l.typeOf(x).shape;
    ir::Op &mr = l.emitOp(OpCode::MakeRange);
    mr.ints = {0, work[static_cast<std::size_t>(*axis)]};
    ValueId index
        = l.addResult(mr, Type{DType::I32, false, {work[static_cast<std::size_t>(*axis)]}});
    for (std::size_t d = 0; d < work.size(); ++d)
        if (static_cast<int>(d) != *axis)
            index = l.expandDims(index, static_cast<int>(d));
    index = l.broadcastTo(index, work, a.span);
    KValue axisConst = KValue::constant(ConstValue::ofInt(*axis));
    Combine c =
        [&l, isMax, tieLeft](const std::vector<ValueId> &acc,
                             const std::vector<ValueId> &x) -> std::optional<std::vector<ValueId>> {
        const ValueId v1 = acc[0], i1 = acc[1], v2 = x[0], i2 = x[1];
        ValueId pick = bin(l, OpCode::Cmp, v1, v2, isMax ? 4 : 2);
        if (tieLeft) {
            const ValueId tie = bin(
                l, OpCode::And, bin(l, OpCode::Cmp, v1, v2, 0), bin(l, OpCode::Cmp, i1, i2, 2));
            pick = bin(l, OpCode::Or, pick, tie);
        }
        ir::Op &sv = l.emitOp(OpCode::Select, {pick, v1, v2});
        const ValueId v = l.addResult(sv, l.typeOf(v1));
        ir::Op &si = l.emitOp(OpCode::Select, {pick, i1, i2});
        const ValueId i = l.addResult(si, l.typeOf(i1));
        return std::vector<ValueId>{v, i};
    };
    auto r = reduceImpl(
        l, {x, index}, &axisConst, a.spanOf("axis"), false, OpCode::Reduce, false, c, a.span);
    if (!r)
        return KValue::invalid();
    if (keep) {
        for (ValueId &v : *r) {
            if (work.size() != shape.size())
                v = l.reshape(v, std::vector<std::int64_t>(shape.size(), 1), false);
            else
                v = l.expandDims(v, *axis);
        }
    }
    if (wantValue)
        return KValue::tuple({KValue::tensor((*r)[0]), KValue::tensor((*r)[1])});
    return KValue::tensor((*r)[1]);
}

KValue maxMin(Lowerer &l, BuiltinArgs &a, bool isMax)
{
    ValueId x = inputArg(l, a);
    bool keep = false;
    if (x == kNoValue || !keepDimsArg(l, a, keep))
        return KValue::invalid();
    if (l.typeOf(x).dtype == DType::BF16)
        x = l.cast(x, DType::F32);
    bool indices = false, tieLeft = true;
    if (const KValue *r = a.get("return_indices")) {
        auto b = l.constBool(*r, a.spanOf("return_indices"), "return_indices=");
        if (!b)
            return KValue::invalid();
        indices = *b;
    }
    if (const KValue *r = a.get("return_indices_tie_break_left")) {
        auto b = l.constBool(
            *r, a.spanOf("return_indices_tie_break_left"), "return_indices_tie_break_left=");
        if (!b)
            return KValue::invalid();
        tieLeft = *b;
    }
    if (indices)
        return withIndices(l, a, x, isMax, tieLeft, keep, a.get("axis"), true);
    const DType d = l.typeOf(x).dtype;
    if (dtypeBits(d) < 32)
        x = l.cast(x, isFloat(d) ? DType::F32 : DType::I32);
    return one(reduceImpl(l,
                          {x},
                          a.get("axis"),
                          a.spanOf("axis"),
                          keep,
                          OpCode::Reduce,
                          false,
                          simple(l, isMax ? OpCode::Max : OpCode::Min),
                          a.span));
}

KValue argMaxMin(Lowerer &l, BuiltinArgs &a, bool isMax)
{
    ValueId x = inputArg(l, a);
    bool keep = false;
    if (x == kNoValue || !keepDimsArg(l, a, keep))
        return KValue::invalid();
    if (l.typeOf(x).dtype == DType::BF16)
        x = l.cast(x, DType::F32);
    bool tieLeft = true;
    if (const KValue *r = a.get("tie_break_left")) {
        auto b = l.constBool(*r, a.spanOf("tie_break_left"), "tie_break_left=");
        if (!b)
            return KValue::invalid();
        tieLeft = *b;
    }
    return withIndices(l, a, x, isMax, tieLeft, keep, a.get("axis"), false);
}

/// reduce / associative_scan with a user combine function; `input` may be a tuple of blocks.
KValue userCombine(Lowerer &l, BuiltinArgs &a, OpCode code)
{
    const KValue &in = *a.get("input");
    std::vector<KValue> parts = in.kind == KValue::Kind::Tuple ? in.elts : std::vector<KValue>{in};
    std::vector<ValueId> inputs;
    for (const KValue &p : parts) {
        const ValueId v = l.toTensor(p, a.spanOf("input"), "the input of " + a.fname);
        if (v == kNoValue)
            return KValue::invalid();
        inputs.push_back(v);
    }
    bool keep = false, reverse = false;
    if (code == OpCode::Reduce && !keepDimsArg(l, a, keep))
        return KValue::invalid();
    if (const KValue *r = a.get("reverse")) {
        auto b = l.constBool(*r, a.spanOf("reverse"), "reverse=");
        if (!b)
            return KValue::invalid();
        reverse = *b;
    }
    const KValue fn = *a.get("combine_fn");
    if (fn.kind != KValue::Kind::JitFunction) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("combine_fn"),
                {"combine_fn must be a @triton.jit function, not " + l.describe(fn)});
        return KValue::invalid();
    }
    const SourceSpan span = a.span;
    Combine c
        = [&l, fn, span](const std::vector<ValueId> &acc,
                         const std::vector<ValueId> &x) -> std::optional<std::vector<ValueId>> {
        std::vector<KValue> args;
        for (ValueId v : acc)
            args.push_back(KValue::tensor(v));
        for (ValueId v : x)
            args.push_back(KValue::tensor(v));
        return l.callCombine(fn, std::move(args), span);
    };
    auto r = reduceImpl(l, inputs, a.get("axis"), a.spanOf("axis"), keep, code, reverse, c, a.span);
    if (!r)
        return KValue::invalid();
    if (r->size() == 1 && in.kind != KValue::Kind::Tuple)
        return KValue::tensor((*r)[0]);
    std::vector<KValue> outs;
    for (ValueId v : *r)
        outs.push_back(KValue::tensor(v));
    return KValue::tuple(std::move(outs));
}

KValue dot(Lowerer &l, BuiltinArgs &a)
{
    const ValueId x = l.toTensor(*a.get("input"), a.spanOf("input"), "the first operand of tl.dot");
    const ValueId y
        = l.toTensor(*a.get("other"), a.spanOf("other"), "the second operand of tl.dot");
    if (x == kNoValue || y == kNoValue)
        return KValue::invalid();
    const Type tx = l.typeOf(x), ty = l.typeOf(y);
    const DType d = tx.dtype;
    const bool okType = d == DType::I8 || d == DType::U8 || d == DType::F16 || d == DType::BF16
                        || d == DType::F32 || d == DType::F64 || isFp8(d);
    // fp8 operands may mix the two formats (e4nv x e5); others must match.
    const bool sameKind = tx.dtype == ty.dtype || (isFp8(tx.dtype) && isFp8(ty.dtype));
    if (!okType || tx.pointer || ty.pointer || !sameKind) {
        l.error(DiagKind::IncompatibleTypes,
                a.span,
                {ir::typeToString(tx),
                 ir::typeToString(ty),
                 " for tl.dot: both operands must have one dtype among int8, fp16, bf16, fp32, "
                 "fp64, or be fp8 (fp8e4nv, fp8e5)"});
        return KValue::invalid();
    }
    // [M, K] x [K, N] -> [M, N], or batched: [B, M, K] x [B, K, N] -> [B, M, N] (semantic.py's
    // "Both inputs must be either 2D or 3D"; the batches must agree, as Triton's verifier asks).
    const std::size_t rank = tx.shape.size();
    if ((rank != 2 && rank != 3) || ty.shape.size() != rank || tx.shape[rank - 1] != ty.shape[rank - 2]
        || (rank == 3 && tx.shape[0] != ty.shape[0])) {
        l.error(DiagKind::IncompatibleShapes,
                a.span,
                {Lowerer::shapeText(tx.shape),
                 Lowerer::shapeText(ty.shape),
                 ": tl.dot needs [M, K] and [K, N] blocks, or [B, M, K] and [B, K, N]"});
        return KValue::invalid();
    }
    const std::int64_t M = tx.shape[rank - 2], K = tx.shape[rank - 1], N = ty.shape[rank - 1];
    std::vector<std::int64_t> outShape{M, N};
    if (rank == 3)
        outShape.insert(outShape.begin(), tx.shape[0]);
    if (M < 16 || N < 16 || K < 16) {
        l.error(DiagKind::KernelTypeError,
                a.span,
                {"tl.dot needs M, N and K of at least 16 (got M=" + std::to_string(M)
                 + ", N=" + std::to_string(N) + ", K=" + std::to_string(K) + ")"});
        return KValue::invalid();
    }
    DType outDType = DType::F32;
    if (const KValue *o = a.get("out_dtype")) {
        auto od = l.constDType(*o, a.spanOf("out_dtype"), "out_dtype=");
        if (!od)
            return KValue::invalid();
        outDType = *od;
    }
    // 8-bit operands need K >= 32 (Triton's min_dot_size for NVIDIA: (16, 16, 32)).
    if ((isFp8(d) || d == DType::I8 || d == DType::U8) && K < 32) {
        l.error(DiagKind::KernelTypeError,
                a.span,
                {"tl.dot on " + std::string(isFp8(d) ? "fp8" : dtypeName(d)) + " needs K of at least 32 (got K="
                 + std::to_string(K) + ")"});
        return KValue::invalid();
    }
    if (isFp8(d) && outDType != DType::F32 && outDType != DType::F16) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("out_dtype"),
                {"tl.dot on fp8 accumulates in float32 or float16, not "
                 + std::string(dtypeName(outDType))});
        return KValue::invalid();
    }
    DType ret;
    if (!isFloat(d))
        ret = DType::I32;
    else if (outDType == DType::BF16) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("out_dtype"),
                {"out_dtype=bfloat16 is unsupported; use float32/float16 and cast with "
                 ".to(tl.bfloat16)"});
        return KValue::invalid();
    } else if (d == DType::F32 || d == DType::BF16)
        ret = DType::F32;
    else if (d == DType::F64)
        ret = DType::F64;
    else
        ret = outDType;
    int precision = d == DType::F32 ? 0 : 2;
    if (const KValue *p = a.get("input_precision"); p && !p->isNone()) {
        auto s = l.constString(*p, a.spanOf("input_precision"), "input_precision=");
        if (!s)
            return KValue::invalid();
        if (*s == "tf32")
            precision = 0;
        else if (*s == "tf32x3")
            precision = 1;
        else if (*s == "ieee")
            precision = 2;
        else {
            l.error(DiagKind::UnsupportedKernelFeature,
                    a.spanOf("input_precision"),
                    {"input_precision='" + *s + "'"});
            return KValue::invalid();
        }
    } else if (const KValue *t = a.get("allow_tf32"); t && !t->isNone()) {
        auto b = l.constBool(*t, a.spanOf("allow_tf32"), "allow_tf32=");
        if (!b)
            return KValue::invalid();
        precision = *b ? 0 : 2;
    }
    if (d != DType::F32)
        precision = d == DType::F32 ? precision : 2;
    ValueId acc;
    const Type outType{ret, false, outShape};
    if (const KValue *c = a.get("acc"); c && !c->isNone()) {
        acc = l.toTensor(*c, a.spanOf("acc"), "the accumulator of tl.dot");
        if (acc == kNoValue)
            return KValue::invalid();
        // Triton asserts acc.dtype == out_dtype (semantic.dot), whatever the inputs: an int32
        // accumulator of int8 inputs needs out_dtype=tl.int32, an fp64 one out_dtype=tl.float64.
        const DType accDType = l.typeOf(acc).dtype;
        if (accDType != outDType && l.typeOf(acc).shape == outShape && !l.typeOf(acc).pointer) {
            const KValue *o = a.get("out_dtype");
            l.error(DiagKind::KernelTypeError,
                    a.spanOf("acc"),
                    {"the accumulator of tl.dot is " + std::string(dtypeName(accDType)) + " but out_dtype is "
                         + std::string(dtypeName(outDType)) + (o ? "" : " (the default)")
                         + "; Triton requires them to be the same: pass out_dtype=tl."
                         + std::string(dtypeName(accDType))});
            return KValue::invalid();
        }
        if (l.typeOf(acc) != outType) {
            l.error(DiagKind::KernelTypeError,
                    a.spanOf("acc"),
                    {"the accumulator of tl.dot must be " + ir::typeToString(outType) + ", not "
                     + ir::typeToString(l.typeOf(acc))});
            return KValue::invalid();
        }
    } else {
        acc = isFloat(ret) ? l.constantFloat(ret, 0.0, outShape) : l.constantInt(ret, 0, outShape);
    }
    // max_num_imprecise_acc (fp8 only): Triton's sm_90 default 2**30 never adds the tensor
    // cores' low-precision sums into an fp32 accumulator; a value n <= K does, every n
    // elements of K (and at the end of the dot), as Triton's WGMMA lowering does.
    std::vector<std::int64_t> impreciseAcc;
    if (const KValue *m = a.get("max_num_imprecise_acc"); m && !m->isNone()) {
        auto n = l.constInt(*m, a.spanOf("max_num_imprecise_acc"), "max_num_imprecise_acc=");
        if (!n)
            return KValue::invalid();
        if (*n < 0) {
            l.error(DiagKind::KernelTypeError,
                    a.spanOf("max_num_imprecise_acc"),
                    {"max_num_imprecise_acc must be at least 0, not " + std::to_string(*n)});
            return KValue::invalid();
        }
        if (isFp8(d) && ret == DType::F32 && *n <= K)
            impreciseAcc = {*n};
    }
    ir::Op &op = l.emitOp(OpCode::Dot, {x, y, acc});
    op.i = precision;
    op.dtype = ret;
    op.ints = impreciseAcc;
    return KValue::tensor(l.addResult(op, outType));
}

} // namespace

void registerReduceBuiltins(BuiltinTable &t)
{
    t["tl.sum"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        ValueId x = inputArg(l, a);
        bool keep = false;
        if (x == kNoValue || !keepDimsArg(l, a, keep))
            return KValue::invalid();
        auto d = sumDType(l, a, l.typeOf(x).dtype);
        if (!d)
            return KValue::invalid();
        x = l.cast(x, *d);
        return one(reduceImpl(l,
                              {x},
                              a.get("axis"),
                              a.spanOf("axis"),
                              keep,
                              OpCode::Reduce,
                              false,
                              simple(l, OpCode::Add),
                              a.span));
    };
    t["tl.xor_sum"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        ValueId x = inputArg(l, a);
        bool keep = false;
        if (x == kNoValue || !keepDimsArg(l, a, keep))
            return KValue::invalid();
        if (isFloat(l.typeOf(x).dtype)) {
            l.error(DiagKind::KernelTypeError, a.spanOf("input"), {"tl.xor_sum needs integers"});
            return KValue::invalid();
        }
        return one(reduceImpl(l,
                              {x},
                              a.get("axis"),
                              a.spanOf("axis"),
                              keep,
                              OpCode::Reduce,
                              false,
                              simple(l, OpCode::Xor),
                              a.span));
    };
    t["tl.max"] = [](Lowerer &l, BuiltinArgs &a) { return maxMin(l, a, true); };
    t["tl.min"] = [](Lowerer &l, BuiltinArgs &a) { return maxMin(l, a, false); };
    t["tl.argmax"] = [](Lowerer &l, BuiltinArgs &a) { return argMaxMin(l, a, true); };
    t["tl.argmin"] = [](Lowerer &l, BuiltinArgs &a) { return argMaxMin(l, a, false); };
    t["tl.reduce"] = [](Lowerer &l, BuiltinArgs &a) { return userCombine(l, a, OpCode::Reduce); };
    t["tl.associative_scan"]
        = [](Lowerer &l, BuiltinArgs &a) { return userCombine(l, a, OpCode::Scan); };
    auto scan = [](Lowerer &l, BuiltinArgs &a, bool isSum) -> KValue {
        ValueId x = inputArg(l, a);
        if (x == kNoValue)
            return KValue::invalid();
        bool reverse = false;
        if (const KValue *r = a.get("reverse")) {
            auto b = l.constBool(*r, a.spanOf("reverse"), "reverse=");
            if (!b)
                return KValue::invalid();
            reverse = *b;
        }
        if (isSum) {
            auto d = sumDType(l, a, l.typeOf(x).dtype);
            if (!d)
                return KValue::invalid();
            x = l.cast(x, *d);
        } else if (l.typeOf(x).dtype == DType::BF16) {
            x = l.cast(x, DType::F32);
        }
        KValue axis = a.get("axis") ? *a.get("axis") : KValue::constant(ConstValue::ofInt(0));
        return one(reduceImpl(l,
                              {x},
                              &axis,
                              a.spanOf("axis"),
                              false,
                              OpCode::Scan,
                              reverse,
                              simple(l, isSum ? OpCode::Add : OpCode::Mul),
                              a.span));
    };
    t["tl.cumsum"] = [=](Lowerer &l, BuiltinArgs &a) { return scan(l, a, true); };
    t["tl.cumprod"] = [=](Lowerer &l, BuiltinArgs &a) { return scan(l, a, false); };
    t["tl.dot"] = dot;
    t["tl.softmax"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        // Triton's standard.py: z = x - max(x, dim); num = exp(z); fdiv(num, sum(num, dim)).
        const KValue x = *a.get("x");
        KValue dim = a.get("dim") && !a.get("dim")->isNone()
                         ? *a.get("dim")
                         : KValue::constant(ConstValue::ofInt(0));
        KValue keep = a.get("keep_dims") ? *a.get("keep_dims")
                                         : KValue::constant(ConstValue::ofBool(false));
        KValue ieee = a.get("ieee_rounding") ? *a.get("ieee_rounding")
                                             : KValue::constant(ConstValue::ofBool(false));
        const SourceSpan s = a.span;
        KValue m
            = l.call(KValue::builtin("tl.max"), {x, dim}, {s, s}, {{"keep_dims", keep}}, {s}, s);
        KValue z = l.binary(ast::BinaryOp::Sub, x, m, s);
        KValue num = l.call(KValue::builtin("tl.exp"), {z}, {s}, {}, {}, s);
        KValue den
            = l.call(KValue::builtin("tl.sum"), {num, dim}, {s, s}, {{"keep_dims", keep}}, {s}, s);
        return l.call(
            KValue::builtin("tl.fdiv"), {num, den}, {s, s}, {{"ieee_rounding", ieee}}, {s}, s);
    };
}

} // namespace tsm::sema
