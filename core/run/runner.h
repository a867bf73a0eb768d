#pragma once
// The Runner: one file through `tilesmith run`, `test` or `bench` (LANGUAGE.md "Entry points").
// Loads and checks the file, picks the backend, runs the harness through a HostSession and
// reports everything as RunEvents, ending with one Finished event that carries the exit code.

#include "core/run/backend.h"
#include "core/run/run_event.h"
#include "core/source/source_file.h"

#include <atomic>
#include <filesystem>
#include <optional>
#include <string>

namespace tsm::run {

enum class Mode : std::uint8_t { Run, Test, Bench };

/// Watches a run's GPU work (`tilesmith profile`, profiler/launch_profiler.h): attached to the
/// backend before the program starts, asked for its report before the Finished event.
class RunProfiler
{
public:
    virtual ~RunProfiler() = default;
    /// The backend the program is about to run on; `sources` holds the kernels' files.
    virtual void attach(Backend &backend, const SourceManager &sources, const EventSink &sink)
        = 0;
    /// Every event of the run, before the sink gets it.
    virtual void observe(const RunEvent &event) {}
    /// The program is done (passed or not): report (a Profile event) and detach.
    virtual void finish(const EventSink &sink) = 0;
};

struct RunOptions
{
    Mode mode = Mode::Run;
    /// "interp", "cuda", or empty for the default (cuda when usable, else interp).
    std::string backend;
    /// The GPU that runs the kernels (an ordinal of `tilesmith devices`), or -1 for device 0.
    /// Given, it asks for CUDA: no silent fall back to the interpreter.
    int device = -1;
    /// test: pytest's -k (substring terms joined by `and` / `or`, each optionally `not`).
    std::string testFilter;
    /// bench: write `<plot_name>.csv` files here when not empty.
    std::filesystem::path csvDirectory;
    /// Build kernels with debug: tl.device_assert checked on the GPU too (--debug).
    bool debug = false;
    /// Where @triton.autotune choices persist (HostOptions::autotuneCacheDir; "-": nowhere).
    std::filesystem::path autotuneCacheDir;
    /// The program's source, run under the file's name (diagnostics and #lines name the file,
    /// which need not exist here: a runner on another machine, docs/serve.md); absent: read it.
    std::optional<std::string> text;
    const std::atomic<bool> *cancel = nullptr;
    /// Not owned; null for no profiling.
    RunProfiler *profiler = nullptr;
};

/// Exit codes: 0 all good; 1 a failed test / assert / error in the program; 2 unusable input
/// (unreadable file, unknown or unavailable backend).
enum ExitCode : int { kExitOk = 0, kExitFailed = 1, kExitUnusable = 2 };

class Runner
{
public:
    explicit Runner(RunOptions options);
    /// Runs `file` (or RunOptions::text under its name), reporting to `sink`; returns the exit
    /// code (also in the Finished event).
    int run(const std::string &file, const EventSink &sink);
    /// The files the reported diagnostics point into (valid after run()).
    const SourceManager &sources() const { return m_sources; }
    /// Which backend ran ("interp"), after run().
    const std::string &backendName() const { return m_backendName; }

private:
    RunOptions m_options;
    SourceManager m_sources;
    std::string m_backendName;
};

/// pytest -k semantics on one test name: "swish and not 1000", "add or mul".
bool matchesTestFilter(const std::string &name, const std::string &filter);

} // namespace tsm::run
