// Elementwise arithmetic over one dtype: add .. max, neg, not, cmp, select, fma, addptr.
// Integers wrap (computed in unsigned 64-bit and truncated); fp16/bf16 are computed in fp32 and
// rounded to their type after every op, as Triton does.

#include "core/interp/arith_functors.h"
#include "core/interp/exec.h"
#include "core/interp/poison.h"

namespace tsm::interp {
namespace {

template <DType D, template <DType> class F> void execBinary(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    const T *a = f.ptr<T>(ins.in[0]);
    const T *b = f.ptr<T>(ins.in[1]);
    T *out = f.ptr<T>(ins.out[0]);
    const std::int64_t attr = ins.op->i;
    for (std::int64_t k = 0; k < ins.n; ++k)
        out[k] = F<D>::apply(a[k], b[k], attr);
}

/// IDiv / IRem. A zero divisor is not an error yet: kernels divide on lanes that a mask
/// discards later. Those lanes get 0 (the GPU gives garbage) and are poisoned; the division is
/// reported where a poisoned lane is observed (poison.h).
template <DType D, template <DType> class F> void execIntDiv(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    const T *b = f.ptr<T>(ins.in[1]);
    bool zero = false;
    for (std::int64_t k = 0; k < ins.n; ++k)
        zero |= b[k] == T(0);
    if (!zero)
        return execBinary<D, F>(ins, f);
    const T *a = f.ptr<T>(ins.in[0]);
    T *out = f.ptr<T>(ins.out[0]);
    const std::int64_t attr = ins.op->i;
    std::vector<std::int64_t> zeroLanes;
    for (std::int64_t k = 0; k < ins.n; ++k) {
        if (b[k] == T(0)) {
            out[k] = T(0);
            zeroLanes.push_back(k);
        } else {
            out[k] = F<D>::apply(a[k], b[k], attr);
        }
    }
    poisonDivisionByZero(ins, f, zeroLanes);
}

template <DType D> void execNeg(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    const T *a = f.ptr<T>(ins.in[0]);
    T *out = f.ptr<T>(ins.out[0]);
    for (std::int64_t k = 0; k < ins.n; ++k) {
        if constexpr (kFloat<D>)
            out[k] = -a[k];
        else
            out[k] = normalize<D>(wrapSub(T(0), a[k]));
    }
}

template <DType D> void execNot(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    const T *a = f.ptr<T>(ins.in[0]);
    T *out = f.ptr<T>(ins.out[0]);
    for (std::int64_t k = 0; k < ins.n; ++k)
        out[k] = normalize<D>(T(~a[k]));
}

template <class T, int P> void execCmp(const Instr &ins, Frame &f)
{
    const T *a = f.ptr<T>(ins.in[0]);
    const T *b = f.ptr<T>(ins.in[1]);
    std::uint8_t *out = f.ptr<std::uint8_t>(ins.out[0]);
    for (std::int64_t k = 0; k < ins.n; ++k) {
        bool r;
        if constexpr (P == 0)
            r = a[k] == b[k];
        else if constexpr (P == 1)
            r = a[k] != b[k];
        else if constexpr (P == 2)
            r = a[k] < b[k];
        else if constexpr (P == 3)
            r = a[k] <= b[k];
        else if constexpr (P == 4)
            r = a[k] > b[k];
        else
            r = a[k] >= b[k];
        out[k] = r;
    }
}

template <class U> void execSelect(const Instr &ins, Frame &f)
{
    const std::uint8_t *c = f.ptr<std::uint8_t>(ins.in[0]);
    const U *a = f.ptr<U>(ins.in[1]);
    const U *b = f.ptr<U>(ins.in[2]);
    U *out = f.ptr<U>(ins.out[0]);
    for (std::int64_t k = 0; k < ins.n; ++k)
        out[k] = c[k] ? a[k] : b[k];
}

template <DType D> void execFma(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    const T *a = f.ptr<T>(ins.in[0]);
    const T *b = f.ptr<T>(ins.in[1]);
    const T *c = f.ptr<T>(ins.in[2]);
    T *out = f.ptr<T>(ins.out[0]);
    for (std::int64_t k = 0; k < ins.n; ++k) {
        if constexpr (kFloat<D>)
            out[k] = normalize<D>(std::fma(a[k], b[k], c[k]));
        else
            out[k] = normalize<D>(wrapAdd(wrapMul(a[k], b[k]), c[k]));
    }
}

/// aux[0] = the pointee's size in bytes.
template <DType D> void execAddPtr(const Instr &ins, Frame &f)
{
    const std::uint64_t *p = f.ptr<std::uint64_t>(ins.in[0]);
    const RepT<D> *off = f.ptr<RepT<D>>(ins.in[1]);
    std::uint64_t *out = f.ptr<std::uint64_t>(ins.out[0]);
    const std::uint64_t size = std::uint64_t(ins.aux[0]);
    for (std::int64_t k = 0; k < ins.n; ++k)
        out[k] = p[k] + std::uint64_t(std::int64_t(off[k])) * size;
}

template <template <DType> class F> ExecFn binaryFor(DType d)
{
    return dispatchDType(d, []<DType D>() -> ExecFn {
        if constexpr (F<D>::valid)
            return &execBinary<D, F>;
        else
            return nullptr;
    });
}

template <template <DType> class F> ExecFn intDivFor(DType d)
{
    return dispatchDType(d, []<DType D>() -> ExecFn {
        if constexpr (F<D>::valid)
            return &execIntDiv<D, F>;
        else
            return nullptr;
    });
}

template <class T> ExecFn cmpFor(std::int64_t pred)
{
    switch (pred) {
    case 0:
        return &execCmp<T, 0>;
    case 1:
        return &execCmp<T, 1>;
    case 2:
        return &execCmp<T, 2>;
    case 3:
        return &execCmp<T, 3>;
    case 4:
        return &execCmp<T, 4>;
    case 5:
        return &execCmp<T, 5>;
    default:
        return nullptr;
    }
}

} // namespace

bool bindArithOp(Instr &ins, const ir::Op &op, BindContext &ctx)
{
    using ir::OpCode;
    const ir::Type &t0 = ctx.type(op.operands.at(0));
    const DType d = t0.dtype;
    switch (op.code) {
    case OpCode::Add:
        ins.fn = binaryFor<AddF>(d);
        break;
    case OpCode::Sub:
        ins.fn = binaryFor<SubF>(d);
        break;
    case OpCode::Mul:
        ins.fn = binaryFor<MulF>(d);
        break;
    case OpCode::FDiv:
        ins.fn = binaryFor<FDivF>(d);
        break;
    case OpCode::FRem:
        ins.fn = binaryFor<FRemF>(d);
        break;
    case OpCode::IDiv:
        ins.fn = intDivFor<IDivF>(d);
        break;
    case OpCode::IRem:
        ins.fn = intDivFor<IRemF>(d);
        break;
    case OpCode::And:
        ins.fn = binaryFor<AndF>(d);
        break;
    case OpCode::Or:
        ins.fn = binaryFor<OrF>(d);
        break;
    case OpCode::Xor:
        ins.fn = binaryFor<XorF>(d);
        break;
    case OpCode::Shl:
        ins.fn = binaryFor<ShlF>(d);
        break;
    case OpCode::Shr:
        ins.fn = binaryFor<ShrF>(d);
        break;
    case OpCode::Min:
        ins.fn = binaryFor<MinF>(d);
        break;
    case OpCode::Max:
        ins.fn = binaryFor<MaxF>(d);
        break;
    case OpCode::Neg:
        ins.fn = dispatchDType(d, []<DType D>() -> ExecFn { return &execNeg<D>; });
        break;
    case OpCode::Not:
        ins.fn = dispatchDType(d, []<DType D>() -> ExecFn {
            if constexpr (kFloat<D>)
                return nullptr;
            else
                return &execNot<D>;
        });
        break;
    case OpCode::Cmp:
        if (t0.pointer)
            ins.fn = cmpFor<std::uint64_t>(op.i);
        else
            ins.fn = dispatchDType(d, [&]<DType D>() { return cmpFor<RepT<D>>(op.i); });
        break;
    case OpCode::Select: {
        const ir::Type &rt = ctx.type(op.result());
        switch (slotElemBytes(rt.dtype, rt.pointer)) {
        case 1:
            ins.fn = &execSelect<std::uint8_t>;
            break;
        case 2:
            ins.fn = &execSelect<std::uint16_t>;
            break;
        case 4:
            ins.fn = &execSelect<std::uint32_t>;
            break;
        default:
            ins.fn = &execSelect<std::uint64_t>;
            break;
        }
        break;
    }
    case OpCode::Fma:
        ins.fn = dispatchDType(d, []<DType D>() -> ExecFn { return &execFma<D>; });
        break;
    case OpCode::AddPtr: {
        TSM_INTERP_ASSERT(t0.pointer);
        const ir::Type &ot = ctx.type(op.operands.at(1));
        ins.aux = {dtypeBytes(t0.dtype)};
        ins.fn = dispatchDType(ot.dtype, []<DType D>() -> ExecFn {
            if constexpr (kFloat<D>)
                return nullptr;
            else
                return &execAddPtr<D>;
        });
        break;
    }
    default:
        TSM_INTERP_ASSERT(!"not an arithmetic op");
    }
    TSM_INTERP_ASSERT(ins.fn != nullptr);
    return true;
}

} // namespace tsm::interp
