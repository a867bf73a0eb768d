// pytest: mark.parametrize / skip / skipif and other marks, param, raises, approx, skip, fail.

#include "core/host/pytest_module.h"

#include "core/host/interpreter.h"
#include "core/host/library_module.h"
#include "core/host/py_exception.h"
#include "core/host/py_format.h"
#include "core/host/torch_module.h"
#include "core/host/torch_objects.h"

#include <cmath>
#include <map>
#include <regex>

namespace tsm::host {

namespace {

/// One @pytest.mark.parametrize(argnames, argvalues, ids=...).
struct ParamMark
{
    std::vector<std::string> names;
    std::vector<std::vector<Value>> rows; ///< one row of values per case
    std::vector<std::string> ids;         ///< one per case
    std::vector<bool> skip;               ///< pytest.param(..., marks=pytest.mark.skip)
};

/// pytest.param(*values, id=None, marks=()).
class ParamObject final : public Object
{
public:
    std::string_view typeName() const override { return "ParameterSet"; }
    std::vector<Value> values;
    std::optional<std::string> id;
    bool skip = false;
};

/// A test function with the marks pytest decorators put on it, in application order.
class MarkedTestObject final : public Object
{
public:
    std::string_view typeName() const override { return "function"; }
    bool callable() const override { return true; }
    Value call(CallArgs &args) override
    {
        return args.interp.callValue(fn, args.positional, args.keywords);
    }
    std::optional<Value> getAttr(std::string_view name) override
    {
        if (name == "__name__")
            return fn.kind() == ValueKind::Function ? Value::str(fn.asFunction().name) : Value();
        return std::nullopt;
    }
    Value fn;
    std::vector<ParamMark> params;
    bool skip = false;
    std::string skipReason;
};

std::shared_ptr<MarkedTestObject> marked(const Value &target)
{
    if (auto m = target.asShared<MarkedTestObject>()) {
        auto copy = std::make_shared<MarkedTestObject>(*m);
        return copy;
    }
    if (target.kind() != ValueKind::Function && !(target.object() && target.object()->callable()))
        throwTypeError("pytest marks decorate functions, not " + std::string(target.typeName()));
    auto m = std::make_shared<MarkedTestObject>();
    m->fn = target;
    return m;
}

/// pytest's _idval for one parameter value.
std::string idFor(const Value &v, const std::string &argname, std::size_t index)
{
    switch (v.kind()) {
    case ValueKind::Str: {
        std::string out;
        for (unsigned char c : v.asStr()) {
            if (c >= 0x20 && c < 0x7f)
                out += char(c);
            else {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", c);
                out += buf;
            }
        }
        return out;
    }
    case ValueKind::None:
    case ValueKind::Bool:
    case ValueKind::Int:
    case ValueKind::Float:
        return pyStr(v);
    case ValueKind::Function:
        return v.asFunction().name;
    case ValueKind::Type:
        return v.asType().name;
    default:
        return argname + std::to_string(index);
    }
}

ParamMark parseParametrize(const std::vector<Value> &v)
{
    ParamMark m;
    if (v[0].isStr()) {
        std::string s = v[0].asStr();
        std::size_t start = 0;
        while (start <= s.size()) {
            std::size_t comma = s.find(',', start);
            std::string n
                = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            n.erase(0, n.find_first_not_of(" \t"));
            n.erase(n.find_last_not_of(" \t") + 1);
            if (!n.empty())
                m.names.push_back(n);
            if (comma == std::string::npos)
                break;
            start = comma + 1;
        }
    } else {
        for (const Value &n : iterateToVector(v[0]))
            m.names.push_back(pyStr(n));
    }
    if (m.names.empty())
        throwValueError("parametrize: argnames must not be empty");
    std::vector<Value> explicitIds;
    if (!v[2].isNone())
        explicitIds = iterateToVector(v[2]);
    std::size_t index = 0;
    for (const Value &item : iterateToVector(v[1])) {
        std::vector<Value> row;
        std::optional<std::string> id;
        bool skip = false;
        Value raw = item;
        if (auto *p = item.as<ParamObject>()) {
            row = p->values;
            id = p->id;
            skip = p->skip;
        } else if (m.names.size() == 1) {
            row = {item};
        } else {
            row = iterateToVector(item);
        }
        if (row.size() != m.names.size())
            throwValueError("wrong number of values: expected " + std::to_string(m.names.size())
                            + ", got " + std::to_string(row.size()));
        if (!id && index < explicitIds.size() && !explicitIds[index].isNone())
            id = pyStr(explicitIds[index]);
        if (!id) {
            std::string s;
            for (std::size_t k = 0; k < row.size(); ++k)
                s += (k ? "-" : "") + idFor(row[k], m.names[k], index);
            id = s;
        }
        m.rows.push_back(std::move(row));
        m.ids.push_back(*id);
        m.skip.push_back(skip);
        ++index;
    }
    // pytest makes duplicate ids unique by appending their position among the duplicates.
    std::map<std::string, int> counts, seen;
    for (const std::string &id : m.ids)
        ++counts[id];
    for (std::string &id : m.ids)
        if (counts[id] > 1)
            id += std::to_string(seen[id]++);
    return m;
}

/// A mark decorator: `@pytest.mark.skip`, `@pytest.mark.skip(reason=...)`, `@pytest.mark.slow`.
Value markDecorator(std::string name)
{
    return makeBuiltin(name, [name](CallArgs &args) -> Value {
        auto apply = [name](const Value &target, bool skip, std::string reason) {
            auto m = marked(target);
            if (skip) {
                m->skip = true;
                m->skipReason = reason;
            }
            return Value::fromObject(m);
        };
        bool isFunctionArg
            = args.size() == 1 && args.keywords.empty()
              && (args[0].kind() == ValueKind::Function || args[0].as<MarkedTestObject>());
        if (isFunctionArg)
            return apply(args[0], name == "skip", "unconditional skip");
        bool skip = name == "skip";
        std::string reason = name == "skip" ? "unconditional skip" : "";
        if (name == "skipif")
            skip = !args.positional.empty() && truthy(args[0]);
        if (const Value *r = args.keyword("reason"))
            reason = pyStr(*r);
        else if (name == "skip" && args.size() == 1 && args[0].isStr())
            reason = args[0].asStr();
        return makeBuiltin(name, [apply, skip, reason](CallArgs &a) {
            a.expectPositional("mark", 1, 1);
            return apply(a[0], skip, reason);
        });
    });
}

/// pytest.mark: parametrize, skip, skipif; any other name is a no-op mark (slow, gpu, ...).
class MarkGenerator final : public Object
{
public:
    std::string_view typeName() const override { return "MarkGenerator"; }
    std::optional<Value> getAttr(std::string_view name) override
    {
        if (name == "parametrize")
            return makeBuiltin("parametrize", [](CallArgs &args) {
                auto v = args.bind("parametrize",
                                   {{"argnames"},
                                    {"argvalues"},
                                    {"ids", Value()},
                                    {"indirect", Value::boolean(false)},
                                    {"scope", Value()}});
                if (host::truthy(v[3]))
                    throwUnsupported("pytest.mark.parametrize(indirect=True) (fixtures)");
                ParamMark mark = parseParametrize(v);
                return makeBuiltin("parametrize", [mark](CallArgs &a) {
                    a.expectPositional("parametrize", 1, 1);
                    auto m = marked(a[0]);
                    m->params.push_back(mark);
                    return Value::fromObject(m);
                });
            });
        return markDecorator(std::string(name));
    }
};

/// The ExceptionInfo pytest.raises binds with `as`.
class ExceptionInfoObject final : public Object
{
public:
    std::string_view typeName() const override { return "ExceptionInfo"; }
    std::optional<Value> getAttr(std::string_view name) override
    {
        if (name == "value")
            return value;
        if (name == "type")
            return value.kind() == ValueKind::Exception
                       ? Value::fromObject(value.asException().type)
                       : Value();
        if (name == "typename")
            return value.kind() == ValueKind::Exception ? Value::str(value.asException().type->name)
                                                        : Value();
        return std::nullopt;
    }
    Value value;
};

bool exceptionMatches(const PyException &e, const Value &expected)
{
    std::vector<Value> types = expected.kind() == ValueKind::Tuple ? iterateToVector(expected)
                                                                   : std::vector<Value>{expected};
    for (const Value &t : types)
        if (t.kind() == ValueKind::Type && e.matches(t.asType()))
            return true;
    return false;
}

std::string expectedName(const Value &expected)
{
    return expected.kind() == ValueKind::Type ? "<class '" + expected.asType().name + "'>"
                                              : pyRepr(expected);
}

class RaisesObject final : public Object
{
public:
    std::string_view typeName() const override { return "RaisesContext"; }
    Value enter() override { return Value::fromObject(info); }
    bool exit(const PyException *error) override
    {
        if (!error)
            throwLibraryException(
                kFailedException, "BaseException", "DID NOT RAISE " + expectedName(expected));
        if (!exceptionMatches(*error, expected))
            return false;
        if (!match.empty() && !std::regex_search(error->message(), std::regex(match)))
            throwPy("AssertionError",
                    "Regex pattern did not match.\n Regex: " + strRepr(match)
                        + "\n Input: " + strRepr(error->message()));
        info->value = error->value();
        return true;
    }
    Value expected;
    std::string match;
    std::shared_ptr<ExceptionInfoObject> info = std::make_shared<ExceptionInfoObject>();
};

/// pytest.approx(expected, rel=None, abs=None): == within max(rel * |expected|, abs).
class ApproxObject final : public Object
{
public:
    std::string_view typeName() const override { return "ApproxScalar"; }
    std::string repr() const override
    {
        if (expected.isNumber())
            return pyRepr(expected) + " ± " + pyRepr(Value::real(tolerance(expected.asNumber())));
        return "approx(" + pyRepr(expected) + ")";
    }
    double tolerance(double e) const { return std::max(rel * std::fabs(e), abs); }
    bool close(const Value &actual, const Value &e) const
    {
        if (e.isNumber() && actual.isNumber()) {
            double a = actual.asNumber(), x = e.asNumber();
            return a == x || std::fabs(a - x) <= tolerance(x);
        }
        if ((e.kind() == ValueKind::List || e.kind() == ValueKind::Tuple)
            && (actual.kind() == ValueKind::List || actual.kind() == ValueKind::Tuple)) {
            auto xs = iterateToVector(e), as = iterateToVector(actual);
            if (xs.size() != as.size())
                return false;
            for (std::size_t i = 0; i < xs.size(); ++i)
                if (!close(as[i], xs[i]))
                    return false;
            return true;
        }
        if (auto *t = actual.as<TensorObject>())
            if (t->tensor.numel() == 1 && e.isNumber())
                return close(*t->toScalar(), e);
        return valuesEqual(actual, e);
    }
    std::optional<Value> compare(ast::CmpOp op, const Value &other, bool) override
    {
        if (op != ast::CmpOp::Eq && op != ast::CmpOp::NotEq)
            return std::nullopt;
        bool eq = close(other, expected);
        return Value::boolean(op == ast::CmpOp::Eq ? eq : !eq);
    }
    Value expected;
    double rel = 1e-6, abs = 1e-12;
};

} // namespace

void throwLibraryException(std::string_view name, std::string_view base, std::string message)
{
    static std::map<std::string, std::shared_ptr<TypeObject>, std::less<>> types;
    auto it = types.find(name);
    if (it == types.end()) {
        auto t = std::make_shared<TypeObject>();
        t->name = std::string(name);
        t->isException = true;
        auto b = exceptionType(base);
        t->base = b ? b.get() : nullptr;
        it = types.emplace(std::string(name), t).first;
    }
    auto e = std::make_shared<ExceptionObject>();
    e->type = it->second;
    e->args = {Value::str(std::move(message))};
    throw PyException(Value::fromObject(e));
}

Value testFunction(const Value &test)
{
    if (auto *m = test.as<MarkedTestObject>())
        return m->fn;
    if (test.kind() == ValueKind::Function)
        return test;
    return Value();
}

std::vector<TestVariant> expandTest(const Value &test)
{
    std::vector<TestVariant> cases{TestVariant{}};
    auto *m = test.as<MarkedTestObject>();
    if (!m)
        return cases;
    for (const ParamMark &p : m->params) {
        std::vector<TestVariant> next;
        for (const TestVariant &c : cases)
            for (std::size_t r = 0; r < p.rows.size(); ++r) {
                TestVariant v = c;
                v.id += (v.id.empty() ? "" : "-") + p.ids[r];
                for (std::size_t k = 0; k < p.names.size(); ++k)
                    v.kwargs.push_back({p.names[k], p.rows[r][k]});
                if (p.skip[r]) {
                    v.skip = true;
                    v.skipReason = "unconditional skip";
                }
                next.push_back(std::move(v));
            }
        cases = std::move(next);
    }
    for (TestVariant &c : cases)
        if (m->skip) {
            c.skip = true;
            c.skipReason = m->skipReason;
        }
    return cases;
}

std::shared_ptr<LibraryModule> makePytestModule()
{
    auto pytest = makeLibraryModule("pytest");
    pytest->set("mark", Value::make<MarkGenerator>());
    pytest->def("param", [](CallArgs &args) {
        auto p = std::make_shared<ParamObject>();
        p->values = args.positional;
        if (const Value *id = args.keyword("id"))
            if (!id->isNone())
                p->id = pyStr(*id);
        if (const Value *marks = args.keyword("marks")) {
            std::vector<Value> ms
                = marks->kind() == ValueKind::List || marks->kind() == ValueKind::Tuple
                      ? iterateToVector(*marks)
                      : std::vector<Value>{*marks};
            for (const Value &mk : ms)
                if (mk.kind() == ValueKind::Builtin && mk.asBuiltin().name == "skip")
                    p->skip = true;
        }
        return Value::fromObject(p);
    });
    pytest->def("raises", [](CallArgs &args) -> Value {
        if (args.positional.empty())
            throwTypeError("raises() missing 1 required positional argument: 'expected_exception'");
        auto r = std::make_shared<RaisesObject>();
        r->expected = args[0];
        if (const Value *m = args.keyword("match"))
            if (m->isStr())
                r->match = m->asStr();
        if (args.size() > 1) { // pytest.raises(E, fn, *args)
            std::vector<Value> rest(args.positional.begin() + 2, args.positional.end());
            try {
                args.interp.callValue(args[1], rest);
            } catch (const PyException &e) {
                if (r->exit(&e))
                    return Value::fromObject(r->info);
                throw;
            }
            r->exit(nullptr);
        }
        return Value::fromObject(r);
    });
    pytest->def("approx", [](CallArgs &args) {
        auto v = args.bind(
            "approx",
            {{"expected"}, {"rel", Value()}, {"abs", Value()}, {"nan_ok", Value::boolean(false)}});
        auto a = std::make_shared<ApproxObject>();
        a->expected = v[0];
        if (!v[1].isNone())
            a->rel = toDouble(v[1]);
        if (!v[2].isNone()) {
            a->abs = toDouble(v[2]);
            if (v[1].isNone())
                a->rel = 0; // pytest: abs alone disables the default relative tolerance
        }
        return Value::fromObject(a);
    });
    pytest->def("skip", [](CallArgs &args) -> Value {
        auto v = args.bind(
            "skip",
            {{"reason", Value::str("")}, {"allow_module_level", Value::boolean(false), true}});
        throwLibraryException(kSkippedException, "BaseException", pyStr(v[0]));
    });
    pytest->def("fail", [](CallArgs &args) -> Value {
        auto v = args.bind("fail", {{"reason", Value::str("")}, {"pytrace", Value::boolean(true)}});
        throwLibraryException(kFailedException, "BaseException", pyStr(v[0]));
    });
    return pytest;
}

} // namespace tsm::host
