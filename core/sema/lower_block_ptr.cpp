// Block pointers (Tier 2): tl.make_block_ptr, tl.advance, and tl.load / tl.store through them,
// with boundary_check and padding_option, as Triton defines them (semantic.py; the
// interpreter's BlockPointerHandle.materialize_pointers): element (i0, .., in) of the block is
// at base + sum_d (offsets[d] + i_d) * strides[d], and a dimension named in boundary_check
// masks 0 <= offsets[d] + i_d < shape[d]. shape and strides are int64, offsets int32.
//
// A block pointer is a compile-time structure of scalar IR values (KValue::Kind::BlockPtr), so
// it costs nothing until a load or store materializes it into a block of pointers and a mask,
// ordinary IR every backend already runs. The pointer is split as Triton's lowering does: the
// scalar part (base + sum offsets[d] * strides[d]) changes with tl.advance, the per-element part
// (sum i_d * strides[d]) does not, so a loop's loads recompute only the scalar. Loops carry a
// block pointer as its scalar leaves (carriedBlockPtrs, used by lower_stmt.cpp).

#include "core/sema/lowerer.h"

#include <algorithm>
#include <limits>

namespace tsm::sema {

using ir::kNoValue;
using ir::OpCode;
using ir::Type;
using ir::ValueId;

namespace {

enum Part : std::size_t { Base = 0, Shape = 1, Strides = 2, Offsets = 3, BlockShape = 4, Order = 5 };

std::size_t rankOf(const KValue &bp)
{
    return bp.elts[BlockShape].elts.size();
}

std::vector<std::int64_t> blockShapeOf(const KValue &bp)
{
    return constInts(bp.elts[BlockShape]);
}

/// The values of a tuple argument (a single value counts as a 1-tuple), each a scalar integer
/// converted to `dtype`; nullopt after an error.
std::optional<std::vector<KValue>> scalarInts(Lowerer &l, const BuiltinArgs &a, std::string_view name,
                                              std::size_t rank, DType dtype)
{
    const KValue *k = a.get(name);
    const SourceSpan span = a.spanOf(name);
    const std::vector<KValue> elts = tupleElts(*k);
    if (elts.size() != rank) {
        l.error(DiagKind::KernelTypeError,
                span,
                {a.fname + "'s " + std::string(name) + " has " + std::to_string(elts.size())
                 + " values, but the block has " + std::to_string(rank) + " dimensions"});
        return std::nullopt;
    }
    std::vector<KValue> out;
    for (const KValue &e : elts) {
        const ValueId v = l.toTensor(e, span, std::string(name) + " of " + a.fname);
        if (v == kNoValue)
            return std::nullopt;
        const Type &t = l.typeOf(v);
        if (t.isBlock() || t.pointer || !isInteger(t.dtype)) {
            l.error(DiagKind::KernelTypeError,
                    span,
                    {a.fname + "'s " + std::string(name) + " must be integer scalars, not "
                     + ir::typeToString(t)});
            return std::nullopt;
        }
        out.push_back(KValue::tensor(l.cast(v, dtype)));
    }
    return out;
}

/// The block pointer argument `name`, or null after an error.
const KValue *blockPtrArg(Lowerer &l, const BuiltinArgs &a, std::string_view name)
{
    const KValue *k = a.get(name);
    if (k && k->kind == KValue::Kind::BlockPtr)
        return k;
    if (k && !k->isInvalid())
        l.error(DiagKind::KernelTypeError,
                a.spanOf(name),
                {a.fname + " needs a block pointer from tl.make_block_ptr, not " + l.describe(*k)});
    return nullptr;
}

/// The dimensions named by boundary_check (each in range, no repeats), or nullopt.
std::optional<std::vector<std::size_t>> boundaryDims(Lowerer &l, const BuiltinArgs &a, std::size_t rank)
{
    const KValue *k = a.get("boundary_check");
    std::vector<std::size_t> dims;
    if (!k || k->isNone())
        return dims;
    const std::vector<KValue> elts = tupleElts(*k);
    for (const KValue &e : elts) {
        auto d = l.constInt(e, a.spanOf("boundary_check"), "a boundary_check dimension");
        if (!d)
            return std::nullopt;
        if (*d < 0 || std::size_t(*d) >= rank || std::find(dims.begin(), dims.end(), std::size_t(*d)) != dims.end()) {
            l.error(DiagKind::KernelTypeError,
                    a.spanOf("boundary_check"),
                    {"boundary_check dimension " + std::to_string(*d) + " is out of range or repeated for a "
                     + std::to_string(rank) + "-D block pointer"});
            return std::nullopt;
        }
        dims.push_back(std::size_t(*d));
    }
    return dims;
}

} // namespace

std::pair<ValueId, ValueId> materializeBlockPtr(Lowerer &l, const KValue &bp,
                                                const std::vector<std::size_t> &checked, SourceSpan span)
{
    const std::size_t n = rankOf(bp);
    const std::vector<std::int64_t> shape = blockShapeOf(bp);
    // Scalar part: base + sum offsets[d] * strides[d] (int64).
    KValue ptr = bp.elts[Base];
    for (std::size_t d = 0; d < n; ++d) {
        const KValue off = KValue::tensor(l.cast(bp.elts[Offsets].elts[d].v, DType::I64));
        ptr = l.binary(ast::BinaryOp::Add, ptr,
                       l.binary(ast::BinaryOp::Mult, off, bp.elts[Strides].elts[d], span), span);
    }
    // Per-element part: sum i_d * strides[d], each i_d an arange along dimension d.
    KValue mask;
    bool masked = false;
    for (std::size_t d = 0; d < n; ++d) {
        ir::Op &op = l.emitOp(OpCode::MakeRange);
        op.ints = {0, shape[d]};
        ValueId r = l.addResult(op, Type{DType::I32, false, {shape[d]}});
        for (std::size_t e = 0; e < n; ++e)
            if (e != d)
                r = l.expandDims(r, int(e));
        const KValue i = KValue::tensor(r);
        ptr = l.binary(ast::BinaryOp::Add, ptr,
                       l.binary(ast::BinaryOp::Mult, KValue::tensor(l.cast(r, DType::I64)),
                                bp.elts[Strides].elts[d], span),
                       span);
        if (std::find(checked.begin(), checked.end(), d) == checked.end())
            continue;
        const KValue at = l.binary(ast::BinaryOp::Add, i, bp.elts[Offsets].elts[d], span);
        const KValue inside
            = l.binary(ast::BinaryOp::BitAnd,
                       l.compare(ast::CmpOp::GtE, at, KValue::constant(ConstValue::ofInt(0)), span),
                       l.compare(ast::CmpOp::Lt, at, bp.elts[Shape].elts[d], span), span);
        mask = masked ? l.binary(ast::BinaryOp::BitAnd, mask, inside, span) : inside;
        masked = true;
    }
    ValueId p = l.toTensor(ptr, span, "a block pointer's address");
    if (p != kNoValue)
        p = l.broadcastTo(p, shape, span);
    ValueId m = kNoValue;
    if (masked && mask.isTensor())
        m = l.broadcastTo(mask.v, shape, span);
    return {p, m};
}

std::vector<KValue> tupleElts(const KValue &k)
{
    return k.kind == KValue::Kind::Tuple ? k.elts : std::vector<KValue>{k};
}

std::vector<std::int64_t> constInts(const KValue &tuple)
{
    std::vector<std::int64_t> out;
    for (const KValue &e : tuple.elts)
        out.push_back(e.c.i);
    return out;
}

ValueId paddingBlock(Lowerer &l, DType elem, const std::string &padding, const std::vector<std::int64_t> &shape)
{
    return padding == "nan" ? l.constantFloat(elem, std::numeric_limits<double>::quiet_NaN(), shape)
           : isFloat(elem)  ? l.constantFloat(elem, 0.0, shape)
                            : l.constantInt(elem, 0, shape);
}

KValue blockPtrOf(KValue base, std::vector<KValue> shape, std::vector<KValue> strides,
                  std::vector<KValue> offsets, const std::vector<std::int64_t> &blockShape)
{
    std::vector<KValue> blockConsts, orderConsts;
    for (std::size_t d = 0; d < blockShape.size(); ++d) {
        blockConsts.push_back(KValue::constant(ConstValue::ofInt(blockShape[d])));
        orderConsts.push_back(KValue::constant(ConstValue::ofInt(std::int64_t(blockShape.size() - 1 - d))));
    }
    KValue bp;
    bp.kind = KValue::Kind::BlockPtr;
    bp.elts = {std::move(base), KValue::tuple(std::move(shape)), KValue::tuple(std::move(strides)),
               KValue::tuple(std::move(offsets)), KValue::tuple(blockConsts), KValue::tuple(orderConsts)};
    return bp;
}

KValue loadThroughBlockPtr(Lowerer &l, const KValue &bp, const std::vector<std::size_t> &checked,
                           const std::string &padding, SourceSpan span)
{
    auto [ptr, mask] = materializeBlockPtr(l, bp, checked, span);
    if (ptr == kNoValue)
        return KValue::invalid();
    std::vector<ValueId> ops{ptr};
    if (mask != kNoValue) {
        ops.push_back(mask);
        ops.push_back(paddingBlock(l, l.typeOf(bp.elts[Base].v).dtype, padding, l.typeOf(ptr).shape));
    }
    ir::Op &op = l.emitOp(OpCode::Load, ops);
    return KValue::tensor(l.addResult(op, l.typeOf(ptr).pointee()));
}

bool storeThroughBlockPtr(Lowerer &l, const KValue &bp, const std::vector<std::size_t> &checked,
                          ValueId value, SourceSpan valueSpan, SourceSpan span)
{
    auto [ptr, mask] = materializeBlockPtr(l, bp, checked, span);
    if (ptr == kNoValue)
        return false;
    const Type pt = l.typeOf(ptr);
    value = l.broadcastTo(l.cast(value, pt.dtype), pt.shape, valueSpan);
    if (value == kNoValue)
        return false;
    std::vector<ValueId> ops{ptr, value};
    if (mask != kNoValue)
        ops.push_back(mask);
    l.emitOp(OpCode::Store, ops);
    return true;
}

ValueId scalarPointerBase(Lowerer &l, BuiltinArgs &a, const std::string &fn)
{
    const ValueId base = l.toTensor(*a.get("base"), a.spanOf("base"), "the base of " + fn);
    if (base != kNoValue && (!l.typeOf(base).pointer || l.typeOf(base).isBlock())) {
        l.error(DiagKind::KernelTypeError, a.spanOf("base"),
                {fn + " needs a scalar pointer as its base, not " + ir::typeToString(l.typeOf(base))});
        return kNoValue;
    }
    return base;
}

KValue makeBlockPtr(Lowerer &l, BuiltinArgs &a)
{
    const ValueId base = scalarPointerBase(l, a, "tl.make_block_ptr");
    if (base == kNoValue)
        return KValue::invalid();
    auto block = l.constShape(*a.get("block_shape"), a.spanOf("block_shape"), "block_shape");
    if (!block)
        return KValue::invalid();
    const std::size_t n = block->size();
    auto shape = scalarInts(l, a, "shape", n, DType::I64);
    auto strides = scalarInts(l, a, "strides", n, DType::I64);
    auto offsets = scalarInts(l, a, "offsets", n, DType::I32);
    if (!shape || !strides || !offsets)
        return KValue::invalid();
    // order: a permutation of the dimensions (a layout hint for Triton's TMA; checked, not used).
    const std::vector<KValue> orderElts = tupleElts(*a.get("order"));
    std::vector<KValue> orderConsts;
    std::vector<bool> seen(n, false);
    for (const KValue &e : orderElts) {
        auto d = l.constInt(e, a.spanOf("order"), "an order dimension");
        if (!d)
            return KValue::invalid();
        if (*d < 0 || std::size_t(*d) >= n || seen[std::size_t(*d)]) {
            l.error(DiagKind::KernelTypeError, a.spanOf("order"),
                    {"tl.make_block_ptr's order must be a permutation of the block's dimensions"});
            return KValue::invalid();
        }
        seen[std::size_t(*d)] = true;
        orderConsts.push_back(KValue::constant(ConstValue::ofInt(*d)));
    }
    if (orderConsts.size() != n) {
        l.error(DiagKind::KernelTypeError, a.spanOf("order"),
                {"tl.make_block_ptr's order must be a permutation of the block's dimensions"});
        return KValue::invalid();
    }
    std::vector<KValue> blockConsts;
    for (std::int64_t d : *block)
        blockConsts.push_back(KValue::constant(ConstValue::ofInt(d)));
    KValue bp;
    bp.kind = KValue::Kind::BlockPtr;
    bp.elts = {KValue::tensor(base), KValue::tuple(*shape), KValue::tuple(*strides), KValue::tuple(*offsets),
               KValue::tuple(blockConsts), KValue::tuple(orderConsts)};
    return bp;
}

KValue advanceBlockPtr(Lowerer &l, BuiltinArgs &a)
{
    const KValue *bp = blockPtrArg(l, a, "base");
    if (!bp)
        return KValue::invalid();
    auto delta = scalarInts(l, a, "offsets", rankOf(*bp), DType::I32);
    if (!delta)
        return KValue::invalid();
    KValue out = *bp;
    for (std::size_t d = 0; d < rankOf(*bp); ++d) {
        const KValue sum = l.binary(ast::BinaryOp::Add, bp->elts[Offsets].elts[d], (*delta)[d], a.span);
        const ValueId v = l.toTensor(sum, a.span, "a block pointer offset");
        if (v == kNoValue)
            return KValue::invalid();
        out.elts[Offsets].elts[d] = KValue::tensor(l.cast(v, DType::I32));
    }
    return out;
}

KValue loadBlockPtr(Lowerer &l, BuiltinArgs &a)
{
    const KValue *bp = blockPtrArg(l, a, "pointer");
    if (!bp)
        return KValue::invalid();
    for (const char *arg : {"mask", "other"}) {
        const KValue *k = a.get(arg);
        if (k && !k->isNone()) {
            l.error(DiagKind::KernelTypeError,
                    a.spanOf(arg),
                    {std::string(arg) + "= cannot be given when loading through a block pointer; use "
                                        "boundary_check= and padding_option="});
            return KValue::invalid();
        }
    }
    auto dims = boundaryDims(l, a, rankOf(*bp));
    if (!dims)
        return KValue::invalid();
    std::string padding;
    if (const KValue *k = a.get("padding_option"); k && !k->isNone()) {
        auto s = l.constString(*k, a.spanOf("padding_option"), "padding_option=");
        if (!s)
            return KValue::invalid();
        padding = *s;
    }
    const DType elem = l.typeOf(bp->elts[Base].v).dtype;
    if (padding != "" && padding != "zero" && padding != "nan") {
        l.error(DiagKind::KernelTypeError, a.spanOf("padding_option"),
                {"padding_option='" + padding + "' is not supported; use 'zero' or 'nan'"});
        return KValue::invalid();
    }
    if (padding == "nan" && !isFloat(elem)) {
        l.error(DiagKind::KernelTypeError, a.spanOf("padding_option"),
                {"padding_option='nan' needs a floating-point block, not " + std::string(dtypeShortName(elem))});
        return KValue::invalid();
    }
    return loadThroughBlockPtr(l, *bp, *dims, padding, a.span);
}

KValue storeBlockPtr(Lowerer &l, BuiltinArgs &a)
{
    const KValue *bp = blockPtrArg(l, a, "pointer");
    if (!bp)
        return KValue::invalid();
    if (const KValue *k = a.get("mask"); k && !k->isNone()) {
        l.error(DiagKind::KernelTypeError, a.spanOf("mask"),
                {"mask= cannot be given when storing through a block pointer; use boundary_check="});
        return KValue::invalid();
    }
    auto dims = boundaryDims(l, a, rankOf(*bp));
    ValueId val = l.toTensor(*a.get("value"), a.spanOf("value"), "the value of tl.store");
    if (!dims || val == kNoValue)
        return KValue::invalid();
    if (!storeThroughBlockPtr(l, *bp, *dims, val, a.spanOf("value"), a.span))
        return KValue::invalid();
    return KValue::constant(ConstValue::none());
}

std::vector<ValueId> blockPtrLeaves(const KValue &bp)
{
    std::vector<ValueId> v{bp.elts[Base].v};
    for (std::size_t p : {std::size_t(Shape), std::size_t(Strides), std::size_t(Offsets)})
        for (const KValue &e : bp.elts[p].elts)
            v.push_back(e.v);
    return v;
}

KValue blockPtrFromLeaves(const KValue &templ, const std::vector<ValueId> &leaves)
{
    KValue bp = templ;
    std::size_t i = 0;
    bp.elts[Base] = KValue::tensor(leaves[i++]);
    for (std::size_t p : {std::size_t(Shape), std::size_t(Strides), std::size_t(Offsets)})
        for (KValue &e : bp.elts[p].elts)
            e = KValue::tensor(leaves[i++]);
    return bp;
}

bool sameBlockPtrKind(const KValue &a, const KValue &b)
{
    if (a.kind != KValue::Kind::BlockPtr || b.kind != KValue::Kind::BlockPtr || rankOf(a) != rankOf(b))
        return false;
    for (std::size_t d = 0; d < rankOf(a); ++d)
        if (a.elts[BlockShape].elts[d].c.i != b.elts[BlockShape].elts[d].c.i
            || a.elts[Order].elts[d].c.i != b.elts[Order].elts[d].c.i)
            return false;
    return true;
}

std::vector<Lowerer::CarriedBlockPtr> Lowerer::expandCarriedBlockPtrs(std::set<std::string> &assigned)
{
    std::vector<CarriedBlockPtr> out;
    for (auto it = assigned.begin(); it != assigned.end();) {
        auto var = frame().vars.find(*it);
        if (var == frame().vars.end() || var->second.kind != KValue::Kind::BlockPtr) {
            ++it;
            continue;
        }
        CarriedBlockPtr c{*it, var->second, {}};
        const std::vector<ValueId> leaves = blockPtrLeaves(var->second);
        for (std::size_t i = 0; i < leaves.size(); ++i) {
            c.leaves.push_back(*it + "." + std::to_string(i));
            frame().vars[c.leaves.back()] = KValue::tensor(leaves[i]);
        }
        it = assigned.erase(it);
        out.push_back(std::move(c));
    }
    for (const CarriedBlockPtr &c : out)
        assigned.insert(c.leaves.begin(), c.leaves.end());
    return out;
}

void Lowerer::bindCarriedBlockPtrs(const std::vector<CarriedBlockPtr> &bps)
{
    for (const CarriedBlockPtr &c : bps) {
        std::vector<ValueId> leaves;
        for (const std::string &n : c.leaves)
            leaves.push_back(frame().vars[n].v);
        frame().vars[c.name] = blockPtrFromLeaves(c.templ, leaves);
    }
}

void Lowerer::flattenCarriedBlockPtrs(const std::vector<CarriedBlockPtr> &bps, SourceSpan span)
{
    for (const CarriedBlockPtr &c : bps) {
        const KValue cur = frame().vars[c.name];
        if (cur.isInvalid())
            continue;
        if (!sameBlockPtrKind(cur, c.templ)) {
            error(DiagKind::KernelTypeError,
                  span,
                  {"loop-carried block pointer '" + c.name + "' is " + describe(c.templ)
                   + " before the loop but " + describe(cur)
                   + " at the end of its body; a loop can only move a block pointer (tl.advance) or "
                     "replace it by one of the same block shape and order"});
            continue;
        }
        const std::vector<ValueId> leaves = blockPtrLeaves(cur);
        for (std::size_t i = 0; i < leaves.size(); ++i)
            frame().vars[c.leaves[i]] = KValue::tensor(leaves[i]);
    }
}

} // namespace tsm::sema
