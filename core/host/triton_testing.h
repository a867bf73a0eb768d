#pragma once
// triton.testing on the harness: do_bench / do_bench_cudagraph (CPU wall time on the
// interpreter, labelled so), Benchmark, perf_report's Mark with .run(), and assert_close.

#include "core/host/object.h"

#include <filesystem>

namespace tsm::host {

/// What the object made by @triton.testing.perf_report(...) does when run.
struct BenchRunOptions
{
    bool printData = false;
    bool showPlots = false;
    /// Emit a BenchmarkTable event per benchmark (HostSession::runBenchmark).
    bool emitTables = false;
    /// Where `<plot_name>.csv` goes (already resolved); empty: nowhere.
    std::filesystem::path csvDirectory;
    /// Extra keyword arguments for the benchmarked function (run(**kwargs)).
    std::vector<Kwarg> extra;
};

/// True if `v` was made by @triton.testing.perf_report.
bool isPerfReport(const Value &v);
/// Runs every benchmark of a perf_report object (BenchmarkPoint events, printed table,
/// BenchmarkTable events, csv). False if any cell raised (that cell is NaN and its error is a
/// Diagnostic event).
bool runPerfReport(Interpreter &interp, const Value &mark, const BenchRunOptions &options);

/// do_bench's note on how the host kept pace with the GPU: "; host 41 µs per call, L2 clear
/// 62 µs on the GPU", plus "(host-bound: ...)" when the host took clearly longer per call than
/// the GPU's clear + kernel, so the GPU idled inside the timed region (medians, in µs).
std::string hostPaceNote(double hostUs, double clearUs, double kernelUs);

/// triton.testing.do_bench (or do_bench_cudagraph) as a callable value: the autotuner times
/// each config with it, as Triton's Autotuner does.
Value doBenchBuiltin(bool cudaGraph);

} // namespace tsm::host
