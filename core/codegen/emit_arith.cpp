// Elementwise ops as C expressions with Triton's NVIDIA numerics: fp32 `/` is div.full.f32,
// tl.exp is ex2.approx.f32 of x * log2(e), tl.exp2 ex2.approx.ftz.f32, tl.sqrt / rsqrt the .ftz
// PTX approximations, tl.erf Triton's libdevice sequence, div_rn / sqrt_rn IEEE-exact, other
// math (log, log2, sin, tanh, ...) through the CUDA math library (libdevice, which Triton calls
// too) with denormals flushed where Triton's FTZ libdevice flushes them - the oracle's fp32 ops
// checked bit for bit on the H200 against real Triton (scripts/gpu/numerics.py, which also lists
// the libdevice functions whose newer CUDA version still differs by 1-2 ULP); fp16 / bf16
// computed in fp32 and rounded once (exact for + - * and compares); integer // and % truncate
// as C's do.

#include "core/codegen/emit_context.h"

namespace tsm::codegen {
namespace {

bool isHalf(DType t)
{
    return t == DType::F16 || t == DType::BF16;
}

/// fp16 / bf16 / fp8 -> float for computing; other types unchanged.
std::string up(DType t, const std::string &e)
{
    return narrowFloatToF32(t, e);
}

/// float -> fp16 / bf16 with round-to-nearest-even (rtz when asked), fp8 saturating.
std::string down(DType t, const std::string &e, bool rtz = false)
{
    return f32ToNarrowFloat(t, e, rtz);
}

std::string call(const std::string &fn, const std::vector<std::string> &a)
{
    std::string s = fn + "(";
    for (std::size_t i = 0; i < a.size(); ++i)
        s += (i ? ", " : "") + a[i];
    return s + ")";
}

/// The unsigned C type of an integer's width (popc / clz / umulhi work on bits).
std::string unsignedOf(DType t)
{
    switch (dtypeBits(t)) {
    case 8: return "unsigned char";
    case 16: return "unsigned short";
    case 64: return "unsigned long long";
    default: return "unsigned";
    }
}

/// fp32 (or fp64) spelling of a named float function of math_fns.def.
std::string floatMathFn(ir::MathFn fn, bool f64)
{
    using ir::MathFn;
    switch (fn) {
    case MathFn::Exp: return f64 ? "exp" : "tsm::exp_approx";
    case MathFn::Exp2: return f64 ? "exp2" : "tsm::exp2_approx";
    case MathFn::Sqrt: return f64 ? "sqrt" : "tsm::sqrt_approx";
    case MathFn::Rsqrt: return f64 ? "rsqrt" : "tsm::rsqrt_approx";
    // libdevice on its FTZ path, as Triton links it (denormal arguments and results flush).
    case MathFn::Sin: return f64 ? "sin" : "tsm::sin_ftz";
    case MathFn::Cos: return f64 ? "cos" : "tsm::cos_ftz";
    case MathFn::Tanh: return f64 ? "tanh" : "tsm::tanh_ftz";
    case MathFn::Erf: return f64 ? "erf" : "tsm::erf_ftz";
    case MathFn::SqrtRn: return f64 ? "__dsqrt_rn" : "__fsqrt_rn";
    case MathFn::DivRn: return f64 ? "__ddiv_rn" : "__fdiv_rn";
    case MathFn::FastDiv: return f64 ? "tsm::div_rn" : "tsm::div_full";
    case MathFn::Abs: return f64 ? "fabs" : "fabsf";
    default: break;
    }
    // The rest have the C math library's names: sinf / sin, erff / erf, powf / pow, ...
    const std::string name(ir::mathFnName(fn));
    return f64 ? name : name + "f";
}

/// fp32 libdevice functions whose FTZ path (Triton links libdevice with nvvm-reflect-ftz) reads
/// denormal arguments and writes denormal results as zeros of their sign. Measured on the H200
/// against real Triton (scripts/gpu/numerics.py, denormal and tiny arguments); not log / log2 /
/// log10, which scale denormal arguments on both paths, nor pow / tgamma (pow(-denormal, 1.5) is
/// NaN there, tgamma(-denormal) finite), copysign or nextafter.
bool flushesDenormals(ir::MathFn fn)
{
    using ir::MathFn;
    switch (fn) {
    case MathFn::Expm1: // these two give +0 for a negative denormal: see elementExpr
    case MathFn::Log1p:
    case MathFn::Tan:
    case MathFn::Asin:
    case MathFn::Acos:
    case MathFn::Atan:
    case MathFn::Sinh:
    case MathFn::Cosh:
    case MathFn::Asinh:
    case MathFn::Acosh:
    case MathFn::Atanh:
    case MathFn::Erfc:
    case MathFn::Lgamma:
    case MathFn::Floor:
    case MathFn::Ceil:
    case MathFn::Trunc:
    case MathFn::Round:
    case MathFn::Rint:
    case MathFn::Atan2:
    case MathFn::Hypot:
    case MathFn::Fmod: return true;
    default: return false;
    }
}

} // namespace

/// The expression of `op` over operand expressions `a` (one per operand, already in the
/// result's register: "x[r]" or a scalar name). Empty when the op has no C form here.
static std::string elementExpr(const Emitter &e, const ir::Op &op, const std::vector<std::string> &a)
{
    using ir::OpCode;
    const ir::Kernel &k = e.k;
    const ir::Type &rt = k.type(op.result());
    const DType in = op.operands.empty() ? rt.dtype : k.type(op.operands[0]).dtype;
    const bool half = isHalf(in) && !k.type(op.operands[0]).pointer;
    auto u = [&](std::size_t i) { return half ? up(in, a[i]) : a[i]; };
    auto binary = [&](const char *sym) {
        return down(half ? in : DType::I32, u(0) + " " + sym + " " + u(1));
    };
    switch (op.code) {
    case OpCode::Add: return binary("+");
    case OpCode::Sub: return binary("-");
    case OpCode::Mul: return binary("*");
    case OpCode::IDiv: return a[0] + " / " + a[1];
    case OpCode::IRem: return a[0] + " % " + a[1];
    case OpCode::And: return a[0] + " & " + a[1];
    case OpCode::Or: return a[0] + " | " + a[1];
    case OpCode::Xor: return a[0] + " ^ " + a[1];
    case OpCode::Shl: return a[0] + " << " + a[1];
    case OpCode::Shr: return a[0] + " >> " + a[1];
    case OpCode::FDiv:
        if (in == DType::F64)
            return a[0] + " / " + a[1];
        return down(in, "tsm::div_full(" + u(0) + ", " + u(1) + ")");
    case OpCode::FRem: return down(in, call(in == DType::F64 ? "fmod" : "fmodf", {u(0), u(1)}));
    case OpCode::Neg: return down(half ? in : DType::I32, "-" + u(0));
    case OpCode::Not: return (in == DType::I1 ? "!" : "~") + a[0];
    case OpCode::Min:
    case OpCode::Max: {
        const bool isMin = op.code == OpCode::Min;
        if (!isFloat(in))
            return "(" + a[0] + (isMin ? " < " : " > ") + a[1] + " ? " + a[0] + " : " + a[1] + ")";
        std::string fn;
        if (op.i == 1) // propagate_nan=ALL: NaN in either operand gives NaN (min.NaN.f32)
            fn = isMin ? "tsm::min_nan" : "tsm::max_nan";
        else
            fn = in == DType::F64 ? (isMin ? "fmin" : "fmax") : (isMin ? "fminf" : "fmaxf");
        return down(in, call(fn, {u(0), u(1)}));
    }
    case OpCode::Cmp: {
        static const char *const kSym[] = {"==", "!=", "<", "<=", ">", ">="};
        if (op.i < 0 || op.i > 5)
            return {};
        return u(0) + " " + kSym[op.i] + " " + u(1);
    }
    case OpCode::Select: {
        return a[0] + " ? " + a[1] + " : " + a[2];
    }
    case OpCode::Fma:
        if (in == DType::F32)
            return call("fmaf", a);
        if (in == DType::F64)
            return call("fma", a);
        if (half) // one rounding: fma.rn.f16 / fma.rn.bf16, as Triton
            return call("__hfma", a);
        return a[0] + " * " + a[1] + " + " + a[2];
    case OpCode::AddPtr: return a[0] + " + " + a[1];
    case OpCode::PtrToInt: return "reinterpret_cast<long long>(" + a[0] + ")";
    case OpCode::IntToPtr: return "reinterpret_cast<" + cValueType(rt.scalar()) + ">(" + a[0] + ")";
    case OpCode::Bitcast:
        if (rt.pointer)
            return "reinterpret_cast<" + cValueType(rt.scalar()) + ">(" + a[0] + ")";
        return "tsm::bitcast<" + cType(rt.dtype) + ">(" + a[0] + ")";
    case OpCode::Cast: {
        const DType to = rt.dtype;
        const bool rtz = op.i == 1;
        if (to == in)
            return a[0];
        if (to == DType::I1)
            return isFloat(in) ? up(in, a[0]) + (in == DType::F64 ? " != 0.0" : " != 0.0f")
                               : a[0] + " != 0";
        if (isFloat(to)) {
            if (in == DType::I1)
                return to == DType::F64 ? "(" + a[0] + " ? 1.0 : 0.0)"
                                        : down(to, "(" + a[0] + " ? 1.0f : 0.0f)");
            if (isFloat(in)) {
                if (to == DType::F64)
                    return "(double)" + up(in, a[0]);
                if (in == DType::F64) {
                    if (to == DType::F32)
                        return rtz ? "__double2float_rz(" + a[0] + ")" : "(float)" + a[0];
                    if (rtz)
                        return down(to, "__double2float_rz(" + a[0] + ")", true);
                    return (to == DType::F16 ? "__double2half(" : "__double2bfloat16(") + a[0] + ")";
                }
                // fp32 / fp16 / bf16 -> fp32 / fp16 / bf16: exact widening, one rounding.
                return down(to, up(in, a[0]), rtz);
            }
            // integer -> float: one rounding (int -> fp16 through fp32 would round twice).
            if (to == DType::F32)
                return "(float)" + a[0];
            if (to == DType::F64)
                return "(double)" + a[0];
            const bool s = isSigned(in);
            const std::string fn = to == DType::F16 ? (s ? "__ll2half_rn" : "__ull2half_rn")
                                                    : (s ? "__ll2bfloat16_rn" : "__ull2bfloat16_rn");
            return fn + "((" + std::string(s ? "long long" : "unsigned long long") + ")" + a[0] + ")";
        }
        // -> integer: floats truncate toward zero, integers wrap / extend by the source's sign.
        return "(" + cType(to) + ")" + up(in, a[0]);
    }
    case OpCode::Math: {
        const auto fn = ir::findMathFn(op.str);
        if (!fn)
            return {};
        using ir::MathFn;
        if (!isFloat(in)) {
            switch (*fn) {
            case MathFn::Abs:
                return isSigned(in) ? "(" + a[0] + " < 0 ? -" + a[0] + " : " + a[0] + ")" : a[0];
            case MathFn::Clamp:
                return "(" + a[0] + " < " + a[1] + " ? " + a[1] + " : (" + a[0] + " > " + a[2]
                       + " ? " + a[2] + " : " + a[0] + "))";
            case MathFn::Umulhi:
                if (dtypeBits(in) == 64)
                    return "__umul64hi((unsigned long long)" + a[0] + ", (unsigned long long)" + a[1] + ")";
                return "__umulhi((unsigned)" + a[0] + ", (unsigned)" + a[1] + ")";
            case MathFn::Popc:
                if (dtypeBits(in) == 64)
                    return "__popcll((unsigned long long)" + a[0] + ")";
                return "__popc((unsigned)(" + unsignedOf(in) + ")" + a[0] + ")";
            case MathFn::Clz: {
                const int bits = dtypeBits(in);
                if (bits == 64)
                    return "__clzll((long long)" + a[0] + ")";
                const std::string c = "__clz((int)(unsigned)(" + unsignedOf(in) + ")" + a[0] + ")";
                return bits == 32 ? c : "(" + c + " - " + std::to_string(32 - bits) + ")";
            }
            default: return {};
            }
        }
        const bool f64 = in == DType::F64;
        std::vector<std::string> args;
        for (std::size_t i = 0; i < a.size(); ++i)
            args.push_back(u(i));
        if (*fn == MathFn::Clamp) // propagate_nan NONE, as tl.clamp's default
            return down(in, call(f64 ? "fmin" : "fminf",
                                 {call(f64 ? "fmax" : "fmaxf", {args[0], args[1]}), args[2]}));
        if (*fn == MathFn::Umulhi || *fn == MathFn::Popc || *fn == MathFn::Clz)
            return {};
        if (in == DType::F32 && flushesDenormals(*fn)) {
            // log1p / expm1 of a negative denormal are +0 on the GPU (x * p + x with x flushed).
            const bool plusZero = *fn == MathFn::Log1p || *fn == MathFn::Expm1;
            for (std::string &x : args)
                x = (plusZero ? "tsm::flush_denormal_to_plus_zero(" : "tsm::flush_denormal(") + x + ")";
            return "tsm::flush_denormal(" + call(floatMathFn(*fn, false), args) + ")";
        }
        return down(in, call(floatMathFn(*fn, f64), args));
    }
    default: return {};
    }
}

void Emitter::emitElementwise(const ir::Op &op)
{
    const ir::ValueId res = op.result();
    if (!isBlock(res)) {
        std::vector<std::string> a;
        for (ir::ValueId v : op.operands)
            a.push_back(name(v));
        const std::string ex = elementExpr(*this, op, a);
        if (ex.empty())
            return unsupported(op, std::string(ir::opName(op.code))
                                       + (op.str.empty() ? "" : " (" + op.str + ")"));
        line(cValueType(k.type(res)) + " " + define(res) + " = " + ex + ";");
        return;
    }
    const Layout &l = layout(res);
    if (emitAffineAdd(op, l))
        return;
    bool allUniform = true;
    for (ir::ValueId v : op.operands)
        allUniform = allUniform && (!isBlock(v) || isUniform(v));
    std::vector<std::string> a;
    for (ir::ValueId v : op.operands)
        a.push_back(elem(v, l));
    const std::string ex = elementExpr(*this, op, a);
    if (ex.empty())
        return unsupported(op, std::string(ir::opName(op.code))
                                   + (op.str.empty() ? "" : " (" + op.str + ")"));
    if (allUniform) {
        // Every element is the same: one scalar computes it (`1.0 + beta` before a loop).
        const std::string n = define(res);
        line(cValueType(k.type(res).scalar()) + " " + n + " = " + ex + ";");
        setUniform(res, n);
        return;
    }
    declare(res);
    // Axis analysis may prove runs of equal values along the layout's contiguous dimension (a
    // mask `offsets < n` with n a multiple of 16): each run is computed once, in its first
    // register, and copied, as Triton's lowering does; the compiler resolves the choice per
    // unrolled register.
    const int run = equalRun(res, l);
    if (run > 1)
        unrolledLoop(l.numRegs(), name(res) + "[r] = (r & " + std::to_string(run - 1) + ") ? " + name(res)
                                      + "[r & ~" + std::to_string(run - 1) + "] : " + ex + ";");
    else
        unrolledLoop(l.numRegs(), name(res) + "[r] = " + ex + ";");
}

int Emitter::affineAddUniform(const ir::Op &op, const Layout &l) const
{
    const ir::ValueId res = op.result();
    const ir::Type &rt = k.type(res);
    if (op.code == ir::OpCode::AddPtr && op.operands.size() == 2) {
        // A uniform pointer plus affine offsets: (p + base) + c, whose constants the compiler
        // folds into the accesses' immediate offsets (one 64-bit multiply-add, not one per
        // vector).
        const Affine *a = affine(op.operands[1]);
        return a && isUniform(op.operands[0]) && a->layout.sameAs(l) ? 0 : -1;
    }
    if (op.code != ir::OpCode::Add || op.operands.size() != 2 || rt.pointer
        || (rt.dtype != DType::I32 && rt.dtype != DType::I64))
        return -1;
    for (int i = 0; i < 2; ++i) {
        const ir::ValueId s = op.operands[std::size_t(i)], v = op.operands[std::size_t(1 - i)];
        const Affine *a = affine(v);
        if (a && isUniform(s) && a->layout.sameAs(l) && k.type(v).dtype == rt.dtype)
            return i;
    }
    return -1;
}

bool Emitter::emitAffineAdd(const ir::Op &op, const Layout &l)
{
    const ir::ValueId res = op.result();
    const ir::Type &rt = k.type(res);
    const int i = affineAddUniform(op, l);
    if (i >= 0) {
        const ir::ValueId s = op.operands[std::size_t(i)], v = op.operands[std::size_t(1 - i)];
        const Affine *a = affine(v);
        const Affine from = *a; // setAffine below may move the map's nodes
        std::string u = uniform(s);
        if (u.find(' ') != std::string::npos)
            u = "(" + u + ")";
        declare(res);
        // `block_start + tp0` once, then each register's constant: (s + tp) + c.
        const std::string base = name(res) + "_base";
        line((rt.pointer ? cValueType(rt.scalar()) + " const " : "const " + cValueType(rt.scalar()) + " ") + base
             + " = " + u + (from.base == "0" ? "" : " + " + from.base) + ";");
        unrolledLoop(l.numRegs(), name(res) + "[r] = " + base + (from.reg.empty() ? "" : " + " + from.reg) + ";");
        if (!rt.pointer)
            setAffine(res, {base, from.reg, l});
        return true;
    }
    return false;
}

int Emitter::equalRun(ir::ValueId v, const Layout &l) const
{
    const int d = l.contiguousDim();
    if (d < 0 || v >= lk.axis.size() || std::size_t(d) >= lk.axis[v].constancy.size())
        return 1;
    const std::int64_t run = std::min<std::int64_t>(lk.axis[v].constancy[std::size_t(d)], l.contiguousRegs());
    return int(std::bit_floor(std::uint64_t(std::max<std::int64_t>(run, 1))));
}

bool emitsElementwise(ir::OpCode code)
{
    using ir::OpCode;
    return ir::isElementwise(code) || code == OpCode::Cast || code == OpCode::Bitcast || code == OpCode::PtrToInt
           || code == OpCode::IntToPtr;
}

bool Emitter::fusableElementwise(const ir::Op &op) const
{
    using ir::OpCode;
    if (!emitsElementwise(op.code) || op.results.size() != 1 || !isBlock(op.result()))
        return false;
    const Layout &l = layout(op.result());
    if (affineAddUniform(op, l) >= 0 || equalRun(op.result(), l) > 1)
        return false;
    // A pointer plus affine offsets: emitAffineAdd's once the pointer's splat (which may still
    // be ahead, among the ops a run hoists) is known uniform.
    if (op.code == OpCode::AddPtr && op.operands.size() == 2 && affine(op.operands[1]))
        return false;
    for (ir::ValueId v : op.operands)
        if (isBlock(v) && !isUniform(v))
            return true;
    return false; // every operand uniform: one scalar computes it (emitElementwise)
}

bool Emitter::hoistableBeforeRun(const ir::Op &op) const
{
    using ir::OpCode;
    if (op.results.size() != 1)
        return false;
    if (op.code == OpCode::Constant)
        return true;
    if (op.code == OpCode::Splat)
        return op.operands.size() == 1 && !isBlock(op.operands[0]);
    if (op.code == OpCode::AddPtr)
        return true; // pointer arithmetic (a store's addresses), reading nothing of the run
    // Scalar arithmetic (index math for the code after the run): no block, no side effect.
    return emitsElementwise(op.code) && !isBlock(op.result());
}

void Emitter::emitElementwiseGroup(const std::vector<const ir::Op *> &group)
{
    // Consecutive elementwise ops on one layout share one unrolled loop: element r goes
    // through the whole chain before element r + 1 starts, so only the chain's inputs and
    // outputs stay live across it, not every intermediate array (a GELU epilogue on a
    // 128-register accumulator otherwise holds two 128-register arrays at once and spills).
    // Operands in other layouts are gathered before the loop.
    const Layout &l = layout(group.front()->result());
    sourceLine(*group.front()); // its comment before the declarations
    const std::uint32_t firstLine = m_lastLine;
    std::vector<std::string> stmts;
    for (const ir::Op *op : group) {
        restoreSourceLine(*op);
        std::vector<std::string> a;
        for (ir::ValueId v : op->operands)
            a.push_back(elem(v, l));
        const std::string ex = elementExpr(*this, *op, a);
        if (ex.empty())
            return unsupported(*op, std::string(ir::opName(op->code)) + (op->str.empty() ? "" : " (" + op->str + ")"));
        declare(op->result());
        stmts.push_back(name(op->result()) + "[r] = " + ex + ";");
    }
    line("#pragma unroll");
    open("for (int r = 0; r < " + std::to_string(l.numRegs()) + "; ++r)");
    if (firstLine)
        setLineDirective(firstLine); // the gathers above took later statements' lines
    for (std::size_t i = 0; i < group.size(); ++i) {
        sourceLine(*group[i]);
        line(stmts[i]);
    }
    close();
}

} // namespace tsm::codegen
