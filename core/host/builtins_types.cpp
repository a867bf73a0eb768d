// The built-in types as callable type objects (int, float, bool, str, list, tuple, dict, set,
// range, slice, type) and isinstance.

#include "core/host/interpreter_impl.h"
#include "core/host/py_format.h"

#include <cmath>
#include <cstdlib>
#include <map>
#include <mutex>

namespace tsm::host {

namespace {

std::string strip(std::string_view s)
{
    std::size_t b = s.find_first_not_of(" \t\n\r\f\v");
    if (b == std::string_view::npos)
        return "";
    std::size_t e = s.find_last_not_of(" \t\n\r\f\v");
    return std::string(s.substr(b, e - b + 1));
}

Value intFromString(const std::string &text, std::int64_t base)
{
    auto invalid = [&]() -> Value {
        throwValueError("invalid literal for int() with base " + std::to_string(base) + ": "
                        + strRepr(text));
    };
    if (base != 0 && (base < 2 || base > 36))
        throwValueError("int() base must be >= 2 and <= 36, or 0");
    std::string s = strip(text);
    bool neg = false;
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    std::int64_t b = base;
    auto hasPrefix = [&](char p) {
        return i + 1 < s.size() && s[i] == '0'
               && std::tolower(static_cast<unsigned char>(s[i + 1])) == p;
    };
    if ((b == 16 || b == 0) && hasPrefix('x')) {
        b = 16;
        i += 2;
    } else if ((b == 8 || b == 0) && hasPrefix('o')) {
        b = 8;
        i += 2;
    } else if ((b == 2 || b == 0) && hasPrefix('b')) {
        b = 2;
        i += 2;
    } else if (b == 0) {
        b = 10;
    }
    if (i >= s.size())
        return invalid();
    unsigned __int128 v = 0;
    bool lastUnderscore = true;
    for (; i < s.size(); ++i) {
        char c = s[i];
        if (c == '_') {
            if (lastUnderscore)
                return invalid();
            lastUnderscore = true;
            continue;
        }
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (std::isalpha(static_cast<unsigned char>(c)))
            d = std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
        else
            return invalid();
        if (d >= b)
            return invalid();
        lastUnderscore = false;
        v = v * unsigned(b) + unsigned(d);
        if (v > (static_cast<unsigned __int128>(1) << 63))
            throwPy("OverflowError",
                    "int() result " + text
                        + " does not fit in 64 bits: Tilesmith's harness supports "
                          "integers in [-2**63, 2**63)");
    }
    if (lastUnderscore)
        return invalid();
    if (!neg && v > static_cast<unsigned __int128>(INT64_MAX))
        throwPy("OverflowError", "int() result does not fit in 64 bits");
    return Value::integer(neg ? std::int64_t(-static_cast<__int128>(v)) : std::int64_t(v));
}

Value intFromFloat(double d)
{
    if (std::isnan(d))
        throwValueError("cannot convert float NaN to integer");
    if (std::isinf(d))
        throwPy("OverflowError", "cannot convert float infinity to integer");
    return checkedInt(std::trunc(static_cast<long double>(d)));
}

Value floatFromString(const std::string &text)
{
    std::string s = strip(text);
    std::string lower;
    for (char c : s)
        if (c != '_')
            lower += char(std::tolower(static_cast<unsigned char>(c)));
    std::string body = lower;
    bool neg = false;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
        neg = body[0] == '-';
        body = body.substr(1);
    }
    if (body == "inf" || body == "infinity")
        return Value::real(neg ? -INFINITY : INFINITY);
    if (body == "nan")
        return Value::real(neg ? -NAN : NAN);
    if (!lower.empty() && lower.find_first_not_of("0123456789+-.e") == std::string::npos) {
        char *end = nullptr;
        double d = std::strtod(lower.c_str(), &end);
        if (end && *end == '\0' && end != lower.c_str())
            return Value::real(d);
    }
    throwValueError("could not convert string to float: " + strRepr(text));
}

Value intCtor(CallArgs &a)
{
    std::vector<Value> p = a.bind("int", {{"x", Value::integer(0)}, {"base", Value()}});
    const Value &x = p[0];
    if (!p[1].isNone()) {
        if (!x.isStr())
            throwTypeError("int() can't convert non-string with explicit base");
        return intFromString(x.asStr(), toIndex(p[1]));
    }
    switch (x.kind()) {
    case ValueKind::Int:
        return x;
    case ValueKind::Bool:
        return Value::integer(x.asInt());
    case ValueKind::Float:
        return intFromFloat(x.asFloat());
    case ValueKind::Str:
        return intFromString(x.asStr(), 10);
    case ValueKind::Object:
        if (auto s = x.object()->toScalar())
            return s->isFloat() ? intFromFloat(s->asFloat()) : Value::integer(s->asInt());
        [[fallthrough]];
    default:
        throwTypeError(
            "int() argument must be a string, a bytes-like object or a real number, not '"
            + std::string(x.typeName()) + "'");
    }
}

Value floatCtor(CallArgs &a)
{
    a.expectPositional("float", 0, 1);
    if (a.size() == 0)
        return Value::real(0.0);
    const Value &x = a[0];
    if (x.isNumber())
        return Value::real(x.asNumber());
    if (x.isStr())
        return floatFromString(x.asStr());
    if (x.isObject())
        if (auto s = x.object()->toScalar())
            return Value::real(s->asNumber());
    throwTypeError("float() argument must be a string or a real number, not '"
                   + std::string(x.typeName()) + "'");
}

Value boolCtor(CallArgs &a)
{
    a.expectPositional("bool", 0, 1);
    return Value::boolean(a.size() && truthy(a[0]));
}

Value strCtor(CallArgs &a)
{
    a.expectPositional("str", 0, 1);
    return Value::str(a.size() ? pyStr(a[0]) : "");
}

Value listCtor(CallArgs &a)
{
    a.expectPositional("list", 0, 1);
    return Value::list(a.size() ? iterateToVector(a[0]) : std::vector<Value>{});
}

Value tupleCtor(CallArgs &a)
{
    a.expectPositional("tuple", 0, 1);
    if (a.size() && a[0].kind() == ValueKind::Tuple)
        return a[0];
    return Value::tuple(a.size() ? iterateToVector(a[0]) : std::vector<Value>{});
}

Value setCtor(CallArgs &a)
{
    a.expectPositional("set", 0, 1);
    Value s = Value::set();
    if (a.size())
        for (const Value &x : iterateToVector(a[0]))
            s.asSet().add(x);
    return s;
}

Value dictCtor(CallArgs &a)
{
    if (a.size() > 1)
        throwTypeError("dict expected at most 1 argument, got " + std::to_string(a.size()));
    Value d = Value::dict();
    if (a.size()) {
        const Value &src = a[0];
        if (src.kind() == ValueKind::Dict) {
            for (auto &[k, v] : src.asDict().items())
                d.asDict().set(k, v);
        } else {
            std::int64_t i = 0;
            for (const Value &item : iterateToVector(src)) {
                std::vector<Value> kv = iterateToVector(item);
                if (kv.size() != 2)
                    throwValueError("dictionary update sequence element #" + std::to_string(i)
                                    + " has length " + std::to_string(kv.size())
                                    + "; 2 is required");
                d.asDict().set(kv[0], kv[1]);
                ++i;
            }
        }
    }
    for (const Kwarg &k : a.keywords)
        d.asDict().set(Value::str(k.name), k.value);
    return d;
}

Value rangeCtor(CallArgs &a)
{
    a.expectPositional("range", 1, 3);
    std::int64_t start = 0, stop, step = 1;
    if (a.size() == 1) {
        stop = toIndex(a[0]);
    } else {
        start = toIndex(a[0]);
        stop = toIndex(a[1]);
        if (a.size() == 3)
            step = toIndex(a[2]);
    }
    if (step == 0)
        throwValueError("range() arg 3 must not be zero");
    return Value::fromObject(std::make_shared<RangeObject>(start, stop, step));
}

Value sliceCtor(CallArgs &a)
{
    a.expectPositional("slice", 1, 3);
    auto s = std::make_shared<SliceObject>();
    if (a.size() == 1) {
        s->upper = a[0];
    } else {
        s->lower = a[0];
        s->upper = a[1];
        if (a.size() == 3)
            s->step = a[2];
    }
    return Value::fromObject(std::move(s));
}

struct TypeTable
{
    std::map<ValueKind, Value> byKind;
    std::map<std::string, Value, std::less<>> libraryByName;
    std::mutex mutex;

    TypeTable()
    {
        auto add = [&](ValueKind k, const char *name, BuiltinFn ctor) {
            auto t = std::make_shared<TypeObject>();
            t->name = name;
            t->kind = k;
            t->construct = std::move(ctor);
            byKind[k] = Value::fromObject(std::move(t));
        };
        add(ValueKind::None, "NoneType", {});
        add(ValueKind::Bool, "bool", boolCtor);
        add(ValueKind::Int, "int", intCtor);
        add(ValueKind::Float, "float", floatCtor);
        add(ValueKind::Str, "str", strCtor);
        add(ValueKind::Tuple, "tuple", tupleCtor);
        add(ValueKind::List, "list", listCtor);
        add(ValueKind::Dict, "dict", dictCtor);
        add(ValueKind::Set, "set", setCtor);
        add(ValueKind::Range, "range", rangeCtor);
        add(ValueKind::Slice, "slice", sliceCtor);
        add(ValueKind::Function, "function", {});
        add(ValueKind::Builtin, "builtin_function_or_method", {});
        add(ValueKind::Module, "module", {});
        add(ValueKind::Iterator, "iterator", {});
        add(ValueKind::Ellipsis, "ellipsis", {});
        add(ValueKind::Type, "type", [](CallArgs &a) -> Value {
            if (a.size() == 3)
                throwForbidden("type(name, bases, dict)", "create classes at run time");
            a.expectPositional("type", 1, 1);
            return detail::typeOf(a[0]);
        });
    }
};

TypeTable &types()
{
    static TypeTable t;
    return t;
}

} // namespace

Value detail::builtinType(ValueKind kind)
{
    auto &t = types();
    auto it = t.byKind.find(kind);
    return it == t.byKind.end() ? Value() : it->second;
}

Value detail::typeOf(const Value &v)
{
    if (v.kind() == ValueKind::Exception)
        return Value::fromObject(v.asException().type);
    if (v.kind() != ValueKind::Object)
        return builtinType(v.kind());
    auto &t = types();
    std::lock_guard<std::mutex> lock(t.mutex);
    std::string name(v.typeName());
    auto it = t.libraryByName.find(name);
    if (it != t.libraryByName.end())
        return it->second;
    Value type = makeLibraryType(name);
    t.libraryByName.emplace(name, type);
    return type;
}

bool detail::isInstance(const Value &v, const TypeObject &cls)
{
    if (cls.isException)
        return v.kind() == ValueKind::Exception && cls.isSuperclassOf(*v.asException().type);
    if (cls.kind == ValueKind::Object)
        return v.isObject() && v.object()->isInstanceOf(cls.name);
    if (cls.kind == ValueKind::Int && v.kind() == ValueKind::Bool)
        return true;
    return v.kind() == cls.kind;
}

} // namespace tsm::host
