#pragma once
// What a run reports, as it happens: the CLI prints these, `--json` writes one JSON object per
// event (docs/run-events.md), `tilesmith serve` streams them to the studio. Plain structs.

#include "core/diag/diagnostic.h"
#include "core/run/autotune_report.h"
#include "core/run/profile_report.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tsm::run {

/// The outcome of one assert_close / allclose comparison (LANGUAGE.md "Validation report").
struct ValidationReport
{
    bool passed = true;
    std::string function;            ///< "torch.testing.assert_close"
    std::vector<std::int64_t> shape; ///< of the compared tensors (after broadcasting)
    std::string actualDtype, expectedDtype;
    double rtol = 0, atol = 0;
    bool equalNan = false;
    std::int64_t mismatched = 0, total = 0;
    double maxAbsError = 0, maxRelError = 0;
    std::vector<std::int64_t> maxAbsIndex, maxRelIndex;
    /// Up to the first 10 mismatching coordinates with their values.
    struct Mismatch
    {
        std::vector<std::int64_t> index;
        double actual = 0, expected = 0;
    };
    std::vector<Mismatch> firstMismatches;
    /// For failing 1-D and 2-D outputs (1-D as one row): |actual - expected| / (atol + rtol *
    /// |expected|) per cell, downsampled to at most 256 x 256 (max over each cell's elements);
    /// row-major, heatRows x heatCols.
    std::int64_t heatRows = 0, heatCols = 0;
    std::vector<float> heat;
    /// The message a user reads, PyTorch's wording ("Tensor-likes are not close!\n\nMismatched
    /// elements: 3 / 1000 (0.3%)\n...").
    std::string message;
    /// The call that compared (the studio's Validation pane goes there).
    std::optional<SourceSpan> span;
};

/// One cell of a perf_report table.
struct BenchmarkPoint
{
    std::string benchmark; ///< plot_name
    std::string xName;     ///< x_names joined with ", "
    std::string x;         ///< the x value(s) as printed
    std::string line;      ///< line_names entry
    double value = 0;      ///< ylabel units (GB/s, ms, ...); NaN when the body failed
    std::optional<double> min, max;
    std::string unit;       ///< ylabel
    std::string measuredBy; ///< "CPU time (interpreter)", "CUDA events, L2 flushed", ...
    std::string xLabel;     ///< Benchmark.xlabel ("" when not given)
    bool xLog = false;      ///< Benchmark.x_log: the x axis is drawn on a log scale
    bool yLog = false;      ///< Benchmark.y_log
};

/// How far a long piece of work has got: one event when it starts and one per step.
struct Progress
{
    std::string what;       ///< "tests", "benchmark", "compile" or "autotune" (configs checked and timed)
    std::int64_t done = 0;  ///< steps finished (tests, benchmark cells)
    std::int64_t total = 0; ///< steps in all; 0 when unknown (a compile: ended by KernelCompiled)
};

struct RunEvent
{
    enum class Kind : std::uint8_t {
        Diagnostic,     ///< `diagnostic`: an error/warning from any phase
        Stdout,         ///< `text`: what the program printed (print, device_print)
        TestStarted,    ///< `name`: "test_swish[1000-1.702]"
        TestFinished,   ///< `name`, `passed`, `seconds`, `validation` (if an assert_close failed),
                        ///< `diagnostic`
        Validation,     ///< `validation`: every assert_close/allclose outcome (passed or not)
        BenchmarkPoint, ///< `point`
        BenchmarkTable, ///< `name` (plot_name), `text` (the table as Triton prints it)
        KernelCompiled, ///< `name` (kernel), `text` (signature key), `seconds`
        Progress,       ///< `progress`: long work under way (tests, a benchmark sweep, a compile)
        Profile,        ///< `profile`: `tilesmith profile`'s report, before Finished
        Autotune,       ///< `autotune`: one @triton.autotune choice (tuned, or from the disk cache)
        Finished,       ///< `passed` (overall), `seconds`, `exitCode`
    };
    Kind kind = Kind::Stdout;
    std::string name;
    std::string text;
    bool passed = true;
    /// TestFinished: the test was skipped (skip / skipif marks, pytest.skip()); `passed` is true.
    bool skipped = false;
    double seconds = 0;
    int exitCode = 0;
    std::optional<Diagnostic> diagnostic;
    std::optional<ValidationReport> validation;
    std::optional<BenchmarkPoint> point;
    std::optional<Progress> progress; ///< with `name`: the benchmark's plot_name, the kernel
    std::optional<ProfileReport> profile;
    std::optional<AutotuneReport> autotune;
};

using EventSink = std::function<void(const RunEvent &)>;

} // namespace tsm::run
