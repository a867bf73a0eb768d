#pragma once
// `tilesmith run | test | bench FILE`: runs a program through core/run's Runner and prints its
// events as text (program output on stdout, diagnostics on stderr, a pytest-like summary for
// tests, Triton's tables for benchmarks) or as JSON Lines (--json, docs/run-events.md).

#include "core/run/runner.h"

#include <iosfwd>
#include <string>

namespace tsm::cli {

struct RunCommandOptions
{
    run::RunOptions run;
    std::string file;
    bool json = false;
    /// Print each @triton.autotune report as a table (text mode; --json always has the events).
    bool autotuneReport = false;
};

int runProgram(const RunCommandOptions &opts, std::ostream &out, std::ostream &err);

} // namespace tsm::cli
