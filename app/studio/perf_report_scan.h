#pragma once
// Whether a program has perf_report benchmarks (a function decorated with
// `@triton.testing.perf_report(...)`, or `@perf_report(...)` imported by name): Profile runs
// such a file as `bench` (its benchmarks launch the kernels at every size), any other as `run`.

#include <QByteArray>

namespace tsm {

/// Parses `text` (UTF-8) and looks for a perf_report decorator at any depth.
bool hasPerfReport(const QByteArray &text);

} // namespace tsm
