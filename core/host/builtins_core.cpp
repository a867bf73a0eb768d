// The builtin functions of the harness subset (print, len, range, min, max, sum, sorted, zip,
// enumerate ...) with CPython's semantics and messages, and the builtins that are refused
// (open, eval, exec ... are forbidden; setattr, super ... are unsupported).

#include "core/host/interpreter_impl.h"
#include "core/host/py_format.h"
#include "core/host/sandbox.h"

#include <algorithm>
#include <cfenv>
#include <cmath>

namespace tsm::host {

namespace {

Value printFn(CallArgs &a)
{
    std::string sep = " ", end = "\n";
    for (const Kwarg &k : a.keywords) {
        if (k.name == "sep") {
            if (!k.value.isNone()) {
                if (!k.value.isStr())
                    throwTypeError("sep must be None or a string, not "
                                   + std::string(k.value.typeName()));
                sep = k.value.asStr();
            }
        } else if (k.name == "end") {
            if (!k.value.isNone()) {
                if (!k.value.isStr())
                    throwTypeError("end must be None or a string, not "
                                   + std::string(k.value.typeName()));
                end = k.value.asStr();
            }
        } else if (k.name == "file") {
            if (!k.value.isNone())
                throwUnsupported("print(file=...)");
        } else if (k.name != "flush") {
            throwTypeError("'" + k.name + "' is an invalid keyword argument for print()");
        }
    }
    std::string out;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (i)
            out += sep;
        out += pyStr(a[i]);
    }
    out += end;
    a.interp.writeOutput(out);
    return Value();
}

Value lenFn(CallArgs &a)
{
    a.expectPositional("len", 1, 1);
    return Value::integer(lengthOf(a[0]));
}

Value absFn(CallArgs &a)
{
    a.expectPositional("abs", 1, 1);
    const Value &x = a[0];
    if (x.isIntLike()) {
        if (x.asInt() == INT64_MIN)
            throwPy("OverflowError", "integer overflow in abs()");
        return Value::integer(std::llabs(x.asInt()));
    }
    if (x.isFloat())
        return Value::real(std::fabs(x.asFloat()));
    if (x.isObject())
        if (auto m = x.object()->getAttr("abs"))
            return a.interp.callValue(*m, {});
    throwTypeError("bad operand type for abs(): '" + std::string(x.typeName()) + "'");
}

/// min / max: one iterable or several arguments, key=, default=.
Value minMax(CallArgs &a, bool isMax)
{
    const char *name = isMax ? "max" : "min";
    Value key, dflt;
    bool hasDefault = false;
    for (const Kwarg &k : a.keywords) {
        if (k.name == "key")
            key = k.value;
        else if (k.name == "default") {
            dflt = k.value;
            hasDefault = true;
        } else
            throwTypeError(std::string(name) + "() got an unexpected keyword argument '" + k.name
                           + "'");
    }
    if (a.size() == 0)
        throwTypeError(std::string(name) + " expected at least 1 argument, got 0");
    std::vector<Value> items;
    if (a.size() == 1) {
        items = iterateToVector(a[0]);
    } else {
        if (hasDefault)
            throwTypeError(std::string("Cannot specify a default for ") + name
                           + "() with multiple positional arguments");
        items = a.positional;
    }
    if (items.empty()) {
        if (hasDefault)
            return dflt;
        throwValueError(std::string(name) + "() arg is an empty sequence");
    }
    std::size_t best = 0;
    Value bestKey = key.isNone() ? items[0] : a.interp.callValue(key, {items[0]});
    for (std::size_t i = 1; i < items.size(); ++i) {
        Value k = key.isNone() ? items[i] : a.interp.callValue(key, {items[i]});
        Value better = detail::compareOp(isMax ? ast::CmpOp::Gt : ast::CmpOp::Lt, k, bestKey);
        if (truthy(better)) {
            best = i;
            bestKey = k;
        }
    }
    return items[best];
}

Value sumFn(CallArgs &a)
{
    std::vector<Value> p = a.bind("sum", {{"iterable"}, {"start", Value::integer(0)}});
    Value acc = p[1];
    if (acc.isStr())
        throwTypeError("sum() can't sum strings [use ''.join(seq) instead]");
    ValueCursor cur(p[0]);
    Value x;
    // Floats use Neumaier's compensated sum, as CPython 3.12+ does.
    bool floatMode = false;
    double hi = 0, comp = 0;
    while (cur.next(x)) {
        if (!floatMode && acc.isIntLike() && x.isIntLike()) {
            acc = detail::binaryOp(ast::BinaryOp::Add, acc, x);
            continue;
        }
        if (!floatMode && acc.isNumber() && x.isFloat()) {
            floatMode = true;
            hi = acc.asNumber();
            comp = 0;
        }
        if (floatMode && x.isNumber()) {
            double v = x.asNumber();
            double t = hi + v;
            if (std::fabs(hi) >= std::fabs(v))
                comp += (hi - t) + v;
            else
                comp += (v - t) + hi;
            hi = t;
            continue;
        }
        if (floatMode) {
            acc = Value::real(comp != 0 && std::isfinite(comp) ? hi + comp : hi);
            floatMode = false;
        }
        acc = detail::binaryOp(ast::BinaryOp::Add, acc, x);
    }
    if (floatMode)
        return Value::real(comp != 0 && std::isfinite(comp) ? hi + comp : hi);
    return acc;
}

Value roundFn(CallArgs &a)
{
    std::vector<Value> p = a.bind("round", {{"number"}, {"ndigits", Value()}});
    const Value &x = p[0];
    if (x.isObject())
        if (auto s = x.object()->toScalar()) {
            CallArgs inner(a.interp, {*s, p[1]}, {});
            return roundFn(inner);
        }
    if (!x.isNumber())
        throwTypeError("type " + std::string(x.typeName()) + " doesn't define __round__ method");
    if (p[1].isNone()) {
        if (x.isIntLike())
            return Value::integer(x.asInt());
        double d = x.asFloat();
        if (std::isnan(d))
            throwValueError("cannot convert float NaN to integer");
        if (std::isinf(d))
            throwPy("OverflowError", "cannot convert float infinity to integer");
        return checkedInt(std::nearbyint(d)); // default rounding mode: half to even
    }
    std::int64_t n = toIndex(p[1]);
    if (x.isIntLike()) {
        if (n >= 0)
            return Value::integer(x.asInt());
        if (n < -18)
            return Value::integer(0);
        std::int64_t pow10 = 1;
        for (std::int64_t i = 0; i < -n; ++i)
            pow10 *= 10;
        std::int64_t v = x.asInt();
        std::int64_t q = v / pow10, r = v % pow10;
        if (r < 0) {
            r += pow10;
            --q;
        }
        if (2 * r > pow10 || (2 * r == pow10 && (q & 1)))
            ++q;
        return checkedInt(static_cast<long double>(q) * pow10);
    }
    double d = x.asFloat();
    if (!std::isfinite(d) || d == 0)
        return Value::real(d);
    if (n > 300)
        return Value::real(d);
    if (n >= 0) {
        // Correctly rounded through the decimal string, as CPython does.
        char buf[512];
        std::snprintf(buf, sizeof buf, "%.*f", int(n), d);
        return Value::real(std::strtod(buf, nullptr));
    }
    long double pow10 = std::pow(10.0L, static_cast<long double>(-n));
    long double y = static_cast<long double>(d) / pow10;
    long double z = std::nearbyint(y);
    return Value::real(double(z * pow10));
}

Value sortedFn(CallArgs &a)
{
    if (a.size() != 1)
        throwTypeError("sorted expected 1 argument, got " + std::to_string(a.size()));
    Value list = Value::list(iterateToVector(a[0]));
    CallArgs rest(a.interp, {}, a.keywords);
    detail::callBuiltinMethod(list, "sort", rest);
    return list;
}

Value reversedFn(CallArgs &a)
{
    a.expectPositional("reversed", 1, 1);
    const Value &x = a[0];
    switch (x.kind()) {
    case ValueKind::List:
    case ValueKind::Tuple:
    case ValueKind::Str:
    case ValueKind::Range: {
        std::vector<Value> items = iterateToVector(x);
        std::reverse(items.begin(), items.end());
        return makeIterator(std::move(items), std::string(x.typeName()) + "_reverseiterator");
    }
    case ValueKind::Dict: {
        std::vector<Value> items = x.asDict().keys();
        std::reverse(items.begin(), items.end());
        return makeIterator(std::move(items), "dict_reversekeyiterator");
    }
    default:
        throwTypeError("'" + std::string(x.typeName()) + "' object is not reversible");
    }
}

Value zipFn(CallArgs &a)
{
    bool strict = false;
    for (const Kwarg &k : a.keywords) {
        if (k.name != "strict")
            throwTypeError("zip() got an unexpected keyword argument '" + k.name + "'");
        strict = truthy(k.value);
    }
    auto cursors = std::make_shared<std::vector<ValueCursor>>();
    for (const Value &v : a.positional)
        cursors->emplace_back(v);
    return Value::fromObject(std::make_shared<IteratorObject>(
        [cursors, strict]() -> std::optional<Value> {
            if (cursors->empty())
                return std::nullopt;
            std::vector<Value> row;
            for (std::size_t i = 0; i < cursors->size(); ++i) {
                Value x;
                if (!(*cursors)[i].next(x)) {
                    if (strict && i > 0)
                        throwValueError("zip() argument " + std::to_string(i + 1)
                                        + " is shorter than argument"
                                        + (i == 1 ? " 1" : "s 1-" + std::to_string(i)));
                    if (strict && i == 0)
                        for (std::size_t j = 1; j < cursors->size(); ++j) {
                            Value y;
                            if ((*cursors)[j].next(y))
                                throwValueError("zip() argument " + std::to_string(j + 1)
                                                + " is longer than argument"
                                                + (j == 1 ? " 1" : "s 1-" + std::to_string(j)));
                        }
                    return std::nullopt;
                }
                row.push_back(std::move(x));
            }
            return Value::tuple(std::move(row));
        },
        "zip"));
}

Value enumerateFn(CallArgs &a)
{
    std::vector<Value> p = a.bind("enumerate", {{"iterable"}, {"start", Value::integer(0)}});
    auto cursor = std::make_shared<ValueCursor>(p[0]);
    auto index = std::make_shared<std::int64_t>(toIndex(p[1]));
    return Value::fromObject(std::make_shared<IteratorObject>(
        [cursor, index]() -> std::optional<Value> {
            Value x;
            if (!cursor->next(x))
                return std::nullopt;
            return Value::tuple({Value::integer((*index)++), std::move(x)});
        },
        "enumerate"));
}

Value mapFn(CallArgs &a)
{
    if (a.size() < 2)
        throwTypeError("map() must have at least two arguments.");
    Value fn = a[0];
    auto cursors = std::make_shared<std::vector<ValueCursor>>();
    for (std::size_t i = 1; i < a.size(); ++i)
        cursors->emplace_back(a[i]);
    Interpreter *interp = &a.interp;
    return Value::fromObject(std::make_shared<IteratorObject>(
        [cursors, fn, interp]() -> std::optional<Value> {
            std::vector<Value> args;
            for (ValueCursor &c : *cursors) {
                Value x;
                if (!c.next(x))
                    return std::nullopt;
                args.push_back(std::move(x));
            }
            return interp->callValue(fn, std::move(args));
        },
        "map"));
}

Value filterFn(CallArgs &a)
{
    a.expectPositional("filter", 2, 2);
    Value fn = a[0];
    auto cursor = std::make_shared<ValueCursor>(a[1]);
    Interpreter *interp = &a.interp;
    return Value::fromObject(std::make_shared<IteratorObject>(
        [cursor, fn, interp]() -> std::optional<Value> {
            Value x;
            while (cursor->next(x)) {
                bool keep = fn.isNone() ? truthy(x) : truthy(interp->callValue(fn, {x}));
                if (keep)
                    return x;
            }
            return std::nullopt;
        },
        "filter"));
}

Value anyAll(CallArgs &a, bool isAny)
{
    a.expectPositional(isAny ? "any" : "all", 1, 1);
    ValueCursor cur(a[0]);
    Value x;
    while (cur.next(x))
        if (truthy(x) == isAny)
            return Value::boolean(isAny);
    return Value::boolean(!isAny);
}

Value divmodFn(CallArgs &a)
{
    a.expectPositional("divmod", 2, 2);
    return Value::tuple({detail::binaryOp(ast::BinaryOp::FloorDiv, a[0], a[1]),
                         detail::binaryOp(ast::BinaryOp::Mod, a[0], a[1])});
}

Value powFn(CallArgs &a)
{
    std::vector<Value> p = a.bind("pow", {{"base"}, {"exp"}, {"mod", Value()}});
    if (p[2].isNone())
        return detail::binaryOp(ast::BinaryOp::Pow, p[0], p[1]);
    if (!p[0].isIntLike() || !p[1].isIntLike() || !p[2].isIntLike())
        throwTypeError("pow() 3rd argument not allowed unless all arguments are integers");
    __int128 m = p[2].asInt();
    if (m == 0)
        throwValueError("pow() 3rd argument cannot be 0");
    __int128 base = p[0].asInt(), e = p[1].asInt();
    __int128 am = m < 0 ? -m : m;
    base %= am;
    if (base < 0)
        base += am;
    if (e < 0) {
        // Modular inverse by the extended Euclid algorithm.
        __int128 t = 0, newT = 1, r = am, newR = base;
        while (newR != 0) {
            __int128 q = r / newR;
            __int128 tmp = t - q * newT;
            t = newT;
            newT = tmp;
            tmp = r - q * newR;
            r = newR;
            newR = tmp;
        }
        if (r != 1)
            throwValueError("base is not invertible for the given modulus");
        base = t < 0 ? t + am : t;
        e = -e;
    }
    __int128 result = 1 % am;
    while (e > 0) {
        if (e & 1)
            result = result * base % am;
        base = base * base % am;
        e >>= 1;
    }
    if (m < 0 && result != 0)
        result -= am;
    return Value::integer(std::int64_t(result));
}

Value chrFn(CallArgs &a)
{
    a.expectPositional("chr", 1, 1);
    std::int64_t c = toIndex(a[0]);
    if (c < 0 || c > 0x10FFFF)
        throwValueError("chr() arg not in range(0x110000)");
    return Value::str(pyFormat(Value::integer(c), "c"));
}

Value ordFn(CallArgs &a)
{
    a.expectPositional("ord", 1, 1);
    if (!a[0].isStr())
        throwTypeError("ord() expected string of length 1, but " + std::string(a[0].typeName())
                       + " found");
    const std::string &s = a[0].asStr();
    std::int64_t n = lengthOf(a[0]);
    if (n != 1)
        throwTypeError("ord() expected a character, but string of length " + std::to_string(n)
                       + " found");
    unsigned char c0 = static_cast<unsigned char>(s[0]);
    std::uint32_t cp = c0;
    if (c0 >= 0xF0)
        cp = ((c0 & 0x07u) << 18) | ((s[1] & 0x3Fu) << 12) | ((s[2] & 0x3Fu) << 6) | (s[3] & 0x3Fu);
    else if (c0 >= 0xE0)
        cp = ((c0 & 0x0Fu) << 12) | ((s[1] & 0x3Fu) << 6) | (s[2] & 0x3Fu);
    else if (c0 >= 0xC0)
        cp = ((c0 & 0x1Fu) << 6) | (s[1] & 0x3Fu);
    return Value::integer(cp);
}

Value radixFn(CallArgs &a, const char *name, const char *spec)
{
    a.expectPositional(name, 1, 1);
    return Value::str(pyFormat(Value::integer(toIndex(a[0])), spec));
}

/// getattr / hasattr lookups: a missing attribute is an AttributeError here, even on modules.
std::optional<Value> probeAttribute(const Value &obj, const Value &nameValue, const char *fn)
{
    if (!nameValue.isStr())
        throwTypeError(std::string(fn) + "(): attribute name must be string, not '"
                       + std::string(nameValue.typeName()) + "'");
    const std::string &name = nameValue.asStr();
    if (isForbiddenAttribute(name))
        throwForbidden(std::string(fn) + "(..., '" + name + "')",
                       "reach the interpreter's internals");
    if (obj.kind() == ValueKind::Module) {
        if (auto v = obj.object()->getAttr(name))
            return v;
        return std::nullopt;
    }
    try {
        return detail::getAttribute(obj, name);
    } catch (PyException &e) {
        if (e.matches("AttributeError"))
            return std::nullopt;
        throw;
    }
}

Value getattrFn(CallArgs &a)
{
    a.expectPositional("getattr", 2, 3);
    if (auto v = probeAttribute(a[0], a[1], "getattr"))
        return *v;
    if (a.size() == 3)
        return a[2];
    if (a[0].kind() == ValueKind::Module)
        throwPy("AttributeError",
                "module '" + a[0].asModule().name + "' has no attribute '" + a[1].asStr() + "'");
    throwPy("AttributeError",
            "'" + std::string(a[0].typeName()) + "' object has no attribute '" + a[1].asStr()
                + "'");
}

Value nextFn(CallArgs &a)
{
    a.expectPositional("next", 1, 2);
    const Value &it = a[0];
    if (it.kind() != ValueKind::Iterator && it.kind() != ValueKind::Object)
        throwTypeError("'" + std::string(it.typeName()) + "' object is not an iterator");
    if (std::optional<Value> x = it.object()->next())
        return *x;
    if (a.size() == 2)
        return a[1];
    throwPy("StopIteration", "");
}

Value isinstanceFn(CallArgs &a)
{
    a.expectPositional("isinstance", 2, 2);
    std::vector<Value> classes;
    if (a[1].kind() == ValueKind::Tuple)
        classes = a[1].asTuple().items;
    else
        classes.push_back(a[1]);
    for (const Value &c : classes) {
        if (c.kind() != ValueKind::Type)
            throwTypeError("isinstance() arg 2 must be a type, a tuple of types, or a union");
        if (detail::isInstance(a[0], c.asType()))
            return Value::boolean(true);
    }
    return Value::boolean(false);
}

Value idFn(CallArgs &a)
{
    a.expectPositional("id", 1, 1);
    if (a[0].object())
        return Value::integer(std::int64_t(reinterpret_cast<std::uintptr_t>(a[0].object())));
    return Value::integer(std::int64_t(hashValue(a[0]) & 0x7fffffffffff));
}

void forbid(std::unordered_map<std::string, Value> &b, const char *name)
{
    std::string_view action;
    isForbiddenBuiltin(name, &action);
    std::string n = name;
    std::string act(action);
    b[n] = makeBuiltin(n, [n, act](CallArgs &) -> Value { throwForbidden(n + "()", act); });
}

void unsupported(std::unordered_map<std::string, Value> &b, const char *name)
{
    std::string n = name;
    b[n]
        = makeBuiltin(n, [n](CallArgs &) -> Value { throwUnsupported("the builtin '" + n + "'"); });
}

} // namespace

void Interpreter::Impl::installBuiltins()
{
    auto &b = builtins;
    auto add = [&](const char *name, BuiltinFn fn) { b[name] = makeBuiltin(name, std::move(fn)); };
    add("print", printFn);
    add("len", lenFn);
    add("abs", absFn);
    add("min", [](CallArgs &a) { return minMax(a, false); });
    add("max", [](CallArgs &a) { return minMax(a, true); });
    add("sum", sumFn);
    add("round", roundFn);
    add("sorted", sortedFn);
    add("reversed", reversedFn);
    add("zip", zipFn);
    add("enumerate", enumerateFn);
    add("map", mapFn);
    add("filter", filterFn);
    add("any", [](CallArgs &a) { return anyAll(a, true); });
    add("all", [](CallArgs &a) { return anyAll(a, false); });
    add("divmod", divmodFn);
    add("pow", powFn);
    add("chr", chrFn);
    add("ord", ordFn);
    add("hex", [](CallArgs &a) { return radixFn(a, "hex", "#x"); });
    add("bin", [](CallArgs &a) { return radixFn(a, "bin", "#b"); });
    add("oct", [](CallArgs &a) { return radixFn(a, "oct", "#o"); });
    add("repr", [](CallArgs &a) {
        a.expectPositional("repr", 1, 1);
        return Value::str(pyRepr(a[0]));
    });
    add("ascii", [](CallArgs &a) {
        a.expectPositional("ascii", 1, 1);
        return Value::str(pyRepr(a[0]));
    });
    add("format", [](CallArgs &a) {
        std::vector<Value> p = a.bind("format", {{"value"}, {"format_spec", Value::str("")}});
        if (!p[1].isStr())
            throwTypeError("format() argument 2 must be str, not " + std::string(p[1].typeName()));
        return Value::str(pyFormat(p[0], p[1].asStr()));
    });
    add("hash", [](CallArgs &a) {
        a.expectPositional("hash", 1, 1);
        return Value::integer(std::int64_t(hashValue(a[0])));
    });
    add("id", idFn);
    add("iter", [](CallArgs &a) {
        a.expectPositional("iter", 1, 1);
        return detail::makeIter(a[0]);
    });
    add("next", nextFn);
    add("callable", [](CallArgs &a) {
        a.expectPositional("callable", 1, 1);
        const Value &v = a[0];
        return Value::boolean(v.object()
                              && (v.kind() == ValueKind::Function || v.kind() == ValueKind::Builtin
                                  || v.object()->callable()));
    });
    add("getattr", getattrFn);
    add("hasattr", [](CallArgs &a) {
        a.expectPositional("hasattr", 2, 2);
        return Value::boolean(probeAttribute(a[0], a[1], "hasattr").has_value());
    });
    add("isinstance", isinstanceFn);
    add("issubclass", [](CallArgs &a) {
        a.expectPositional("issubclass", 2, 2);
        if (a[0].kind() != ValueKind::Type)
            throwTypeError("issubclass() arg 1 must be a class");
        std::vector<Value> classes
            = a[1].kind() == ValueKind::Tuple ? a[1].asTuple().items : std::vector<Value>{a[1]};
        for (const Value &c : classes) {
            if (c.kind() != ValueKind::Type)
                throwTypeError(
                    "issubclass() arg 2 must be a class, a tuple of classes, or a union");
            const TypeObject &sub = a[0].asType();
            const TypeObject &sup = c.asType();
            if (&sub == &sup || sup.isSuperclassOf(sub)
                || (sup.kind == ValueKind::Int && sub.kind == ValueKind::Bool))
                return Value::boolean(true);
        }
        return Value::boolean(false);
    });

    for (ValueKind k : {ValueKind::Bool,
                        ValueKind::Int,
                        ValueKind::Float,
                        ValueKind::Str,
                        ValueKind::Tuple,
                        ValueKind::List,
                        ValueKind::Dict,
                        ValueKind::Set,
                        ValueKind::Range,
                        ValueKind::Slice,
                        ValueKind::Type}) {
        Value t = detail::builtinType(k);
        b[t.asType().name] = t;
    }
    for (const auto &e : exceptionTypes())
        b[e->name] = Value::fromObject(e);
    b["Ellipsis"] = Value::ellipsis();

    for (const char *name : {"open",
                             "eval",
                             "exec",
                             "compile",
                             "__import__",
                             "globals",
                             "locals",
                             "vars",
                             "input",
                             "breakpoint",
                             "__build_class__"})
        forbid(b, name);
    for (const char *name :
         {"setattr",     "delattr",    "super",     "object",        "property", "staticmethod",
          "classmethod", "memoryview", "bytearray", "bytes",         "complex",  "exit",
          "quit",        "help",       "dir",       "frozenset",     "aiter",    "anext",
          "copyright",   "credits",    "license",   "NotImplemented"})
        unsupported(b, name);
}

} // namespace tsm::host
