// tl.load, tl.store and the atomics: pointer blocks, masks, `other`, cache and eviction hints,
// memory semantics.

#include "core/sema/const_eval.h"
#include "core/sema/lowerer.h"

namespace tsm::sema {

using ir::kNoValue;
using ir::OpCode;
using ir::Type;
using ir::ValueId;

namespace {

ValueId pointerArg(Lowerer &l, BuiltinArgs &a, std::string_view name)
{
    const KValue *k = a.get(name);
    const ValueId v = l.toTensor(*k, a.spanOf(name), "the pointer of " + a.fname);
    if (v == kNoValue)
        return kNoValue;
    if (!l.typeOf(v).pointer) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf(name),
                {a.fname + " needs a pointer or a block of pointers, not "
                 + ir::typeToString(l.typeOf(v))
                 + "; add offsets to a pointer argument (x_ptr + offsets)"});
        return kNoValue;
    }
    return v;
}

/// The mask, if given and not None: an int1 value.
std::optional<ValueId> maskArg(Lowerer &l, BuiltinArgs &a, bool &failed)
{
    const KValue *m = a.get("mask");
    if (!m || m->isNone())
        return std::nullopt;
    ValueId v = l.toTensor(*m, a.spanOf("mask"), "the mask of " + a.fname);
    if (v == kNoValue) {
        failed = true;
        return std::nullopt;
    }
    if (l.typeOf(v).dtype != DType::I1 || l.typeOf(v).pointer) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("mask"),
                {"the mask of " + a.fname + " must be a boolean (int1) block, not "
                 + ir::typeToString(l.typeOf(v)) + "; compare it, e.g. offsets < n"});
        failed = true;
        return std::nullopt;
    }
    return v;
}

std::optional<int> stringOption(Lowerer &l,
                                BuiltinArgs &a,
                                std::string_view name,
                                std::initializer_list<std::pair<std::string_view, int>> table)
{
    const KValue *k = a.get(name);
    if (!k || k->isNone())
        return 0;
    auto s = l.constString(*k, a.spanOf(name), std::string(name) + "=");
    if (!s)
        return std::nullopt;
    if (s->empty())
        return 0;
    std::string allowed;
    for (auto [text, value] : table) {
        if (*s == text)
            return value;
        allowed += (allowed.empty() ? "'" : ", '") + std::string(text) + "'";
    }
    l.error(DiagKind::KernelTypeError,
            a.spanOf(name),
            {std::string(name) + "='" + *s + "' is not supported; use one of " + allowed});
    return std::nullopt;
}

bool rejectBlockPointerArgs(Lowerer &l, BuiltinArgs &a)
{
    for (const char *n : {"boundary_check", "padding_option"}) {
        const KValue *k = a.get(n);
        if (!k || k->isNone())
            continue;
        if (k->kind == KValue::Kind::Tuple && k->elts.empty())
            continue;
        if (k->isConst() && k->c.kind == ConstValue::Kind::String && k->c.s.empty())
            continue;
        l.error(DiagKind::UnsupportedKernelFeature,
                a.spanOf(n),
                {std::string(n) + "= (it needs block pointers from tl.make_block_ptr)"});
        return false;
    }
    return true;
}

KValue load(Lowerer &l, BuiltinArgs &a)
{
    if (const KValue *p = a.get("pointer"); p && p->kind == KValue::Kind::BlockPtr)
        return loadBlockPtr(l, a);
    ValueId ptr = pointerArg(l, a, "pointer");
    bool failed = ptr == kNoValue;
    auto mask = maskArg(l, a, failed);
    const KValue *other = a.get("other");
    const bool hasOther = other && !other->isNone();
    if (hasOther && !mask && !failed) {
        l.error(DiagKind::OtherWithoutMask, a.spanOf("other"), {});
        return KValue::invalid();
    }
    auto cache = stringOption(l, a, "cache_modifier", {{".ca", 1}, {".cg", 2}, {".cv", 3}});
    auto evict = stringOption(l, a, "eviction_policy", {{"evict_first", 1}, {"evict_last", 2}});
    if (failed || !cache || !evict || !rejectBlockPointerArgs(l, a))
        return KValue::invalid();
    std::vector<ValueId> ops{ptr};
    if (mask) {
        ValueId m = *mask;
        if (l.typeOf(ptr).isScalar() && l.typeOf(m).isBlock()) {
            l.error(DiagKind::IncompatibleShapes,
                    a.spanOf("mask"),
                    {"scalar",
                     Lowerer::shapeText(l.typeOf(m).shape),
                     ": a scalar pointer cannot be loaded with a block mask"});
            return KValue::invalid();
        }
        if (!l.broadcastPair(ptr, m, a.span))
            return KValue::invalid();
        ops = {ptr, m};
        if (hasOther) {
            ValueId o = l.toTensor(*other, a.spanOf("other"), "the `other` value of tl.load");
            if (o == kNoValue)
                return KValue::invalid();
            o = l.cast(o, l.typeOf(ptr).dtype);
            o = l.broadcastTo(o, l.typeOf(ptr).shape, a.spanOf("other"));
            if (o == kNoValue)
                return KValue::invalid();
            ops.push_back(o);
        }
    }
    ir::Op &op = l.emitOp(OpCode::Load, ops);
    op.i = *cache;
    op.flags = static_cast<std::uint32_t>(*evict);
    return KValue::tensor(l.addResult(op, l.typeOf(ptr).pointee()));
}

KValue store(Lowerer &l, BuiltinArgs &a)
{
    if (const KValue *p = a.get("pointer"); p && p->kind == KValue::Kind::BlockPtr)
        return storeBlockPtr(l, a);
    ValueId ptr = pointerArg(l, a, "pointer");
    bool failed = ptr == kNoValue;
    auto mask = maskArg(l, a, failed);
    ValueId val = l.toTensor(*a.get("value"), a.spanOf("value"), "the value of tl.store");
    auto cache
        = stringOption(l, a, "cache_modifier", {{".wb", 0}, {".cg", 2}, {".cs", 0}, {".wt", 0}});
    auto evict = stringOption(l, a, "eviction_policy", {{"evict_first", 1}, {"evict_last", 2}});
    if (failed || val == kNoValue || !cache || !evict || !rejectBlockPointerArgs(l, a))
        return KValue::invalid();
    const Type ptrType = l.typeOf(ptr);
    if (ptrType.isScalar() && l.typeOf(val).isBlock()) {
        l.error(DiagKind::StoreShapeMismatch,
                a.span,
                {Lowerer::shapeText(l.typeOf(val).shape), "scalar"});
        return KValue::invalid();
    }
    // The value (and mask) broadcast to the pointers' shape; the pointers must not grow.
    const auto &vs = l.typeOf(val).shape;
    bool fits = vs.size() <= ptrType.shape.size();
    for (std::size_t i = 0; fits && i < vs.size(); ++i) {
        const std::int64_t want = ptrType.shape[ptrType.shape.size() - vs.size() + i];
        fits = vs[i] == want || vs[i] == 1;
    }
    if (!fits) {
        Diagnostic &d = l.error(DiagKind::StoreShapeMismatch,
                                a.span,
                                {Lowerer::shapeText(vs), Lowerer::shapeText(ptrType.shape)});
        l.note(d, a.spanOf("pointer"), "the pointers are " + ir::typeToString(ptrType));
        l.note(d, a.spanOf("value"), "the value is " + ir::typeToString(l.typeOf(val)));
        return KValue::invalid();
    }
    val = l.cast(val, ptrType.dtype);
    val = l.broadcastTo(val, ptrType.shape, a.spanOf("value"));
    std::vector<ValueId> ops{ptr, val};
    if (mask) {
        ValueId m = l.broadcastTo(*mask, ptrType.shape, a.spanOf("mask"));
        if (m == kNoValue)
            return KValue::invalid();
        ops.push_back(m);
    }
    ir::Op &op = l.emitOp(OpCode::Store, ops);
    op.i = *cache;
    op.flags = static_cast<std::uint32_t>(*evict);
    return KValue::constant(ConstValue::none());
}

/// An atomic's sem= and scope=: the sem code, and the scope's name ("" for gpu, the default).
struct Ordering
{
    int sem = 0;
    std::string scope;
};

std::optional<Ordering> semArg(Lowerer &l, BuiltinArgs &a)
{
    auto scope = stringOption(l, a, "scope", {{"gpu", 0}, {"cta", 1}, {"sys", 2}});
    if (!scope)
        return std::nullopt;
    auto sem = stringOption(l, a, "sem", {{"acq_rel", 0}, {"acquire", 1}, {"release", 2}, {"relaxed", 3}});
    if (!sem)
        return std::nullopt;
    return Ordering{*sem, *scope == 1 ? "cta" : *scope == 2 ? "sys" : ""};
}

KValue atomicRmw(Lowerer &l, BuiltinArgs &a, int kind, std::string_view opName)
{
    ValueId ptr = pointerArg(l, a, "pointer");
    bool failed = ptr == kNoValue;
    auto mask = maskArg(l, a, failed);
    ValueId val = l.toTensor(*a.get("val"), a.spanOf("val"), "the value of " + a.fname);
    auto sem = semArg(l, a);
    if (failed || val == kNoValue || !sem)
        return KValue::invalid();
    const Type pt = l.typeOf(ptr);
    const DType e = pt.dtype;
    std::string why;
    if ((e == DType::F16 || e == DType::BF16) && kind != 0)
        why = "does not support " + std::string(dtypeShortName(e));
    else if (e == DType::I16 || e == DType::U16 || dtypeBits(e) < 16)
        why = "does not support " + std::string(dtypeShortName(e));
    else if (isFloat(e) && kind >= 3 && kind <= 5)
        why = "needs integer pointers, not " + std::string(dtypeShortName(e));
    if (!why.empty()) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("pointer"),
                {"tl.atomic_" + std::string(opName) + " " + why});
        return KValue::invalid();
    }
    val = l.broadcastTo(l.cast(val, e), pt.shape, a.spanOf("val"));
    if (val == kNoValue)
        return KValue::invalid();
    std::vector<ValueId> ops{ptr, val};
    if (mask) {
        ValueId m = l.broadcastTo(*mask, pt.shape, a.spanOf("mask"));
        if (m == kNoValue)
            return KValue::invalid();
        ops.push_back(m);
    }
    ir::Op &op = l.emitOp(OpCode::AtomicRMW, ops);
    op.i = kind;
    op.flags = static_cast<std::uint32_t>(sem->sem);
    op.str = sem->scope;
    return KValue::tensor(l.addResult(op, pt.pointee()));
}

KValue atomicCas(Lowerer &l, BuiltinArgs &a)
{
    ValueId ptr = pointerArg(l, a, "pointer");
    ValueId cmp = l.toTensor(*a.get("cmp"), a.spanOf("cmp"), "the compare value of tl.atomic_cas");
    ValueId val = l.toTensor(*a.get("val"), a.spanOf("val"), "the value of tl.atomic_cas");
    auto sem = semArg(l, a);
    if (ptr == kNoValue || cmp == kNoValue || val == kNoValue || !sem)
        return KValue::invalid();
    const Type pt = l.typeOf(ptr);
    const int bits = dtypeBits(pt.dtype);
    if (bits != 16 && bits != 32 && bits != 64) {
        l.error(DiagKind::KernelTypeError,
                a.spanOf("pointer"),
                {"tl.atomic_cas supports 16-, 32- and 64-bit elements, not "
                 + std::string(dtypeShortName(pt.dtype))});
        return KValue::invalid();
    }
    cmp = l.broadcastTo(l.cast(cmp, pt.dtype), pt.shape, a.spanOf("cmp"));
    val = l.broadcastTo(l.cast(val, pt.dtype), pt.shape, a.spanOf("val"));
    if (cmp == kNoValue || val == kNoValue)
        return KValue::invalid();
    ir::Op &op = l.emitOp(OpCode::AtomicCAS, {ptr, cmp, val});
    op.flags = static_cast<std::uint32_t>(sem->sem);
    op.str = sem->scope;
    return KValue::tensor(l.addResult(op, pt.pointee()));
}

} // namespace

void registerMemoryBuiltins(BuiltinTable &t)
{
    t["tl.load"] = load;
    t["tl.store"] = store;
    t["tl.make_block_ptr"] = makeBlockPtr;
    t["tl.advance"] = advanceBlockPtr;
    const std::pair<const char *, int> kinds[]
        = {{"add", 0}, {"max", 1}, {"min", 2}, {"and", 3}, {"or", 4}, {"xor", 5}, {"xchg", 6}};
    for (auto [name, kind] : kinds) {
        const std::string n = name;
        const int k = kind;
        t["tl.atomic_" + n] = [n, k](Lowerer &l, BuiltinArgs &a) { return atomicRmw(l, a, k, n); };
    }
    t["tl.atomic_cas"] = atomicCas;
}

} // namespace tsm::sema
