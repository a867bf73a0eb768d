// HostSession: runs one module's harness code with the library modules, discovers and runs its
// tests (parametrize expanded) and perf_report benchmarks, and reports everything as RunEvents.

#include "core/host/host_session.h"

#include "core/host/host_context.h"
#include "core/host/interpreter.h"
#include "core/host/pytest_module.h"
#include "core/host/torch_module.h"
#include "core/host/triton_testing.h"

namespace tsm::host {

namespace {

struct Case
{
    Value function;
    std::vector<Kwarg> kwargs;
    std::string name;
    bool skip = false;
    std::string skipReason;
};

} // namespace

struct HostSession::Impl
{
    Impl(const ast::Module &module, HostOptions options)
        : module(module)
        , options(std::move(options))
    {
        ctx.backend = this->options.backend;
        ctx.events = this->options.events;
        ctx.cancel = this->options.cancel;
        ctx.workingDirectory = this->options.workingDirectory;
        ctx.debug = this->options.debug;
        ctx.launchMetadata = this->options.launchMetadata;
        ctx.autotuneCacheDir = this->options.autotuneCacheDir;
        ctx.autotuneTimesConfigs = this->options.autotuneTimesConfigs;
        ctx.module = &module;
    }
    ~Impl() { ctx.detach(); }

    void emitDiagnostics(DiagnosticSink &sink)
    {
        for (Diagnostic &d : sink.takeDiagnostics()) {
            run::RunEvent e;
            e.kind = run::RunEvent::Kind::Diagnostic;
            e.diagnostic = std::move(d);
            ctx.emit(e);
        }
    }

    void startInterpreter()
    {
        ctx.detach();
        interp.reset();
        InterpreterOptions io;
        io.cancel = options.cancel;
        HostContext *c = &ctx;
        io.print = [c](std::string_view text) {
            run::RunEvent e;
            e.kind = run::RunEvent::Kind::Stdout;
            e.text = std::string(text);
            c->emit(e);
        };
        interp = std::make_unique<Interpreter>(std::move(io));
        ctx.attach(*interp);
        registerHostLibrary(*interp);
    }

    const ast::Module &module;
    HostOptions options;
    bool lastSkipped = false;            // runTest's last test was skipped
    HostContext ctx;                     // destroyed after the interpreter (declared first)
    std::unique_ptr<Interpreter> interp; // library objects hold pointers into ctx
    std::vector<Case> cases;
};

HostSession::HostSession(const ast::Module &module, HostOptions options)
    : m_impl(std::make_unique<Impl>(module, std::move(options)))
{
}

HostSession::~HostSession()
{
    if (m_impl) {
        m_impl->ctx.detach();
        m_impl->interp.reset();
    }
}

bool HostSession::runModule(bool asMain)
{
    Impl &s = *m_impl;
    s.startInterpreter();
    s.cases.clear();
    std::string name = "__main__";
    if (!asMain) {
        name = "module";
        if (s.module.file)
            name = std::filesystem::path(s.module.file->path()).stem().string();
    }
    DiagnosticSink sink;
    bool ok = s.interp->execModule(s.module, name, sink);
    s.emitDiagnostics(sink);
    return ok;
}

std::vector<TestCase> HostSession::tests()
{
    Impl &s = *m_impl;
    std::vector<TestCase> out;
    s.cases.clear();
    if (!s.interp)
        return out;
    for (const auto &[name, value] : s.interp->globals().entries()) {
        if (name.rfind("test", 0) != 0)
            continue;
        Value fn = testFunction(value);
        if (fn.isNone())
            continue;
        for (TestVariant &v : expandTest(value)) {
            Case c;
            c.function = fn;
            c.kwargs = std::move(v.kwargs);
            c.name = v.id.empty() ? name : name + "[" + v.id + "]";
            c.skip = v.skip;
            c.skipReason = v.skipReason;
            out.push_back({c.name, name, s.cases.size()});
            s.cases.push_back(std::move(c));
        }
    }
    return out;
}

bool HostSession::runTest(const TestCase &test)
{
    Impl &s = *m_impl;
    if (!s.interp || test.index >= s.cases.size())
        return false;
    const Case &c = s.cases[test.index];
    s.lastSkipped = c.skip;
    if (c.skip) {
        run::RunEvent e;
        e.kind = run::RunEvent::Kind::Stdout;
        e.text = c.name + " SKIPPED (" + c.skipReason + ")\n";
        s.ctx.emit(e);
        return true;
    }
    // Parameters that neither parametrize nor a default provide would be pytest fixtures.
    if (c.function.kind() == ValueKind::Function) {
        if (const ast::FunctionDef *def = c.function.asFunction().def()) {
            const FunctionObject &f = c.function.asFunction();
            for (std::size_t i = 0; i < def->params.params.size(); ++i) {
                const ast::Param &p = def->params.params[i];
                bool given = std::any_of(c.kwargs.begin(), c.kwargs.end(), [&](const Kwarg &k) {
                    return k.name == p.name;
                });
                bool hasDefault = i < f.m_hasDefault.size() && f.m_hasDefault[i];
                if (!given && !hasDefault && p.kind != ast::ParamKind::VarPositional
                    && p.kind != ast::ParamKind::VarKeyword) {
                    DiagnosticSink sink;
                    Diagnostic &d = sink.report(DiagKind::UnsupportedHostFeature,
                                                p.nameSpan,
                                                {"pytest fixture '" + std::string(p.name) + "'"});
                    d.origin = DiagOrigin::Runtime;
                    s.emitDiagnostics(sink);
                    return false;
                }
            }
        }
    }
    bool skipped = false;
    std::string reason;
    DiagnosticSink sink;
    bool ok = s.interp->runGuarded(sink, [&] {
        try {
            s.interp->callValue(c.function, {}, c.kwargs);
        } catch (const PyException &e) {
            if (e.type() != kSkippedException)
                throw;
            skipped = true;
            reason = e.message();
        }
    });
    // A test whose check fails (an AssertionError: assert, assert_close) is reported as
    // TestFailed naming the test; other exceptions, kernel and harness errors keep their kinds.
    std::vector<Diagnostic> diags = sink.takeDiagnostics();
    for (Diagnostic &d : diags) {
        if (d.kind == DiagKind::UncaughtException && d.message.starts_with("AssertionError")) {
            d.kind = DiagKind::TestFailed;
            d.message = formatDiagMessage(diagKindFormat(DiagKind::TestFailed), {c.name, d.message});
        }
        sink.add(std::move(d));
    }
    s.emitDiagnostics(sink);
    if (skipped) {
        run::RunEvent e;
        e.kind = run::RunEvent::Kind::Stdout;
        e.text = c.name + " SKIPPED (" + reason + ")\n";
        s.ctx.emit(e);
    }
    s.lastSkipped = skipped && ok;
    return ok;
}

bool HostSession::lastTestSkipped() const
{
    return m_impl->lastSkipped;
}

std::vector<std::string> HostSession::benchmarks()
{
    std::vector<std::string> out;
    if (!m_impl->interp)
        return out;
    for (const auto &[name, value] : m_impl->interp->globals().entries())
        if (isPerfReport(value))
            out.push_back(name);
    return out;
}

bool HostSession::runBenchmark(const std::string &name, const std::filesystem::path &csvDirectory)
{
    Impl &s = *m_impl;
    if (!s.interp)
        return false;
    const Value *v = s.interp->global(name);
    if (!v || !isPerfReport(*v))
        return false;
    BenchRunOptions o;
    o.emitTables = true;
    o.csvDirectory = csvDirectory;
    bool cellsOk = true;
    DiagnosticSink sink;
    Value mark = *v;
    bool ok = s.interp->runGuarded(sink, [&] { cellsOk = runPerfReport(*s.interp, mark, o); });
    s.emitDiagnostics(sink);
    return ok && cellsOk;
}

} // namespace tsm::host
