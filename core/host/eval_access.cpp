// Attribute access, subscripts (indexing and slicing of str / list / tuple / range / dict and
// library objects), item assignment and deletion, and streaming iteration (ValueCursor).

#include "core/host/interpreter_impl.h"
#include "core/host/py_format.h"
#include "core/host/sandbox.h"

namespace tsm::host {

namespace {

[[noreturn]] void noAttribute(const Value &v, std::string_view name)
{
    throwPy("AttributeError",
            "'" + std::string(v.typeName()) + "' object has no attribute '" + std::string(name)
                + "'");
}

bool isAscii(const std::string &s)
{
    for (unsigned char c : s)
        if (c >= 0x80)
            return false;
    return true;
}

/// Code points of a non-ASCII string (each as its UTF-8 bytes).
std::vector<std::string> codePointsOf(const std::string &s)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < s.size();) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        out.push_back(s.substr(i, n));
        i += n;
    }
    return out;
}

std::int64_t normalizeIndex(std::int64_t i, std::int64_t n, const char *what)
{
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        throwPy("IndexError", std::string(what) + " index out of range");
    return i;
}

template <class Seq> Seq sliceOf(const Seq &items, const SliceObject &s)
{
    std::int64_t start, stop, step;
    s.indices(std::int64_t(items.size()), start, stop, step);
    std::int64_t n = SliceObject::sliceLength(start, stop, step);
    Seq out;
    out.reserve(std::size_t(n));
    for (std::int64_t i = 0, j = start; i < n; ++i, j += step)
        out.push_back(items[std::size_t(j)]);
    return out;
}

} // namespace

Value detail::getAttribute(const Value &v, std::string_view name)
{
    if (isForbiddenAttribute(name))
        throwForbidden("attribute '" + std::string(name) + "'",
                       "reach the interpreter's internals");
    switch (v.kind()) {
    case ValueKind::Module: {
        if (auto r = v.object()->getAttr(name))
            return *r;
        throwUnsupported("'" + v.asModule().name + "." + std::string(name) + "'");
    }
    case ValueKind::Function: {
        const FunctionObject &fn = v.asFunction();
        if (name == "__name__" || name == "__qualname__")
            return Value::str(fn.name);
        if (name == "__doc__") {
            if (fn.def() && !fn.def()->body.empty())
                if (const auto *es = ast::dynCast<ast::ExprStmt>(fn.def()->body[0]))
                    if (const auto *c = ast::dynCast<ast::Constant>(es->value);
                        c && c->constKind == ast::ConstantKind::String)
                        return Value::str(c->str);
            return Value();
        }
        if (name == "__module__")
            return Value::str(fn.m_globals ? fn.m_globals->name : "__main__");
        noAttribute(v, name);
    }
    case ValueKind::Builtin:
        if (name == "__name__" || name == "__qualname__")
            return Value::str(v.asBuiltin().name);
        noAttribute(v, name);
    case ValueKind::Range:
        if (name == "start")
            return Value::integer(v.asRange().start);
        if (name == "stop")
            return Value::integer(v.asRange().stop);
        if (name == "step")
            return Value::integer(v.asRange().step);
        break;
    case ValueKind::Slice:
        if (name == "start")
            return v.asSlice().lower;
        if (name == "stop")
            return v.asSlice().upper;
        if (name == "step")
            return v.asSlice().step;
        break;
    case ValueKind::Int:
    case ValueKind::Bool:
        if (name == "real" || name == "numerator")
            return Value::integer(v.asInt());
        if (name == "imag")
            return Value::integer(0);
        if (name == "denominator")
            return Value::integer(1);
        break;
    case ValueKind::Float:
        if (name == "real")
            return v;
        if (name == "imag")
            return Value::real(0.0);
        break;
    case ValueKind::None:
    case ValueKind::Ellipsis:
        noAttribute(v, name);
    case ValueKind::Type:
    case ValueKind::Exception:
    case ValueKind::Iterator:
    case ValueKind::Object:
        if (auto r = v.object()->getAttr(name))
            return *r;
        noAttribute(v, name);
    default:
        break;
    }
    if (hasBuiltinMethod(v.kind(), name)) {
        std::string method(name);
        Value self = v;
        auto b = std::make_shared<BuiltinObject>(method, [self, method](CallArgs &args) {
            return *callBuiltinMethod(self, method, args);
        });
        b->ownerType = std::string(v.typeName());
        return Value::fromObject(std::move(b));
    }
    noAttribute(v, name);
}

void detail::setAttribute(const Value &target, std::string_view name, const Value &value)
{
    if (isForbiddenAttribute(name))
        throwForbidden("attribute '" + std::string(name) + "'",
                       "reach the interpreter's internals");
    if (target.isObject() || target.kind() == ValueKind::Module) {
        if (target.object()->setAttr(name, value))
            return;
        throwPy("AttributeError",
                "'" + std::string(target.typeName()) + "' object attribute '" + std::string(name)
                    + "' is read-only or does not exist");
    }
    if (target.kind() == ValueKind::Function)
        throwUnsupported("setting attributes on functions");
    throwPy("AttributeError",
            "'" + std::string(target.typeName()) + "' object has no attribute '" + std::string(name)
                + "'");
}

Value detail::getItem(const Value &v, const Value &key)
{
    switch (v.kind()) {
    case ValueKind::List:
    case ValueKind::Tuple: {
        bool list = v.kind() == ValueKind::List;
        const auto &items = list ? v.asList().items : v.asTuple().items;
        if (key.kind() == ValueKind::Slice) {
            auto out = sliceOf(items, key.asSlice());
            return list ? Value::list(std::move(out)) : Value::tuple(std::move(out));
        }
        if (!key.isIntLike()
            && !(key.isObject() && key.object()->toScalar()
                 && key.object()->toScalar()->isIntLike()))
            throwTypeError(std::string(list ? "list" : "tuple")
                           + " indices must be integers or slices, not "
                           + std::string(key.typeName()));
        std::int64_t i
            = normalizeIndex(toIndex(key), std::int64_t(items.size()), list ? "list" : "tuple");
        return items[std::size_t(i)];
    }
    case ValueKind::Str: {
        const std::string &s = v.asStr();
        bool ascii = isAscii(s);
        if (key.kind() == ValueKind::Slice) {
            if (ascii) {
                std::int64_t start, stop, step;
                key.asSlice().indices(std::int64_t(s.size()), start, stop, step);
                std::int64_t n = SliceObject::sliceLength(start, stop, step);
                if (step == 1)
                    return Value::str(s.substr(std::size_t(start), std::size_t(n)));
                std::string out;
                for (std::int64_t i = 0, j = start; i < n; ++i, j += step)
                    out += s[std::size_t(j)];
                return Value::str(std::move(out));
            }
            std::string out;
            for (const std::string &cp : sliceOf(codePointsOf(s), key.asSlice()))
                out += cp;
            return Value::str(std::move(out));
        }
        if (!key.isIntLike())
            throwTypeError("string indices must be integers, not '" + std::string(key.typeName())
                           + "'");
        if (ascii) {
            std::int64_t i = normalizeIndex(key.asInt(), std::int64_t(s.size()), "string");
            return Value::str(std::string(1, s[std::size_t(i)]));
        }
        auto cps = codePointsOf(s);
        return Value::str(
            cps[std::size_t(normalizeIndex(key.asInt(), std::int64_t(cps.size()), "string"))]);
    }
    case ValueKind::Range: {
        const RangeObject &r = v.asRange();
        if (key.kind() == ValueKind::Slice) {
            std::int64_t start, stop, step;
            key.asSlice().indices(r.size(), start, stop, step);
            std::int64_t n = SliceObject::sliceLength(start, stop, step);
            std::int64_t newStep = r.step * step;
            std::int64_t first = r.at(start);
            return Value::fromObject(
                std::make_shared<RangeObject>(first, first + n * newStep, newStep));
        }
        std::int64_t i = normalizeIndex(toIndex(key), r.size(), "range object");
        return Value::integer(r.at(i));
    }
    case ValueKind::Dict: {
        if (const Value *x = v.asDict().find(key))
            return *x;
        throw PyException("KeyError", pyRepr(key));
    }
    case ValueKind::Type:
        throwUnsupported("subscripted types ('" + v.asType().name + "[...]')");
    case ValueKind::Object:
        return v.object()->getItem(key);
    default:
        throwTypeError("'" + std::string(v.typeName()) + "' object is not subscriptable");
    }
}

void detail::setItem(const Value &target, const Value &key, const Value &value)
{
    switch (target.kind()) {
    case ValueKind::List: {
        auto &items = target.asList().items;
        if (key.kind() == ValueKind::Slice) {
            std::vector<Value> repl = iterateToVector(value);
            std::int64_t start, stop, step;
            key.asSlice().indices(std::int64_t(items.size()), start, stop, step);
            if (step == 1) {
                if (stop < start)
                    stop = start;
                checkContainerSize(std::int64_t(items.size()) - (stop - start)
                                   + std::int64_t(repl.size()));
                items.erase(items.begin() + start, items.begin() + stop);
                items.insert(items.begin() + start, repl.begin(), repl.end());
                return;
            }
            std::int64_t n = SliceObject::sliceLength(start, stop, step);
            if (n != std::int64_t(repl.size()))
                throwValueError("attempt to assign sequence of size " + std::to_string(repl.size())
                                + " to extended slice of size " + std::to_string(n));
            for (std::int64_t i = 0, j = start; i < n; ++i, j += step)
                items[std::size_t(j)] = repl[std::size_t(i)];
            return;
        }
        if (!key.isIntLike())
            throwTypeError("list indices must be integers or slices, not "
                           + std::string(key.typeName()));
        std::int64_t i = key.asInt();
        if (i < 0)
            i += std::int64_t(items.size());
        if (i < 0 || i >= std::int64_t(items.size()))
            throwPy("IndexError", "list assignment index out of range");
        items[std::size_t(i)] = value;
        return;
    }
    case ValueKind::Dict:
        target.asDict().set(key, value);
        return;
    case ValueKind::Object:
        target.object()->setItem(key, value);
        return;
    default:
        throwTypeError("'" + std::string(target.typeName())
                       + "' object does not support item assignment");
    }
}

void detail::delItem(const Value &target, const Value &key)
{
    switch (target.kind()) {
    case ValueKind::List: {
        auto &items = target.asList().items;
        if (key.kind() == ValueKind::Slice) {
            std::int64_t start, stop, step;
            key.asSlice().indices(std::int64_t(items.size()), start, stop, step);
            std::int64_t n = SliceObject::sliceLength(start, stop, step);
            std::vector<bool> drop(items.size(), false);
            for (std::int64_t i = 0, j = start; i < n; ++i, j += step)
                drop[std::size_t(j)] = true;
            std::vector<Value> kept;
            for (std::size_t i = 0; i < items.size(); ++i)
                if (!drop[i])
                    kept.push_back(std::move(items[i]));
            items = std::move(kept);
            return;
        }
        std::int64_t i = toIndex(key);
        if (i < 0)
            i += std::int64_t(items.size());
        if (i < 0 || i >= std::int64_t(items.size()))
            throwPy("IndexError", "list assignment index out of range");
        items.erase(items.begin() + i);
        return;
    }
    case ValueKind::Dict:
        if (!target.asDict().erase(key))
            throw PyException("KeyError", pyRepr(key));
        return;
    default:
        throwTypeError("'" + std::string(target.typeName())
                       + "' object doesn't support item deletion");
    }
}

// ---------------------------------------------------------------- iteration

ValueCursor::ValueCursor(const Value &iterable)
    : m_source(iterable)
{
    switch (iterable.kind()) {
    case ValueKind::List:
        m_mode = Mode::List;
        return;
    case ValueKind::Tuple:
        m_mode = Mode::Tuple;
        m_count = std::int64_t(iterable.asTuple().items.size());
        return;
    case ValueKind::Str:
        m_mode = Mode::Str;
        m_count = std::int64_t(iterable.asStr().size());
        return;
    case ValueKind::Range:
        m_mode = Mode::Range;
        m_count = iterable.asRange().size();
        return;
    case ValueKind::Dict:
        m_snapshot = iterable.asDict().keys();
        m_count = std::int64_t(m_snapshot.size());
        return;
    case ValueKind::Set:
        m_snapshot = iterable.asSet().items();
        m_count = std::int64_t(m_snapshot.size());
        return;
    case ValueKind::Iterator:
    case ValueKind::Object: {
        std::optional<Value> it = iterable.object()->iter();
        if (it) {
            m_mode = Mode::Iterator;
            m_source = *it;
            return;
        }
        break;
    }
    default:
        break;
    }
    throwTypeError("'" + std::string(iterable.typeName()) + "' object is not iterable");
}

bool ValueCursor::next(Value &out)
{
    switch (m_mode) {
    case Mode::List: {
        const auto &items = m_source.asList().items;
        if (m_index >= std::int64_t(items.size()))
            return false;
        out = items[std::size_t(m_index++)];
        return true;
    }
    case Mode::Tuple:
        if (m_index >= m_count)
            return false;
        out = m_source.asTuple().items[std::size_t(m_index++)];
        return true;
    case Mode::Str: {
        if (m_index >= m_count)
            return false;
        const std::string &s = m_source.asStr();
        unsigned char c = static_cast<unsigned char>(s[std::size_t(m_index)]);
        std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        out = Value::str(s.substr(std::size_t(m_index), n));
        m_index += std::int64_t(n);
        return true;
    }
    case Mode::Range:
        if (m_index >= m_count)
            return false;
        out = Value::integer(m_source.asRange().at(m_index++));
        return true;
    case Mode::Snapshot:
        if (m_index >= m_count)
            return false;
        out = m_snapshot[std::size_t(m_index++)];
        return true;
    case Mode::Iterator: {
        std::optional<Value> x = m_source.object()->next();
        if (!x)
            return false;
        out = std::move(*x);
        return true;
    }
    }
    return false;
}

Value detail::makeIter(const Value &v)
{
    if (v.kind() == ValueKind::Iterator)
        return v;
    if (v.kind() == ValueKind::Object) {
        if (auto it = v.object()->iter())
            return *it;
        throwTypeError("'" + std::string(v.typeName()) + "' object is not iterable");
    }
    auto cursor = std::make_shared<ValueCursor>(v);
    std::string type = std::string(v.typeName()) + "_iterator";
    if (v.kind() == ValueKind::Dict)
        type = "dict_keyiterator";
    return Value::fromObject(std::make_shared<IteratorObject>(
        [cursor]() -> std::optional<Value> {
            Value x;
            if (!cursor->next(x))
                return std::nullopt;
            return x;
        },
        type));
}

} // namespace tsm::host
