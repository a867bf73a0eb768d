// Tensor descriptors (Tier 2): tl.make_tensor_descriptor and the descriptor's load, store,
// atomic_* , gather and scatter, with Triton's checks and messages (semantic.py
// make_tensor_descriptor / descriptor_*; docs/tensor-descriptors.md has the sources).
//
// A descriptor is a compile-time structure of scalar IR values (KValue::Kind::TensorDesc):
// base pointer, shape (int32), strides (int64, the last the constant 1), the block shape and the
// padding. Each access becomes what Triton's RewriteTensorDescriptorToPointer pass makes of it,
// a masked block of pointers: element i of the block at `offsets` is at
// base + sum_d (offsets[d] + i_d) * strides[d], inside when 0 <= offsets[d] + i_d < shape[d] for
// every d; loads read 0 (NaN with padding_option="nan") outside, stores and atomics skip it.
// Both backends run that IR as they run any masked load; no scratch memory is needed, so
// triton.set_allocator is accepted and not required.

#include "core/sema/lowerer.h"

#include <algorithm>
#include <limits>

namespace tsm::sema {

using ir::kNoValue;
using ir::OpCode;
using ir::Type;
using ir::ValueId;

namespace {

enum Part : std::size_t { Base = 0, Shape = 1, Strides = 2, BlockShape = 3, Padding = 4 };

std::size_t rankOf(const KValue &d)
{
    return d.elts[BlockShape].elts.size();
}

std::vector<std::int64_t> blockShapeOf(const KValue &d)
{
    return constInts(d.elts[BlockShape]);
}

DType elemOf(Lowerer &l, const KValue &d)
{
    return l.typeOf(d.elts[Base].v).dtype;
}

/// The methods of a descriptor (desc.<method>(...), handled as "desc.<method>").
const char *const kMethods[] = {"load",       "store",      "gather",     "scatter",   "atomic_add",
                                "atomic_min", "atomic_max", "atomic_and", "atomic_or", "atomic_xor"};

std::string listText(const std::vector<std::int64_t> &v)
{
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
}

/// The descriptor argument `name`, or null after an error.
const KValue *descArg(Lowerer &l, const BuiltinArgs &a, std::string_view name)
{
    const KValue *k = a.get(name);
    if (k && k->kind == KValue::Kind::TensorDesc)
        return k;
    if (k && !k->isInvalid())
        l.error(DiagKind::KernelTypeError, a.spanOf(name),
                {a.fname + " needs a tensor descriptor from tl.make_tensor_descriptor, not " + l.describe(*k)});
    return nullptr;
}

/// Scalar integers for shape / strides / offsets, as Triton's _convert_to_ir_values checks
/// them, each converted to `dtype`; nullopt after an error. `offsets` rejects 64-bit tensors.
std::optional<std::vector<KValue>> scalarInts(Lowerer &l, const std::vector<KValue> &elts, SourceSpan span,
                                              DType dtype, bool offsets)
{
    std::vector<KValue> out;
    for (const KValue &e : elts) {
        if (e.isConst() && e.c.kind == ConstValue::Kind::Int && offsets
            && (e.c.i < std::numeric_limits<std::int32_t>::min() || e.c.i > std::numeric_limits<std::int32_t>::max())) {
            l.error(DiagKind::KernelTypeError, span,
                    {"Block pointers only support 32 bit `offsets/block_shape`, got a value " + std::to_string(e.c.i)
                     + " which is out of the range"});
            return std::nullopt;
        }
        const ValueId v = l.toTensor(e, span, "a tensor descriptor's shape, strides or offsets");
        if (v == kNoValue)
            return std::nullopt;
        const Type &t = l.typeOf(v);
        if (t.isBlock()) {
            l.error(DiagKind::KernelTypeError, span, {"Expected a scalar in shape/strides/offsets, not " + ir::typeToString(t)});
            return std::nullopt;
        }
        if (t.pointer || !isInteger(t.dtype)) {
            l.error(DiagKind::KernelTypeError, span,
                    {"Expected an integer scalar type in shape/strides/offsets, not " + ir::typeToString(t)});
            return std::nullopt;
        }
        if (offsets && !e.isConst() && dtypeBits(t.dtype) == 64) {
            l.error(DiagKind::KernelTypeError, span,
                    {"Block pointers only support 32 bit `offsets/block_shape`, add a `.to(tl.int32)` or use regular "
                     "indexing for 64 bit support"});
            return std::nullopt;
        }
        out.push_back(KValue::tensor(l.cast(v, dtype)));
    }
    return out;
}

/// The block pointer a descriptor access at `offsets` goes through; nullopt after an error.
std::optional<KValue> accessAt(Lowerer &l, const KValue &desc, const KValue &offsetsArg, SourceSpan span)
{
    const std::vector<KValue> elts = tupleElts(offsetsArg);
    if (elts.size() != rankOf(desc)) {
        l.error(DiagKind::KernelTypeError, span,
                {"expected " + std::to_string(rankOf(desc)) + " offsets, but got " + std::to_string(elts.size())});
        return std::nullopt;
    }
    auto offsets = scalarInts(l, elts, span, DType::I32, true);
    if (!offsets)
        return std::nullopt;
    return blockPtrOf(desc.elts[Base], desc.elts[Shape].elts, desc.elts[Strides].elts, *offsets, blockShapeOf(desc));
}

std::vector<std::size_t> allDims(const KValue &desc)
{
    std::vector<std::size_t> d(rankOf(desc));
    for (std::size_t i = 0; i < d.size(); ++i)
        d[i] = i;
    return d;
}

/// The value of a store-like access: a block of exactly the descriptor's block shape
/// (Triton's validate_store_like: no broadcasting), converted to its element type.
ValueId storedValue(Lowerer &l, const KValue &desc, const KValue &value, SourceSpan span, const std::string &what)
{
    const ValueId v = l.toTensor(value, span, what);
    if (v == kNoValue)
        return kNoValue;
    const std::vector<std::int64_t> want = blockShapeOf(desc);
    if (l.typeOf(v).shape != want) {
        l.error(DiagKind::KernelTypeError, span,
                {what + " must be a block of the descriptor's block shape " + listText(want) + ", not "
                 + ir::typeToString(l.typeOf(v)) + " (tensor descriptors do not broadcast)"});
        return kNoValue;
    }
    return l.cast(v, elemOf(l, desc));
}

/// Binds a method call's arguments (after the descriptor) to `params` by position, then by
/// keyword; nullopt after an error. rest[0] is the descriptor itself.
std::optional<std::vector<std::pair<KValue, SourceSpan>>> bindMethod(Lowerer &l, const BuiltinArgs &a,
                                                                     const std::vector<std::string> &params)
{
    const std::string shown = a.fname.substr(a.fname.find('.') + 1);
    std::vector<std::optional<std::pair<KValue, SourceSpan>>> bound(params.size());
    if (a.rest.size() - 1 > params.size()) {
        l.error(DiagKind::KernelTypeError, a.span,
                {shown + "() takes " + std::to_string(params.size()) + " arguments but "
                 + std::to_string(a.rest.size() - 1) + " were given"});
        return std::nullopt;
    }
    for (std::size_t i = 1; i < a.rest.size(); ++i)
        bound[i - 1] = {a.rest[i], a.restSpans[i]};
    for (std::size_t k = 0; k < a.names.size(); ++k) {
        auto it = std::find(params.begin(), params.end(), a.names[k]);
        if (it == params.end() || bound[std::size_t(it - params.begin())]) {
            l.error(DiagKind::KernelTypeError, a.spans[k],
                    {shown + "() got " + std::string(it == params.end() ? "an unexpected keyword" : "multiple values for")
                     + " argument '" + a.names[k] + "'"});
            return std::nullopt;
        }
        bound[std::size_t(it - params.begin())] = {*a.vals[k], a.spans[k]};
    }
    std::vector<std::pair<KValue, SourceSpan>> out;
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (!bound[i]) {
            l.error(DiagKind::KernelTypeError, a.span, {shown + "() missing required argument '" + params[i] + "'"});
            return std::nullopt;
        }
        out.push_back(*bound[i]);
    }
    return out;
}

KValue makeTensorDescriptor(Lowerer &l, BuiltinArgs &a)
{
    const ValueId base = scalarPointerBase(l, a, "tl.make_tensor_descriptor");
    if (base == kNoValue)
        return KValue::invalid();
    const std::vector<KValue> shapeElts = tupleElts(*a.get("shape"));
    const std::vector<KValue> strideElts = tupleElts(*a.get("strides"));
    const std::size_t ndim = shapeElts.size();
    if (ndim < 1 || ndim > 5) {
        l.error(DiagKind::KernelTypeError, a.spanOf("shape"),
                {"Expected 1 <= ndim <= 5 but got " + std::to_string(ndim) + " dimensions"});
        return KValue::invalid();
    }
    if (strideElts.size() != ndim) {
        l.error(DiagKind::KernelTypeError, a.spanOf("strides"),
                {"Expected " + std::to_string(ndim) + " strides but got " + std::to_string(strideElts.size())});
        return KValue::invalid();
    }
    auto block = l.constShape(*a.get("block_shape"), a.spanOf("block_shape"), "block_shape");
    if (!block)
        return KValue::invalid();
    if (block->size() != ndim) {
        l.error(DiagKind::KernelTypeError, a.spanOf("block_shape"),
                {"Expected block_shape to have " + std::to_string(ndim) + " dimensions but got "
                 + std::to_string(block->size())});
        return KValue::invalid();
    }
    const DType elem = l.typeOf(base).dtype;
    const std::int64_t elemSize = dtypeBits(elem) / 8;
    if (block->back() * elemSize < 16) {
        l.error(DiagKind::KernelTypeError, a.spanOf("block_shape"),
                {"Descriptor block shape must have at least 16 bytes in the last dimension, but got "
                 + std::to_string(block->back()) + " * " + std::to_string(elemSize) + " = "
                 + std::to_string(block->back() * elemSize) + " bytes"});
        return KValue::invalid();
    }
    const KValue &last = strideElts.back();
    if (!(last.isConst() && (last.c.kind == ConstValue::Kind::Int || last.c.kind == ConstValue::Kind::Bool)
          && (last.c.kind == ConstValue::Kind::Int ? last.c.i : std::int64_t(last.c.b)) == 1)) {
        l.error(DiagKind::KernelTypeError, a.spanOf("strides"),
                {"Tensor descriptor last dim must be 1 but got "
                 + (last.isConst() ? last.c.repr() : l.describe(last))
                 + " (the last stride must be the compile-time constant 1)"});
        return KValue::invalid();
    }
    std::string padding = "zero";
    if (const KValue *k = a.get("padding_option"); k && !k->isNone()) {
        auto s = l.constString(*k, a.spanOf("padding_option"), "padding_option=");
        if (!s)
            return KValue::invalid();
        padding = *s;
    }
    if (padding != "zero" && padding != "nan") {
        l.error(DiagKind::KernelTypeError, a.spanOf("padding_option"), {"Padding option " + padding + " not supported"});
        return KValue::invalid();
    }
    if (padding == "nan" && !isFloat(elem)) {
        l.error(DiagKind::KernelTypeError, a.spanOf("padding_option"),
                {"Padding option `nan` is not supported for integer blocks"});
        return KValue::invalid();
    }
    auto shape = scalarInts(l, shapeElts, a.spanOf("shape"), DType::I32, false);
    auto strides = scalarInts(l, strideElts, a.spanOf("strides"), DType::I64, false);
    if (!shape || !strides)
        return KValue::invalid();
    return tensorDescOf(KValue::tensor(base), *shape, *strides, *block, padding);
}

/// Where a descriptor's scalar comes from, for the host to compute at launch: a kernel
/// parameter (its index) or a constant c >= 0 (as -1 - c), through integer casts; nullopt when
/// it is computed in the kernel. `aligned`: the value is a multiple of 16.
std::optional<std::int64_t> launchSource(const ir::Kernel &k, ValueId v, bool *aligned)
{
    for (int hops = 0; hops < 4; ++hops) {
        for (std::size_t p = 0; p < k.params.size(); ++p)
            if (k.params[p].value == v && !k.params[p].isConstexpr) {
                *aligned = k.params[p].divisibleBy16;
                return std::int64_t(p);
            }
        const ir::Op *d = ir::definingOp(k.body, v);
        if (!d)
            return std::nullopt;
        if (d->code == OpCode::Constant && isInteger(d->dtype) && d->i >= 0) {
            *aligned = d->i % 16 == 0;
            return -1 - d->i;
        }
        if (d->code != OpCode::Cast || d->operands.size() != 1 || !isInteger(k.type(d->operands[0]).dtype))
            return std::nullopt;
        v = d->operands[0];
    }
    return std::nullopt;
}

/// What a load of `desc` records for a TMA copy (Load's tensor_desc): {base parameter, 0} for a
/// host TensorDescriptor; for a descriptor made in the kernel from a 16-byte aligned pointer
/// parameter, with shape and strides the host can compute from the launch's arguments (tutorial
/// 09's shape=[M, K], strides=[K, 1]) and rows a multiple of 16 bytes apart, the same followed
/// by each dimension's shape source and each leading stride's (launchSource). nullopt otherwise.
std::optional<std::vector<std::int64_t>> tmaSource(const ir::Kernel &k, const KValue &desc)
{
    for (std::size_t p = 0; p < k.params.size(); ++p)
        if (k.params[p].tensorDescRank > 0 && k.params[p].value == desc.elts[Base].v)
            return std::vector<std::int64_t>{std::int64_t(p), 0};
    std::vector<std::int64_t> out;
    for (std::size_t p = 0; p < k.params.size() && out.empty(); ++p)
        if (k.params[p].value == desc.elts[Base].v && k.params[p].divisibleBy16)
            out = {std::int64_t(p), 0};
    if (out.empty())
        return std::nullopt;
    const std::vector<KValue> &shape = desc.elts[Shape].elts, &strides = desc.elts[Strides].elts;
    for (const KValue &e : shape) {
        bool aligned = false;
        auto src = e.isTensor() ? launchSource(k, e.v, &aligned) : std::nullopt;
        if (!src)
            return std::nullopt;
        out.push_back(*src);
    }
    for (std::size_t d = 0; d + 1 < strides.size(); ++d) {
        bool aligned = false; // a multiple of 16 elements is a multiple of 16 bytes
        auto src = strides[d].isTensor() ? launchSource(k, strides[d].v, &aligned) : std::nullopt;
        if (!src || !aligned)
            return std::nullopt;
        out.push_back(*src);
    }
    return out;
}

KValue descLoad(Lowerer &l, const KValue &desc, const KValue &offsets, SourceSpan span)
{
    auto bp = accessAt(l, desc, offsets, span);
    if (!bp)
        return KValue::invalid();
    const KValue loaded = loadThroughBlockPtr(l, *bp, allDims(desc), desc.elts[Padding].c.s, span);
    // The block keeps what a TMA copy needs (docs/tensor-descriptors.md): which descriptor, and
    // the block's offsets (operands after ptr, mask and other).
    ir::Region *r = l.region();
    if (loaded.isInvalid() || !r || r->ops.empty() || r->ops.back().code != OpCode::Load
        || r->ops.back().operands.size() != 3)
        return loaded;
    if (std::optional<std::vector<std::int64_t>> tma = tmaSource(l.kernel(), desc)) {
        ir::Op &load = r->ops.back();
        load.ints = std::move(*tma);
        for (const KValue &o : bp->elts[3].elts) // the block pointer's offsets (int32)
            load.operands.push_back(o.v);
    }
    return loaded;
}

KValue descStore(Lowerer &l, const KValue &desc, const KValue &offsets, const KValue &value, SourceSpan valueSpan,
                 SourceSpan span)
{
    auto bp = accessAt(l, desc, offsets, span);
    const ValueId v = storedValue(l, desc, value, valueSpan, "the value stored through a tensor descriptor");
    if (!bp || v == kNoValue || !storeThroughBlockPtr(l, *bp, allDims(desc), v, valueSpan, span))
        return KValue::invalid();
    // As a load's: the store keeps what a TMA store needs (operands after ptr, value and mask).
    ir::Region *r = l.region();
    if (r && !r->ops.empty() && r->ops.back().code == OpCode::Store && r->ops.back().operands.size() == 3)
        if (std::optional<std::vector<std::int64_t>> tma = tmaSource(l.kernel(), desc)) {
            ir::Op &store = r->ops.back();
            store.ints = std::move(*tma);
            for (const KValue &o : bp->elts[3].elts)
                store.operands.push_back(o.v);
        }
    return KValue::constant(ConstValue::none());
}

/// desc.atomic_<op>(offsets, value): a masked atomic on every element inside the tensor, with
/// the element types Triton's descriptor_atomic_* accept. Returns None, as Triton does.
KValue descAtomic(Lowerer &l, const KValue &desc, const std::string &op, const KValue &offsets, const KValue &value,
                  SourceSpan valueSpan, SourceSpan span)
{
    const DType e = elemOf(l, desc);
    std::vector<DType> ok;
    if (op == "add")
        ok = {DType::U32, DType::I32, DType::U64, DType::F32, DType::F16, DType::BF16};
    else if (op == "min" || op == "max")
        ok = {DType::U32, DType::I32, DType::U64, DType::I64, DType::F16, DType::BF16};
    else
        ok = {DType::U32, DType::I32, DType::U64, DType::I64};
    if (std::find(ok.begin(), ok.end(), e) == ok.end()) {
        std::string names;
        for (DType d : ok)
            names += (names.empty() ? "" : ", ") + std::string(dtypeShortName(d));
        l.error(DiagKind::KernelTypeError, span,
                {"Unsupported dtype " + std::string(dtypeShortName(e)) + " for a tensor descriptor's atomic_" + op
                 + " (it takes " + names + ")"});
        return KValue::invalid();
    }
    if ((op == "min" || op == "max") && (e == DType::F16 || e == DType::BF16)) {
        // Triton needs native TMA for these (sm_90); plain atomics have no 16-bit float min/max.
        l.error(DiagKind::UnsupportedKernelFeature, span,
                {"a tensor descriptor's atomic_" + op + " on " + std::string(dtypeShortName(e))});
        return KValue::invalid();
    }
    auto bp = accessAt(l, desc, offsets, span);
    const ValueId v = storedValue(l, desc, value, valueSpan, "the value of a tensor descriptor's atomic_" + op);
    if (!bp || v == kNoValue)
        return KValue::invalid();
    auto [ptr, mask] = materializeBlockPtr(l, *bp, allDims(desc), span);
    if (ptr == kNoValue)
        return KValue::invalid();
    const KValue r = l.call(KValue::builtin("tl.atomic_" + op), {KValue::tensor(ptr), KValue::tensor(v)}, {span, valueSpan},
                                   {{"mask", KValue::tensor(mask)}}, {span}, span);
    return r.isInvalid() ? r : KValue::constant(ConstValue::none());
}

/// The pointers and mask of gather / scatter: rows x_offsets, columns y_offset + arange.
std::pair<ValueId, ValueId> gatherPointers(Lowerer &l, const KValue &desc, const KValue &xArg, SourceSpan xSpan,
                                           const KValue &yArg, SourceSpan ySpan, SourceSpan span, const char *what)
{
    const std::vector<std::int64_t> block = blockShapeOf(desc);
    const DType e = elemOf(l, desc);
    if (block.size() != 2 || block[0] != 1) {
        l.error(DiagKind::KernelTypeError, span,
                {std::string("tensor descriptor ") + what + " needs a 2-D descriptor whose block_shape[0] is 1, not "
                 + listText(block)});
        return {kNoValue, kNoValue};
    }
    const std::int64_t minCols = 32 / dtypeBits(e) * 8;
    if (block[1] < minCols) {
        l.error(DiagKind::KernelTypeError, span,
                {std::string("tensor descriptor ") + what + " needs block_shape[1] >= " + std::to_string(minCols)
                 + " for " + std::string(dtypeShortName(e)) + ", not " + std::to_string(block[1])});
        return {kNoValue, kNoValue};
    }
    ValueId x = l.toTensor(xArg, xSpan, "x_offsets");
    auto y = scalarInts(l, {yArg}, ySpan, DType::I32, true);
    if (x == kNoValue || !y)
        return {kNoValue, kNoValue};
    const Type xt = l.typeOf(x);
    if (xt.shape.size() != 1 || xt.pointer || !isInteger(xt.dtype) || xt.shape[0] < 8) {
        l.error(DiagKind::KernelTypeError, xSpan,
                {std::string("tensor descriptor ") + what
                 + " needs x_offsets to be a 1-D integer block of at least 8 rows, not " + ir::typeToString(xt)});
        return {kNoValue, kNoValue};
    }
    x = l.cast(x, DType::I32);
    const std::int64_t rows = xt.shape[0], cols = block[1];
    ir::Op &range = l.emitOp(OpCode::MakeRange);
    range.ints = {0, cols};
    const ValueId j = l.addResult(range, Type{DType::I32, false, {cols}});
    const KValue row = KValue::tensor(l.expandDims(x, 1));
    const KValue col = l.binary(ast::BinaryOp::Add, KValue::tensor(l.expandDims(j, 0)), (*y)[0], span);
    const KValue &shape0 = desc.elts[Shape].elts[0], &shape1 = desc.elts[Shape].elts[1];
    auto widen = [&](const KValue &k) { return KValue::tensor(l.cast(k.v, DType::I64)); };
    KValue ptr = l.binary(ast::BinaryOp::Add, desc.elts[Base],
                          l.binary(ast::BinaryOp::Mult, widen(row), desc.elts[Strides].elts[0], span), span);
    ptr = l.binary(ast::BinaryOp::Add, ptr, l.binary(ast::BinaryOp::Mult, widen(col), desc.elts[Strides].elts[1], span),
                   span);
    const KValue zero = KValue::constant(ConstValue::ofInt(0));
    auto inside = [&](const KValue &i, const KValue &n) {
        return l.binary(ast::BinaryOp::BitAnd, l.compare(ast::CmpOp::GtE, i, zero, span),
                        l.compare(ast::CmpOp::Lt, i, n, span), span);
    };
    const KValue mask = l.binary(ast::BinaryOp::BitAnd, inside(row, shape0), inside(col, shape1), span);
    const ValueId p = l.toTensor(ptr, span, "a tensor descriptor's addresses");
    const ValueId m = l.toTensor(mask, span, "a tensor descriptor's mask");
    if (p == kNoValue || m == kNoValue)
        return {kNoValue, kNoValue};
    return {l.broadcastTo(p, {rows, cols}, span), l.broadcastTo(m, {rows, cols}, span)};
}

KValue descGather(Lowerer &l, const KValue &desc, const std::vector<std::pair<KValue, SourceSpan>> &args,
                  SourceSpan span)
{
    auto [ptr, mask] = gatherPointers(l, desc, args[0].first, args[0].second, args[1].first, args[1].second, span,
                                      "gather");
    if (ptr == kNoValue || mask == kNoValue)
        return KValue::invalid();
    const ValueId other = paddingBlock(l, elemOf(l, desc), desc.elts[Padding].c.s, l.typeOf(ptr).shape);
    ir::Op &op = l.emitOp(OpCode::Load, {ptr, mask, other});
    return KValue::tensor(l.addResult(op, l.typeOf(ptr).pointee()));
}

KValue descScatter(Lowerer &l, const KValue &desc, const std::vector<std::pair<KValue, SourceSpan>> &args,
                   SourceSpan span)
{
    auto [ptr, mask] = gatherPointers(l, desc, args[1].first, args[1].second, args[2].first, args[2].second, span,
                                      "scatter");
    if (ptr == kNoValue || mask == kNoValue)
        return KValue::invalid();
    ValueId v = l.toTensor(args[0].first, args[0].second, "the value of a tensor descriptor's scatter");
    if (v == kNoValue)
        return KValue::invalid();
    if (l.typeOf(v).shape != l.typeOf(ptr).shape) {
        l.error(DiagKind::KernelTypeError, args[0].second,
                {"the value of a tensor descriptor's scatter must be a block of shape " + listText(l.typeOf(ptr).shape)
                 + ", not " + ir::typeToString(l.typeOf(v))});
        return KValue::invalid();
    }
    l.emitOp(OpCode::Store, {ptr, l.cast(v, elemOf(l, desc)), mask});
    return KValue::constant(ConstValue::none());
}

/// desc.<method>(...): the handler registered as "desc.<method>"; a.rest[0] is the descriptor.
KValue descMethod(Lowerer &l, BuiltinArgs &a, const std::string &method)
{
    const KValue &desc = a.rest.at(0);
    std::vector<std::string> params;
    if (method == "load")
        params = {"offsets"};
    else if (method == "store" || method.starts_with("atomic_"))
        params = {"offsets", "value"};
    else if (method == "gather")
        params = {"x_offsets", "y_offset"};
    else
        params = {"value", "x_offsets", "y_offset"};
    auto args = bindMethod(l, a, params);
    if (!args)
        return KValue::invalid();
    const auto &v = *args;
    if (method == "load")
        return descLoad(l, desc, v[0].first, v[0].second);
    if (method == "store")
        return descStore(l, desc, v[0].first, v[1].first, v[1].second, v[0].second);
    if (method == "gather")
        return descGather(l, desc, v, a.span);
    if (method == "scatter")
        return descScatter(l, desc, v, a.span);
    return descAtomic(l, desc, method.substr(7), v[0].first, v[1].first, v[1].second, v[0].second);
}

} // namespace

KValue tensorDescOf(KValue base, std::vector<KValue> shape, std::vector<KValue> strides,
                    const std::vector<std::int64_t> &blockShape, const std::string &padding)
{
    std::vector<KValue> blockConsts;
    for (std::int64_t d : blockShape)
        blockConsts.push_back(KValue::constant(ConstValue::ofInt(d)));
    KValue desc;
    desc.kind = KValue::Kind::TensorDesc;
    desc.elts = {std::move(base), KValue::tuple(std::move(shape)), KValue::tuple(std::move(strides)),
                 KValue::tuple(blockConsts), KValue::constant(ConstValue::ofString(padding))};
    return desc;
}

KValue tensorDescAttribute(Lowerer &l, const KValue &desc, const std::string &attr, SourceSpan span)
{
    if (attr == "shape" || attr == "strides")
        return desc.elts[attr == "shape" ? Shape : Strides];
    if (attr == "block_shape")
        return desc.elts[BlockShape];
    if (attr == "dtype")
        return KValue::constant(ConstValue::ofDType(elemOf(l, desc)));
    for (const char *m : kMethods)
        if (attr == m)
            return KValue::method(desc, attr);
    l.error(DiagKind::KernelTypeError, span, {"tensor descriptors have no attribute '" + attr + "'"});
    return KValue::invalid();
}

void registerTensorDescBuiltins(BuiltinTable &t)
{
    t["tl.make_tensor_descriptor"] = makeTensorDescriptor;
    t["tl.load_tensor_descriptor"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const KValue *desc = descArg(l, a, "desc");
        return desc ? descLoad(l, *desc, *a.get("offsets"), a.spanOf("offsets")) : KValue::invalid();
    };
    t["tl.store_tensor_descriptor"] = [](Lowerer &l, BuiltinArgs &a) -> KValue {
        const KValue *desc = descArg(l, a, "desc");
        return desc ? descStore(l, *desc, *a.get("offsets"), *a.get("value"), a.spanOf("value"), a.spanOf("offsets"))
                    : KValue::invalid();
    };
    for (const char *m : kMethods) {
        const std::string method = m;
        t["desc." + method] = [method](Lowerer &l, BuiltinArgs &a) { return descMethod(l, a, method); };
    }
}

} // namespace tsm::sema
