#include "core/run/runner.h"

#include "core/check/checker.h"
#include "core/host/host_session.h"
#include "core/run/backend_factory.h"

#include <chrono>

namespace tsm::run {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::string trim(std::string s)
{
    const auto b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

std::vector<std::string> splitOn(const std::string &s, const std::string &sep)
{
    std::vector<std::string> parts;
    std::size_t start = 0, pos;
    while ((pos = s.find(sep, start)) != std::string::npos) {
        parts.push_back(s.substr(start, pos - start));
        start = pos + sep.size();
    }
    parts.push_back(s.substr(start));
    return parts;
}

void emitDiagnostic(const EventSink &sink, Diagnostic d)
{
    RunEvent e;
    e.kind = RunEvent::Kind::Diagnostic;
    e.diagnostic = std::move(d);
    sink(e);
}

void emitProgress(const EventSink &sink, const char *what, std::string name, std::int64_t done,
                  std::int64_t total)
{
    RunEvent e;
    e.kind = RunEvent::Kind::Progress;
    e.name = std::move(name);
    e.progress = Progress{what, done, total};
    sink(e);
}

Diagnostic plainError(DiagKind kind, std::vector<std::string> args, DiagOrigin origin)
{
    Diagnostic d;
    d.kind = kind;
    d.severity = diagKindSeverity(kind);
    d.origin = origin;
    d.message = formatDiagMessage(diagKindFormat(kind), args);
    return d;
}

} // namespace

bool matchesTestFilter(const std::string &name, const std::string &filter)
{
    if (trim(filter).empty())
        return true;
    for (const std::string &alternative : splitOn(filter, " or ")) {
        bool all = true;
        for (std::string term : splitOn(alternative, " and ")) {
            term = trim(term);
            bool negate = false;
            if (term.rfind("not ", 0) == 0) {
                negate = true;
                term = trim(term.substr(4));
            }
            const bool found = name.find(term) != std::string::npos;
            if (found == negate) {
                all = false;
                break;
            }
        }
        if (all)
            return true;
    }
    return false;
}

Runner::Runner(RunOptions options)
    : m_options(std::move(options))
{}

int Runner::run(const std::string &path, const EventSink &sink)
{
    const Clock::time_point t0 = Clock::now();
    bool profiling = false;
    auto finish = [&](int code, bool passed) {
        if (profiling)
            m_options.profiler->finish(sink);
        RunEvent e;
        e.kind = RunEvent::Kind::Finished;
        e.exitCode = code;
        e.passed = passed;
        e.seconds = secondsSince(t0);
        sink(e);
        return code;
    };

    LoadResult load = loadSourceText(path, m_options.text);
    if (load.error != LoadError::None) {
        emitDiagnostic(sink, plainError(DiagKind::UnusableInput, {path, load.message},
                                        DiagOrigin::Input));
        return finish(kExitUnusable, false);
    }
    BackendChoice choice = chooseBackend(m_options.backend, &m_sources, m_options.device);
    std::unique_ptr<Backend> backend = std::move(choice.backend);
    if (!backend) {
        // Not the file's fault: the message names the backend and what to use instead.
        Diagnostic d = plainError(choice.errorKind, {path, choice.error}, DiagOrigin::Input);
        d.message = choice.error;
        emitDiagnostic(sink, std::move(d));
        return finish(kExitUnusable, false);
    }
    m_backendName = std::string(backend->name());
    if (m_options.profiler) {
        m_options.profiler->attach(*backend, m_sources, sink);
        profiling = true;
    }

    const SourceFile &file = m_sources.add(path, std::move(load.text));
    CheckResult checked = checkSource(file);
    for (Diagnostic &d : checked.diagnostics)
        emitDiagnostic(sink, std::move(d));
    if (checked.errorCount)
        return finish(kExitFailed, false);

    host::HostOptions hostOptions;
    hostOptions.backend = backend.get();
    hostOptions.events = sink;
    if (profiling)
        hostOptions.events = [&](const RunEvent &e) {
            m_options.profiler->observe(e);
            sink(e);
        };
    hostOptions.cancel = m_options.cancel;
    hostOptions.debug = m_options.debug;
    hostOptions.launchMetadata = profiling;
    hostOptions.autotuneCacheDir = m_options.autotuneCacheDir;
    hostOptions.workingDirectory = std::filesystem::absolute(path).parent_path();
    host::HostSession session(*checked.module, hostOptions);

    switch (m_options.mode) {
    case Mode::Run: {
        const bool ok = session.runModule(/*asMain=*/true);
        return finish(ok ? kExitOk : kExitFailed, ok);
    }
    case Mode::Test: {
        if (!session.runModule(/*asMain=*/false))
            return finish(kExitFailed, false);
        // Collected (parametrizations expanded) and filtered first, so progress has a total.
        std::vector<host::TestCase> selected;
        for (host::TestCase &test : session.tests())
            if (matchesTestFilter(test.name, m_options.testFilter))
                selected.push_back(std::move(test));
        emitProgress(sink, "tests", "", 0, std::int64_t(selected.size()));
        bool allPassed = true;
        std::int64_t done = 0;
        for (const host::TestCase &test : selected) {
            if (m_options.cancel && m_options.cancel->load())
                break;
            RunEvent started;
            started.kind = RunEvent::Kind::TestStarted;
            started.name = test.name;
            sink(started);
            const Clock::time_point t = Clock::now();
            const bool passed = session.runTest(test);
            RunEvent finished;
            finished.kind = RunEvent::Kind::TestFinished;
            finished.name = test.name;
            finished.passed = passed;
            finished.skipped = passed && session.lastTestSkipped();
            finished.seconds = secondsSince(t);
            sink(finished);
            emitProgress(sink, "tests", "", ++done, std::int64_t(selected.size()));
            allPassed = allPassed && passed;
        }
        return finish(allPassed ? kExitOk : kExitFailed, allPassed);
    }
    case Mode::Bench: {
        if (!session.runModule(/*asMain=*/false))
            return finish(kExitFailed, false);
        bool ok = true;
        for (const std::string &name : session.benchmarks()) {
            if (m_options.cancel && m_options.cancel->load())
                break;
            ok = session.runBenchmark(name, m_options.csvDirectory) && ok;
        }
        return finish(ok ? kExitOk : kExitFailed, ok);
    }
    }
    return finish(kExitFailed, false);
}

} // namespace tsm::run
