// Methods of list, tuple, dict (with its keys / values / items views), set, int and float, and
// the dispatch from (type, method name) to them.

#include "core/host/builtins_methods.h"
#include "core/host/py_format.h"

#include <algorithm>
#include <cmath>

namespace tsm::host {

namespace {

/// dict.keys() / values() / items(): a live view printed as CPython prints it.
class DictView final : public Object
{
public:
    enum class Kind { Keys, Values, Items };
    DictView(Value dict, Kind kind)
        : m_dict(std::move(dict))
        , m_kind(kind)
    {
    }
    std::string_view typeName() const override
    {
        return m_kind == Kind::Keys     ? "dict_keys"
               : m_kind == Kind::Values ? "dict_values"
                                        : "dict_items";
    }
    std::vector<Value> elements() const
    {
        std::vector<Value> out;
        m_dict.asDict().forEach([&](const Value &k, const Value &v) {
            out.push_back(m_kind == Kind::Keys     ? k
                          : m_kind == Kind::Values ? v
                                                   : Value::tuple({k, v}));
        });
        return out;
    }
    std::optional<Value> iter() override
    {
        return makeIterator(elements(), std::string(typeName()) + "_iterator");
    }
    std::optional<std::int64_t> len() const override
    {
        return std::int64_t(m_dict.asDict().size());
    }
    std::optional<bool> contains(const Value &item) override
    {
        if (m_kind == Kind::Keys)
            return m_dict.asDict().find(item) != nullptr;
        for (const Value &e : elements())
            if (valuesEqual(e, item))
                return true;
        return false;
    }
    std::string repr() const override
    {
        return std::string(typeName()) + "(" + pyRepr(Value::list(elements())) + ")";
    }

private:
    Value m_dict;
    Kind m_kind;
};

std::vector<Value> &items(const Value &v)
{
    return v.asList().items;
}

std::int64_t indexOf(const std::vector<Value> &items, CallArgs &a, const char *type)
{
    a.expectPositional("index", 1, 3);
    std::int64_t n = std::int64_t(items.size());
    std::int64_t start = a.size() > 1 ? toIndex(a[1]) : 0;
    std::int64_t stop = a.size() > 2 ? toIndex(a[2]) : n;
    if (start < 0)
        start = std::max<std::int64_t>(0, start + n);
    if (stop < 0)
        stop = std::max<std::int64_t>(0, stop + n);
    for (std::int64_t i = start; i < std::min(stop, n); ++i)
        if (items[std::size_t(i)].is(a[0]) || valuesEqual(items[std::size_t(i)], a[0]))
            return i;
    if (std::string_view(type) == "list")
        throwValueError(pyRepr(a[0]) + " is not in list");
    throwValueError("tuple.index(x): x not in tuple");
}

std::int64_t countOf(const std::vector<Value> &items, CallArgs &a)
{
    a.expectPositional("count", 1, 1);
    std::int64_t n = 0;
    for (const Value &v : items)
        n += v.is(a[0]) || valuesEqual(v, a[0]);
    return n;
}

Value listSort(const Value &self, CallArgs &a)
{
    if (a.size())
        throwTypeError("sort() takes no positional arguments");
    Value key;
    bool reverse = false;
    for (const Kwarg &k : a.keywords) {
        if (k.name == "key")
            key = k.value;
        else if (k.name == "reverse")
            reverse = truthy(k.value);
        else
            throwTypeError("sort() got an unexpected keyword argument '" + k.name + "'");
    }
    std::vector<Value> &v = items(self);
    std::vector<std::pair<Value, Value>> keyed;
    keyed.reserve(v.size());
    for (const Value &x : v)
        keyed.emplace_back(key.isNone() ? x : a.interp.callValue(key, {x}), x);
    auto less = [](const Value &x, const Value &y) {
        return truthy(detail::compareOp(ast::CmpOp::Lt, x, y));
    };
    // reverse=True keeps equal elements in their original order, as CPython does.
    std::stable_sort(keyed.begin(), keyed.end(), [&](const auto &x, const auto &y) {
        return reverse ? less(y.first, x.first) : less(x.first, y.first);
    });
    for (std::size_t i = 0; i < v.size() && i < keyed.size(); ++i)
        v[i] = std::move(keyed[i].second);
    return Value();
}

} // namespace

const MethodTable &listMethods()
{
    static const MethodTable table = {
        {"append",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("list.append", 1, 1);
             auto &v = items(self);
             if (std::int64_t(v.size()) >= containerLimit())
                 checkContainerSize(std::int64_t(v.size()) + 1);
             v.push_back(a[0]);
             return Value();
         }},
        {"extend",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("list.extend", 1, 1);
             std::vector<Value> extra = iterateToVector(a[0]);
             auto &v = items(self);
             checkContainerSize(std::int64_t(v.size() + extra.size()));
             v.insert(v.end(), extra.begin(), extra.end());
             return Value();
         }},
        {"insert",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("list.insert", 2, 2);
             auto &v = items(self);
             std::int64_t n = std::int64_t(v.size());
             std::int64_t i = toIndex(a[0]);
             if (i < 0)
                 i = std::max<std::int64_t>(0, i + n);
             i = std::min(i, n);
             checkContainerSize(n + 1);
             v.insert(v.begin() + i, a[1]);
             return Value();
         }},
        {"pop",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("pop", 0, 1);
             auto &v = items(self);
             if (v.empty())
                 throwPy("IndexError", "pop from empty list");
             std::int64_t n = std::int64_t(v.size());
             std::int64_t i = a.size() ? toIndex(a[0]) : n - 1;
             if (i < 0)
                 i += n;
             if (i < 0 || i >= n)
                 throwPy("IndexError", "pop index out of range");
             Value out = v[std::size_t(i)];
             v.erase(v.begin() + i);
             return out;
         }},
        {"remove",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("list.remove", 1, 1);
             auto &v = items(self);
             for (std::size_t i = 0; i < v.size(); ++i)
                 if (v[i].is(a[0]) || valuesEqual(v[i], a[0])) {
                     v.erase(v.begin() + std::ptrdiff_t(i));
                     return Value();
                 }
             throwValueError("list.remove(x): x not in list");
         }},
        {"index",
         [](const Value &self, CallArgs &a) {
             return Value::integer(indexOf(items(self), a, "list"));
         }},
        {"count",
         [](const Value &self, CallArgs &a) { return Value::integer(countOf(items(self), a)); }},
        {"sort", listSort},
        {"reverse",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("list.reverse", 0, 0);
             std::reverse(items(self).begin(), items(self).end());
             return Value();
         }},
        {"clear",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("list.clear", 0, 0);
             items(self).clear();
             return Value();
         }},
        {"copy",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("list.copy", 0, 0);
             return Value::list(items(self));
         }},
    };
    return table;
}

const MethodTable &tupleMethods()
{
    static const MethodTable table = {
        {"index",
         [](const Value &self, CallArgs &a) {
             return Value::integer(indexOf(self.asTuple().items, a, "tuple"));
         }},
        {"count",
         [](const Value &self, CallArgs &a) {
             return Value::integer(countOf(self.asTuple().items, a));
         }},
    };
    return table;
}

const MethodTable &dictMethods()
{
    static const MethodTable table = {
        {"keys",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("dict.keys", 0, 0);
             return Value::make<DictView>(self, DictView::Kind::Keys);
         }},
        {"values",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("dict.values", 0, 0);
             return Value::make<DictView>(self, DictView::Kind::Values);
         }},
        {"items",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("dict.items", 0, 0);
             return Value::make<DictView>(self, DictView::Kind::Items);
         }},
        {"get",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("get", 1, 2);
             if (const Value *v = self.asDict().find(a[0]))
                 return *v;
             return a.size() == 2 ? a[1] : Value();
         }},
        {"setdefault",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("setdefault", 1, 2);
             if (const Value *v = self.asDict().find(a[0]))
                 return *v;
             Value d = a.size() == 2 ? a[1] : Value();
             self.asDict().set(a[0], d);
             return d;
         }},
        {"update",
         [](const Value &self, CallArgs &a) {
             if (a.size() > 1)
                 throwTypeError("update expected at most 1 argument, got "
                                + std::to_string(a.size()));
             if (a.size()) {
                 CallArgs inner(a.interp, {a[0]}, {});
                 Value other = detail::builtinType(ValueKind::Dict).asType().construct(inner);
                 for (auto &[k, v] : other.asDict().items())
                     self.asDict().set(k, v);
             }
             for (const Kwarg &k : a.keywords)
                 self.asDict().set(Value::str(k.name), k.value);
             return Value();
         }},
        {"pop",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("pop", 1, 2);
             if (const Value *v = self.asDict().find(a[0])) {
                 Value out = *v;
                 self.asDict().erase(a[0]);
                 return out;
             }
             if (a.size() == 2)
                 return a[1];
             throw PyException("KeyError", pyRepr(a[0]));
         }},
        {"popitem",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("popitem", 0, 0);
             auto all = self.asDict().items();
             if (all.empty())
                 throw PyException("KeyError", "'popitem(): dictionary is empty'");
             auto last = all.back();
             self.asDict().erase(last.first);
             return Value::tuple({last.first, last.second});
         }},
        {"clear",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("dict.clear", 0, 0);
             self.asDict().clear();
             return Value();
         }},
        {"copy",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("dict.copy", 0, 0);
             Value d = Value::dict();
             for (auto &[k, v] : self.asDict().items())
                 d.asDict().set(k, v);
             return d;
         }},
    };
    return table;
}

namespace {

Value setOf(CallArgs &a, std::size_t i)
{
    if (a[i].kind() == ValueKind::Set)
        return a[i];
    Value s = Value::set();
    for (const Value &x : iterateToVector(a[i]))
        s.asSet().add(x);
    return s;
}

Value setAlgebra(const Value &self, CallArgs &a, ast::BinaryOp op)
{
    Value acc = Value::set();
    for (const Value &x : self.asSet().items())
        acc.asSet().add(x);
    for (std::size_t i = 0; i < a.size(); ++i)
        acc = detail::binaryOp(op, acc, setOf(a, i));
    return acc;
}

} // namespace

const MethodTable &setMethods()
{
    static const MethodTable table = {
        {"add",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("set.add", 1, 1);
             self.asSet().add(a[0]);
             return Value();
         }},
        {"remove",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("set.remove", 1, 1);
             if (!self.asSet().erase(a[0]))
                 throw PyException("KeyError", pyRepr(a[0]));
             return Value();
         }},
        {"discard",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("set.discard", 1, 1);
             self.asSet().erase(a[0]);
             return Value();
         }},
        {"pop",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("set.pop", 0, 0);
             auto all = self.asSet().items();
             if (all.empty())
                 throw PyException("KeyError", "'pop from an empty set'");
             self.asSet().erase(all.front());
             return all.front();
         }},
        {"clear",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("set.clear", 0, 0);
             self.asSet().clear();
             return Value();
         }},
        {"copy",
         [](const Value &self, CallArgs &a) { return setAlgebra(self, a, ast::BinaryOp::BitOr); }},
        {"update",
         [](const Value &self, CallArgs &a) {
             for (std::size_t i = 0; i < a.size(); ++i)
                 for (const Value &x : iterateToVector(a[i]))
                     self.asSet().add(x);
             return Value();
         }},
        {"union",
         [](const Value &self, CallArgs &a) { return setAlgebra(self, a, ast::BinaryOp::BitOr); }},
        {"intersection",
         [](const Value &self, CallArgs &a) { return setAlgebra(self, a, ast::BinaryOp::BitAnd); }},
        {"difference",
         [](const Value &self, CallArgs &a) { return setAlgebra(self, a, ast::BinaryOp::Sub); }},
        {"symmetric_difference",
         [](const Value &self, CallArgs &a) { return setAlgebra(self, a, ast::BinaryOp::BitXor); }},
        {"issubset",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("issubset", 1, 1);
             return detail::compareOp(ast::CmpOp::LtE, self, setOf(a, 0));
         }},
        {"issuperset",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("issuperset", 1, 1);
             return detail::compareOp(ast::CmpOp::GtE, self, setOf(a, 0));
         }},
        {"isdisjoint",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("isdisjoint", 1, 1);
             Value other = setOf(a, 0);
             for (const Value &x : self.asSet().items())
                 if (other.asSet().contains(x))
                     return Value::boolean(false);
             return Value::boolean(true);
         }},
    };
    return table;
}

const MethodTable &numberMethods()
{
    static const MethodTable table = {
        {"is_integer",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("is_integer", 0, 0);
             if (self.isIntLike())
                 return Value::boolean(true);
             double d = self.asFloat();
             return Value::boolean(std::isfinite(d) && d == std::floor(d));
         }},
        {"bit_length",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("bit_length", 0, 0);
             if (!self.isIntLike())
                 throwPy("AttributeError", "'float' object has no attribute 'bit_length'");
             std::int64_t v = self.asInt();
             std::uint64_t m = v < 0 ? std::uint64_t(0) - std::uint64_t(v) : std::uint64_t(v);
             return Value::integer(m == 0 ? 0 : 64 - __builtin_clzll(m));
         }},
        {"conjugate",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("conjugate", 0, 0);
             return self.isBool() ? Value::integer(self.asInt()) : self;
         }},
    };
    return table;
}

namespace {

const MethodTable *tableFor(ValueKind kind)
{
    switch (kind) {
    case ValueKind::Str:
        return &strMethods();
    case ValueKind::List:
        return &listMethods();
    case ValueKind::Tuple:
        return &tupleMethods();
    case ValueKind::Dict:
        return &dictMethods();
    case ValueKind::Set:
        return &setMethods();
    case ValueKind::Int:
    case ValueKind::Bool:
    case ValueKind::Float:
        return &numberMethods();
    default:
        return nullptr;
    }
}

} // namespace

bool detail::hasBuiltinMethod(ValueKind kind, std::string_view name)
{
    const MethodTable *t = tableFor(kind);
    if (!t || !t->count(name))
        return false;
    return !(name == "bit_length" && kind == ValueKind::Float);
}

std::optional<Value>
detail::callBuiltinMethod(const Value &self, std::string_view name, CallArgs &args)
{
    const MethodTable *t = tableFor(self.kind());
    if (!t)
        return std::nullopt;
    auto it = t->find(name);
    if (it == t->end())
        return std::nullopt;
    return it->second(self, args);
}

} // namespace tsm::host
