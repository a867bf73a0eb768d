#pragma once
// The metric sets `tilesmith profile --metrics` offers (CUDA.md §7, pass counts checked with the
// profiler host API for GH100 in tests/unit/profiler/metric_sets_test.cpp):
//   fast      one replay: time, DRAM bytes read/written, L2 bytes, warps active, instructions
//   roofline  fast + FP32/FP16/FP64 thread instruction counts for FLOPs: two replays
//   sol       fast + Speed-of-Light throughputs (SM, DRAM, compute/memory): about nine replays
// or a comma-separated list of metric names.

#include <optional>
#include <string>
#include <vector>

namespace tsm::profiler {

struct MetricSet
{
    std::string name; ///< "fast", "roofline", "sol" or "custom"
    std::vector<std::string> metrics;
};

/// The set `spec` names, or its metrics for a list ("a.sum,b.avg"); nullopt with the reason.
std::optional<MetricSet> metricSet(const std::string &spec, std::string *why);

/// Metrics the profile table and roofline read by name.
namespace metric {
inline constexpr const char *kTime = "gpu__time_duration.sum";
inline constexpr const char *kDramRead = "dram__bytes_read.sum";
inline constexpr const char *kDramWrite = "dram__bytes_write.sum";
/// Cycles per second of the average SM (Hz): the clock the replayed launch ran at.
inline constexpr const char *kSmClock = "sm__cycles_elapsed.avg.per_second";
} // namespace metric

/// FLOPs from a set's thread-instruction counts (an FMA is two; nullopt when the values have
/// none of them). `names` and `values` are parallel.
std::optional<double> flopsFrom(const std::vector<std::string> &names,
                                const std::vector<double> &values);

} // namespace tsm::profiler
