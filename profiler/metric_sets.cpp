#include "profiler/metric_sets.h"

#include <utility>

namespace tsm::profiler {

namespace {

const std::vector<std::string> kFast = {
    "gpu__time_duration.sum",
    "sm__cycles_elapsed.avg.per_second",
    "dram__bytes_read.sum",
    "dram__bytes_write.sum",
    "lts__t_bytes.sum",
    "sm__warps_active.avg.pct_of_peak_sustained_active",
    "sm__inst_executed.sum",
};

/// Thread instructions and the FLOPs each is worth.
const std::vector<std::pair<std::string, double>> kFlopCounters = {
    {"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", 2},
    {"smsp__sass_thread_inst_executed_op_fadd_pred_on.sum", 1},
    {"smsp__sass_thread_inst_executed_op_fmul_pred_on.sum", 1},
    {"smsp__sass_thread_inst_executed_op_hfma_pred_on.sum", 2},
    {"smsp__sass_thread_inst_executed_op_hadd_pred_on.sum", 1},
    {"smsp__sass_thread_inst_executed_op_hmul_pred_on.sum", 1},
    {"smsp__sass_thread_inst_executed_op_dfma_pred_on.sum", 2},
    {"smsp__sass_thread_inst_executed_op_dadd_pred_on.sum", 1},
    {"smsp__sass_thread_inst_executed_op_dmul_pred_on.sum", 1},
};

const std::vector<std::string> kSol = {
    "sm__throughput.avg.pct_of_peak_sustained_elapsed",
    "dram__throughput.avg.pct_of_peak_sustained_elapsed",
    "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed",
};

std::string trim(const std::string &s)
{
    const auto b = s.find_first_not_of(" \t");
    const auto e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

} // namespace

std::optional<MetricSet> metricSet(const std::string &spec, std::string *why)
{
    const std::string s = trim(spec);
    if (s.empty() || s == "fast")
        return MetricSet{"fast", kFast};
    if (s == "roofline") {
        MetricSet set{"roofline", kFast};
        for (const auto &[name, flops] : kFlopCounters)
            set.metrics.push_back(name);
        return set;
    }
    if (s == "sol") {
        MetricSet set{"sol", kFast};
        set.metrics.insert(set.metrics.end(), kSol.begin(), kSol.end());
        return set;
    }
    MetricSet set{"custom", {}};
    std::size_t start = 0;
    while (start <= s.size()) {
        const std::size_t comma = s.find(',', start);
        const std::string name
            = trim(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (!name.empty())
            set.metrics.push_back(name);
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    for (const std::string &m : set.metrics)
        if (m.find("__") == std::string::npos) {
            *why = "'" + m
                   + "' is neither a metric set (fast, roofline, sol) nor a metric name "
                     "(such as dram__bytes_read.sum)";
            return std::nullopt;
        }
    if (set.metrics.empty()) {
        *why = "--metrics names no metrics";
        return std::nullopt;
    }
    return set;
}

std::optional<double> flopsFrom(const std::vector<std::string> &names,
                                const std::vector<double> &values)
{
    std::optional<double> total;
    for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
        for (const auto &[name, weight] : kFlopCounters)
            if (names[i] == name)
                total = total.value_or(0.0) + weight * values[i];
    return total;
}

} // namespace tsm::profiler
