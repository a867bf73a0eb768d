// Python's built-in exception classes, raised exceptions and uncatchable stops.

#include "core/host/py_exception.h"

#include "core/host/object.h"

#include <unordered_map>

namespace tsm::host {

namespace {

struct ExceptionTable
{
    std::vector<std::shared_ptr<TypeObject>> ordered;
    std::unordered_map<std::string_view, std::shared_ptr<TypeObject>> byName;

    ExceptionTable()
    {
        // (name, base), bases first.
        static const char *const kTable[][2] = {
            {"BaseException", nullptr},
            {"Exception", "BaseException"},
            {"KeyboardInterrupt", "BaseException"},
            {"SystemExit", "BaseException"},
            {"ArithmeticError", "Exception"},
            {"FloatingPointError", "ArithmeticError"},
            {"OverflowError", "ArithmeticError"},
            {"ZeroDivisionError", "ArithmeticError"},
            {"AssertionError", "Exception"},
            {"AttributeError", "Exception"},
            {"ImportError", "Exception"},
            {"ModuleNotFoundError", "ImportError"},
            {"LookupError", "Exception"},
            {"IndexError", "LookupError"},
            {"KeyError", "LookupError"},
            {"MemoryError", "Exception"},
            {"NameError", "Exception"},
            {"UnboundLocalError", "NameError"},
            {"OSError", "Exception"},
            {"FileNotFoundError", "OSError"},
            {"RuntimeError", "Exception"},
            {"NotImplementedError", "RuntimeError"},
            {"RecursionError", "RuntimeError"},
            {"StopIteration", "Exception"},
            {"TypeError", "Exception"},
            {"ValueError", "Exception"},
            {"UnicodeError", "ValueError"},
            {"Warning", "Exception"},
            {"UserWarning", "Warning"},
        };
        for (const auto &row : kTable) {
            auto t = std::make_shared<TypeObject>();
            t->name = row[0];
            t->isException = true;
            if (row[1])
                t->base = byName.at(row[1]).get();
            TypeObject *raw = t.get();
            t->construct = [raw](CallArgs &args) -> Value {
                if (!args.keywords.empty())
                    throwTypeError(raw->name + "() takes no keyword arguments");
                auto e = std::make_shared<ExceptionObject>();
                e->type = std::static_pointer_cast<TypeObject>(raw->shared_from_this());
                e->args = args.positional;
                return Value::fromObject(std::move(e));
            };
            ordered.push_back(t);
            byName.emplace(t->name, t);
        }
    }
};

const ExceptionTable &table()
{
    static const ExceptionTable t;
    return t;
}

Diagnostic stopDiagnostic(DiagKind kind, std::vector<std::string> args, SourceSpan span)
{
    Diagnostic d;
    d.kind = kind;
    d.severity = diagKindSeverity(kind);
    d.origin = DiagOrigin::Runtime;
    d.span = span;
    d.message = formatDiagMessage(diagKindFormat(kind), args);
    return d;
}

} // namespace

std::shared_ptr<TypeObject> exceptionType(std::string_view name)
{
    auto it = table().byName.find(name);
    return it == table().byName.end() ? nullptr : it->second;
}

const std::vector<std::shared_ptr<TypeObject>> &exceptionTypes()
{
    return table().ordered;
}

PyException::PyException(std::string_view type, std::string message)
    : m_type(exceptionType(type) ? std::string(type) : std::string("RuntimeError"))
    , m_message(std::move(message))
{
    m_what = m_type + ": " + m_message;
}

PyException::PyException(Value exception)
    : m_value(exception)
{
    if (exception.kind() == ValueKind::Exception) {
        m_type = exception.asException().type->name;
        m_message = exception.asException().str();
    } else {
        m_type = "TypeError";
        m_message = "exceptions must derive from BaseException";
        m_value = Value();
    }
    m_what = m_type + ": " + m_message;
}

Value PyException::value() const
{
    if (m_value.isNone()) {
        auto e = std::make_shared<ExceptionObject>();
        e->type = exceptionType(m_type);
        if (!m_message.empty())
            e->args.push_back(Value::str(m_message));
        m_value = Value::fromObject(std::move(e));
    }
    return m_value;
}

bool PyException::matches(const TypeObject &cls) const
{
    if (!cls.isException)
        return false;
    if (m_value.kind() == ValueKind::Exception)
        return cls.isSuperclassOf(*m_value.asException().type);
    auto t = exceptionType(m_type);
    return t && cls.isSuperclassOf(*t);
}

bool PyException::matches(std::string_view className) const
{
    auto cls = exceptionType(className);
    return cls && matches(*cls);
}

void throwPy(std::string_view type, std::string message)
{
    throw PyException(type, std::move(message));
}

void throwTypeError(std::string message)
{
    throw PyException("TypeError", std::move(message));
}

void throwValueError(std::string message)
{
    throw PyException("ValueError", std::move(message));
}

void throwUnsupported(std::string construct)
{
    throw HostStop(stopDiagnostic(DiagKind::UnsupportedHostFeature, {std::move(construct)}, {}),
                   false);
}

void throwUnsupported(std::string construct, SourceSpan span)
{
    throw HostStop(stopDiagnostic(DiagKind::UnsupportedHostFeature, {std::move(construct)}, span),
                   true);
}

void throwForbidden(std::string what, std::string action)
{
    throw HostStop(
        stopDiagnostic(DiagKind::ForbiddenHostAccess, {std::move(what), std::move(action)}, {}),
        false);
}

void throwForbidden(std::string what, std::string action, SourceSpan span)
{
    throw HostStop(
        stopDiagnostic(DiagKind::ForbiddenHostAccess, {std::move(what), std::move(action)}, span),
        true);
}

} // namespace tsm::host
