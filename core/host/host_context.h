#pragma once
// What the harness library modules (torch, triton, numpy, pytest ...) share with the
// HostSession that runs them: the backend kernels launch on, the event stream, the program's
// folder, and the bookkeeping that do_bench and perf_report need. One per session; library
// objects keep a plain pointer to it (the session owns both and outlives them).

#include "core/run/backend.h"
#include "core/run/run_event.h"
#include "core/syntax/ast.h"

#include <atomic>
#include <memory>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>

namespace tsm::tensor {
class DeviceOps;
}

namespace tsm::host {

class Interpreter;

/// The session backend's device properties, or (on the interpreter) an H200's published
/// figures with a name that says they are nominal.
DeviceProperties hostDeviceProperties(Interpreter &interp);

struct HostContext
{
    Backend *backend = nullptr;
    run::EventSink events;
    const std::atomic<bool> *cancel = nullptr;
    std::filesystem::path workingDirectory;
    const ast::Module *module = nullptr;
    Interpreter *interp = nullptr;
    /// Build kernels with debug (HostOptions::debug).
    bool debug = false;
    /// Evaluate launch_metadata at launches (HostOptions::launchMetadata).
    bool launchMetadata = false;
    /// HostOptions::autotuneCacheDir.
    std::filesystem::path autotuneCacheDir;
    /// HostOptions::autotuneTimesConfigs.
    bool autotuneTimesConfigs = true;

    /// Kernel launches so far (do_bench tells whether its body launched one).
    std::uint64_t launches = 0;
    /// The eager GPU torch ops (eager_gpu_ops.h) that do_bench activates under a backend with
    /// a device timer; made on first use.
    std::shared_ptr<tensor::DeviceOps> eagerOps;

    /// How the most recent do_bench measured ("CPU time (interpreter)"), for BenchmarkPoints.
    std::string measuredBy;

    /// The context of the session running `interp` (library functions reach it through
    /// CallArgs::interp). Registered by attach(), removed by detach().
    static HostContext &of(Interpreter &interp);
    void attach(Interpreter &interp);
    void detach();

    void emit(const run::RunEvent &event) const;
    void emitValidation(const run::ValidationReport &report) const;
    /// Sends every diagnostic but the first error as an event (notes, warnings,
    /// tl.static_print); returns that error, which the caller raises as a Python exception.
    std::optional<Diagnostic> emitAllButFirstError(DiagnosticSink &diags) const;

    /// A program-relative path for np.load / np.save / save_path, or ForbiddenHostAccess for an
    /// absolute path or one that leaves the program's folder (`what` names the call).
    std::filesystem::path
    resolvePath(std::string_view what, std::string_view path, std::string_view action) const;

    /// The text of positional argument `k` of the call whose span is `callSpan` when it is a
    /// plain name ("x"), else "".
    std::string argumentName(SourceSpan callSpan, std::size_t k);

private:
    std::unordered_map<std::uint64_t, const ast::Call *> m_calls;
    bool m_callsIndexed = false;
};

} // namespace tsm::host
