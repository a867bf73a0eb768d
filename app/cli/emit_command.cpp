#include "app/cli/emit_command.h"

#include "core/diag/diagnostic_renderer.h"
#include "core/syntax/ast_dump.h"
#include "core/syntax/lexer.h"
#include "core/syntax/parser.h"

#include <ostream>

namespace tsm::cli {

int runEmit(const EmitOptions &opts, std::ostream &out, std::ostream &err)
{
    if (opts.what != "tokens" && opts.what != "ast") {
        err << "tilesmith emit: --" << opts.what
            << " is not available yet: this build has the front end only (--tokens, --ast)\n";
        return 2;
    }
    LoadResult load = loadSourceText(opts.file);
    if (load.error != LoadError::None) {
        err << "tilesmith: error: cannot read '" << opts.file << "': " << load.message
            << " [UnusableInput]\n";
        return 2;
    }
    SourceManager sources;
    const SourceFile &file = sources.add(opts.file, std::move(load.text));
    DiagnosticSink sink;
    if (opts.what == "tokens") {
        const LexResult r = lex(file, sink);
        out << dumpTokens(file, r.tokens);
    } else {
        const ParseResult r = parseModule(file, sink);
        out << ast::dumpModule(*r.module);
    }
    for (const Diagnostic &d : sink.diagnostics())
        err << renderDiagnostic(d, sources);
    return sink.errorCount() ? 1 : 0;
}

} // namespace tsm::cli
