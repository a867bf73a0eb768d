#pragma once
// The harness sandbox: opening a program in Tilesmith must never run arbitrary host code. Before
// anything executes, checkSandbox walks the whole module and reports ForbiddenHostAccess for
// every import of a system module (os, sys, subprocess, socket ...), every reference to a
// builtin that reaches outside (open, eval, exec, compile, __import__, globals, locals, vars,
// input, breakpoint) and every dunder attribute that leads to interpreter internals
// (`__class__`, `__globals__`, `__subclasses__` ...). The same predicates guard run time
// (getattr with a computed name, a module imported through an alias).

#include "core/diag/diagnostic.h"
#include "core/syntax/ast.h"

#include <string_view>

namespace tsm::host {

/// Reports every forbidden construct of `module` to `sink`; returns how many were found.
std::size_t checkSandbox(const ast::Module &module, DiagnosticSink &sink);

/// Modules that reach the file system, processes, the network or the interpreter itself
/// ("os", "os.path", "sys", "subprocess", "importlib.util" ...).
bool isForbiddenModule(std::string_view dottedName);
/// Builtins that are never provided because they escape the sandbox (open, eval, exec ...).
/// `action` receives what they would do ("read or write files").
bool isForbiddenBuiltin(std::string_view name, std::string_view *action = nullptr);
/// Attribute names that are never accessible (every dunder except __name__, __qualname__,
/// __doc__ and __module__).
bool isForbiddenAttribute(std::string_view name);

} // namespace tsm::host
