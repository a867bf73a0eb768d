#pragma once
// Recursive-descent parser with Pratt expression parsing for the Python that Triton programs
// contain. Panic-mode recovery: after an error it skips to the next statement boundary and
// goes on, so one run reports every mistake. Never throws, never crashes, whatever the tokens.

#include "core/diag/diagnostic.h"
#include "core/syntax/ast.h"
#include "core/syntax/lexer.h"

#include <memory>

namespace tsm {

struct ParseResult
{
    std::unique_ptr<ast::Module> module; ///< always non-null; may hold ErrorStmt/ErrorExpr
    std::vector<SourceSpan> comments;    ///< from the lexer
};

/// Lexes and parses `file`; diagnostics go to `sink`.
ParseResult parseModule(const SourceFile &file, DiagnosticSink &sink);

} // namespace tsm
