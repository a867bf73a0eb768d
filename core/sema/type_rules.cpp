#include "core/sema/type_rules.h"

#include <cmath>
#include <limits>

namespace tsm::sema {
namespace {

// Triton's dtype.kind(): bool < integral < floating.
int kindRank(DType t)
{
    if (t == DType::I1)
        return 0;
    return isFloat(t) ? 2 : 1;
}

bool isIntTy(DType t)
{
    return !isFloat(t);
}

// int1 is unsigned in Triton (it is listed among the unsigned integer types).
bool isUnsignedTy(DType t)
{
    return t == DType::I1 || isUnsigned(t);
}

struct Computed
{
    std::optional<DType> dtype;
    std::string error;
};

Computed computationType(const TypeOperand &a, const TypeOperand &b, bool divOrMod)
{
    const bool aScalar = a.py != TypeOperand::Py::No;
    const bool bScalar = b.py != TypeOperand::Py::No;
    const DType at = a.dtype, bt = b.dtype;
    if (aScalar != bScalar) {
        const DType scalarTy = aScalar ? at : bt;
        const DType tensorTy = aScalar ? bt : at;
        if (kindRank(scalarTy) <= kindRank(tensorTy)) {
            if (divOrMod && (tensorTy == DType::F16 || tensorTy == DType::BF16))
                return {DType::F32, {}};
            return {tensorTy, {}};
        }
    }
    if (at == DType::F64 || bt == DType::F64)
        return {DType::F64, {}};
    if (at == DType::F32 || bt == DType::F32)
        return {DType::F32, {}};
    if (at == DType::F16 || bt == DType::F16)
        return {divOrMod ? DType::F32 : DType::F16, {}};
    if (at == DType::BF16 && bt == DType::BF16)
        return {divOrMod ? DType::F32 : DType::BF16, {}};
    if (at == DType::BF16 || bt == DType::BF16)
        return {DType::F32, {}};
    // Different fp8 types meet in fp16; one fp8 type stays itself (and is rejected below: fp8
    // has no arithmetic); fp8 and an integer tensor have no common type.
    if (isFp8(at) && isFp8(bt))
        return {at == bt ? at : DType::F16, {}};
    if (isFp8(at) || isFp8(bt))
        return {std::nullopt, ": fp8 does not mix with integers; cast one side with .to()"};
    if (divOrMod && isUnsignedTy(at) != isUnsignedTy(bt))
        return {std::nullopt, ": they have different signedness; cast them to the same signedness"};
    return {integerPromote(at, bt), {}};
}

std::int64_t intMin(DType t)
{
    if (isUnsignedTy(t))
        return 0;
    const int bits = dtypeBits(t);
    return bits >= 64 ? std::numeric_limits<std::int64_t>::min() : -(std::int64_t(1) << (bits - 1));
}

std::int64_t intMax(DType t)
{
    const int bits = dtypeBits(t);
    if (bits >= 64)
        return std::numeric_limits<std::int64_t>::max();
    return isUnsignedTy(t) ? (std::int64_t(1) << bits) - 1 : (std::int64_t(1) << (bits - 1)) - 1;
}

} // namespace

std::string_view arithOpSpelling(ArithOp op)
{
    switch (op) {
    case ArithOp::Add:
        return "+";
    case ArithOp::Sub:
        return "-";
    case ArithOp::Mul:
        return "*";
    case ArithOp::TrueDiv:
        return "/";
    case ArithOp::FloorDiv:
        return "//";
    case ArithOp::Mod:
        return "%";
    case ArithOp::BitAnd:
        return "&";
    case ArithOp::BitOr:
        return "|";
    case ArithOp::BitXor:
        return "^";
    case ArithOp::Shl:
        return "<<";
    case ArithOp::Shr:
        return ">>";
    case ArithOp::Compare:
        return "comparison";
    case ArithOp::MinMax:
        return "minimum/maximum";
    case ArithOp::Select:
        return "where";
    }
    return "?";
}

DType pyIntDType(std::int64_t value)
{
    if (value >= -(std::int64_t(1) << 31) && value < (std::int64_t(1) << 31))
        return DType::I32;
    if (value >= (std::int64_t(1) << 31) && value < (std::int64_t(1) << 32))
        return DType::U32;
    return DType::I64;
}

DType pyFloatDType(double value)
{
    const double a = std::fabs(value);
    const double minF32 = std::ldexp(1.0, -126);
    const double maxF32 = (2.0 - std::ldexp(1.0, -23)) * std::ldexp(1.0, 127);
    if (std::isinf(a) || a == 0.0 || std::isnan(value) || (a >= minF32 && a <= maxF32))
        return DType::F32;
    return DType::F64;
}

DType integerPromote(DType a, DType b)
{
    const int ar = dtypeBits(a), br = dtypeBits(b);
    const bool au = isUnsignedTy(a), bu = isUnsignedTy(b);
    if (au == bu)
        return ar > br ? a : b;
    if (au)
        return ar >= br ? a : b;
    return br >= ar ? b : a;
}

std::string castRestriction(DType from, DType to, int rounding)
{
    if (from == to || (!isFp8(from) && !isFp8(to)))
        return {};
    const DType other = isFp8(from) ? to : from;
    std::string why;
    if (!isFloat(other) || isFp8(other) || other == DType::F64)
        why = "Triton converts fp8 only to and from fp16, bf16 and fp32; go through one of them "
              "(x.to(tl.float32).to(...))";
    else if (isFp8(to) && rounding == 1)
        why = "fp_downcast_rounding='rtz' is not supported for fp8 targets; fp8 conversions round "
              "to nearest even";
    if (why.empty())
        return {};
    return "cannot convert " + std::string(dtypeShortName(from)) + " to "
           + std::string(dtypeShortName(to)) + ": " + why;
}

BinaryTyping binaryTyping(ArithOp op, const TypeOperand &a, const TypeOperand &b)
{
    BinaryTyping r;
    const std::string opText = std::string(" for '") + std::string(arithOpSpelling(op)) + "'";
    auto fail = [&](std::string why) {
        r.error = opText + why;
        return r;
    };
    const bool allowA = op == ArithOp::Add || op == ArithOp::Sub;
    const bool allowB = op == ArithOp::Add;
    // check_ptr_type_impl, both ways
    auto checkPtr = [&](const TypeOperand &x, const TypeOperand &y, bool allow) -> bool {
        if (!x.pointer)
            return true;
        if (!allow)
            return false;
        if (y.pointer && y.dtype != x.dtype)
            return false;
        if (!y.pointer && isFloat(y.dtype))
            return false;
        return true;
    };
    if (!checkPtr(a, b, allowA) || !checkPtr(b, a, allowB))
        return fail("");
    if (a.pointer || b.pointer) {
        if (a.pointer && b.pointer)
            return fail(": cannot add pointers together");
        const TypeOperand &ptr = a.pointer ? a : b;
        const TypeOperand &off = a.pointer ? b : a;
        r.operandDType = off.dtype;
        r.resultDType = ptr.dtype;
        r.resultPointer = true;
        return r;
    }

    const bool divOrMod = op == ArithOp::TrueDiv || op == ArithOp::FloorDiv || op == ArithOp::Mod;
    const Computed c = computationType(a, b, divOrMod);
    if (!c.dtype)
        return fail(c.error);
    const DType ret = *c.dtype;
    if (isFp8(ret) && op != ArithOp::Select)
        return fail(": fp8 (" + std::string(dtypeShortName(ret))
                    + ") has no arithmetic; convert with .to(tl.float16) or .to(tl.float32) first");
    for (const TypeOperand *s : {&a, &b}) {
        if (s->py != TypeOperand::Py::Int || !isIntTy(ret))
            continue;
        if (s->intValue < 0 && isUnsignedTy(ret)) {
            r.typeError = true;
            r.error = "cannot combine an unsigned block of type " + std::string(dtypeShortName(ret))
                      + " with the negative scalar " + std::to_string(s->intValue)
                      + "; cast one of them explicitly";
            return r;
        }
        if (s->intValue < intMin(ret) || s->intValue > intMax(ret)) {
            r.typeError = true;
            r.error = "scalar " + std::to_string(s->intValue) + " is out of range for type "
                      + std::string(dtypeShortName(ret));
            return r;
        }
    }
    r.operandDType = ret;
    r.resultDType = ret;
    switch (op) {
    case ArithOp::TrueDiv:
        if (isIntTy(ret))
            r.operandDType = r.resultDType = DType::F32;
        break;
    case ArithOp::FloorDiv:
        if (!isIntTy(ret))
            return fail(": floor division needs integer operands (Triton has no float `//`)");
        break;
    case ArithOp::BitAnd:
    case ArithOp::BitOr:
    case ArithOp::BitXor:
    case ArithOp::Shl:
    case ArithOp::Shr:
        if (!isIntTy(ret))
            return fail(": bitwise operators need integer operands");
        break;
    case ArithOp::Compare:
        r.resultDType = DType::I1;
        break;
    default:
        break;
    }
    return r;
}

} // namespace tsm::sema
