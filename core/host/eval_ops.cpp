// Python's arithmetic, bitwise, comparison and membership operators on values: int64 with
// overflow checks, floor division and modulo, true division, float semantics, sequence
// concatenation and repetition, set algebra, and library objects through their hooks.

#include "core/host/interpreter_impl.h"
#include "core/host/py_format.h"

#include <cmath>

namespace tsm::host {

using namespace ast;

namespace {

[[noreturn]] void overflow()
{
    throwPy("OverflowError",
            "integer overflow: the result does not fit in 64 bits (Tilesmith's harness supports "
            "integers in [-2**63, 2**63))");
}

std::string opName(BinaryOp op)
{
    return op == BinaryOp::Pow ? "** or pow()" : std::string(binaryOpSpelling(op));
}

[[noreturn]] void unsupportedOperands(BinaryOp op, const Value &a, const Value &b)
{
    throwTypeError("unsupported operand type(s) for " + opName(op) + ": '"
                   + std::string(a.typeName()) + "' and '" + std::string(b.typeName()) + "'");
}

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    if (b == 0)
        throwPy("ZeroDivisionError", "integer division or modulo by zero");
    if (a == INT64_MIN && b == -1)
        overflow();
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

std::int64_t floorMod(std::int64_t a, std::int64_t b)
{
    if (b == 0)
        throwPy("ZeroDivisionError", "integer modulo by zero");
    if (b == -1)
        return 0;
    std::int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
        r += b;
    return r;
}

double floatPow(double a, double b)
{
    if (a == 0.0 && b < 0)
        throwPy("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    if (a < 0 && std::isfinite(b) && b != std::floor(b))
        throwUnsupported("complex numbers (a negative number raised to a fractional power)");
    double r = std::pow(a, b);
    if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
        throwPy("OverflowError", "(34, 'Numerical result out of range')");
    return r;
}

Value intPow(std::int64_t base, std::int64_t exp)
{
    if (exp < 0) {
        if (base == 0)
            throwPy("ZeroDivisionError", "0.0 cannot be raised to a negative power");
        return Value::real(std::pow(double(base), double(exp)));
    }
    std::int64_t result = 1;
    std::int64_t b = base;
    while (exp > 0) {
        if (exp & 1)
            if (__builtin_mul_overflow(result, b, &result))
                overflow();
        exp >>= 1;
        if (exp > 0 && __builtin_mul_overflow(b, b, &b))
            overflow();
    }
    return Value::integer(result);
}

Value intOp(BinaryOp op, std::int64_t a, std::int64_t b, bool bothBool)
{
    std::int64_t r = 0;
    switch (op) {
    case BinaryOp::Add:
        if (__builtin_add_overflow(a, b, &r))
            overflow();
        return Value::integer(r);
    case BinaryOp::Sub:
        if (__builtin_sub_overflow(a, b, &r))
            overflow();
        return Value::integer(r);
    case BinaryOp::Mult:
        if (__builtin_mul_overflow(a, b, &r))
            overflow();
        return Value::integer(r);
    case BinaryOp::Div:
        if (b == 0)
            throwPy("ZeroDivisionError", "division by zero");
        if (std::llabs(a) < (std::int64_t(1) << 53) && std::llabs(b) < (std::int64_t(1) << 53))
            return Value::real(double(a) / double(b));
        return Value::real(double(static_cast<long double>(a) / static_cast<long double>(b)));
    case BinaryOp::FloorDiv:
        return Value::integer(floorDiv(a, b));
    case BinaryOp::Mod:
        return Value::integer(floorMod(a, b));
    case BinaryOp::Pow:
        return intPow(a, b);
    case BinaryOp::LShift:
        if (b < 0)
            throwValueError("negative shift count");
        if (a == 0)
            return Value::integer(0);
        if (b >= 63 || (a > 0 ? a > (INT64_MAX >> b) : a < (INT64_MIN >> b)))
            overflow();
        return Value::integer(std::int64_t(std::uint64_t(a) << b));
    case BinaryOp::RShift:
        if (b < 0)
            throwValueError("negative shift count");
        return Value::integer(b >= 63 ? (a < 0 ? -1 : 0) : (a >> b));
    case BinaryOp::BitAnd:
        return bothBool ? Value::boolean(a & b) : Value::integer(a & b);
    case BinaryOp::BitOr:
        return bothBool ? Value::boolean(a | b) : Value::integer(a | b);
    case BinaryOp::BitXor:
        return bothBool ? Value::boolean(a ^ b) : Value::integer(a ^ b);
    default:
        return Value();
    }
}

std::optional<Value> floatOp(BinaryOp op, double a, double b)
{
    switch (op) {
    case BinaryOp::Add:
        return Value::real(a + b);
    case BinaryOp::Sub:
        return Value::real(a - b);
    case BinaryOp::Mult:
        return Value::real(a * b);
    case BinaryOp::Div:
        if (b == 0)
            throwPy("ZeroDivisionError", "float division by zero");
        return Value::real(a / b);
    case BinaryOp::FloorDiv:
    case BinaryOp::Mod: {
        if (b == 0)
            throwPy("ZeroDivisionError",
                    op == BinaryOp::Mod ? "float modulo" : "float floor division by zero");
        // CPython's float_divmod.
        double mod = std::fmod(a, b);
        double div = (a - mod) / b;
        if (mod != 0) {
            if ((b < 0) != (mod < 0)) {
                mod += b;
                div -= 1.0;
            }
        } else {
            mod = std::copysign(0.0, b);
        }
        double floordiv;
        if (div != 0) {
            floordiv = std::floor(div);
            if (div - floordiv > 0.5)
                floordiv += 1.0;
        } else {
            floordiv = std::copysign(0.0, a / b);
        }
        if (!std::isfinite(a) || std::isnan(b))
            floordiv = std::nan("");
        return Value::real(op == BinaryOp::Mod ? mod : floordiv);
    }
    case BinaryOp::Pow:
        return Value::real(floatPow(a, b));
    default:
        return std::nullopt;
    }
}

Value repeat(const Value &seq, std::int64_t n)
{
    if (n < 0)
        n = 0;
    if (seq.isStr()) {
        const std::string &s = seq.asStr();
        if (!s.empty() && n > containerLimit() / std::int64_t(s.size()))
            checkContainerSize(n * std::int64_t(std::min<std::size_t>(s.size(), 1 << 20)));
        std::string out;
        out.reserve(s.size() * std::size_t(n));
        for (std::int64_t i = 0; i < n; ++i)
            out += s;
        return Value::str(std::move(out));
    }
    const std::vector<Value> &items
        = seq.kind() == ValueKind::List ? seq.asList().items : seq.asTuple().items;
    if (!items.empty() && n > containerLimit() / std::int64_t(items.size()))
        checkContainerSize(n * std::int64_t(std::min<std::size_t>(items.size(), 1 << 20)));
    std::vector<Value> out;
    out.reserve(items.size() * std::size_t(n));
    for (std::int64_t i = 0; i < n; ++i)
        out.insert(out.end(), items.begin(), items.end());
    return seq.kind() == ValueKind::List ? Value::list(std::move(out))
                                         : Value::tuple(std::move(out));
}

bool isSequence(const Value &v)
{
    return v.isStr() || v.kind() == ValueKind::List || v.kind() == ValueKind::Tuple;
}

std::optional<Value> sequenceOp(BinaryOp op, const Value &a, const Value &b)
{
    if (op == BinaryOp::Add && isSequence(a)) {
        if (a.kind() != b.kind()) {
            if (b.isObject())
                return std::nullopt;
            std::string t(a.typeName());
            throwTypeError("can only concatenate " + t + " (not \"" + std::string(b.typeName())
                           + "\") to " + t);
        }
        if (a.isStr()) {
            checkContainerSize(std::int64_t(a.asStr().size() + b.asStr().size()));
            return Value::str(a.asStr() + b.asStr());
        }
        const auto &x = a.kind() == ValueKind::List ? a.asList().items : a.asTuple().items;
        const auto &y = b.kind() == ValueKind::List ? b.asList().items : b.asTuple().items;
        checkContainerSize(std::int64_t(x.size() + y.size()));
        std::vector<Value> out(x);
        out.insert(out.end(), y.begin(), y.end());
        return a.kind() == ValueKind::List ? Value::list(std::move(out))
                                           : Value::tuple(std::move(out));
    }
    if (op == BinaryOp::Mult && (isSequence(a) || isSequence(b))) {
        const Value &seq = isSequence(a) ? a : b;
        const Value &n = isSequence(a) ? b : a;
        if (n.isObject())
            return std::nullopt;
        if (!n.isIntLike())
            throwTypeError("can't multiply sequence by non-int of type '"
                           + std::string(n.typeName()) + "'");
        return repeat(seq, n.asInt());
    }
    if (op == BinaryOp::Mod && a.isStr() && !b.isObject())
        return Value::str(percentFormat(a.asStr(), b));
    return std::nullopt;
}

std::optional<Value> setOp(BinaryOp op, const Value &a, const Value &b)
{
    if (a.kind() == ValueKind::Dict && b.kind() == ValueKind::Dict && op == BinaryOp::BitOr) {
        Value out = Value::dict();
        for (auto &[k, v] : a.asDict().items())
            out.asDict().set(k, v);
        for (auto &[k, v] : b.asDict().items())
            out.asDict().set(k, v);
        return out;
    }
    if (a.kind() != ValueKind::Set || b.kind() != ValueKind::Set)
        return std::nullopt;
    const SetObject &x = a.asSet();
    const SetObject &y = b.asSet();
    Value out = Value::set();
    SetObject &o = out.asSet();
    switch (op) {
    case BinaryOp::BitOr:
        for (const Value &v : x.items())
            o.add(v);
        for (const Value &v : y.items())
            o.add(v);
        return out;
    case BinaryOp::BitAnd:
        for (const Value &v : x.items())
            if (y.contains(v))
                o.add(v);
        return out;
    case BinaryOp::Sub:
        for (const Value &v : x.items())
            if (!y.contains(v))
                o.add(v);
        return out;
    case BinaryOp::BitXor:
        for (const Value &v : x.items())
            if (!y.contains(v))
                o.add(v);
        for (const Value &v : y.items())
            if (!x.contains(v))
                o.add(v);
        return out;
    default:
        return std::nullopt;
    }
}

} // namespace

Value detail::binaryOp(BinaryOp op, const Value &a, const Value &b)
{
    if (a.isIntLike() && b.isIntLike() && op != BinaryOp::MatMult)
        return intOp(op, a.asInt(), b.asInt(), a.isBool() && b.isBool());
    if (a.isNumber() && b.isNumber()) {
        if (auto r = floatOp(op, a.asNumber(), b.asNumber()))
            return *r;
        unsupportedOperands(op, a, b);
    }
    if (a.isObject())
        if (auto r = a.object()->binaryOp(op, b, false))
            return *r;
    if (b.isObject())
        if (auto r = b.object()->binaryOp(op, a, true))
            return *r;
    if (auto r = sequenceOp(op, a, b))
        return *r;
    if (auto r = setOp(op, a, b))
        return *r;
    unsupportedOperands(op, a, b);
}

Value detail::unaryOp(UnaryOpKind op, const Value &a)
{
    if (a.isIntLike()) {
        std::int64_t v = a.asInt();
        switch (op) {
        case UnaryOpKind::USub:
            if (v == INT64_MIN)
                overflow();
            return Value::integer(-v);
        case UnaryOpKind::UAdd:
            return Value::integer(v);
        case UnaryOpKind::Invert:
            return Value::integer(~v);
        case UnaryOpKind::Not:
            return Value::boolean(v == 0);
        }
    }
    if (a.isFloat()) {
        if (op == UnaryOpKind::USub)
            return Value::real(-a.asFloat());
        if (op == UnaryOpKind::UAdd)
            return a;
    }
    if (op == UnaryOpKind::Not)
        return Value::boolean(!truthy(a));
    if (a.isObject())
        if (auto r = a.object()->unaryOp(op))
            return *r;
    throwTypeError("bad operand type for unary " + std::string(unaryOpSpelling(op)) + ": '"
                   + std::string(a.typeName()) + "'");
}

namespace {

/// -1, 0, 1 for a < b, a == b, a > b; nullopt when the kinds cannot be ordered. NaN compares
/// false both ways (handled by the caller through `unordered`).
std::optional<int> threeWay(const Value &a, const Value &b, bool &unordered);

bool orderedCompare(CmpOp op, const Value &a, const Value &b)
{
    bool unordered = false;
    std::optional<int> c = threeWay(a, b, unordered);
    if (!c)
        throwTypeError("'" + std::string(cmpOpSpelling(op))
                       + "' not supported between instances of '" + std::string(a.typeName())
                       + "' and '" + std::string(b.typeName()) + "'");
    if (unordered)
        return false;
    switch (op) {
    case CmpOp::Lt:
        return *c < 0;
    case CmpOp::LtE:
        return *c <= 0;
    case CmpOp::Gt:
        return *c > 0;
    default:
        return *c >= 0;
    }
}

std::optional<int>
compareSequences(const std::vector<Value> &x, const std::vector<Value> &y, bool &unordered)
{
    std::size_t n = std::min(x.size(), y.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (x[i].is(y[i]) || valuesEqual(x[i], y[i]))
            continue;
        std::optional<int> c = threeWay(x[i], y[i], unordered);
        if (!c) {
            throwTypeError("'<' not supported between instances of '" + std::string(x[i].typeName())
                           + "' and '" + std::string(y[i].typeName()) + "'");
        }
        return c;
    }
    return x.size() < y.size() ? -1 : (x.size() > y.size() ? 1 : 0);
}

std::optional<int> threeWay(const Value &a, const Value &b, bool &unordered)
{
    if (a.isIntLike() && b.isIntLike())
        return a.asInt() < b.asInt() ? -1 : (a.asInt() > b.asInt() ? 1 : 0);
    if (a.isNumber() && b.isNumber()) {
        long double x = a.isFloat() ? a.asFloat() : static_cast<long double>(a.asInt());
        long double y = b.isFloat() ? b.asFloat() : static_cast<long double>(b.asInt());
        if (std::isnan(x) || std::isnan(y)) {
            unordered = true;
            return 0;
        }
        return x < y ? -1 : (x > y ? 1 : 0);
    }
    if (a.isStr() && b.isStr()) {
        int c = a.asStr().compare(b.asStr());
        return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    if (a.kind() == ValueKind::List && b.kind() == ValueKind::List)
        return compareSequences(a.asList().items, b.asList().items, unordered);
    if (a.kind() == ValueKind::Tuple && b.kind() == ValueKind::Tuple)
        return compareSequences(a.asTuple().items, b.asTuple().items, unordered);
    return std::nullopt;
}

bool contains(const Value &container, const Value &item)
{
    switch (container.kind()) {
    case ValueKind::Str:
        if (!item.isStr())
            throwTypeError("'in <string>' requires string as left operand, not "
                           + std::string(item.typeName()));
        return container.asStr().find(item.asStr()) != std::string::npos;
    case ValueKind::List:
    case ValueKind::Tuple: {
        const auto &items = container.kind() == ValueKind::List ? container.asList().items
                                                                : container.asTuple().items;
        for (std::size_t i = 0; i < items.size(); ++i)
            if (items[i].is(item) || valuesEqual(items[i], item))
                return true;
        return false;
    }
    case ValueKind::Dict:
        return container.asDict().find(item) != nullptr;
    case ValueKind::Set:
        return container.asSet().contains(item);
    case ValueKind::Range: {
        const RangeObject &r = container.asRange();
        if (!item.isNumber())
            return false;
        if (item.isFloat() && item.asFloat() != std::floor(item.asFloat()))
            return false;
        if (item.isFloat() && std::fabs(item.asFloat()) > 9e18)
            return false;
        std::int64_t v = item.isFloat() ? std::int64_t(item.asFloat()) : item.asInt();
        if (r.step > 0 ? (v < r.start || v >= r.stop) : (v > r.start || v <= r.stop))
            return false;
        return (v - r.start) % r.step == 0;
    }
    case ValueKind::Object:
        if (auto c = container.object()->contains(item))
            return *c;
        [[fallthrough]];
    case ValueKind::Iterator: {
        std::optional<Value> it = container.object()->iter();
        if (!it)
            break;
        while (std::optional<Value> x = it->object()->next())
            if (x->is(item) || valuesEqual(*x, item))
                return true;
        return false;
    }
    default:
        break;
    }
    throwTypeError("argument of type '" + std::string(container.typeName()) + "' is not iterable");
}

} // namespace

Value detail::compareOp(CmpOp op, const Value &a, const Value &b)
{
    switch (op) {
    case CmpOp::Is:
        return Value::boolean(a.is(b));
    case CmpOp::IsNot:
        return Value::boolean(!a.is(b));
    case CmpOp::In:
        return Value::boolean(contains(b, a));
    case CmpOp::NotIn:
        return Value::boolean(!contains(b, a));
    default:
        break;
    }
    if (a.isObject())
        if (auto r = a.object()->compare(op, b, false))
            return *r;
    if (b.isObject())
        if (auto r = b.object()->compare(op, a, true))
            return *r;
    if (op == CmpOp::Eq)
        return Value::boolean(a.is(b) || valuesEqual(a, b));
    if (op == CmpOp::NotEq)
        return Value::boolean(!(a.is(b) || valuesEqual(a, b)));
    if (a.kind() == ValueKind::Set && b.kind() == ValueKind::Set) {
        const SetObject &x = a.asSet();
        const SetObject &y = b.asSet();
        auto subset = [](const SetObject &p, const SetObject &q) {
            for (const Value &v : p.items())
                if (!q.contains(v))
                    return false;
            return true;
        };
        switch (op) {
        case CmpOp::LtE:
            return Value::boolean(subset(x, y));
        case CmpOp::Lt:
            return Value::boolean(x.size() < y.size() && subset(x, y));
        case CmpOp::GtE:
            return Value::boolean(subset(y, x));
        default:
            return Value::boolean(y.size() < x.size() && subset(y, x));
        }
    }
    return Value::boolean(orderedCompare(op, a, b));
}

} // namespace tsm::host
