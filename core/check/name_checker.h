#pragma once
// UndefinedName: a name read that no enclosing scope binds anywhere and that is no builtin.
// Flow-insensitive on purpose (no "used before assignment"), so it never flags a program
// Python accepts. A `from m import *` anywhere turns the check off for the module.

#include "core/check/scope_tree.h"
#include "core/diag/diagnostic.h"

namespace tsm::check {

/// Reports each undefined name once per scope, at its first use; later uses become notes.
void checkNames(const ast::Module &module, const ScopeTree &tree, DiagnosticSink &sink);

} // namespace tsm::check
