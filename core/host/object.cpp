// Default hooks of Object, CallArgs binding, and the built-in heap types (dict, set, range,
// slice, builtin, module, type, exception).

#include "core/host/object.h"

#include "core/host/interpreter_support.h"
#include "core/host/py_exception.h"
#include "core/host/py_format.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

namespace tsm::host {

namespace {

std::string quoteType(std::string_view t)
{
    return "'" + std::string(t) + "'";
}

std::string addressOf(const void *p)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%012" PRIxPTR, reinterpret_cast<std::uintptr_t>(p));
    return buf;
}

} // namespace

// ---------------------------------------------------------------- detail messages

namespace detail {

std::string quotedNameList(const std::vector<std::string_view> &names)
{
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            out += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
        out += "'" + std::string(names[i]) + "'";
    }
    return out;
}

std::string missingArgumentsMessage(std::string_view function,
                                    const std::vector<std::string_view> &names,
                                    bool keywordOnly)
{
    std::string kind = keywordOnly ? "keyword-only" : "positional";
    std::string plural = names.size() == 1 ? "argument" : "arguments";
    return std::string(function) + "() missing " + std::to_string(names.size()) + " required "
           + kind + " " + plural + ": " + quotedNameList(names);
}

std::string tooManyPositionalMessage(std::string_view function,
                                     std::size_t min,
                                     std::size_t max,
                                     std::size_t given)
{
    std::string takes = min == max ? std::to_string(max)
                                   : "from " + std::to_string(min) + " to " + std::to_string(max);
    std::string noun = (min == max && max == 1) ? " positional argument" : " positional arguments";
    std::string verb = given == 1 ? " was given" : " were given";
    return std::string(function) + "() takes " + takes + noun + " but " + std::to_string(given)
           + verb;
}

} // namespace detail

// ---------------------------------------------------------------- CallArgs

const Value *CallArgs::keyword(std::string_view name) const
{
    for (const Kwarg &k : keywords)
        if (k.name == name)
            return &k.value;
    return nullptr;
}

std::vector<Value> CallArgs::bind(std::string_view function,
                                  std::initializer_list<ParamSpec> params) const
{
    std::vector<Value> out(params.size());
    std::vector<bool> set(params.size(), false);
    std::size_t positionalParams = 0, required = 0;
    for (const ParamSpec &p : params) {
        if (p.keywordOnly)
            continue;
        ++positionalParams;
        required += !p.defaultValue.has_value();
    }
    if (positional.size() > positionalParams)
        throwTypeError(detail::tooManyPositionalMessage(
            function, required, positionalParams, positional.size()));
    std::size_t pi = 0, i = 0;
    for (const ParamSpec &p : params) {
        if (!p.keywordOnly && pi < positional.size()) {
            out[i] = positional[pi++];
            set[i] = true;
        }
        ++i;
    }
    for (const Kwarg &k : keywords) {
        std::size_t j = 0;
        bool found = false;
        for (const ParamSpec &p : params) {
            if (p.name == k.name) {
                if (set[j])
                    throwTypeError(std::string(function) + "() got multiple values for argument '"
                                   + k.name + "'");
                out[j] = k.value;
                set[j] = true;
                found = true;
                break;
            }
            ++j;
        }
        if (!found)
            throwTypeError(std::string(function) + "() got an unexpected keyword argument '"
                           + k.name + "'");
    }
    std::vector<std::string_view> missing, missingKw;
    i = 0;
    for (const ParamSpec &p : params) {
        if (!set[i]) {
            if (p.defaultValue)
                out[i] = *p.defaultValue;
            else
                (p.keywordOnly ? missingKw : missing).push_back(p.name);
        }
        ++i;
    }
    if (!missing.empty())
        throwTypeError(detail::missingArgumentsMessage(function, missing, false));
    if (!missingKw.empty())
        throwTypeError(detail::missingArgumentsMessage(function, missingKw, true));
    return out;
}

void CallArgs::expectPositional(std::string_view function, std::size_t min, std::size_t max) const
{
    if (!keywords.empty())
        throwTypeError(std::string(function) + "() takes no keyword arguments");
    if (positional.size() < min || positional.size() > max) {
        std::string n = std::to_string(positional.size());
        if (min == max && min == 0)
            throwTypeError(std::string(function) + "() takes no arguments (" + n + " given)");
        if (min == max && min == 1)
            throwTypeError(std::string(function) + "() takes exactly one argument (" + n
                           + " given)");
        if (positional.size() < min)
            throwTypeError(std::string(function) + " expected at least " + std::to_string(min)
                           + " argument" + (min == 1 ? "" : "s") + ", got " + n);
        throwTypeError(std::string(function) + " expected at most " + std::to_string(max)
                       + " argument" + (max == 1 ? "" : "s") + ", got " + n);
    }
}

// ---------------------------------------------------------------- Object defaults

std::optional<Value> Object::getAttr(std::string_view)
{
    return std::nullopt;
}

bool Object::setAttr(std::string_view, const Value &)
{
    return false;
}

Value Object::call(CallArgs &)
{
    throwTypeError(quoteType(typeName()) + " object is not callable");
}

Value Object::getItem(const Value &)
{
    throwTypeError(quoteType(typeName()) + " object is not subscriptable");
}

void Object::setItem(const Value &, const Value &)
{
    throwTypeError(quoteType(typeName()) + " object does not support item assignment");
}

std::optional<Value> Object::binaryOp(ast::BinaryOp, const Value &, bool)
{
    return std::nullopt;
}

std::optional<Value> Object::unaryOp(ast::UnaryOpKind)
{
    return std::nullopt;
}

std::optional<Value> Object::compare(ast::CmpOp, const Value &, bool)
{
    return std::nullopt;
}

std::optional<bool> Object::contains(const Value &)
{
    return std::nullopt;
}

std::string Object::repr() const
{
    return "<" + std::string(typeName()) + " object at " + addressOf(this) + ">";
}

std::string Object::format(std::string_view spec) const
{
    if (spec.empty())
        return str();
    throwTypeError("unsupported format string passed to " + std::string(typeName())
                   + ".__format__");
}

std::optional<Value> Object::iter()
{
    return std::nullopt;
}

std::optional<Value> Object::next()
{
    throwTypeError(quoteType(typeName()) + " object is not an iterator");
}

std::optional<std::size_t> Object::hash() const
{
    return std::hash<const void *>{}(this) >> 4;
}

Value Object::enter()
{
    throwTypeError(quoteType(typeName()) + " object does not support the context manager protocol");
}

bool Object::exit(const PyException *)
{
    return false;
}

std::optional<Value> Object::inplaceOp(ast::BinaryOp, const Value &)
{
    return std::nullopt;
}

// ---------------------------------------------------------------- iterative release

namespace {
thread_local std::vector<std::shared_ptr<Object>> *t_graveyard = nullptr;
}

void releaseValues(std::vector<Value> &values)
{
    bool outermost = t_graveyard == nullptr;
    std::vector<std::shared_ptr<Object>> local;
    if (outermost)
        t_graveyard = &local;
    for (Value &v : values)
        if (v.object() && v.objectPtr().use_count() == 1)
            t_graveyard->push_back(v.takeObject());
    values.clear();
    if (outermost) {
        while (!local.empty()) {
            std::shared_ptr<Object> o = std::move(local.back());
            local.pop_back();
            o.reset(); // its destructor queues its own children here
        }
        t_graveyard = nullptr;
    }
}

ListObject::~ListObject()
{
    releaseValues(items);
}

TupleObject::~TupleObject()
{
    releaseValues(items);
}

ExceptionObject::~ExceptionObject()
{
    releaseValues(args);
}

DictObject::~DictObject()
{
    std::vector<Value> values;
    values.reserve(m_entries.size() * 2);
    for (Entry &e : m_entries) {
        values.push_back(std::move(e.key));
        values.push_back(std::move(e.value));
    }
    m_index.clear();
    m_entries.clear();
    releaseValues(values);
}

// ---------------------------------------------------------------- dict and set

Value *DictObject::find(const Value &key)
{
    auto it = m_index.find(key);
    return it == m_index.end() ? nullptr : &m_entries[it->second].value;
}

const Value *DictObject::find(const Value &key) const
{
    auto it = m_index.find(key);
    return it == m_index.end() ? nullptr : &m_entries[it->second].value;
}

const Value *DictObject::find(std::string_view key) const
{
    return find(Value::str(std::string(key)));
}

void DictObject::set(const Value &key, Value value)
{
    auto it = m_index.find(key);
    if (it != m_index.end()) {
        m_entries[it->second].value = std::move(value);
        return;
    }
    if (std::int64_t(m_live + 1) > containerLimit())
        checkContainerSize(std::int64_t(m_live + 1));
    m_index.emplace(key, m_entries.size());
    m_entries.push_back({key, std::move(value), true});
    ++m_live;
}

bool DictObject::erase(const Value &key)
{
    auto it = m_index.find(key);
    if (it == m_index.end())
        return false;
    Entry &e = m_entries[it->second];
    e.alive = false;
    e.key = Value();
    e.value = Value();
    m_index.erase(it);
    --m_live;
    if (m_entries.size() > 16 && m_live < m_entries.size() / 2)
        compact();
    return true;
}

void DictObject::compact()
{
    std::vector<Entry> live;
    live.reserve(m_live);
    for (Entry &e : m_entries)
        if (e.alive)
            live.push_back(std::move(e));
    m_entries = std::move(live);
    m_index.clear();
    for (std::size_t i = 0; i < m_entries.size(); ++i)
        m_index.emplace(m_entries[i].key, i);
}

void DictObject::clear()
{
    m_entries.clear();
    m_index.clear();
    m_live = 0;
}

std::vector<std::pair<Value, Value>> DictObject::items() const
{
    std::vector<std::pair<Value, Value>> out;
    out.reserve(m_live);
    for (const Entry &e : m_entries)
        if (e.alive)
            out.emplace_back(e.key, e.value);
    return out;
}

std::vector<Value> DictObject::keys() const
{
    std::vector<Value> out;
    out.reserve(m_live);
    for (const Entry &e : m_entries)
        if (e.alive)
            out.push_back(e.key);
    return out;
}

bool SetObject::contains(const Value &v) const
{
    return m_dict.find(v) != nullptr;
}

bool SetObject::add(const Value &v)
{
    if (m_dict.find(v))
        return false;
    m_dict.set(v, Value());
    return true;
}

bool SetObject::erase(const Value &v)
{
    return m_dict.erase(v);
}

// ---------------------------------------------------------------- range and slice

std::int64_t RangeObject::size() const
{
    if (step > 0 && start < stop)
        return std::int64_t((static_cast<unsigned __int128>(stop - start) - 1) / step + 1);
    if (step < 0 && start > stop)
        return std::int64_t((static_cast<unsigned __int128>(start - stop) - 1)
                                / static_cast<unsigned __int128>(-(__int128)step)
                            + 1);
    return 0;
}

void SliceObject::indices(std::int64_t length,
                          std::int64_t &start,
                          std::int64_t &stop,
                          std::int64_t &stepOut) const
{
    std::int64_t st = step.isNone() ? 1 : toIndex(step);
    if (st == 0)
        throwValueError("slice step cannot be zero");
    auto clamp = [&](const Value &v, std::int64_t dflt, std::int64_t lo, std::int64_t hi) {
        if (v.isNone())
            return dflt;
        std::int64_t x = toIndex(v);
        if (x < 0) {
            x += length;
            if (x < lo)
                x = lo;
        } else if (x > hi) {
            x = hi;
        }
        return x;
    };
    if (st > 0) {
        start = clamp(lower, 0, 0, length);
        stop = clamp(upper, length, 0, length);
    } else {
        start = clamp(lower, length - 1, -1, length - 1);
        stop = clamp(upper, -1, -1, length - 1);
    }
    stepOut = st;
}

std::int64_t SliceObject::sliceLength(std::int64_t start, std::int64_t stop, std::int64_t step)
{
    if (step > 0)
        return start < stop ? (stop - start - 1) / step + 1 : 0;
    return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

// ---------------------------------------------------------------- functions, modules, types

std::string FunctionObject::repr() const
{
    return "<function " + name + " at " + addressOf(this) + ">";
}

SourceSpan FunctionObject::span() const
{
    if (m_def)
        return m_def->nameSpan;
    return m_lambda ? m_lambda->span : SourceSpan{};
}

std::string BuiltinObject::repr() const
{
    if (!ownerType.empty())
        return "<built-in method " + name + " of " + ownerType + " object>";
    return "<built-in function " + name + ">";
}

std::optional<Value> ModuleObject::getAttr(std::string_view attr)
{
    if (const Value *v = find(attr))
        return *v;
    if (attr == "__name__")
        return Value::str(name);
    return std::nullopt;
}

bool ModuleObject::setAttr(std::string_view attr, const Value &value)
{
    set(attr, value);
    return true;
}

const Value *ModuleObject::find(std::string_view attr) const
{
    auto it = m_index.find(attr);
    if (it == m_index.end() || !m_alive[it->second])
        return nullptr;
    return &m_values[it->second];
}

void ModuleObject::set(std::string_view attr, Value value)
{
    auto it = m_index.find(attr);
    if (it != m_index.end()) {
        m_values[it->second] = std::move(value);
        m_alive[it->second] = true;
        return;
    }
    // m_names is a deque: the index's keys view its strings, which never move.
    m_names.push_back(std::string(attr));
    m_values.push_back(std::move(value));
    m_alive.push_back(true);
    m_index.emplace(m_names.back(), m_names.size() - 1);
}

bool ModuleObject::erase(std::string_view attr)
{
    auto it = m_index.find(attr);
    if (it == m_index.end() || !m_alive[it->second])
        return false;
    m_alive[it->second] = false;
    m_values[it->second] = Value();
    return true;
}

std::vector<std::pair<std::string, Value>> ModuleObject::entries() const
{
    std::vector<std::pair<std::string, Value>> out;
    for (std::size_t i = 0; i < m_names.size(); ++i)
        if (m_alive[i])
            out.emplace_back(m_names[i], m_values[i]);
    return out;
}

std::ptrdiff_t ModuleObject::slotOf(std::string_view attr) const
{
    auto it = m_index.find(attr);
    return it == m_index.end() ? -1 : std::ptrdiff_t(it->second);
}

std::string TypeObject::repr() const
{
    return "<class '" + name + "'>";
}

Value TypeObject::call(CallArgs &args)
{
    if (!construct)
        throwTypeError("cannot create '" + name + "' instances");
    return construct(args);
}

std::optional<Value> TypeObject::getAttr(std::string_view attr)
{
    if (attr == "__name__" || attr == "__qualname__")
        return Value::str(name);
    if (auto it = classAttrs.find(std::string(attr)); it != classAttrs.end())
        return it->second;
    return std::nullopt;
}

bool TypeObject::isSuperclassOf(const TypeObject &sub) const
{
    for (const TypeObject *t = &sub; t; t = t->base)
        if (t == this)
            return true;
    return false;
}

std::string ExceptionObject::repr() const
{
    std::string out = type->name + "(";
    for (std::size_t i = 0; i < args.size(); ++i)
        out += (i ? ", " : "") + pyRepr(args[i]);
    return out + ")";
}

std::string ExceptionObject::str() const
{
    if (args.empty())
        return "";
    if (args.size() == 1)
        return type->name == "KeyError" ? pyRepr(args[0]) : pyStr(args[0]);
    return pyRepr(Value::tuple(args));
}

std::optional<Value> ExceptionObject::getAttr(std::string_view attr)
{
    if (attr == "args")
        return Value::tuple(args);
    return std::nullopt;
}

// ---------------------------------------------------------------- helpers

Value makeBuiltin(std::string name, BuiltinFn fn)
{
    return Value::fromObject(std::make_shared<BuiltinObject>(std::move(name), std::move(fn)));
}

Value makeMethod(const Object &self, std::string name, BuiltinFn fn)
{
    auto b = std::make_shared<BuiltinObject>(std::move(name), std::move(fn));
    b->ownerType = std::string(self.typeName());
    return Value::fromObject(std::move(b));
}

Value makeIterator(std::vector<Value> items, std::string typeName)
{
    auto data = std::make_shared<std::vector<Value>>(std::move(items));
    auto pos = std::make_shared<std::size_t>(0);
    return Value::fromObject(std::make_shared<IteratorObject>(
        [data, pos]() -> std::optional<Value> {
            if (*pos >= data->size())
                return std::nullopt;
            return (*data)[(*pos)++];
        },
        std::move(typeName)));
}

Value makeLibraryType(std::string name, BuiltinFn construct)
{
    auto t = std::make_shared<TypeObject>();
    t->name = std::move(name);
    t->construct = std::move(construct);
    return Value::fromObject(std::move(t));
}

std::shared_ptr<ModuleObject> makeModule(std::string name)
{
    return std::make_shared<ModuleObject>(std::move(name));
}

Value checkedInt(long double v)
{
    if (!(v >= -9223372036854775808.0L && v < 9223372036854775808.0L))
        throwPy("OverflowError",
                "integer result out of range: Tilesmith's harness supports integers in [-2**63, "
                "2**63)");
    return Value::integer(static_cast<std::int64_t>(v));
}

} // namespace tsm::host
