#include "profiler/launch_profiler.h"

#include "core/cuda/bandwidth.h"
#include "core/cuda/cuda_backend.h"
#include "profiler/kernel_activity.h"
#include "profiler/metric_sets.h"
#include "profiler/pc_sampling.h"
#include "profiler/range_profiler.h"
#include "profiler/roofline.h"
#include "profiler/sass_lines.h"
#include "profiler/sass_metrics.h"

#include <algorithm>

namespace tsm::profiler {

namespace {

constexpr std::size_t kTimelineMax = 5000;

/// Names for kernels Tilesmith launches that are not the program's.
std::string builtinName(const std::string &symbol)
{
    if (symbol == "tsm_zero_fill")
        return "L2 clear (do_bench)";
    return symbol;
}

bool sameGrid(const std::array<std::int64_t, 3> &a, const std::int64_t *b)
{
    return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

} // namespace

struct LaunchProfiler::Entry
{
    const cuda::CudaKernel *kernel = nullptr; ///< null for kernels only CUPTI saw
    run::KernelProfile profile;
    bool measured = false;  ///< counters collected (or tried)
    bool sassTried = false; ///< a launch was instrumented for executed counts per PC (or tried)
    std::map<std::uint32_t, double> executed; ///< warp instructions executed per PC
    std::string sassNote;                     ///< why there are no executed counts
    bool stallsTried = false;                 ///< a launch was sampled for stalls per PC (or tried)
    StallsOfFunction stalls;                  ///< PC sampling's samples per PC
    std::string stallsNote;                   ///< why there are no stall samples
    std::vector<double> durations;
};

LaunchProfiler::LaunchProfiler(ProfileOptions options)
    : m_options(std::move(options))
{
}

LaunchProfiler::~LaunchProfiler()
{
    if (m_backend)
        m_backend->setLaunchObserver(nullptr);
}

void LaunchProfiler::observe(const run::RunEvent &event)
{
    if (event.kind == run::RunEvent::Kind::KernelCompiled)
        m_pendingSignatures[event.name].push_back(event.text);
}

void LaunchProfiler::attach(Backend &backend,
                            const SourceManager &sources,
                            const run::EventSink &sink)
{
    m_sources = &sources;
    m_backend = dynamic_cast<cuda::CudaBackend *>(&backend);
    std::string why;
    const std::optional<MetricSet> set = metricSet(m_options.metrics, &why);
    m_report.metricSet = set ? set->name : "none";
    if (set)
        m_report.metricNames = set->metrics;
    if (!m_backend) {
        m_report.countersAvailable = false;
        m_report.countersNote = "profiling needs the CUDA backend; this run uses '"
                                + std::string(backend.name())
                                + "', so there are no GPU timings or counters";
        return;
    }
    m_tracer = ActivityTracer::start(&why);
    if (!m_tracer)
        m_report.notes.push_back("kernel timing (CUPTI Activity) is unavailable: " + why);
    if (!set) {
        m_report.countersAvailable = false;
        m_report.countersNote = why;
    } else if (m_options.stallSamples) {
        m_report.countersAvailable = false;
        m_report.countersNote = "not collected in a --stalls run: CUPTI cannot sample warp "
                                "stalls and read counters in one process";
    } else {
        m_range = RangeProfiler::open(m_backend->driver(), set->metrics, &why);
        if (!m_range) {
            m_report.countersAvailable = false;
            m_report.countersNote = why;
        } else {
            m_report.passes = int(m_range->config().passes());
        }
    }
    // PC sampling must be on before the program's modules load: on the H200, sampling enabled
    // after the load took samples but attributed none to a PC; and while it is on, the range
    // profiler does not start, so a --stalls run reads no counters.
    if (m_options.stallSamples) {
        m_stalls = PcSampling::open(m_backend->driver(), &why);
        if (!m_stalls)
            m_stallsUnavailable = why;
    }
    m_backend->setLaunchObserver(this);
}

LaunchProfiler::Entry &LaunchProfiler::entryFor(const cuda::CudaKernel &kernel, const Grid &grid)
{
    const std::array<std::int64_t, 3> g{grid.x, grid.y, grid.z};
    for (auto &e : m_entries)
        if (e->kernel == &kernel && e->profile.grid == g)
            return *e;
    auto e = std::make_unique<Entry>();
    e->kernel = &kernel;
    run::KernelProfile &p = e->profile;
    const ir::Kernel &ir = kernel.kernel();
    p.kernel = ir.name;
    p.function = kernel.source().kernelName;
    if (auto it = m_signatures.find(&kernel); it != m_signatures.end()) {
        p.signature = it->second;
    } else {
        // The kernel_compiled event of a new specialization comes just before its first launch.
        auto &pending = m_pendingSignatures[ir.name];
        if (!pending.empty()) {
            p.signature = pending.back();
            pending.clear();
        }
        m_signatures[&kernel] = p.signature;
    }
    const SourceFile *file
        = m_sources && ir.file < m_sources->fileCount() ? &m_sources->file(ir.file) : nullptr;
    if (file) {
        p.file = file->path();
        p.line = int(file->lineCol(ir.span.begin).line);
    }
    p.library = !file || p.file.rfind("<tilesmith>", 0) == 0;
    p.grid = g;
    p.threadsPerBlock = kernel.source().threadsPerBlock;
    const KernelResources use = *kernel.usage();
    p.registers = use.registers;
    p.sharedBytes = use.sharedBytes;
    p.spills = use.spillBytes;
    p.occupancy = use.occupancy;
    for (const codegen::DotInfo &dot : kernel.source().dots)
        if (dot.path != "FMA") {
            p.tensorCores = dot.path; // "mma.sync" or "wgmma"
            p.tensorInput = dot.input;
            break;
        }
    m_entries.push_back(std::move(e));
    return *m_entries.back();
}

void LaunchProfiler::beforeLaunch(const cuda::CudaKernel &kernel,
                                  const Grid &grid,
                                  const LaunchContext &context)
{
    Entry &e = entryFor(kernel, grid);
    if (context.analytic && !e.profile.analyticBytes && !e.profile.analyticFlops) {
        e.profile.analyticBytes = context.analytic->bytes;
        e.profile.analyticFlops = context.analytic->flops;
    }
    if (e.profile.library && !m_options.libraryKernels)
        return;
    if (!m_options.kernel.empty() && e.profile.kernel != m_options.kernel)
        return;
    if (m_backend->driver().capturing())
        return; // a graph capture runs nothing now: measure a later, real launch
    if (m_options.stallSamples) {
        // Stall sampling excludes the range profiler (CUPTI_ERROR_INVALID_PARAMETER on the
        // H200): the first launch of each kernel and grid is sampled instead.
        if (!e.stallsTried && m_stallsUnavailable.empty()
            && m_profiled < m_options.maxProfiledLaunches) {
            ++m_profiled;
            beginStallSampling(e);
        }
        return;
    }
    if (e.measured && !e.sassTried && m_options.lineCounts && m_sassUnavailable.empty()) {
        beginSassMetrics(e);
        return;
    }
    if (e.measured || !m_range || m_profiled >= m_options.maxProfiledLaunches)
        return;
    e.measured = true;
    ++m_profiled;
    if (m_tracer)
        m_tracer->pause(); // the replays are not the program's launches
    std::string why;
    bool begun = m_range->begin(&why);
    if (!begun && m_sass) {
        // The range profiler may not start while SASS metrics hold the device: the counters
        // matter more, so those give way for the rest of the run.
        m_sassUnavailable
            = "SASS metrics and the range profiler could not share the device (" + why + ")";
        m_sass.reset();
        begun = m_range->begin(&why);
    }
    if (!begun) {
        e.profile.countersNote = why;
        if (m_tracer)
            m_tracer->resume();
        return;
    }
    m_measuring = &e;
}

void LaunchProfiler::afterLaunch(const cuda::CudaKernel &kernel, const Grid &grid, bool queued)
{
    if (m_sassMeasuring) {
        endSassMetrics(queued);
        return;
    }
    if (m_stallsMeasuring) {
        endStallSampling(queued);
        return;
    }
    if (!m_measuring) {
        // A traced launch: CUPTI's records of a symbol come in the order of its launches.
        if (queued && m_tracer)
            m_traced[kernel.source().kernelName].push_back(&entryFor(kernel, grid));
        return;
    }
    Entry &e = *m_measuring;
    m_measuring = nullptr;
    std::vector<double> values;
    std::string why;
    const bool ok = m_range->end(&values, &why);
    if (m_tracer)
        m_tracer->resume();
    if (!queued) {
        e.profile.countersNote = "the launch failed, so it has no counters";
        return;
    }
    if (!ok) {
        e.profile.countersNote = why;
        return;
    }
    const MetricConfig &config = m_range->config();
    const std::vector<std::string> &names = config.metrics();
    e.profile.passes = int(config.passes());
    for (std::size_t i = 0; i < names.size() && i < values.size(); ++i) {
        e.profile.metrics.push_back({names[i], values[i], config.properties(names[i]).dimUnit});
        if (names[i] == metric::kTime)
            e.profile.counterNs = values[i];
        if (names[i] == metric::kSmClock)
            e.profile.smClockMHz = values[i] / 1e6;
        if (names[i] == metric::kDramRead || names[i] == metric::kDramWrite)
            e.profile.dramBytes += values[i];
    }
    e.profile.flops = flopsFrom(names, values);
}

run::ProfileReport LaunchProfiler::buildReport()
{
    run::ProfileReport report = m_report;
    if (!m_backend)
        return report;
    cuda::Driver &driver = m_backend->driver();
    std::vector<KernelActivity> records;
    if (m_tracer) {
        records = m_tracer->collect(driver);
        m_tracer.reset();
    }
    // After the flush (PC sampling's function names may be shared with Activity records), and
    // before the roof kernels run: nothing of theirs is to be instrumented or sampled.
    m_stalls.reset();
    m_sass.reset();
    // Each record joins the entry of its symbol and grid; records of kernels Tilesmith launched
    // outside the program's own (the L2 clear, cuBLAS) get entries of their own.
    // Records of the program's launches are joined to their launch by order per symbol (two
    // specializations share a symbol and can share a grid); graph replays, and anything the
    // order cannot place, by symbol and grid.
    std::map<std::string, std::size_t> nth;
    for (const KernelActivity &r : records) {
        Entry *match = nullptr;
        if (auto it = m_traced.find(r.name); it != m_traced.end() && r.graphId == 0) {
            std::size_t &k = nth[r.name];
            if (k < it->second.size() && sameGrid(it->second[k]->profile.grid, r.grid))
                match = it->second[k];
            ++k;
        }
        for (auto &e : m_entries)
            if (!match && e->profile.function == r.name && sameGrid(e->profile.grid, r.grid)) {
                match = e.get();
                break;
            }
        if (!match) {
            auto e = std::make_unique<Entry>();
            e->profile.kernel = builtinName(r.name);
            e->profile.function = r.name;
            e->profile.library = true;
            e->profile.grid = {r.grid[0], r.grid[1], r.grid[2]};
            e->profile.threadsPerBlock = r.block[0] * r.block[1] * r.block[2];
            e->profile.registers = r.registers;
            e->profile.sharedBytes = r.staticShared + r.dynamicShared;
            m_entries.push_back(std::move(e));
            match = m_entries.back().get();
        }
        if (r.durationNs() > 0)
            match->durations.push_back(double(r.durationNs()));
    }
    std::vector<const KernelActivity *> byStart;
    for (const KernelActivity &r : records)
        if (r.startNs)
            byStart.push_back(&r);
    std::stable_sort(
        byStart.begin(), byStart.end(), [](auto *a, auto *b) { return a->startNs < b->startNs; });
    const std::uint64_t t0 = byStart.empty() ? 0 : byStart.front()->startNs;
    for (const KernelActivity *r : byStart) {
        if (report.timeline.size() >= kTimelineMax) {
            ++report.timelineDropped;
            continue;
        }
        std::string name = builtinName(r->name);
        for (auto &e : m_entries)
            if (e->kernel && e->profile.function == r->name) {
                name = e->profile.kernel;
                break;
            }
        report.timeline.push_back({name,
                                   std::int64_t(r->startNs - t0),
                                   std::int64_t(r->durationNs()),
                                   {r->grid[0], r->grid[1], r->grid[2]}});
    }

    if (!m_sassUnavailable.empty())
        report.notes.push_back("no executed instructions per line (CUPTI SASS metrics): "
                               + m_sassUnavailable);
    if (!m_stallsUnavailable.empty())
        report.notes.push_back("no stall samples per line (CUPTI PC sampling): "
                               + m_stallsUnavailable);
    const bool anyCounters = std::any_of(m_entries.begin(), m_entries.end(), [](auto &e) {
        return e->profile.dramBytes > 0 || e->profile.analyticBytes || e->profile.analyticFlops;
    });
    if (anyCounters)
        report.roofline = deviceCeilings(driver, &report.notes);
    for (auto &e : m_entries) {
        run::KernelProfile &p = e->profile;
        p.launches = std::int64_t(e->durations.size()) + (p.metrics.empty() ? 0 : 1)
                     + (e->executed.empty() ? 0 : 1) + (e->stalls.empty() ? 0 : 1);
        if (!e->durations.empty()) {
            p.medianNs = cuda::medianOf(e->durations);
            p.minNs = *std::min_element(e->durations.begin(), e->durations.end());
            p.maxNs = *std::max_element(e->durations.begin(), e->durations.end());
        }
        if (p.metrics.empty() && p.countersNote.empty() && !p.library)
            p.countersNote = report.countersAvailable
                                 ? "not replayed (--kernel or the limit of "
                                       + std::to_string(m_options.maxProfiledLaunches)
                                       + " measured launches)"
                                 : report.countersNote;
        if (anyCounters)
            placeOnRoofline(p, report.roofline);
        if (e->kernel && !p.library)
            addLineCosts(*e, report.notes);
        report.kernels.push_back(p);
    }
    // The program's kernels first, in launch order; Tilesmith's own after them.
    std::stable_partition(
        report.kernels.begin(), report.kernels.end(), [](auto &k) { return !k.library; });
    return report;
}

void LaunchProfiler::beginSassMetrics(Entry &e)
{
    // The second launch of a kernel and grid runs instrumented (the first was replayed for
    // counters): same results, slower, so it is left out of the timings.
    e.sassTried = true;
    if (m_tracer)
        m_tracer->pause();
    std::string why;
    // Configured once for the run: a second configuration after an unconfigure failed with
    // CUPTI_ERROR_OUT_OF_MEMORY on the H200 (bench/results/2026-11-30-profile-check-*.md).
    if (!m_sass)
        m_sass = SassMetrics::open(m_backend->driver(), &why);
    if (!m_sass || !m_sass->begin(&why)) {
        e.sassNote = why;
        m_sass.reset();
        // Permission and support problems do not go away for the next kernel.
        m_sassUnavailable = why;
        if (m_tracer)
            m_tracer->resume();
        return;
    }
    m_sassMeasuring = &e;
}

void LaunchProfiler::endSassMetrics(bool queued)
{
    Entry &e = *m_sassMeasuring;
    m_sassMeasuring = nullptr;
    ExecutedPerPc counts;
    std::string why;
    if (!m_sass->end(&counts, &why))
        e.sassNote = why;
    else if (!queued)
        e.sassNote = "the instrumented launch failed";
    else if (auto it = counts.find(e.profile.function); it != counts.end())
        e.executed = it->second;
    else
        e.sassNote = "CUPTI's SASS metrics had no counts for " + e.profile.function;
    if (m_tracer)
        m_tracer->resume();
}

void LaunchProfiler::beginStallSampling(Entry &e)
{
    // The first launch of a kernel and grid is sampled for stall reasons per PC (serialized
    // with other kernels while sampled), and left out of the timings.
    e.stallsTried = true;
    if (m_tracer)
        m_tracer->pause();
    std::string why;
    if (!m_stalls)
        m_stalls = PcSampling::open(m_backend->driver(), &why);
    if (!m_stalls || !m_stalls->begin(&why)) {
        e.stallsNote = why;
        m_stalls.reset();
        m_stallsUnavailable = why;
        if (m_tracer)
            m_tracer->resume();
        return;
    }
    m_stallsMeasuring = &e;
}

void LaunchProfiler::endStallSampling(bool queued)
{
    Entry &e = *m_stallsMeasuring;
    m_stallsMeasuring = nullptr;
    StallsPerPc stalls;
    std::string why;
    if (!m_stalls->end(&stalls, &why))
        e.stallsNote = why;
    else if (!queued)
        e.stallsNote = "the sampled launch failed";
    else if (auto it = stalls.functions.find(e.profile.function); it != stalls.functions.end())
        e.stalls = it->second;
    else
        e.stallsNote = "PC sampling took no samples in " + e.profile.function;
    if (m_tracer)
        m_tracer->resume();
}

void LaunchProfiler::addLineCosts(Entry &e, std::vector<std::string> &notes)
{
    run::KernelProfile &p = e.profile;
    std::string why;
    const std::vector<char> &cubin = e.kernel->cubin();
    const std::vector<SassLine> sass = sassLines(cubin, p.function, &why);
    if (sass.empty()) {
        notes.push_back(p.kernel + ": no per-line costs: " + why);
        return;
    }
    LineRange range;
    if (m_sources && e.kernel->kernel().file < m_sources->fileCount()) {
        const SourceFile &file = m_sources->file(e.kernel->kernel().file);
        range.first = int(file.lineCol(e.kernel->kernel().span.begin).line);
        range.last = int(file.lineCol(e.kernel->kernel().span.end).line);
    }
    if (!e.stalls.empty()) {
        const auto *executed = e.executed.empty() ? nullptr : &e.executed;
        if (const auto controls = sassControls(cubin, p.function, nullptr)) {
            p.lines = stallCosts(sass, p.file, chargeLoadWaits(e.stalls, *controls), range, executed);
            p.linesMeasuredBy = "stall samples (CUPTI PC sampling, one launch; waits for memory "
                                "charged to the load waited for)";
        } else {
            p.lines = stallCosts(sass, p.file, e.stalls, range, executed);
            p.linesMeasuredBy = "stall samples (CUPTI PC sampling, one launch)";
        }
        return;
    }
    if (!e.stallsNote.empty())
        notes.push_back(p.kernel + ": no stall samples: " + e.stallsNote);
    if (!e.executed.empty()) {
        p.lines = lineCosts(sass, p.file, &e.executed, range);
        p.linesMeasuredBy = "warp instructions executed (CUPTI SASS metrics, one instrumented "
                            "launch)";
        return;
    }
    p.lines = lineCosts(sass, p.file, nullptr, range);
    p.linesMeasuredBy = "the kernel's SASS instructions (static count per line)";
    if (!e.sassNote.empty())
        notes.push_back(p.kernel + ": per-line costs are static instruction counts: " + e.sassNote);
}

void LaunchProfiler::finish(const run::EventSink &sink)
{
    if (m_backend)
        m_backend->setLaunchObserver(nullptr);
    run::RunEvent e;
    e.kind = run::RunEvent::Kind::Profile;
    e.profile = buildReport();
    m_range.reset();
    m_sass.reset();
    m_stalls.reset();
    m_backend = nullptr;
    sink(e);
}

} // namespace tsm::profiler
