#pragma once
// Per-instruction counters of one kernel launch through CUPTI's SASS metrics API
// (cupti_sass_metrics.h, CUDA 13.0): CUPTI patches the kernel's SASS on its first launch between
// begin() and end() and counts, per function and PC offset, the warp instructions executed
// (smsp__sass_inst_executed). The launch runs once, instrumented (slower, same results); the
// PC offsets are those of sassLines() (sass_lines.h), so lineCosts() turns the counts into
// executed instructions per Python line. One SassMetrics per device at a time; it cannot run
// while the range profiler holds the counters.

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace tsm::cuda {
class Driver;
}

namespace tsm::profiler {

/// Warp instructions executed, per function (CUDA symbol), per PC offset in its code.
using ExecutedPerPc = std::map<std::string, std::map<std::uint32_t, double>>;

class SassMetrics
{
public:
    /// The metric collected.
    static constexpr const char *kMetric = "smsp__sass_inst_executed";

    /// Configures `driver`'s device for SASS metrics. Null with the reason in `why` (no CUDA
    /// device, CUPTI missing, no permission, unsupported device), worded for the user.
    static std::unique_ptr<SassMetrics> open(cuda::Driver &driver, std::string *why);
    ~SassMetrics();
    SassMetrics(const SassMetrics &) = delete;
    SassMetrics &operator=(const SassMetrics &) = delete;

    /// Call just before the launch to measure...
    bool begin(std::string *why);
    /// ...and just after it (it synchronizes): the counts of what ran since begin().
    bool end(ExecutedPerPc *counts, std::string *why);

private:
    explicit SassMetrics(cuda::Driver &driver)
        : m_driver(driver)
    {
    }
    cuda::Driver &m_driver;
    std::uint64_t m_metricId = 0;
    bool m_configured = false;
    bool m_enabled = false;
};

} // namespace tsm::profiler
