#pragma once
// Hardware counters of single kernel launches through CUPTI's range profiler (CUDA.md §7):
// AutoRange + KernelReplay, so CUPTI replays the launch once per pass, saving and restoring the
// device memory it writes, and the program's results stay right. One RangeProfiler per context;
// CUPTI's range profiler is enabled only from begin() to end() (other CUPTI users, the SASS
// metrics, can have the device between measurements).

#include "profiler/metric_config.h"

#include <memory>
#include <string>
#include <vector>

struct CUpti_RangeProfiler_Object;

namespace tsm::cuda {
class Driver;
}

namespace tsm::profiler {

class RangeProfiler
{
public:
    /// Attaches to `driver`'s context and prepares `metrics`. Null with the reason in `why`,
    /// worded for the user by explainCuptiFailure (no permission, unsupported device, ...).
    static std::unique_ptr<RangeProfiler>
    open(cuda::Driver &driver, const std::vector<std::string> &metrics, std::string *why);
    ~RangeProfiler();
    RangeProfiler(const RangeProfiler &) = delete;
    RangeProfiler &operator=(const RangeProfiler &) = delete;

    const MetricConfig &config() const { return *m_config; }
    const std::string &chip() const { return m_chip; }

    /// Call just before the launch to measure...
    bool begin(std::string *why);
    /// ...and just after it: the metrics' values, in config().metrics() order.
    bool end(std::vector<double> *values, std::string *why);

private:
    RangeProfiler() = default;
    bool enable(std::string *why);
    void disable();
    bool collect(std::vector<double> *values, std::string *why);
    void *m_context = nullptr; ///< CUcontext
    std::string m_chip;
    std::unique_ptr<MetricConfig> m_config;
    ::CUpti_RangeProfiler_Object *m_object = nullptr;
    std::vector<std::uint8_t> m_counterData;
    bool m_initialized = false;
};

} // namespace tsm::profiler
