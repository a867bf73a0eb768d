#include "app/cli/emit_command.h"

#include "core/diag/diagnostic_renderer.h"
#include "core/ir/printer.h"
#include "core/sema/signature_parse.h"
#include "core/sema/specializer.h"
#include "core/syntax/ast_dump.h"
#include "core/syntax/lexer.h"
#include "core/syntax/parser.h"

#include <ostream>

namespace tsm::cli {
namespace {

const ast::FunctionDef *findFunction(const ast::Module &m, std::string_view name)
{
    for (const ast::Stmt *s : m.body)
        if (const auto *f = ast::dynCast<ast::FunctionDef>(s); f && f->name == name)
            return f;
    return nullptr;
}

int emitIr(const EmitOptions &opts,
           const SourceFile &file,
           const ast::Module &module,
           DiagnosticSink &sink,
           std::ostream &out,
           std::ostream &err)
{
    if (opts.kernel.empty()) {
        err << "tilesmith emit --ir: name the kernel with --kernel NAME\n";
        return 2;
    }
    const ast::FunctionDef *fn = findFunction(module, opts.kernel);
    if (!fn) {
        err << "tilesmith emit --ir: no function '" << opts.kernel << "' at the top level of "
            << opts.file << "\n";
        return 2;
    }
    if (opts.signature.empty()) {
        err << "tilesmith emit --ir: a kernel's IR depends on its launch; give the argument types "
               "with --signature, e.g. --signature 'x_ptr=*fp32:16, n=i32, BLOCK=1024' "
               "(pointers *dtype[:16], scalars i32/i64/fp32 or a value, constexprs their value)\n";
        return 2;
    }
    std::string why;
    auto sig = sema::parseSignature(opts.signature, *fn, &why);
    if (!sig) {
        err << "tilesmith emit --ir: bad --signature: " << why << "\n";
        return 2;
    }
    sema::KernelSource src{file, module, *fn, {}};
    auto kernel = sema::specialize(src, *sig, sink);
    if (kernel)
        out << ir::printKernel(*kernel, &file);
    return kernel ? 0 : 1;
}

} // namespace

int runEmit(const EmitOptions &opts, std::ostream &out, std::ostream &err)
{
    if (opts.what != "tokens" && opts.what != "ast" && opts.what != "ir") {
        err << "tilesmith emit: --" << opts.what
            << " is not available yet: this build has --tokens, --ast and --ir\n";
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
    int rc = 0;
    if (opts.what == "tokens") {
        const LexResult r = lex(file, sink);
        out << dumpTokens(file, r.tokens);
    } else {
        const ParseResult r = parseModule(file, sink);
        if (opts.what == "ast")
            out << ast::dumpModule(*r.module);
        else if (sink.errorCount() == 0)
            rc = emitIr(opts, file, *r.module, sink, out, err);
    }
    for (const Diagnostic &d : sink.diagnostics())
        err << renderDiagnostic(d, sources);
    if (rc)
        return rc;
    return sink.errorCount() ? 1 : 0;
}

} // namespace tsm::cli
