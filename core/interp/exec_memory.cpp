// Load, Store, AtomicRMW, AtomicCAS. Every active lane is bounds-checked before any lane
// touches memory; masked-off lanes never do. Memory holds fp16/bf16 as 16-bit patterns and int1
// as one byte; slots hold them as float and 0/1.

#include "core/interp/element_ops.h"
#include "core/interp/exec.h"
#include "core/interp/memory_check.h"

#include <cmath>
#include <cstring>

namespace tsm::interp {
namespace {

template <DType D> RepT<D> readMemory(std::uint64_t addr)
{
    MemBitsT<D> bits;
    std::memcpy(&bits, reinterpret_cast<const void *>(addr), sizeof bits);
    return fromMemory<D>(bits);
}

template <DType D> void writeMemory(std::uint64_t addr, RepT<D> v)
{
    const MemBitsT<D> bits = toMemory<D>(v);
    std::memcpy(reinterpret_cast<void *>(addr), &bits, sizeof bits);
}

/// in = (ptr[, mask[, other]]).
template <DType D> void execLoad(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    constexpr int bytes = int(sizeof(MemBitsT<D>));
    const std::uint64_t *p = f.ptr<std::uint64_t>(ins.in[0]);
    const std::uint8_t *mask = ins.in.size() > 1 ? f.ptr<std::uint8_t>(ins.in[1]) : nullptr;
    const T *other = ins.in.size() > 2 ? f.ptr<T>(ins.in[2]) : nullptr;
    T *out = f.ptr<T>(ins.out[0]);
    if (!lanesInBounds(f, ins.provenance, p, mask, ins.n, bytes)) {
        const std::int64_t lane = firstBadLane(f, ins.provenance, p, mask, ins.n, bytes);
        reportBadAccess(f, ins, "load", ins.provenance, lane, p[lane], bytes);
        return;
    }
    if (!mask) {
        for (std::int64_t k = 0; k < ins.n; ++k)
            out[k] = readMemory<D>(p[k]);
    } else if (other) {
        for (std::int64_t k = 0; k < ins.n; ++k)
            out[k] = mask[k] ? readMemory<D>(p[k]) : other[k];
    } else {
        for (std::int64_t k = 0; k < ins.n; ++k)
            out[k] = mask[k] ? readMemory<D>(p[k]) : T(0);
    }
}

/// in = (ptr, value[, mask]).
template <DType D> void execStore(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    constexpr int bytes = int(sizeof(MemBitsT<D>));
    const std::uint64_t *p = f.ptr<std::uint64_t>(ins.in[0]);
    const T *v = f.ptr<T>(ins.in[1]);
    const std::uint8_t *mask = ins.in.size() > 2 ? f.ptr<std::uint8_t>(ins.in[2]) : nullptr;
    if (!lanesInBounds(f, ins.provenance, p, mask, ins.n, bytes)) {
        const std::int64_t lane = firstBadLane(f, ins.provenance, p, mask, ins.n, bytes);
        reportBadAccess(f, ins, "store", ins.provenance, lane, p[lane], bytes);
        return;
    }
    if (!mask) {
        for (std::int64_t k = 0; k < ins.n; ++k)
            writeMemory<D>(p[k], v[k]);
    } else {
        for (std::int64_t k = 0; k < ins.n; ++k)
            if (mask[k])
                writeMemory<D>(p[k], v[k]);
    }
}

template <DType D> RepT<D> atomicCombine(std::int64_t kind, RepT<D> old, RepT<D> v)
{
    using T = RepT<D>;
    switch (kind) {
    case 0:
        if constexpr (kFloat<D>)
            return normalize<D>(old + v);
        else
            return normalize<D>(T(std::uint64_t(old) + std::uint64_t(v)));
    case 1:
        if constexpr (kFloat<D>)
            return std::fmax(old, v);
        else
            return old < v ? v : old;
    case 2:
        if constexpr (kFloat<D>)
            return std::fmin(old, v);
        else
            return v < old ? v : old;
    case 3:
        if constexpr (!kFloat<D>)
            return T(old & v);
        break;
    case 4:
        if constexpr (!kFloat<D>)
            return T(old | v);
        break;
    case 5:
        if constexpr (!kFloat<D>)
            return T(old ^ v);
        break;
    case 6:
        return v;
    }
    TSM_INTERP_ASSERT(!"atomic kind not valid for this dtype");
}

/// Lanes run in order, so two lanes of one block that hit one address both apply.
template <DType D> void execAtomicRMW(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    constexpr int bytes = int(sizeof(MemBitsT<D>));
    const std::uint64_t *p = f.ptr<std::uint64_t>(ins.in[0]);
    const T *v = f.ptr<T>(ins.in[1]);
    const std::uint8_t *mask = ins.in.size() > 2 ? f.ptr<std::uint8_t>(ins.in[2]) : nullptr;
    T *out = f.ptr<T>(ins.out[0]);
    if (!lanesInBounds(f, ins.provenance, p, mask, ins.n, bytes)) {
        const std::int64_t lane = firstBadLane(f, ins.provenance, p, mask, ins.n, bytes);
        reportBadAccess(f, ins, "atomic", ins.provenance, lane, p[lane], bytes);
        return;
    }
    std::unique_lock<std::mutex> lock;
    if (f.launch->atomicMutex)
        lock = std::unique_lock<std::mutex>(*f.launch->atomicMutex);
    const std::int64_t kind = ins.op->i;
    for (std::int64_t k = 0; k < ins.n; ++k) {
        if (mask && !mask[k]) {
            out[k] = T(0);
            continue;
        }
        const T old = readMemory<D>(p[k]);
        writeMemory<D>(p[k], atomicCombine<D>(kind, old, v[k]));
        out[k] = old;
    }
}

/// in = (ptr, cmp, value).
template <DType D> void execAtomicCAS(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    constexpr int bytes = int(sizeof(MemBitsT<D>));
    const std::uint64_t *p = f.ptr<std::uint64_t>(ins.in[0]);
    const T *cmp = f.ptr<T>(ins.in[1]);
    const T *v = f.ptr<T>(ins.in[2]);
    T *out = f.ptr<T>(ins.out[0]);
    if (!lanesInBounds(f, ins.provenance, p, nullptr, ins.n, bytes)) {
        const std::int64_t lane = firstBadLane(f, ins.provenance, p, nullptr, ins.n, bytes);
        reportBadAccess(f, ins, "atomic_cas", ins.provenance, lane, p[lane], bytes);
        return;
    }
    std::unique_lock<std::mutex> lock;
    if (f.launch->atomicMutex)
        lock = std::unique_lock<std::mutex>(*f.launch->atomicMutex);
    for (std::int64_t k = 0; k < ins.n; ++k) {
        const T old = readMemory<D>(p[k]);
        // Compare bit patterns, as the hardware does.
        if (toMemory<D>(old) == toMemory<D>(cmp[k]))
            writeMemory<D>(p[k], v[k]);
        out[k] = old;
    }
}

} // namespace

bool bindMemoryOp(Instr &ins, const ir::Op &op, BindContext &ctx)
{
    using ir::OpCode;
    const ir::Type &pt = ctx.type(op.operands.at(0));
    TSM_INTERP_ASSERT(pt.pointer);
    const int prov = ctx.provenance[op.operands[0]];
    ins.provenance = prov >= 0 ? prov : kAnyPointerArg;
    // The pointee is itself a pointer only for pointer-to-pointer arguments, which Triton's
    // front end does not produce.
    switch (op.code) {
    case OpCode::Load:
        TSM_INTERP_ASSERT(op.operands.size() >= 1 && (op.operands.size() <= 3 || !op.ints.empty()));
        if (ctx.type(op.result()).pointer)
            return ctx.unsupported(op, "loading a pointer from memory");
        ins.fn = dispatchDType(pt.dtype, []<DType D>() -> ExecFn { return &execLoad<D>; });
        return true;
    case OpCode::Store:
        TSM_INTERP_ASSERT(op.operands.size() >= 2 && (op.operands.size() <= 3 || !op.ints.empty()));
        ins.n = ctx.plan.slots[op.operands[0]].elements;
        ins.fn = dispatchDType(pt.dtype, []<DType D>() -> ExecFn { return &execStore<D>; });
        return true;
    case OpCode::AtomicRMW:
        TSM_INTERP_ASSERT(op.operands.size() >= 2 && op.operands.size() <= 3);
        if (isFloat(pt.dtype) && op.i >= 3 && op.i <= 5)
            return ctx.unsupported(op, "a bitwise atomic on a float tensor");
        if (isBool(pt.dtype))
            return ctx.unsupported(op, "an atomic on a bool tensor");
        ins.fn = dispatchDType(pt.dtype, []<DType D>() -> ExecFn { return &execAtomicRMW<D>; });
        return true;
    case OpCode::AtomicCAS:
        if (isBool(pt.dtype))
            return ctx.unsupported(op, "an atomic on a bool tensor");
        ins.fn = dispatchDType(pt.dtype, []<DType D>() -> ExecFn { return &execAtomicCAS<D>; });
        return true;
    default:
        TSM_INTERP_ASSERT(!"not a memory op");
    }
}

} // namespace tsm::interp
