// Value construction, accessors and the protocols every value answers (truth, equality, hash,
// index, iteration, len).

#include "core/host/value.h"

#include "core/host/object.h"
#include "core/host/py_exception.h"

#include <cmath>
#include <functional>

namespace tsm::host {

namespace {

std::int64_t g_containerLimit = std::int64_t(1) << 26;

Value heap(ValueKind, std::shared_ptr<Object> obj)
{
    return Value::fromObject(std::move(obj));
}

} // namespace

Value Value::boolean(bool b)
{
    Value v;
    v.m_kind = ValueKind::Bool;
    v.m_int = b ? 1 : 0;
    return v;
}

Value Value::integer(std::int64_t i)
{
    Value v;
    v.m_kind = ValueKind::Int;
    v.m_int = i;
    return v;
}

Value Value::real(double d)
{
    Value v;
    v.m_kind = ValueKind::Float;
    v.m_float = d;
    return v;
}

Value Value::str(std::string s)
{
    return heap(ValueKind::Str, std::make_shared<StrObject>(std::move(s)));
}

Value Value::tuple(std::vector<Value> items)
{
    return heap(ValueKind::Tuple, std::make_shared<TupleObject>(std::move(items)));
}

Value Value::list(std::vector<Value> items)
{
    return heap(ValueKind::List, std::make_shared<ListObject>(std::move(items)));
}

Value Value::dict()
{
    return heap(ValueKind::Dict, std::make_shared<DictObject>());
}

Value Value::set()
{
    return heap(ValueKind::Set, std::make_shared<SetObject>());
}

Value Value::ellipsis()
{
    Value v;
    v.m_kind = ValueKind::Ellipsis;
    return v;
}

Value Value::fromObject(std::shared_ptr<Object> object)
{
    Value v;
    if (!object)
        return v;
    v.m_kind = object->valueKind();
    v.m_obj = std::move(object);
    return v;
}

const std::string &Value::asStr() const
{
    return static_cast<StrObject *>(m_obj.get())->value;
}
TupleObject &Value::asTuple() const
{
    return *static_cast<TupleObject *>(m_obj.get());
}
ListObject &Value::asList() const
{
    return *static_cast<ListObject *>(m_obj.get());
}
DictObject &Value::asDict() const
{
    return *static_cast<DictObject *>(m_obj.get());
}
SetObject &Value::asSet() const
{
    return *static_cast<SetObject *>(m_obj.get());
}
RangeObject &Value::asRange() const
{
    return *static_cast<RangeObject *>(m_obj.get());
}
SliceObject &Value::asSlice() const
{
    return *static_cast<SliceObject *>(m_obj.get());
}
FunctionObject &Value::asFunction() const
{
    return *static_cast<FunctionObject *>(m_obj.get());
}
BuiltinObject &Value::asBuiltin() const
{
    return *static_cast<BuiltinObject *>(m_obj.get());
}
ModuleObject &Value::asModule() const
{
    return *static_cast<ModuleObject *>(m_obj.get());
}
TypeObject &Value::asType() const
{
    return *static_cast<TypeObject *>(m_obj.get());
}
ExceptionObject &Value::asException() const
{
    return *static_cast<ExceptionObject *>(m_obj.get());
}

std::string_view Value::typeName() const
{
    switch (m_kind) {
    case ValueKind::None:
        return "NoneType";
    case ValueKind::Bool:
        return "bool";
    case ValueKind::Int:
        return "int";
    case ValueKind::Float:
        return "float";
    case ValueKind::Ellipsis:
        return "ellipsis";
    default:
        return m_obj->typeName();
    }
}

bool Value::is(const Value &other) const
{
    if (m_kind != other.m_kind)
        return false;
    switch (m_kind) {
    case ValueKind::None:
    case ValueKind::Ellipsis:
        return true;
    case ValueKind::Bool:
    case ValueKind::Int:
        return m_int == other.m_int;
    case ValueKind::Float:
        return m_float == other.m_float || (std::isnan(m_float) && std::isnan(other.m_float));
    default:
        return m_obj == other.m_obj;
    }
}

// ---------------------------------------------------------------- protocols

bool truthy(const Value &v)
{
    switch (v.kind()) {
    case ValueKind::None:
        return false;
    case ValueKind::Bool:
    case ValueKind::Int:
        return v.asInt() != 0;
    case ValueKind::Float:
        return v.asFloat() != 0.0;
    case ValueKind::Str:
        return !v.asStr().empty();
    case ValueKind::Tuple:
        return !v.asTuple().items.empty();
    case ValueKind::List:
        return !v.asList().items.empty();
    case ValueKind::Dict:
        return v.asDict().size() != 0;
    case ValueKind::Set:
        return v.asSet().size() != 0;
    case ValueKind::Range:
        return v.asRange().size() != 0;
    case ValueKind::Object: {
        if (auto b = v.object()->truthy())
            return *b;
        if (auto n = v.object()->len())
            return *n != 0;
        return true;
    }
    default:
        return true;
    }
}

namespace {

bool numbersEqual(const Value &a, const Value &b)
{
    if (a.isIntLike() && b.isIntLike())
        return a.asInt() == b.asInt();
    if (a.isFloat() && b.isFloat())
        return a.asFloat() == b.asFloat();
    const Value &i = a.isFloat() ? b : a;
    const Value &f = a.isFloat() ? a : b;
    return static_cast<long double>(i.asInt()) == static_cast<long double>(f.asFloat());
}

bool sequencesEqual(const std::vector<Value> &a, const std::vector<Value> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!a[i].is(b[i]) && !valuesEqual(a[i], b[i]))
            return false;
    return true;
}

} // namespace

bool valuesEqual(const Value &v, const Value &w)
{
    if (v.isNumber() && w.isNumber())
        return numbersEqual(v, w);
    if (v.kind() == ValueKind::Object || w.kind() == ValueKind::Object) {
        bool leftIsObj = v.kind() == ValueKind::Object;
        const Value &obj = leftIsObj ? v : w;
        const Value &other = leftIsObj ? w : v;
        if (auto r = obj.object()->compare(ast::CmpOp::Eq, other, !leftIsObj))
            return truthy(*r);
        if (v.kind() == w.kind())
            return v.object()->equals(*w.object());
        return false;
    }
    if (v.kind() != w.kind())
        return false;
    switch (v.kind()) {
    case ValueKind::None:
    case ValueKind::Ellipsis:
        return true;
    case ValueKind::Str:
        return v.asStr() == w.asStr();
    case ValueKind::Tuple:
        return sequencesEqual(v.asTuple().items, w.asTuple().items);
    case ValueKind::List:
        return sequencesEqual(v.asList().items, w.asList().items);
    case ValueKind::Dict: {
        const DictObject &a = v.asDict();
        const DictObject &b = w.asDict();
        if (a.size() != b.size())
            return false;
        bool eq = true;
        a.forEach([&](const Value &k, const Value &val) {
            if (!eq)
                return;
            const Value *o = b.find(k);
            eq = o && (o->is(val) || valuesEqual(*o, val));
        });
        return eq;
    }
    case ValueKind::Set: {
        const SetObject &a = v.asSet();
        const SetObject &b = w.asSet();
        if (a.size() != b.size())
            return false;
        for (const Value &x : a.items())
            if (!b.contains(x))
                return false;
        return true;
    }
    case ValueKind::Range: {
        const RangeObject &a = v.asRange();
        const RangeObject &b = w.asRange();
        std::int64_t n = a.size();
        if (n != b.size())
            return false;
        if (n == 0)
            return true;
        if (a.start != b.start)
            return false;
        return n == 1 || a.step == b.step;
    }
    case ValueKind::Slice: {
        const SliceObject &a = v.asSlice();
        const SliceObject &b = w.asSlice();
        return valuesEqual(a.lower, b.lower) && valuesEqual(a.upper, b.upper)
               && valuesEqual(a.step, b.step);
    }
    default:
        return v.object() == w.object();
    }
}

namespace {

constexpr std::uint64_t kHashModulus = (std::uint64_t(1) << 61) - 1;

std::size_t hashInt(std::int64_t i)
{
    // CPython: hash(n) = n mod (2**61 - 1) with the sign kept; hash(-1) is -2.
    std::uint64_t m
        = (i < 0 ? std::uint64_t(0) - std::uint64_t(i) : std::uint64_t(i)) % kHashModulus;
    std::int64_t h = i < 0 ? -std::int64_t(m) : std::int64_t(m);
    if (h == -1)
        h = -2;
    return std::size_t(h);
}

std::size_t combine(std::size_t seed, std::size_t h)
{
    return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

} // namespace

std::size_t hashValue(const Value &v)
{
    switch (v.kind()) {
    case ValueKind::None:
        return 0xfca86420;
    case ValueKind::Ellipsis:
        return 0xe11195e;
    case ValueKind::Bool:
    case ValueKind::Int:
        return hashInt(v.asInt());
    case ValueKind::Float: {
        double d = v.asFloat();
        if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 9.2e18)
            return hashInt(static_cast<std::int64_t>(d));
        return std::hash<double>{}(d);
    }
    case ValueKind::Str:
        return std::hash<std::string>{}(v.asStr());
    case ValueKind::Tuple: {
        std::size_t h = 0x345678;
        for (const Value &x : v.asTuple().items)
            h = combine(h, hashValue(x));
        return h;
    }
    case ValueKind::List:
    case ValueKind::Dict:
    case ValueKind::Set:
    case ValueKind::Slice:
        throwTypeError("unhashable type: '" + std::string(v.typeName()) + "'");
    case ValueKind::Range: {
        const RangeObject &r = v.asRange();
        return combine(combine(hashInt(r.size()), hashInt(r.start)), hashInt(r.step));
    }
    default: {
        if (auto h = v.object()->hash())
            return *h;
        throwTypeError("unhashable type: '" + std::string(v.typeName()) + "'");
    }
    }
}

std::int64_t toIndex(const Value &v)
{
    if (v.isIntLike())
        return v.asInt();
    if (v.isObject()) {
        if (auto s = v.object()->toScalar(); s && s->isIntLike())
            return s->asInt();
    }
    throwTypeError("'" + std::string(v.typeName())
                   + "' object cannot be interpreted as an integer");
}

double toDouble(const Value &v)
{
    if (v.isNumber())
        return v.asNumber();
    if (v.isObject()) {
        if (auto s = v.object()->toScalar(); s && s->isNumber())
            return s->asNumber();
    }
    throwTypeError("must be real number, not " + std::string(v.typeName()));
}

std::vector<Value> iterateToVector(const Value &iterable)
{
    switch (iterable.kind()) {
    case ValueKind::List:
        return iterable.asList().items;
    case ValueKind::Tuple:
        return iterable.asTuple().items;
    case ValueKind::Str: {
        std::vector<Value> out;
        const std::string &s = iterable.asStr();
        for (std::size_t i = 0; i < s.size();) {
            std::size_t n = 1;
            unsigned char c = static_cast<unsigned char>(s[i]);
            if (c >= 0xF0)
                n = 4;
            else if (c >= 0xE0)
                n = 3;
            else if (c >= 0xC0)
                n = 2;
            out.push_back(Value::str(s.substr(i, n)));
            i += n;
        }
        return out;
    }
    case ValueKind::Dict:
        return iterable.asDict().keys();
    case ValueKind::Set:
        return iterable.asSet().items();
    case ValueKind::Range: {
        const RangeObject &r = iterable.asRange();
        std::int64_t n = r.size();
        checkContainerSize(n);
        std::vector<Value> out;
        out.reserve(std::size_t(n));
        for (std::int64_t i = 0; i < n; ++i)
            out.push_back(Value::integer(r.at(i)));
        return out;
    }
    case ValueKind::Iterator:
    case ValueKind::Object: {
        std::optional<Value> it = iterable.object()->iter();
        if (!it)
            break;
        std::vector<Value> out;
        while (std::optional<Value> x = it->object()->next()) {
            out.push_back(std::move(*x));
            if (std::int64_t(out.size()) > g_containerLimit)
                checkContainerSize(std::int64_t(out.size()));
        }
        return out;
    }
    default:
        break;
    }
    throwTypeError("'" + std::string(iterable.typeName()) + "' object is not iterable");
}

std::int64_t lengthOf(const Value &v)
{
    switch (v.kind()) {
    case ValueKind::Str: {
        std::int64_t n = 0;
        for (unsigned char c : v.asStr())
            n += (c & 0xC0) != 0x80;
        return n;
    }
    case ValueKind::Tuple:
        return std::int64_t(v.asTuple().items.size());
    case ValueKind::List:
        return std::int64_t(v.asList().items.size());
    case ValueKind::Dict:
        return std::int64_t(v.asDict().size());
    case ValueKind::Set:
        return std::int64_t(v.asSet().size());
    case ValueKind::Range:
        return v.asRange().size();
    case ValueKind::Object:
        if (auto n = v.object()->len())
            return *n;
        break;
    default:
        break;
    }
    throwTypeError("object of type '" + std::string(v.typeName()) + "' has no len()");
}

void checkContainerSize(std::int64_t n)
{
    if (n > g_containerLimit)
        throwPy("MemoryError",
                "cannot build a container of " + std::to_string(n)
                    + " elements: Tilesmith's harness limits lists, tuples and strings to "
                    + std::to_string(g_containerLimit));
}

std::int64_t containerLimit()
{
    return g_containerLimit;
}

void setContainerLimit(std::int64_t n)
{
    g_containerLimit = n;
}

} // namespace tsm::host
