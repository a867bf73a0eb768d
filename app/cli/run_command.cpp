#include "app/cli/run_command.h"

#include "core/diag/diagnostic_renderer.h"
#include "core/run/autotune_table.h"
#include "core/run/backend_factory.h"
#include "core/run/event_json.h"
#include "profiler/profile_table.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ostream>

namespace tsm::cli {
namespace {

std::string seconds(double s)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2fs", s);
    return buf;
}

class TextPrinter
{
public:
    TextPrinter(const run::Runner &runner,
                run::Mode mode,
                bool autotuneReport,
                std::ostream &out,
                std::ostream &err)
        : m_runner(runner)
        , m_mode(mode)
        , m_autotuneReport(autotuneReport)
        , m_out(out)
        , m_err(err)
    {
    }

    void operator()(const run::RunEvent &e)
    {
        using K = run::RunEvent::Kind;
        switch (e.kind) {
        case K::Diagnostic:
            m_out.flush();
            m_err << renderDiagnostic(*e.diagnostic, m_runner.sources());
            m_err.flush();
            break;
        case K::Stdout:
            m_out << e.text;
            break;
        case K::TestFinished:
            (e.skipped ? m_skipped : e.passed ? m_passed : m_failed)++;
            if (!e.passed)
                m_failedNames.push_back(e.name);
            m_out << (e.skipped ? "SKIPPED " : e.passed ? "PASSED " : "FAILED ") << e.name << " ("
                  << seconds(e.seconds) << ")\n";
            m_out.flush();
            break;
        case K::Profile:
            m_out << "\n" << profiler::profileTable(*e.profile);
            m_out.flush();
            break;
        case K::BenchmarkTable:
            m_out << e.text;
            if (!e.text.empty() && e.text.back() != '\n')
                m_out << '\n';
            break;
        case K::Finished:
            // No backend: nothing ran (the error says why), so no summary of zero tests.
            if (m_mode == run::Mode::Test && !m_runner.backendName().empty()) {
                for (const std::string &name : m_failedNames)
                    m_out << "FAILED " << name << "\n";
                m_out << "== " << m_passed << " passed";
                if (m_failed)
                    m_out << ", " << m_failed << " failed";
                if (m_skipped)
                    m_out << ", " << m_skipped << " skipped";
                m_out << " in " << seconds(e.seconds) << " on " << m_runner.backendName()
                      << " ==\n";
            }
            break;
        case K::Autotune:
            if (m_autotuneReport) {
                m_out << run::autotuneTable(*e.autotune);
                m_out.flush();
            }
            break;
        case K::TestStarted:
        case K::Validation:
        case K::BenchmarkPoint:
        case K::KernelCompiled:
        case K::Progress:
            break;
        }
    }

private:
    const run::Runner &m_runner;
    run::Mode m_mode;
    bool m_autotuneReport = false;
    std::ostream &m_out, &m_err;
    int m_passed = 0, m_failed = 0, m_skipped = 0;
    std::vector<std::string> m_failedNames;
};

} // namespace

int runProgram(const RunCommandOptions &opts, std::ostream &out, std::ostream &err)
{
    run::Runner runner(opts.run);
    // Without --backend the runner takes CUDA when it can; when it cannot, say so once (a note
    // diagnostic event with --json), so that CPU timings are never mistaken for GPU ones.
    // (--device asks for CUDA: no fall back to note.)
    const std::string note = opts.run.backend.empty() && opts.run.device < 0 ? defaultBackendNote()
                                                                             : std::string();
    if (opts.json) {
        if (!note.empty()) {
            run::RunEvent e;
            e.kind = run::RunEvent::Kind::Diagnostic;
            Diagnostic d;
            d.kind = DiagKind::CudaUnavailable;
            d.severity = Severity::Note;
            d.origin = DiagOrigin::Input;
            d.message = note;
            e.diagnostic = std::move(d);
            out << run::eventToJson(e, runner.sources()).dump() << '\n';
        }
        return runner.run(opts.file, [&](const run::RunEvent &e) {
            out << run::eventToJson(e, runner.sources())
                       .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                << '\n';
            out.flush();
        });
    }
    if (!note.empty())
        err << "tilesmith: " << note << "\n";
    TextPrinter printer(runner, opts.run.mode, opts.autotuneReport, out, err);
    return runner.run(opts.file, [&](const run::RunEvent &e) { printer(e); });
}

} // namespace tsm::cli
