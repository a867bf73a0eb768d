// Cast (value conversion between dtypes) and Math (the functions of math_fns.def).

#include "core/interp/element_ops.h"
#include "core/interp/exec.h"
#include "core/interp/math_eval.h"

#include <limits>

namespace tsm::interp {
namespace {

/// Float -> integer: truncation toward zero, saturating at the type's range, NaN -> 0 (what
/// cvt.rzi does on the GPU; C++ leaves these undefined).
template <class I, class F> I floatToInt(F v)
{
    if (std::isnan(v))
        return I(0);
    const F t = std::trunc(v);
    if (t <= F(std::numeric_limits<I>::min()))
        return std::numeric_limits<I>::min();
    // max() + 1 is a power of two, exact in F.
    const F limit = F(2) * F(std::numeric_limits<I>::max() / 2 + 1);
    if (t >= limit)
        return std::numeric_limits<I>::max();
    return I(t);
}

/// Rounds an fp32 value toward zero to fp16 / bf16 (Cast rounding 1).
template <DType To> float roundTowardZero(float v)
{
    if (std::isnan(v) || std::isinf(v))
        return normalize<To>(v);
    float r = normalize<To>(v);
    if (std::fabs(r) > std::fabs(v)) {
        std::uint16_t bits = toMemory<To>(r);
        --bits; // one step toward zero in sign-magnitude form
        r = fromMemory<To>(bits);
    }
    return r;
}

template <DType From, DType To> RepT<To> convert(RepT<From> v, bool towardZero)
{
    using TO = RepT<To>;
    if constexpr (To == DType::I1) {
        return TO(v != RepT<From>(0));
    } else if constexpr (kFloat<From> && kFloat<To>) {
        if constexpr (To == DType::F16 || To == DType::BF16 || isFp8(To)) {
            const float f = float(v);
            return towardZero ? roundTowardZero<To>(f) : normalize<To>(f);
        } else if constexpr (To == DType::F32 && From == DType::F64) {
            if (!towardZero || std::isnan(v))
                return float(v);
            float r = float(v);
            if (std::fabs(double(r)) > std::fabs(v))
                r = std::nextafter(r, 0.0f);
            return r;
        } else {
            return TO(v);
        }
    } else if constexpr (kFloat<From>) {
        return floatToInt<TO>(v);
    } else if constexpr (kFloat<To>) {
        return normalize<To>(TO(v));
    } else {
        return TO(v); // sign- or zero-extends by the source type, truncates by the target
    }
}

template <DType From, DType To> void execCast(const Instr &ins, Frame &f)
{
    const RepT<From> *a = f.ptr<RepT<From>>(ins.in[0]);
    RepT<To> *out = f.ptr<RepT<To>>(ins.out[0]);
    const bool towardZero = ins.op->i == 1;
    for (std::int64_t k = 0; k < ins.n; ++k)
        out[k] = convert<From, To>(a[k], towardZero);
}

template <DType D, ir::MathFn Fn> void execMath(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    constexpr int arity = mathArity(Fn);
    constexpr MathDomain domain = mathDomain(Fn);
    const T *a = f.ptr<T>(ins.in[0]);
    const T *b = arity > 1 ? f.ptr<T>(ins.in[1]) : nullptr;
    const T *c = arity > 2 ? f.ptr<T>(ins.in[2]) : nullptr;
    T *out = f.ptr<T>(ins.out[0]);
    for (std::int64_t k = 0; k < ins.n; ++k) {
        if constexpr (Fn == ir::MathFn::Clamp) {
            out[k] = clampValue(a[k], b[k], c[k]);
        } else if constexpr (kFloat<D> && domain != MathDomain::Int) {
            if constexpr (arity == 1)
                out[k] = normalize<D>(mathFloat1<Fn>(a[k]));
            else
                out[k] = normalize<D>(mathFloat2<Fn>(a[k], b[k]));
        } else {
            if constexpr (arity == 1)
                out[k] = normalize<D>(mathInt<Fn>(a[k], T(0)));
            else
                out[k] = normalize<D>(mathInt<Fn>(a[k], b[k]));
        }
    }
}

template <ir::MathFn Fn> ExecFn mathFor(DType d)
{
    return dispatchDType(d, []<DType D>() -> ExecFn {
        constexpr MathDomain domain = mathDomain(Fn);
        if constexpr (domain == MathDomain::Float && !kFloat<D>)
            return nullptr;
        else if constexpr (domain == MathDomain::Int && (kFloat<D> || D == DType::I1))
            return nullptr;
        else
            return &execMath<D, Fn>;
    });
}

ExecFn mathFn(ir::MathFn fn, DType d)
{
    switch (fn) {
#define MATH_FN(Enum, Name, Arity, Domain)                                                         \
    case ir::MathFn::Enum:                                                                         \
        return mathFor<ir::MathFn::Enum>(d);
#include "core/ir/math_fns.def"
    }
    return nullptr;
}

} // namespace

bool bindMathOp(Instr &ins, const ir::Op &op, BindContext &ctx)
{
    const ir::Type &t0 = ctx.type(op.operands.at(0));
    if (op.code == ir::OpCode::Cast) {
        const ir::Type &rt = ctx.type(op.result());
        TSM_INTERP_ASSERT(!t0.pointer && !rt.pointer);
        ins.fn = dispatchDType(t0.dtype, [&]<DType From>() -> ExecFn {
            return dispatchDType(rt.dtype,
                                 []<DType To>() -> ExecFn { return &execCast<From, To>; });
        });
        return true;
    }
    TSM_INTERP_ASSERT(op.code == ir::OpCode::Math);
    std::optional<ir::MathFn> fn = ir::findMathFn(op.str);
    if (!fn)
        return ctx.unsupported(op, "math function '" + op.str + "'");
    TSM_INTERP_ASSERT(int(op.operands.size()) == ir::mathFnArity(*fn));
    ins.fn = mathFn(*fn, t0.dtype);
    if (!ins.fn)
        return ctx.unsupported(
            op, "math function '" + op.str + "' on " + std::string(dtypeShortName(t0.dtype)));
    return true;
}

} // namespace tsm::interp
