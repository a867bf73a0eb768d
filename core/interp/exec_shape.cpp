// Constants, the program model and shape ops: constant, program_id, num_programs, make_range,
// splat, broadcast, expand_dims, reshape, permute, join, split, hint, ptr_to_int, int_to_ptr, bitcast.

#include "core/interp/element_ops.h"
#include "core/interp/exec.h"

#include <cmath>

namespace tsm::interp {
namespace {

template <DType D> void execConstant(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    T value;
    if constexpr (std::is_floating_point_v<T>)
        value = normalize<D>(T(ins.op->f));
    else
        value = normalize<D>(T(static_cast<UnsignedOf<std::make_signed_t<T>>>(ins.op->i)));
    T *out = f.ptr<T>(ins.out[0]);
    for (std::int64_t k = 0; k < ins.n; ++k)
        out[k] = value;
}

void execProgramId(const Instr &ins, Frame &f)
{
    *f.ptr<std::int32_t>(ins.out[0]) = std::int32_t(f.pid[ins.op->i]);
}

void execNumPrograms(const Instr &ins, Frame &f)
{
    *f.ptr<std::int32_t>(ins.out[0]) = std::int32_t(f.launch->grid[ins.op->i]);
}

void execMakeRange(const Instr &ins, Frame &f)
{
    std::int32_t *out = f.ptr<std::int32_t>(ins.out[0]);
    const std::int32_t start = std::int32_t(ins.op->ints[0]);
    for (std::int64_t k = 0; k < ins.n; ++k)
        out[k] = start + std::int32_t(k);
}

template <class U> void execSplat(const Instr &ins, Frame &f)
{
    const U v = *f.ptr<U>(ins.in[0]);
    U *out = f.ptr<U>(ins.out[0]);
    for (std::int64_t k = 0; k < ins.n; ++k)
        out[k] = v;
}

void execCopy(const Instr &ins, Frame &f)
{
    f.copySlot(ins.out[0], ins.in[0]);
}

/// aux = {rank, shape..., srcStride...}: out (row-major over shape) = src[sum idx*stride].
template <class U> void execStrided(const Instr &ins, Frame &f)
{
    const std::int64_t rank = ins.aux[0];
    const std::int64_t *shape = &ins.aux[1];
    const std::int64_t *stride = &ins.aux[1 + rank];
    const U *src = f.ptr<U>(ins.in[0]);
    U *out = f.ptr<U>(ins.out[0]);
    std::int64_t idx[8] = {0};
    const std::int64_t inner = shape[rank - 1];
    const std::int64_t innerStride = stride[rank - 1];
    std::int64_t base = 0;
    for (std::int64_t o = 0; o < ins.n; o += inner) {
        const U *s = src + base;
        if (innerStride == 0) {
            const U v = *s;
            for (std::int64_t k = 0; k < inner; ++k)
                out[o + k] = v;
        } else if (innerStride == 1) {
            for (std::int64_t k = 0; k < inner; ++k)
                out[o + k] = s[k];
        } else {
            for (std::int64_t k = 0; k < inner; ++k)
                out[o + k] = s[k * innerStride];
        }
        for (std::int64_t d = rank - 2; d >= 0; --d) {
            base += stride[d];
            if (++idx[d] < shape[d])
                break;
            base -= stride[d] * shape[d];
            idx[d] = 0;
        }
    }
}

template <template <class> class K> ExecFn bySize(int bytes)
{
    switch (bytes) {
    case 1:
        return &K<std::uint8_t>::run;
    case 2:
        return &K<std::uint16_t>::run;
    case 4:
        return &K<std::uint32_t>::run;
    default:
        return &K<std::uint64_t>::run;
    }
}
template <class U> struct SplatK
{
    static void run(const Instr &i, Frame &f) { execSplat<U>(i, f); }
};
template <class U> struct StridedK
{
    static void run(const Instr &i, Frame &f) { execStrided<U>(i, f); }
};

std::vector<std::int64_t> rowMajorStrides(const std::vector<std::int64_t> &shape)
{
    std::vector<std::int64_t> s(shape.size(), 1);
    for (std::size_t d = shape.size(); d-- > 1;)
        s[d - 1] = s[d] * shape[d];
    return s;
}

/// out[2k + j] = (j ? b : a)[k].
template <class U> struct JoinK
{
    static void run(const Instr &ins, Frame &f)
    {
        const U *a = f.ptr<U>(ins.in[0]);
        const U *b = f.ptr<U>(ins.in[1]);
        U *out = f.ptr<U>(ins.out[0]);
        for (std::int64_t k = 0; 2 * k < ins.n; ++k) {
            out[2 * k] = a[k];
            out[2 * k + 1] = b[k];
        }
    }
};
/// lo[k] = x[2k], hi[k] = x[2k + 1].
template <class U> struct SplitK
{
    static void run(const Instr &ins, Frame &f)
    {
        const U *x = f.ptr<U>(ins.in[0]);
        U *lo = f.ptr<U>(ins.out[0]);
        U *hi = f.ptr<U>(ins.out[1]);
        for (std::int64_t k = 0; k < ins.n; ++k) {
            lo[k] = x[2 * k];
            hi[k] = x[2 * k + 1];
        }
    }
};

template <DType From, DType To> void execBitcast(const Instr &ins, Frame &f)
{
    const RepT<From> *a = f.ptr<RepT<From>>(ins.in[0]);
    RepT<To> *out = f.ptr<RepT<To>>(ins.out[0]);
    for (std::int64_t k = 0; k < ins.n; ++k)
        out[k] = fromMemory<To>(MemBitsT<To>(toMemory<From>(a[k])));
}

bool bindStrided(Instr &ins, const ir::Op &op, BindContext &ctx, std::vector<std::int64_t> stride)
{
    const ir::Type &rt = ctx.type(op.result());
    if (rt.shape.size() > 8)
        return ctx.unsupported(op, "a block of rank above 8");
    ins.aux.push_back(std::int64_t(rt.shape.size()));
    ins.aux.insert(ins.aux.end(), rt.shape.begin(), rt.shape.end());
    ins.aux.insert(ins.aux.end(), stride.begin(), stride.end());
    ins.fn = bySize<StridedK>(slotElemBytes(rt.dtype, rt.pointer));
    return true;
}

} // namespace

bool bindShapeOp(Instr &ins, const ir::Op &op, BindContext &ctx)
{
    using ir::OpCode;
    switch (op.code) {
    case OpCode::Constant:
        ins.fn = dispatchDType(ctx.type(op.result()).dtype,
                               []<DType D>() -> ExecFn { return &execConstant<D>; });
        if (ctx.type(op.result()).pointer)
            ins.fn = &execConstant<DType::U64>;
        return true;
    case OpCode::ProgramId:
        TSM_INTERP_ASSERT(op.i >= 0 && op.i < 3);
        ins.fn = &execProgramId;
        return true;
    case OpCode::NumPrograms:
        TSM_INTERP_ASSERT(op.i >= 0 && op.i < 3);
        ins.fn = &execNumPrograms;
        return true;
    case OpCode::MakeRange:
        TSM_INTERP_ASSERT(op.ints.size() == 2 && op.ints[1] - op.ints[0] == ins.n);
        ins.fn = &execMakeRange;
        return true;
    case OpCode::Splat: {
        const ir::Type &rt = ctx.type(op.result());
        ins.fn = bySize<SplatK>(slotElemBytes(rt.dtype, rt.pointer));
        return true;
    }
    case OpCode::Broadcast: {
        const ir::Type &src = ctx.type(op.operands[0]);
        const ir::Type &rt = ctx.type(op.result());
        TSM_INTERP_ASSERT(src.shape.size() == rt.shape.size());
        std::vector<std::int64_t> stride = rowMajorStrides(src.shape);
        for (std::size_t d = 0; d < stride.size(); ++d)
            if (src.shape[d] == 1 && rt.shape[d] != 1)
                stride[d] = 0;
        if (rt.shape.empty()) {
            ins.fn = &execCopy;
            return true;
        }
        return bindStrided(ins, op, ctx, std::move(stride));
    }
    case OpCode::Permute: {
        const ir::Type &src = ctx.type(op.operands[0]);
        TSM_INTERP_ASSERT(op.ints.size() == src.shape.size());
        std::vector<std::int64_t> srcStride = rowMajorStrides(src.shape);
        std::vector<std::int64_t> stride(op.ints.size());
        for (std::size_t k = 0; k < op.ints.size(); ++k)
            stride[k] = srcStride[std::size_t(op.ints[k])];
        if (src.shape.empty()) {
            ins.fn = &execCopy;
            return true;
        }
        return bindStrided(ins, op, ctx, std::move(stride));
    }
    case OpCode::Join:
    case OpCode::Split: {
        const ir::Type &t = ctx.type(op.operands[0]);
        const int bytes = slotElemBytes(t.dtype, t.pointer);
        ins.fn = op.code == OpCode::Join ? bySize<JoinK>(bytes) : bySize<SplitK>(bytes);
        return true;
    }
    case OpCode::ExpandDims:
    case OpCode::Reshape:
    case OpCode::Hint:
    case OpCode::ConvertLayout:
    case OpCode::PtrToInt:
    case OpCode::IntToPtr:
        TSM_INTERP_ASSERT(
            ctx.plan.slots[op.operands[0]].elements * ctx.plan.slots[op.operands[0]].elemBytes
            == ctx.plan.slots[op.result()].elements * ctx.plan.slots[op.result()].elemBytes);
        ins.fn = &execCopy;
        return true;
    case OpCode::Bitcast: {
        const ir::Type &src = ctx.type(op.operands[0]);
        const ir::Type &rt = ctx.type(op.result());
        if (src.pointer || rt.pointer) {
            TSM_INTERP_ASSERT(src.pointer && rt.pointer);
            ins.fn = &execCopy;
            return true;
        }
        TSM_INTERP_ASSERT(dtypeBits(src.dtype) == dtypeBits(rt.dtype));
        ins.fn = dispatchDType(src.dtype, [&]<DType From>() -> ExecFn {
            return dispatchDType(rt.dtype, [&]<DType To>() -> ExecFn {
                if constexpr (sizeof(MemBitsT<From>) == sizeof(MemBitsT<To>))
                    return &execBitcast<From, To>;
                else
                    return nullptr;
            });
        });
        TSM_INTERP_ASSERT(ins.fn != nullptr);
        return true;
    }
    default:
        TSM_INTERP_ASSERT(!"not a shape op");
    }
}

} // namespace tsm::interp
