#pragma once
// Python tokenizer: INDENT/DEDENT from a stack of indentation widths, implicit line joining
// inside brackets, backslash continuations, all string prefixes (r b u f and combinations,
// triple quotes), numbers with underscores. Reports to a DiagnosticSink and always produces a
// token stream ending in EndOfFile, whatever the bytes.

#include "core/diag/diagnostic.h"
#include "core/syntax/token.h"

#include <vector>

namespace tsm {

struct LexResult
{
    std::vector<Token> tokens;            ///< ends with EndOfFile
    std::vector<SourceSpan> comments;     ///< every `# ...` comment, for the editor
};

/// Tokenizes the whole file. A leading UTF-8 BOM is skipped.
LexResult lex(const SourceFile &file, DiagnosticSink &sink);

} // namespace tsm
