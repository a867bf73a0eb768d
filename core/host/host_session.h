#pragma once
// The harness interpreter's face to the runner: executes one module's host code (the Python
// subset of LANGUAGE.md) with the torch / triton / math / numpy subsets, launches its kernels on
// a Backend, and reports prints, validation outcomes and errors as RunEvents.

#include "core/run/backend.h"
#include "core/run/run_event.h"
#include "core/syntax/ast.h"

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace tsm::host {

struct HostOptions
{
    /// Where kernel launches run. Not owned; must outlive the session.
    Backend *backend = nullptr;
    /// Receives Stdout, Validation, Diagnostic and KernelCompiled events (and BenchmarkPoint /
    /// BenchmarkTable from runBenchmark).
    run::EventSink events;
    /// Set from another thread to stop at the next statement or launch.
    const std::atomic<bool> *cancel = nullptr;
    /// np.load / np.save paths and a benchmark's save_path are relative to this folder.
    std::filesystem::path workingDirectory;
    /// Build every kernel with debug: tl.device_assert checked on the GPU too (`--debug`, as
    /// TRITON_DEBUG=1).
    bool debug = false;
    /// Call kernels' launch_metadata functions at each launch (a profiler is watching).
    bool launchMetadata = false;
    /// Where @triton.autotune keeps its choices across runs: empty for the default
    /// ($TILESMITH_AUTOTUNE_CACHE_DIR, else ~/.cache/tilesmith/autotune), "-" for nowhere.
    std::filesystem::path autotuneCacheDir;
    /// False: @triton.autotune checks every config's result but does not time them and picks the
    /// first config that runs (the choice no longer depends on timing: tests that record what
    /// was compiled).
    bool autotuneTimesConfigs = true;
};

/// One test to run: a `test_*` function, with one parametrize combination bound.
struct TestCase
{
    std::string name;      ///< "test_swish", "test_add[1000-float16]" (pytest's id format)
    std::string function;  ///< "test_add"
    std::size_t index = 0; ///< the session's own handle
};

class HostSession
{
public:
    /// `module` and its SourceFile must outlive the session.
    HostSession(const ast::Module &module, HostOptions options);
    ~HostSession();
    HostSession(const HostSession &) = delete;
    HostSession &operator=(const HostSession &) = delete;

    /// Executes the module's top-level statements with `__name__` set to "__main__" (asMain) or
    /// to the module's name. Returns false after an uncaught exception or unsupported construct
    /// (reported as a Diagnostic event with the line and a traceback note per frame).
    bool runModule(bool asMain);

    /// Every `test_*` function of the module, `@pytest.mark.parametrize` expanded, in source
    /// order. Valid after runModule(false).
    std::vector<TestCase> tests();
    /// Runs one test; false if it failed (its assertion / validation report is sent as events).
    bool runTest(const TestCase &test);
    /// Whether the test runTest() last ran was skipped (a skip / skipif mark, pytest.skip());
    /// runTest() returned true for it.
    bool lastTestSkipped() const;

    /// The module-level objects made by `@triton.testing.perf_report` (their variable names).
    std::vector<std::string> benchmarks();
    /// Runs one benchmark over its x_vals x line_vals like `.run(print_data=True)`: a
    /// BenchmarkPoint per cell and a BenchmarkTable event with the table as Triton prints it.
    /// `csvDirectory`, if not empty, receives `<plot_name>.csv` as Triton writes it.
    bool runBenchmark(const std::string &name, const std::filesystem::path &csvDirectory = {});

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace tsm::host
