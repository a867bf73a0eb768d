#pragma once
// The harness interpreter: a tree-walking interpreter for the Python subset of LANGUAGE.md
// ("Host harness"), over the AST of core/syntax/ast.h. Library modules (torch, triton, numpy,
// math) are registered by the host session; `import` resolves only through that table. Errors
// never escape as C++ exceptions from execModule / runGuarded: they become Diagnostics
// (UncaughtException with a traceback note per frame, UnsupportedHostFeature,
// ForbiddenHostAccess, ExecutionStopped).

#include "core/diag/diagnostic.h"
#include "core/host/object.h"
#include "core/host/py_exception.h"
#include "core/host/value.h"
#include "core/syntax/ast.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tsm::host {

struct InterpreterOptions
{
    /// Receives everything print() writes (with its `end`, usually "\n"). Default: discarded.
    std::function<void(std::string_view)> print;
    /// Set from another thread to stop at the next statement (ExecutionStopped).
    const std::atomic<bool> *cancel = nullptr;
    /// Statements + loop iterations executed before ExecutionStopped; 0 = unlimited.
    std::uint64_t maxSteps = 2'000'000'000;
    /// Python call depth before RecursionError (CPython's default is 1000).
    int maxCallDepth = 1000;
    /// Largest list / tuple / str / dict the program may build (elements or bytes); past it,
    /// MemoryError instead of exhausting the machine.
    std::int64_t maxContainerSize = std::int64_t(1) << 26;
};

class Interpreter
{
public:
    explicit Interpreter(InterpreterOptions options = {});
    ~Interpreter();
    Interpreter(const Interpreter &) = delete;
    Interpreter &operator=(const Interpreter &) = delete;

    /// Makes `import name` (dotted names too: "triton.language") resolve to `module`.
    void registerModule(std::string name, Value module);
    /// Whether `name` was registered.
    bool hasModule(std::string_view name) const;
    /// The module registered as `name`, or nullopt.
    std::optional<Value> module(std::string_view name) const;

    /// Checks `module` against the sandbox (forbidden names, imports, dunder attributes:
    /// ForbiddenHostAccess for each, nothing runs), then executes its statements with
    /// `__name__` = moduleName. The module and its SourceFile must outlive the interpreter
    /// (functions keep pointers into the tree). Returns false after an error, reported to
    /// `sink`. May be called once per interpreter.
    bool execModule(const ast::Module &module, std::string_view moduleName, DiagnosticSink &sink);

    /// Calls a Python-callable value. Raises PyException / HostStop like Python code would;
    /// use runGuarded at the outermost level.
    Value callValue(const Value &fn, std::vector<Value> args, std::vector<Kwarg> kwargs = {});
    /// Runs `body` (which calls into the interpreter), turning an escaping PyException or
    /// HostStop into one Diagnostic in `sink`. Returns false if one escaped.
    bool runGuarded(DiagnosticSink &sink, const std::function<void()> &body);
    /// The Diagnostic for an uncaught exception: UncaughtException "TypeError: message" at the
    /// raising span (or the exception's own diagnostic), one note per traceback frame
    /// ("in test_swish, line 52"), outermost first.
    Diagnostic diagnosticFor(const PyException &e) const;

    /// The running module's globals (test discovery, benchmark objects).
    ModuleObject &globals();
    /// A global, or null.
    const Value *global(std::string_view name) const;
    void setGlobal(std::string_view name, Value value);

    /// Writes text through the print sink.
    void writeOutput(std::string_view text);
    /// The source file of the executed module (for line numbers in messages), or null.
    const SourceFile *sourceFile() const;
    /// Span of the innermost node being evaluated (for library messages).
    SourceSpan currentSpan() const;
    /// Raises ExecutionStopped if the cancel flag is set (library loops call it).
    void checkCancelled();
    const InterpreterOptions &options() const;

    struct Impl;
    /// The implementation (for the interpreter's own files).
    Impl &impl();

private:
    std::unique_ptr<Impl> m_impl;
};

} // namespace tsm::host
