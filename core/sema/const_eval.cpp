#include "core/sema/const_eval.h"

#include <cmath>
#include <cstdio>

namespace tsm::sema {
namespace {

using K = ConstValue::Kind;

bool isIntLike(const ConstValue &v)
{
    return v.kind == K::Int || v.kind == K::Bool;
}
std::int64_t asInt(const ConstValue &v)
{
    return v.kind == K::Bool ? (v.b ? 1 : 0) : v.i;
}

std::string typeName(const ConstValue &v)
{
    switch (v.kind) {
    case K::None:
        return "NoneType";
    case K::Bool:
        return "bool";
    case K::Int:
        return "int";
    case K::Float:
        return "float";
    case K::String:
        return "str";
    case K::DType:
        return "dtype";
    }
    return "?";
}

ConstResult unsupported(std::string_view op, const ConstValue &a, const ConstValue &b)
{
    return {std::nullopt,
            "unsupported operand type(s) for " + std::string(op) + ": '" + typeName(a) + "' and '"
                + typeName(b) + "'"};
}

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

std::int64_t floorMod(std::int64_t a, std::int64_t b)
{
    std::int64_t m = a % b;
    if (m != 0 && ((m < 0) != (b < 0)))
        m += b;
    return m;
}

} // namespace

bool isNumber(const ConstValue &v)
{
    return v.kind == K::Int || v.kind == K::Bool || v.kind == K::Float;
}

double asDouble(const ConstValue &v)
{
    return v.kind == K::Float ? v.f : static_cast<double>(asInt(v));
}

bool constTruthy(const ConstValue &v)
{
    switch (v.kind) {
    case K::None:
        return false;
    case K::Bool:
        return v.b;
    case K::Int:
        return v.i != 0;
    case K::Float:
        return v.f != 0.0;
    case K::String:
        return !v.s.empty();
    case K::DType:
        return true;
    }
    return false;
}

std::string constStr(const ConstValue &v)
{
    switch (v.kind) {
    case K::String:
        return v.s;
    case K::DType:
        return std::string(dtypeShortName(v.dtype));
    default:
        return v.repr();
    }
}

ConstResult foldBinary(ast::BinaryOp op, const ConstValue &a, const ConstValue &b)
{
    using ast::BinaryOp;
    const std::string spelling(ast::binaryOpSpelling(op));
    if (op == BinaryOp::Add && a.kind == K::String && b.kind == K::String)
        return {ConstValue::ofString(a.s + b.s), {}};
    if (!isNumber(a) || !isNumber(b))
        return unsupported(spelling, a, b);
    const bool ints = isIntLike(a) && isIntLike(b);
    const std::int64_t x = ints ? asInt(a) : 0, y = ints ? asInt(b) : 0;
    const double fx = asDouble(a), fy = asDouble(b);
    switch (op) {
    case BinaryOp::Add:
        return {ints ? ConstValue::ofInt(x + y) : ConstValue::ofFloat(fx + fy), {}};
    case BinaryOp::Sub:
        return {ints ? ConstValue::ofInt(x - y) : ConstValue::ofFloat(fx - fy), {}};
    case BinaryOp::Mult:
        return {ints ? ConstValue::ofInt(x * y) : ConstValue::ofFloat(fx * fy), {}};
    case BinaryOp::Div:
        if (fy == 0.0)
            return {std::nullopt, "division by zero"};
        return {ConstValue::ofFloat(fx / fy), {}};
    case BinaryOp::FloorDiv:
        if (fy == 0.0)
            return {std::nullopt, "integer division or modulo by zero"};
        if (ints)
            return {ConstValue::ofInt(floorDiv(x, y)), {}};
        return {ConstValue::ofFloat(std::floor(fx / fy)), {}};
    case BinaryOp::Mod:
        if (fy == 0.0)
            return {std::nullopt, "integer division or modulo by zero"};
        if (ints)
            return {ConstValue::ofInt(floorMod(x, y)), {}};
        {
            double m = std::fmod(fx, fy);
            if (m != 0.0 && ((m < 0) != (fy < 0)))
                m += fy;
            return {ConstValue::ofFloat(m), {}};
        }
    case BinaryOp::Pow:
        if (ints && y >= 0) {
            std::int64_t r = 1;
            for (std::int64_t k = 0; k < y && k < 64; ++k)
                r *= x;
            return {ConstValue::ofInt(r), {}};
        }
        return {ConstValue::ofFloat(std::pow(fx, fy)), {}};
    case BinaryOp::LShift:
    case BinaryOp::RShift:
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor:
        if (!ints)
            return unsupported(spelling, a, b);
        if (op == BinaryOp::LShift || op == BinaryOp::RShift) {
            if (y < 0)
                return {std::nullopt, "negative shift count"};
            if (op == BinaryOp::LShift)
                return {ConstValue::ofInt(y >= 64 ? 0
                                                  : static_cast<std::int64_t>(
                                                      static_cast<std::uint64_t>(x) << y)),
                        {}};
            return {ConstValue::ofInt(y >= 64 ? (x < 0 ? -1 : 0) : (x >> y)), {}};
        }
        {
            std::int64_t r = op == BinaryOp::BitAnd  ? (x & y)
                             : op == BinaryOp::BitOr ? (x | y)
                                                     : (x ^ y);
            if (a.kind == K::Bool && b.kind == K::Bool)
                return {ConstValue::ofBool(r != 0), {}};
            return {ConstValue::ofInt(r), {}};
        }
    case BinaryOp::MatMult:
        return unsupported(spelling, a, b);
    }
    return unsupported(spelling, a, b);
}

ConstResult foldCompare(ast::CmpOp op, const ConstValue &a, const ConstValue &b)
{
    using ast::CmpOp;
    if (op == CmpOp::Is || op == CmpOp::IsNot) {
        const bool same = a.kind == b.kind && a == b;
        return {ConstValue::ofBool(op == CmpOp::Is ? same : !same), {}};
    }
    if (op == CmpOp::Eq || op == CmpOp::NotEq) {
        bool eq;
        if (isNumber(a) && isNumber(b))
            eq = asDouble(a) == asDouble(b);
        else
            eq = a.kind == b.kind && a == b;
        return {ConstValue::ofBool(op == CmpOp::Eq ? eq : !eq), {}};
    }
    if (op == CmpOp::In || op == CmpOp::NotIn)
        return {std::nullopt, "'in' is not supported on compile-time values"};
    int c;
    if (isNumber(a) && isNumber(b)) {
        if (isIntLike(a) && isIntLike(b))
            c = asInt(a) < asInt(b) ? -1 : asInt(a) > asInt(b) ? 1 : 0;
        else
            c = asDouble(a) < asDouble(b) ? -1 : asDouble(a) > asDouble(b) ? 1 : 0;
    } else if (a.kind == K::String && b.kind == K::String) {
        c = a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
    } else {
        return unsupported(ast::cmpOpSpelling(op), a, b);
    }
    bool r = false;
    switch (op) {
    case CmpOp::Lt:
        r = c < 0;
        break;
    case CmpOp::LtE:
        r = c <= 0;
        break;
    case CmpOp::Gt:
        r = c > 0;
        break;
    case CmpOp::GtE:
        r = c >= 0;
        break;
    default:
        break;
    }
    return {ConstValue::ofBool(r), {}};
}

ConstResult foldUnary(ast::UnaryOpKind op, const ConstValue &a)
{
    using ast::UnaryOpKind;
    if (op == UnaryOpKind::Not)
        return {ConstValue::ofBool(!constTruthy(a)), {}};
    if (!isNumber(a))
        return {std::nullopt,
                "bad operand type for unary " + std::string(ast::unaryOpSpelling(op)) + ": '"
                    + typeName(a) + "'"};
    switch (op) {
    case UnaryOpKind::UAdd:
        return {a.kind == K::Bool ? ConstValue::ofInt(asInt(a)) : a, {}};
    case UnaryOpKind::USub:
        return {a.kind == K::Float ? ConstValue::ofFloat(-a.f) : ConstValue::ofInt(-asInt(a)), {}};
    case UnaryOpKind::Invert:
        if (a.kind == K::Float)
            return {std::nullopt, "bad operand type for unary ~: 'float'"};
        return {ConstValue::ofInt(~asInt(a)), {}};
    default:
        break;
    }
    return {std::nullopt, "unsupported unary operator"};
}

} // namespace tsm::sema
