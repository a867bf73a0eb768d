#pragma once
// Runs a Python snippet through the parser and the harness interpreter, capturing what it
// prints and the diagnostics it reports.

#include "core/host/interpreter.h"
#include "core/syntax/parser.h"

#include <memory>
#include <string>
#include <vector>

namespace tsm::host::test {

struct RunResult
{
    bool ok = false;
    std::string out;
    std::vector<Diagnostic> diags;
    std::string firstMessage() const { return diags.empty() ? "" : diags[0].message; }
    DiagKind firstKind() const { return diags.empty() ? DiagKind{} : diags[0].kind; }
};

/// Keeps the source and tree alive as long as the interpreter (functions point into them).
struct Program
{
    SourceManager sources;
    ParseResult parsed;
    std::unique_ptr<Interpreter> interp;
    std::string out;
};

inline RunResult runProgram(Program &p, const std::string &code, InterpreterOptions options = {})
{
    const SourceFile &file = p.sources.add("test.py", code);
    DiagnosticSink parseSink;
    p.parsed = parseModule(file, parseSink);
    RunResult r;
    if (parseSink.errorCount()) {
        r.diags = parseSink.takeDiagnostics();
        return r;
    }
    options.print = [&p](std::string_view s) { p.out += s; };
    p.interp = std::make_unique<Interpreter>(options);
    DiagnosticSink sink;
    r.ok = p.interp->execModule(*p.parsed.module, "__main__", sink);
    r.out = p.out;
    r.diags = sink.takeDiagnostics();
    return r;
}

inline RunResult run(const std::string &code, InterpreterOptions options = {})
{
    Program p;
    return runProgram(p, code, std::move(options));
}

} // namespace tsm::host::test
