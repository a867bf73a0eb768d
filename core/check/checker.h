#pragma once
// `tilesmith check`: parse, then the name and kernel checks, on one file. Used by the CLI, the
// studio's live check (on a worker thread: it touches no global state) and the fuzzer.

#include "core/diag/diagnostic.h"
#include "core/syntax/ast.h"

#include <memory>
#include <vector>

namespace tsm {

struct CheckResult
{
    std::unique_ptr<ast::Module> module;  ///< the parsed tree (never null)
    std::vector<Diagnostic> diagnostics;  ///< parse and check diagnostics, in source order
    std::size_t errorCount = 0;
};

/// Parses and checks `file`. Thread-safe; never throws for any input.
CheckResult checkSource(const SourceFile &file);

} // namespace tsm
