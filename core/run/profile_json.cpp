#include "core/run/profile_json.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace tsm::run {
namespace {

nlohmann::json number(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

template <class T> T get(const nlohmann::json &j, const char *key, T fallback = T())
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return fallback;
    try {
        return it->get<T>();
    } catch (const nlohmann::json::exception &) {
        return fallback;
    }
}

nlohmann::json kernelToJson(const KernelProfile &k)
{
    nlohmann::json metrics = nlohmann::json::array();
    for (const ProfileMetric &m : k.metrics)
        metrics.push_back({{"name", m.name}, {"value", number(m.value)}, {"unit", m.unit}});
    nlohmann::json lines = nlohmann::json::array();
    for (const LineCost &l : k.lines)
        lines.push_back({{"line", l.line},
                         {"instructions", l.instructions},
                         {"executed", number(l.executed)},
                         {"stall_samples", number(l.stallSamples)},
                         {"share", number(l.share)},
                         {"top_stall", l.topStall}});
    nlohmann::json j
        = {{"kernel", k.kernel},
           {"function", k.function},
           {"signature", k.signature},
           {"file", k.file},
           {"line", k.line},
           {"library", k.library},
           {"grid", k.grid},
           {"threads_per_block", k.threadsPerBlock},
           {"registers", k.registers},
           {"shared_bytes", k.sharedBytes},
           {"spill_bytes", k.spills},
           {"occupancy", number(k.occupancy)},
           {"launches", k.launches},
           {"median_ns", number(k.medianNs)},
           {"min_ns", number(k.minNs)},
           {"max_ns", number(k.maxNs)},
           {"metrics", metrics},
           {"passes", k.passes},
           {"counters_note", k.countersNote},
           {"counter_ns", number(k.counterNs)},
           {"dram_bytes", number(k.dramBytes)},
           {"flops", k.flops ? number(*k.flops) : nlohmann::json(nullptr)},
           {"analytic_bytes", k.analyticBytes ? number(*k.analyticBytes) : nlohmann::json(nullptr)},
           {"analytic_flops", k.analyticFlops ? number(*k.analyticFlops) : nlohmann::json(nullptr)},
           {"achieved_gbs", number(k.achievedGBs)},
           {"achieved_tflops", number(k.achievedTFLOPs)},
           {"roof", k.roof},
           {"roof_fraction", number(k.roofFraction)},
           {"lines", lines},
           {"lines_measured_by", k.linesMeasuredBy}};
    return j;
}

KernelProfile kernelFromJson(const nlohmann::json &j)
{
    KernelProfile k;
    k.kernel = get<std::string>(j, "kernel");
    k.function = get<std::string>(j, "function");
    k.signature = get<std::string>(j, "signature");
    k.file = get<std::string>(j, "file");
    k.line = get<int>(j, "line");
    k.library = get<bool>(j, "library");
    k.grid = get<std::array<std::int64_t, 3>>(j, "grid", {1, 1, 1});
    k.threadsPerBlock = get<int>(j, "threads_per_block");
    k.registers = get<int>(j, "registers");
    k.sharedBytes = get<int>(j, "shared_bytes");
    k.spills = get<int>(j, "spill_bytes");
    k.occupancy = get<double>(j, "occupancy");
    k.launches = get<std::int64_t>(j, "launches");
    k.medianNs = get<double>(j, "median_ns");
    k.minNs = get<double>(j, "min_ns");
    k.maxNs = get<double>(j, "max_ns");
    if (auto it = j.find("metrics"); it != j.end() && it->is_array())
        for (const auto &m : *it)
            k.metrics.push_back({get<std::string>(m, "name"),
                                 get<double>(m, "value"),
                                 get<std::string>(m, "unit")});
    k.passes = get<int>(j, "passes");
    k.countersNote = get<std::string>(j, "counters_note");
    k.counterNs = get<double>(j, "counter_ns");
    k.dramBytes = get<double>(j, "dram_bytes");
    if (auto it = j.find("flops"); it != j.end() && it->is_number())
        k.flops = it->get<double>();
    if (auto it = j.find("analytic_bytes"); it != j.end() && it->is_number())
        k.analyticBytes = it->get<double>();
    if (auto it = j.find("analytic_flops"); it != j.end() && it->is_number())
        k.analyticFlops = it->get<double>();
    k.achievedGBs = get<double>(j, "achieved_gbs");
    k.achievedTFLOPs = get<double>(j, "achieved_tflops");
    k.roof = get<std::string>(j, "roof");
    k.roofFraction = get<double>(j, "roof_fraction");
    if (auto it = j.find("lines"); it != j.end() && it->is_array())
        for (const auto &l : *it) {
            LineCost c;
            c.line = get<int>(l, "line");
            c.instructions = get<std::int64_t>(l, "instructions");
            c.executed = get<double>(l, "executed");
            c.stallSamples = get<double>(l, "stall_samples");
            c.share = get<double>(l, "share");
            c.topStall = get<std::string>(l, "top_stall");
            k.lines.push_back(c);
        }
    k.linesMeasuredBy = get<std::string>(j, "lines_measured_by");
    return k;
}

} // namespace

nlohmann::json profileToJson(const ProfileReport &r)
{
    nlohmann::json kernels = nlohmann::json::array();
    for (const KernelProfile &k : r.kernels)
        kernels.push_back(kernelToJson(k));
    nlohmann::json timeline = nlohmann::json::array();
    for (const ProfileLaunch &l : r.timeline)
        timeline.push_back({{"kernel", l.kernel},
                            {"start_ns", l.startNs},
                            {"duration_ns", l.durationNs},
                            {"grid", l.grid}});
    const RooflineCeilings &c = r.roofline;
    return {{"metric_set", r.metricSet},
            {"metric_names", r.metricNames},
            {"passes", r.passes},
            {"counters_available", r.countersAvailable},
            {"counters_note", r.countersNote},
            {"kernels", kernels},
            {"timeline", timeline},
            {"timeline_dropped", r.timelineDropped},
            {"roofline",
             {{"device", c.device},
              {"copy_gbs", number(c.copyGBs)},
              {"fp32_tflops", number(c.fp32TFLOPs)},
              {"fp16_tensor_tflops", number(c.fp16TensorTFLOPs)},
              {"measured_by", c.measuredBy}}},
            {"notes", r.notes}};
}

ProfileReport profileFromJson(const nlohmann::json &j)
{
    ProfileReport r;
    r.metricSet = get<std::string>(j, "metric_set");
    r.metricNames = get<std::vector<std::string>>(j, "metric_names");
    r.passes = get<int>(j, "passes");
    r.countersAvailable = get<bool>(j, "counters_available", true);
    r.countersNote = get<std::string>(j, "counters_note");
    if (auto it = j.find("kernels"); it != j.end() && it->is_array())
        for (const auto &k : *it)
            r.kernels.push_back(kernelFromJson(k));
    if (auto it = j.find("timeline"); it != j.end() && it->is_array())
        for (const auto &l : *it) {
            ProfileLaunch p;
            p.kernel = get<std::string>(l, "kernel");
            p.startNs = get<std::int64_t>(l, "start_ns");
            p.durationNs = get<std::int64_t>(l, "duration_ns");
            p.grid = get<std::array<std::int64_t, 3>>(l, "grid", {1, 1, 1});
            r.timeline.push_back(p);
        }
    r.timelineDropped = get<std::int64_t>(j, "timeline_dropped");
    if (auto it = j.find("roofline"); it != j.end() && it->is_object()) {
        r.roofline.device = get<std::string>(*it, "device");
        r.roofline.copyGBs = get<double>(*it, "copy_gbs");
        r.roofline.fp32TFLOPs = get<double>(*it, "fp32_tflops");
        r.roofline.fp16TensorTFLOPs = get<double>(*it, "fp16_tensor_tflops");
        r.roofline.measuredBy = get<std::string>(*it, "measured_by");
    }
    r.notes = get<std::vector<std::string>>(j, "notes");
    return r;
}

} // namespace tsm::run
