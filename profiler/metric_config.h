#pragma once
// The host half of CUPTI's range profiler (CUDA.md §7): from a chip name ("GH100") and a list of
// metric names, the config image the target half needs and how many replay passes it costs.
// Needs no GPU and no driver, so metric lists are validated, and pass counts known, before
// anything runs (and in CI).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct CUpti_Profiler_Host_Object;

namespace tsm::profiler {

struct MetricProperties
{
    std::string description;
    std::string hwUnit;  ///< "dram", "sm", "gpu"
    std::string dimUnit; ///< "bytes", "nsecond", "percent", ...
};

class MetricConfig
{
public:
    /// Builds the config for `metrics` on `chip`. `counterAvailability` is the image the device
    /// reported (empty offline). Null with the reason in `why`: CUPTI missing, unknown chip, or
    /// "unknown metric 'dram__bytes_red.sum' for GH100".
    static std::unique_ptr<MetricConfig>
    create(const std::string &chip,
           const std::vector<std::string> &metrics,
           const std::vector<std::uint8_t> &counterAvailability,
           std::string *why);
    ~MetricConfig();
    MetricConfig(const MetricConfig &) = delete;
    MetricConfig &operator=(const MetricConfig &) = delete;

    const std::string &chip() const { return m_chip; }
    const std::vector<std::string> &metrics() const { return m_metrics; }
    const std::vector<std::uint8_t> &image() const { return m_image; }
    /// Kernel replays one measurement costs.
    std::size_t passes() const { return m_passes; }
    /// CUPTI's description and units of one of the metrics.
    MetricProperties properties(const std::string &metric) const;
    /// Evaluates every metric of range `rangeIndex` in a decoded counter data image. False with
    /// the reason in `why`.
    bool evaluate(const std::vector<std::uint8_t> &counterData,
                  std::size_t rangeIndex,
                  std::vector<double> *values,
                  std::string *why) const;

private:
    MetricConfig() = default;
    std::string m_chip;
    std::vector<std::string> m_metrics;
    std::vector<std::uint8_t> m_image;
    std::size_t m_passes = 0;
    CUpti_Profiler_Host_Object *m_host = nullptr;
};

} // namespace tsm::profiler
