#pragma once
// Python exceptions in flight (a C++ exception type that Python's try/except can catch), and the
// stops Python code cannot catch: an unsupported construct, a forbidden access, a cancelled run
// or an exhausted step budget. Library code raises with throwPy("ValueError", "...") and never
// needs a span: the interpreter attaches the innermost expression being evaluated.

#include "core/diag/diagnostic.h"
#include "core/host/value.h"

#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tsm::host {

/// One frame of a traceback: the function and the span executing in it.
struct TracebackFrame
{
    std::string function; ///< "test_swish", "<module>", "<lambda>"
    SourceSpan span;
};

/// A raised Python exception.
class PyException : public std::exception
{
public:
    /// A built-in exception class by name ("TypeError"); unknown names become RuntimeError.
    PyException(std::string_view type, std::string message);
    /// An existing exception instance (`raise e`).
    explicit PyException(Value exception);

    /// The class name: "TypeError".
    const std::string &type() const { return m_type; }
    /// str(exception): "unsupported operand type(s) for +: 'int' and 'str'".
    const std::string &message() const { return m_message; }
    /// The exception instance (created on first use), for `except E as e`.
    Value value() const;
    /// True if this exception is an instance of exception class `cls` (or derives from it).
    bool matches(const TypeObject &cls) const;
    bool matches(std::string_view className) const;

    const char *what() const noexcept override { return m_what.c_str(); }

    /// Where it was raised (set once, by the innermost node that saw it).
    bool hasSpan() const { return m_hasSpan; }
    SourceSpan span() const { return m_span; }
    void setSpan(SourceSpan s)
    {
        m_span = s;
        m_hasSpan = true;
    }
    /// Innermost frame first while unwinding; diagnostics print it outermost first.
    std::vector<TracebackFrame> traceback;
    /// A library error that already has its own diagnostic (an out-of-bounds access in a
    /// kernel, a sema error at launch): reported instead of the generic UncaughtException.
    std::optional<Diagnostic> diagnostic;

private:
    std::string m_type, m_message, m_what;
    mutable Value m_value;
    SourceSpan m_span;
    bool m_hasSpan = false;
};

/// Stops the program; Python `except` clauses never see it. Carries the final diagnostic
/// (UnsupportedHostFeature, ForbiddenHostAccess, ExecutionStopped).
class HostStop : public std::exception
{
public:
    explicit HostStop(Diagnostic d, bool hasSpan)
        : diagnostic(std::move(d))
        , hasSpan(hasSpan)
    {
    }
    const char *what() const noexcept override { return diagnostic.message.c_str(); }
    Diagnostic diagnostic;
    bool hasSpan = false; ///< false: the interpreter fills in the span where it surfaced
    std::vector<TracebackFrame> traceback;
};

[[noreturn]] void throwPy(std::string_view type, std::string message);
[[noreturn]] void throwTypeError(std::string message);
[[noreturn]] void throwValueError(std::string message);
/// UnsupportedHostFeature: "`construct` is not supported by Tilesmith's harness".
[[noreturn]] void throwUnsupported(std::string construct);
[[noreturn]] void throwUnsupported(std::string construct, SourceSpan span);
/// ForbiddenHostAccess: "`what`: Tilesmith programs cannot `action`".
[[noreturn]] void throwForbidden(std::string what, std::string action);
[[noreturn]] void throwForbidden(std::string what, std::string action, SourceSpan span);

/// The built-in exception class `name` (ValueError, ...), or null.
std::shared_ptr<TypeObject> exceptionType(std::string_view name);
/// Every built-in exception class, base classes first (the interpreter binds them as builtins).
const std::vector<std::shared_ptr<TypeObject>> &exceptionTypes();

} // namespace tsm::host
