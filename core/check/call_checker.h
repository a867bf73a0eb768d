#pragma once
// Binds a call's arguments to a registry signature the way Python does and reports what
// Python would raise: WrongArgumentCount, UnknownKeywordArgument, DuplicateArgument,
// MissingArgument. Calls that unpack `*args` or `**kw` cannot be checked and are skipped.

#include "core/diag/diagnostic.h"
#include "core/sema/builtin_registry.h"
#include "core/syntax/ast.h"

namespace tsm::check {

/// Checks `call`, whose callee resolved to `callee`, against callee's signature.
void checkCallArguments(const ast::Call &call, const BuiltinInfo &callee, DiagnosticSink &sink);

} // namespace tsm::check
