#pragma once
// `tilesmith profile`'s watcher of a run (core/run/runner.h RunProfiler): traces every kernel
// launch with CUPTI Activity, replays the first launch of each kernel at each grid under the
// range profiler for its hardware counters, and at the end reports one Profile event: per
// kernel and grid the timings, counters, roofline placement and per-line costs, the launch
// timeline and the device's roofs. Without counter access it still reports timing, and says why.

#include "core/cuda/launch_observer.h"
#include "core/run/runner.h"
#include "core/source/source_file.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tsm::cuda {
class CudaBackend;
}

namespace tsm::profiler {

class ActivityTracer;
class RangeProfiler;
class SassMetrics;
class PcSampling;

struct ProfileOptions
{
    std::string metrics = "fast"; ///< a set name or a list (profiler/metric_sets.h)
    std::string kernel;           ///< only kernels of this name get counters (empty: all)
    bool libraryKernels = false;  ///< also count Tilesmith's own kernels (eager torch ops)
    /// Replays (or stall samplings) stop after this many kernel/grid pairs.
    int maxProfiledLaunches = 64;
    /// Instrument the second launch of each kernel and grid for executed instructions per PC
    /// (CUPTI SASS metrics); without, per-line costs are static instruction counts.
    bool lineCounts = true;
    /// Sample the first launch of each kernel and grid for stall reasons per PC (CUPTI PC
    /// sampling): where warps wait, per Python line. CUPTI cannot also read counters then, so
    /// such a run has timings and stalls only (`tilesmith profile --stalls`).
    bool stallSamples = false;
};

class LaunchProfiler final : public run::RunProfiler, public cuda::LaunchObserver
{
public:
    explicit LaunchProfiler(ProfileOptions options);
    ~LaunchProfiler() override;

    /// kernel_compiled names the specialization that the next new kernel object is.
    void observe(const run::RunEvent &event) override;
    void
    attach(Backend &backend, const SourceManager &sources, const run::EventSink &sink) override;
    void finish(const run::EventSink &sink) override;
    void beforeLaunch(const cuda::CudaKernel &kernel,
                      const Grid &grid,
                      const LaunchContext &context) override;
    void afterLaunch(const cuda::CudaKernel &kernel, const Grid &grid, bool queued) override;

private:
    struct Entry;
    Entry &entryFor(const cuda::CudaKernel &kernel, const Grid &grid);
    run::ProfileReport buildReport();
    /// The kernel's SASS instructions per Python line (static; executed counts when measured).
    void addLineCosts(Entry &e, std::vector<std::string> &notes);
    void beginSassMetrics(Entry &e);
    void endSassMetrics(bool queued);
    void beginStallSampling(Entry &e);
    void endStallSampling(bool queued);

    ProfileOptions m_options;
    cuda::CudaBackend *m_backend = nullptr;
    const SourceManager *m_sources = nullptr;
    std::unique_ptr<ActivityTracer> m_tracer;
    std::unique_ptr<RangeProfiler> m_range;
    run::ProfileReport m_report;
    std::vector<std::unique_ptr<Entry>> m_entries;
    std::map<std::string, std::vector<std::string>> m_pendingSignatures; ///< by kernel name
    std::map<const cuda::CudaKernel *, std::string> m_signatures;
    Entry *m_measuring = nullptr;
    /// The entries of the traced (not replayed, not instrumented) launches, per symbol, in
    /// launch order.
    std::map<std::string, std::vector<Entry *>> m_traced;
    std::unique_ptr<SassMetrics> m_sass;
    Entry *m_sassMeasuring = nullptr;
    std::string m_sassUnavailable; ///< set once SASS metrics failed to open: not tried again
    std::unique_ptr<PcSampling> m_stalls;
    Entry *m_stallsMeasuring = nullptr;
    std::string m_stallsUnavailable;
    int m_profiled = 0;
};

} // namespace tsm::profiler
