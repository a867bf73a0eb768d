// Any bytes through the lexer, the parser and the checks: no crash, hang, leak or UB report.
// The front end's callers reject non-UTF-8 input, but the phases must survive it anyway.

#include "core/check/checker.h"
#include "core/diag/diagnostic_renderer.h"
#include "core/syntax/ast_dump.h"
#include "core/syntax/lexer.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    tsm::SourceManager sources;
    const tsm::SourceFile &file = sources.add("fuzz.py",
                                              std::string(reinterpret_cast<const char *>(data), size));
    tsm::DiagnosticSink sink;
    (void) tsm::lex(file, sink);
    const tsm::CheckResult result = tsm::checkSource(file);
    // Rendering and dumping walk every span and node: they must be valid too.
    for (const tsm::Diagnostic &d : result.diagnostics)
        (void) tsm::renderDiagnostic(d, sources);
    (void) tsm::ast::dumpModule(*result.module);
    return 0;
}
