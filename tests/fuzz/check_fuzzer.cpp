// Any bytes through the lexer, the parser and the checks, then every @triton.jit function that
// passes them through sema (with a synthesized launch signature), the IR verifier, the CUDA
// lowering pipeline and emitter (no NVRTC: too slow here) and one launch on the CPU interpreter:
// no crash, hang, leak or UB report. A kernel that sema accepts is always well-formed IR, and the
// CUDA backend either emits it or says which op it cannot compile yet (anything else aborts: it
// is a compiler bug, not a user error).
// The front end's callers reject non-UTF-8 input, but the phases must survive it anyway.

#include "core/check/checker.h"
#include "core/codegen/cuda_emitter.h"
#include "core/diag/diagnostic_renderer.h"
#include "core/interp/interp_backend.h"
#include "core/ir/printer.h"
#include "core/ir/verifier.h"
#include "core/passes/pipeline.h"
#include "core/sema/specializer.h"
#include "core/syntax/ast_dump.h"
#include "core/syntax/lexer.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

namespace {

using namespace tsm;

bool isJit(const SourceFile &file, const ast::FunctionDef &fn)
{
    for (const ast::Expr *d : fn.decorators) {
        const std::string_view text = file.slice(d->span);
        if (text.find("jit") != std::string_view::npos)
            return true;
    }
    return false;
}

/// Pointers for `*ptr*` parameters, constexpr 16 for constexpr-annotated ones, i32 7 otherwise.
sema::Signature signatureFor(const SourceFile &file, const ast::FunctionDef &fn)
{
    sema::Signature sig;
    for (const ast::Param &p : fn.params.params) {
        sema::ArgSpec a;
        const bool constexprParam = p.annotation
                                    && file.slice(p.annotation->span).find("constexpr")
                                           != std::string_view::npos;
        if (constexprParam) {
            a.kind = sema::ArgSpec::Kind::Constexpr;
            a.value = sema::ConstValue::ofInt(16);
        } else if (p.name.find("ptr") != std::string_view::npos) {
            a.kind = sema::ArgSpec::Kind::Pointer;
            a.dtype = DType::F32;
            a.divisibleBy16 = true;
        } else {
            a.kind = sema::ArgSpec::Kind::Int;
            a.dtype = DType::I32;
        }
        sig.args.push_back(a);
    }
    return sig;
}

/// Skips launches whose buffers alone would exceed the fuzzer's memory limit.
bool smallEnough(const ir::Kernel &k)
{
    std::int64_t elements = 0;
    for (const ir::ValueInfo &v : k.values)
        elements += v.type.numElements();
    return k.values.size() < 4000 && elements < (std::int64_t(1) << 22);
}

/// The CUDA pipeline and emitter on a kernel sema accepted: the only acceptable refusal is
/// UnsupportedOnBackend (ops the CUDA backend does not have yet).
void lowerAndEmit(const std::shared_ptr<const ir::Kernel> &kernel, const SourceFile &file)
{
    DiagnosticSink diags;
    if (auto lowered = passes::lowerForCuda(kernel, {}, diags))
        (void) codegen::emitCuda(*lowered, &file, {}, diags);
    for (const Diagnostic &d : diags.diagnostics()) {
        if (d.severity == Severity::Error && d.kind != DiagKind::UnsupportedOnBackend) {
            std::fprintf(stderr, "the CUDA backend failed on %s: %s\n%s\n", kernel->name.c_str(),
                         d.message.c_str(), ir::printKernel(*kernel, &file).c_str());
            std::abort();
        }
    }
}

void launchOnce(const ir::Kernel &kernelIr, const sema::Signature &sig)
{
    interp::InterpOptions options;
    options.threads = 1;
    interp::InterpBackend backend(options);
    DiagnosticSink diags;
    auto kernel = std::make_shared<const ir::Kernel>(kernelIr);
    std::shared_ptr<CompiledKernel> compiled = backend.compile(kernel, diags);
    if (!compiled)
        return;
    std::vector<LaunchArg> args;
    for (const sema::ArgSpec &a : sig.args) {
        LaunchArg arg;
        if (a.kind == sema::ArgSpec::Kind::Pointer) {
            arg.kind = LaunchArg::Kind::Pointer;
            arg.storage = std::make_shared<tensor::Storage>(4096);
            arg.label = "buffer";
        } else if (a.kind == sema::ArgSpec::Kind::Int) {
            arg.kind = LaunchArg::Kind::Int;
            arg.i = 7;
        }
        args.push_back(std::move(arg));
    }
    // A kernel may loop forever: stop it after a moment.
    std::atomic<bool> cancel{false};
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    std::thread watchdog([&] {
        std::unique_lock lock(m);
        if (!cv.wait_for(lock, std::chrono::milliseconds(200), [&] { return done; }))
            cancel = true;
    });
    LaunchContext context{diags, [](std::int64_t, std::int64_t, std::int64_t, std::string_view) {},
                          &cancel};
    (void) backend.launch(*compiled, Grid{2, 1, 1}, args, context);
    {
        std::lock_guard lock(m);
        done = true;
    }
    cv.notify_one();
    watchdog.join();
}

} // namespace

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
    if (result.errorCount)
        return 0;
    for (const tsm::ast::Stmt *s : result.module->body) {
        const auto *fn = tsm::ast::dynCast<tsm::ast::FunctionDef>(s);
        if (!fn || !isJit(file, *fn))
            continue;
        const tsm::sema::Signature sig = signatureFor(file, *fn);
        tsm::DiagnosticSink diags;
        tsm::sema::KernelSource source{file, *result.module, *fn,
                                       [](std::string_view) { return std::nullopt; }};
        std::unique_ptr<tsm::ir::Kernel> kernel = tsm::sema::specialize(source, sig, diags);
        for (const tsm::Diagnostic &d : diags.diagnostics())
            (void) tsm::renderDiagnostic(d, sources);
        if (!kernel)
            continue;
        std::string error;
        if (!tsm::ir::verifyKernel(*kernel, &error)) {
            std::fprintf(stderr, "sema produced invalid IR for %s: %s\n%s\n",
                         std::string(fn->name).c_str(), error.c_str(),
                         tsm::ir::printKernel(*kernel, &file).c_str());
            std::abort();
        }
        (void) tsm::ir::printKernel(*kernel, &file);
        std::shared_ptr<const tsm::ir::Kernel> shared(std::move(kernel));
        lowerAndEmit(shared, file);
        if (smallEnough(*shared))
            launchOnce(*shared, sig);
    }
    return 0;
}
