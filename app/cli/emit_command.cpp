#include "app/cli/emit_command.h"

#include "app/cli/emit_cuda.h"
#include "core/diag/diagnostic_renderer.h"
#include "core/ir/printer.h"
#include "core/sema/signature_parse.h"
#include "core/sema/specializer.h"
#include "core/syntax/ast_dump.h"
#include "core/syntax/lexer.h"
#include "core/syntax/parser.h"

#include <chrono>
#include <ostream>

namespace tsm::cli {
namespace {

double msSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

const ast::FunctionDef *findFunction(const ast::Module &m, std::string_view name)
{
    for (const ast::Stmt *s : m.body)
        if (const auto *f = ast::dynCast<ast::FunctionDef>(s); f && f->name == name)
            return f;
    return nullptr;
}

/// The stages that need one specialized kernel (everything but --tokens and --ast).
int emitKernel(const EmitOptions &opts,
               const SourceFile &file,
               const ast::Module &module,
               FrontEndTimes times,
               DiagnosticSink &sink,
               std::ostream &out,
               std::ostream &err)
{
    const std::string stage = opts.what.empty() ? std::string("--dump-after") : "--" + opts.what;
    if (opts.kernel.empty()) {
        err << "tilesmith emit " << stage << ": name the kernel with --kernel NAME\n";
        return 2;
    }
    const ast::FunctionDef *fn = findFunction(module, opts.kernel);
    if (!fn) {
        err << "tilesmith emit " << stage << ": no function '" << opts.kernel
            << "' at the top level of " << opts.file << "\n";
        return 2;
    }
    if (opts.signature.empty()) {
        err << "tilesmith emit " << stage
            << ": a kernel's code depends on its launch; give the argument types "
               "with --signature, e.g. --signature 'x_ptr=*fp32:16, n=i32, BLOCK=1024' "
               "(pointers *dtype[:16], scalars i32/i64/fp32 or a value, constexprs their value)\n";
        return 2;
    }
    std::string why;
    auto sig = sema::parseSignature(opts.signature, *fn, &why);
    if (!sig) {
        err << "tilesmith emit " << stage << ": bad --signature: " << why << "\n";
        return 2;
    }
    sema::KernelSource src{file, module, *fn, {}};
    auto t0 = std::chrono::steady_clock::now();
    std::shared_ptr<const ir::Kernel> kernel = sema::specialize(src, *sig, sink);
    times.semaMs = msSince(t0);
    if (!kernel)
        return 1;
    if (opts.what == "ir") {
        out << ir::printKernel(*kernel, &file);
        return 0;
    }
    return emitCudaStages(opts, std::move(kernel), file, times, sink, out, err);
}

} // namespace

int runEmit(const EmitOptions &opts, std::ostream &out, std::ostream &err)
{
    if (opts.what.empty() && opts.dumpAfter.empty() && !opts.timings) {
        err << "tilesmith emit: say what to print: --tokens, --ast, --ir, --cuda, --ptx, --sass, "
               "--cubin PATH, --dump-after=all|PASS or --timings\n";
        return 2;
    }
    if ((opts.what == "tokens" || opts.what == "ast")
        && (!opts.dumpAfter.empty() || opts.timings)) {
        err << "tilesmith emit: --dump-after and --timings apply to a kernel's compilation, not "
               "to --"
            << opts.what << "\n";
        return 2;
    }
    LoadResult load = loadSourceText(opts.file, opts.text);
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
        auto t0 = std::chrono::steady_clock::now();
        const ParseResult r = parseModule(file, sink);
        FrontEndTimes times;
        times.parseMs = msSince(t0);
        if (opts.what == "ast")
            out << ast::dumpModule(*r.module);
        else if (sink.errorCount() == 0)
            rc = emitKernel(opts, file, *r.module, times, sink, out, err);
    }
    out.flush();
    for (const Diagnostic &d : sink.diagnostics())
        err << renderDiagnostic(d, sources);
    if (rc)
        return rc;
    return sink.errorCount() ? 1 : 0;
}

} // namespace tsm::cli
