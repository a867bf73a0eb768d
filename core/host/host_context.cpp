// HostContext: events, program-relative paths and call-site argument names.

#include "core/host/host_context.h"

#include "core/host/interpreter.h"
#include "core/host/py_exception.h"

#include <mutex>
#include <unordered_map>

namespace tsm::host {

namespace {
std::mutex g_contextsMutex;
std::unordered_map<const Interpreter *, HostContext *> g_contexts;
} // namespace

HostContext &HostContext::of(Interpreter &interp)
{
    std::lock_guard lock(g_contextsMutex);
    auto it = g_contexts.find(&interp);
    if (it == g_contexts.end())
        throwPy("RuntimeError", "the harness library is not attached to this interpreter");
    return *it->second;
}

void HostContext::attach(Interpreter &i)
{
    std::lock_guard lock(g_contextsMutex);
    interp = &i;
    g_contexts[&i] = this;
}

void HostContext::detach()
{
    std::lock_guard lock(g_contextsMutex);
    if (interp)
        g_contexts.erase(interp);
}

void HostContext::emit(const run::RunEvent &event) const
{
    if (events)
        events(event);
}

std::optional<Diagnostic> HostContext::emitAllButFirstError(DiagnosticSink &diags) const
{
    std::optional<Diagnostic> firstError;
    for (Diagnostic &d : diags.takeDiagnostics()) {
        if (d.severity == Severity::Error && !firstError) {
            firstError = std::move(d);
            continue;
        }
        run::RunEvent e;
        e.kind = run::RunEvent::Kind::Diagnostic;
        e.diagnostic = std::move(d);
        emit(e);
    }
    return firstError;
}

void HostContext::emitValidation(const run::ValidationReport &report) const
{
    run::RunEvent e;
    e.kind = run::RunEvent::Kind::Validation;
    e.name = report.function;
    e.passed = report.passed;
    e.validation = report;
    if (!e.validation->span && interp)
        e.validation->span = interp->currentSpan();
    emit(e);
}

std::filesystem::path HostContext::resolvePath(std::string_view what,
                                               std::string_view path,
                                               std::string_view action) const
{
    std::filesystem::path p{std::string(path)};
    std::string quoted = std::string(what) + "('" + std::string(path) + "')";
    if (path.empty())
        throwPy("FileNotFoundError", "[Errno 2] No such file or directory: ''");
    if (p.is_absolute() || p.has_root_name() || p.has_root_directory())
        throwForbidden(quoted, std::string(action) + " outside the program's folder");
    int depth = 0;
    for (const auto &part : p.lexically_normal()) {
        if (part == "..") {
            if (--depth < 0)
                throwForbidden(quoted, std::string(action) + " outside the program's folder");
        } else if (part != "." && !part.empty()) {
            ++depth;
        }
    }
    // `a/../..` is caught above; also refuse any `..` component at all after normalization.
    return workingDirectory / p.lexically_normal();
}

namespace {

std::uint64_t spanKey(SourceSpan s)
{
    return (std::uint64_t(s.begin) << 32) ^ std::uint64_t(s.end);
}

void indexCalls(ast::Node *n, std::unordered_map<std::uint64_t, const ast::Call *> &out)
{
    if (!n)
        return;
    if (const auto *call = ast::dynCast<ast::Call>(n))
        out.emplace(spanKey(call->span), call);
    ast::forEachChild(n, [&](ast::Node *c) { indexCalls(c, out); });
}

} // namespace

std::string HostContext::argumentName(SourceSpan callSpan, std::size_t k)
{
    if (!module)
        return {};
    if (!m_callsIndexed) {
        for (ast::Stmt *s : module->body)
            indexCalls(s, m_calls);
        m_callsIndexed = true;
    }
    auto it = m_calls.find(spanKey(callSpan));
    if (it == m_calls.end() || k >= it->second->args.size())
        return {};
    if (const auto *name = ast::dynCast<ast::Name>(it->second->args[k]))
        return std::string(name->id);
    return {};
}

DeviceProperties hostDeviceProperties(Interpreter &interp)
{
    HostContext &ctx = HostContext::of(interp);
    if (ctx.backend)
        if (std::optional<DeviceProperties> p = ctx.backend->deviceProperties())
            return *p;
    DeviceProperties p;
    p.name = "NVIDIA H200 (nominal: Tilesmith's CPU interpreter)";
    p.ccMajor = 9;
    p.ccMinor = 0;
    p.multiprocessorCount = 132;
    p.maxSharedMemPerBlock = 232448;
    p.registersPerSm = 65536;
    p.maxThreadsPerSm = 2048;
    p.clockKHz = 1980000;
    p.memoryClockKHz = 3201000;
    p.memoryBusWidthBits = 6144;
    p.totalMemory = 150754820096;
    p.l2Bytes = 52428800;
    return p;
}

} // namespace tsm::host
