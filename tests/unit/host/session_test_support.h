#pragma once
// Runs a whole program through a HostSession on the CPU interpreter backend, collecting the
// RunEvents it reports.

#include "core/host/host_session.h"
#include "core/interp/interp_backend.h"
#include "core/syntax/parser.h"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace tsm::host::test {

struct Session
{
    SourceManager sources;
    ParseResult parsed;
    interp::InterpBackend backend;
    std::unique_ptr<HostSession> session;
    std::vector<run::RunEvent> events;
    std::vector<Diagnostic> parseErrors;
    /// HostOptions::autotuneCacheDir: none, unless a test asks for one.
    std::filesystem::path autotuneCache = "-";

    /// Parses `code` as `path` and opens a session over it (nothing runs yet).
    bool open(const std::string &code,
              const std::filesystem::path &workingDirectory = {},
              const std::string &path = "prog.py")
    {
        const SourceFile &file = sources.add(path, code);
        DiagnosticSink sink;
        parsed = parseModule(file, sink);
        parseErrors = sink.takeDiagnostics();
        if (!parseErrors.empty())
            return false;
        HostOptions o;
        o.backend = &backend;
        o.workingDirectory = workingDirectory;
        o.autotuneCacheDir = autotuneCache;
        o.events = [this](const run::RunEvent &e) { events.push_back(e); };
        session = std::make_unique<HostSession>(*parsed.module, std::move(o));
        return true;
    }
    /// open() + runModule(asMain).
    bool run(const std::string &code,
             bool asMain = true,
             const std::filesystem::path &workingDirectory = {})
    {
        return open(code, workingDirectory) && session->runModule(asMain);
    }

    std::string out() const
    {
        std::string s;
        for (const auto &e : events)
            if (e.kind == run::RunEvent::Kind::Stdout)
                s += e.text;
        return s;
    }
    std::vector<const run::RunEvent *> of(run::RunEvent::Kind kind) const
    {
        std::vector<const run::RunEvent *> r;
        for (const auto &e : events)
            if (e.kind == kind)
                r.push_back(&e);
        return r;
    }
    std::vector<Diagnostic> diagnostics() const
    {
        std::vector<Diagnostic> d;
        for (const auto &e : events)
            if (e.kind == run::RunEvent::Kind::Diagnostic && e.diagnostic)
                d.push_back(*e.diagnostic);
        return d;
    }
    std::string firstError() const
    {
        for (const auto &d : diagnostics())
            if (d.severity == Severity::Error)
                return std::string(diagKindName(d.kind)) + ": " + d.message;
        return {};
    }
    /// 1-based line of a diagnostic's span.
    std::uint32_t lineOf(const Diagnostic &d) const
    {
        return sources.file(d.span.file).lineCol(d.span.begin).line;
    }
};

} // namespace tsm::host::test
