#include "core/run/profile_json.h"
#include "core/run/json_support.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace tsm::run {
namespace {

nlohmann::json kernelToJson(const KernelProfile &k)
{
    nlohmann::json metrics = nlohmann::json::array();
    for (const ProfileMetric &m : k.metrics)
        metrics.push_back({{"name", m.name}, {"value", jsonNumber(m.value)}, {"unit", m.unit}});
    nlohmann::json lines = nlohmann::json::array();
    for (const LineCost &l : k.lines)
        lines.push_back({{"line", l.line},
                         {"instructions", l.instructions},
                         {"executed", jsonNumber(l.executed)},
                         {"stall_samples", jsonNumber(l.stallSamples)},
                         {"share", jsonNumber(l.share)},
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
           {"occupancy", jsonNumber(k.occupancy)},
           {"tensor_cores", k.tensorCores},
           {"tensor_input", k.tensorInput},
           {"launches", k.launches},
           {"median_ns", jsonNumber(k.medianNs)},
           {"min_ns", jsonNumber(k.minNs)},
           {"max_ns", jsonNumber(k.maxNs)},
           {"metrics", metrics},
           {"passes", k.passes},
           {"counters_note", k.countersNote},
           {"counter_ns", jsonNumber(k.counterNs)},
           {"sm_clock_mhz", jsonNumber(k.smClockMHz)},
           {"dram_bytes", jsonNumber(k.dramBytes)},
           {"flops", k.flops ? jsonNumber(*k.flops) : nlohmann::json(nullptr)},
           {"analytic_bytes", k.analyticBytes ? jsonNumber(*k.analyticBytes) : nlohmann::json(nullptr)},
           {"analytic_flops", k.analyticFlops ? jsonNumber(*k.analyticFlops) : nlohmann::json(nullptr)},
           {"achieved_gbs", jsonNumber(k.achievedGBs)},
           {"achieved_tflops", jsonNumber(k.achievedTFLOPs)},
           {"roof", k.roof},
           {"roof_fraction", jsonNumber(k.roofFraction)},
           {"clock_roof_fraction", jsonNumber(k.clockRoofFraction)},
           {"lines", lines},
           {"lines_measured_by", k.linesMeasuredBy}};
    return j;
}

KernelProfile kernelFromJson(const nlohmann::json &j)
{
    KernelProfile k;
    k.kernel = jsonGet<std::string>(j, "kernel");
    k.function = jsonGet<std::string>(j, "function");
    k.signature = jsonGet<std::string>(j, "signature");
    k.file = jsonGet<std::string>(j, "file");
    k.line = jsonGet<int>(j, "line");
    k.library = jsonGet<bool>(j, "library");
    k.grid = jsonGet<std::array<std::int64_t, 3>>(j, "grid", {1, 1, 1});
    k.threadsPerBlock = jsonGet<int>(j, "threads_per_block");
    k.registers = jsonGet<int>(j, "registers");
    k.sharedBytes = jsonGet<int>(j, "shared_bytes");
    k.spills = jsonGet<int>(j, "spill_bytes");
    k.occupancy = jsonGet<double>(j, "occupancy");
    k.tensorCores = jsonGet<std::string>(j, "tensor_cores");
    k.tensorInput = jsonGet<std::string>(j, "tensor_input");
    k.launches = jsonGet<std::int64_t>(j, "launches");
    k.medianNs = jsonGet<double>(j, "median_ns");
    k.minNs = jsonGet<double>(j, "min_ns");
    k.maxNs = jsonGet<double>(j, "max_ns");
    if (auto it = j.find("metrics"); it != j.end() && it->is_array())
        for (const auto &m : *it)
            k.metrics.push_back({jsonGet<std::string>(m, "name"),
                                 jsonGet<double>(m, "value"),
                                 jsonGet<std::string>(m, "unit")});
    k.passes = jsonGet<int>(j, "passes");
    k.countersNote = jsonGet<std::string>(j, "counters_note");
    k.counterNs = jsonGet<double>(j, "counter_ns");
    k.smClockMHz = jsonGet<double>(j, "sm_clock_mhz");
    k.dramBytes = jsonGet<double>(j, "dram_bytes");
    if (auto it = j.find("flops"); it != j.end() && it->is_number())
        k.flops = it->get<double>();
    if (auto it = j.find("analytic_bytes"); it != j.end() && it->is_number())
        k.analyticBytes = it->get<double>();
    if (auto it = j.find("analytic_flops"); it != j.end() && it->is_number())
        k.analyticFlops = it->get<double>();
    k.achievedGBs = jsonGet<double>(j, "achieved_gbs");
    k.achievedTFLOPs = jsonGet<double>(j, "achieved_tflops");
    k.roof = jsonGet<std::string>(j, "roof");
    k.roofFraction = jsonGet<double>(j, "roof_fraction");
    k.clockRoofFraction = jsonGet<double>(j, "clock_roof_fraction");
    if (auto it = j.find("lines"); it != j.end() && it->is_array())
        for (const auto &l : *it) {
            LineCost c;
            c.line = jsonGet<int>(l, "line");
            c.instructions = jsonGet<std::int64_t>(l, "instructions");
            c.executed = jsonGet<double>(l, "executed");
            c.stallSamples = jsonGet<double>(l, "stall_samples");
            c.share = jsonGet<double>(l, "share");
            c.topStall = jsonGet<std::string>(l, "top_stall");
            k.lines.push_back(c);
        }
    k.linesMeasuredBy = jsonGet<std::string>(j, "lines_measured_by");
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
    nlohmann::json roofline
        = {{"device", c.device}, {"copy_gbs", jsonNumber(c.copyGBs)}, {"fp32_tflops", jsonNumber(c.fp32TFLOPs)}};
    for (const TensorRoofField &f : kTensorRoofFields) {
        roofline[std::string(f.key) + "_tensor_tflops"] = jsonNumber(c.*f.tflops);
        roofline[std::string(f.key) + "_tensor_mhz"] = jsonNumber(c.*f.mhz);
    }
    roofline["measured_by"] = c.measuredBy;
    return {{"metric_set", r.metricSet},
            {"metric_names", r.metricNames},
            {"passes", r.passes},
            {"counters_available", r.countersAvailable},
            {"counters_note", r.countersNote},
            {"kernels", kernels},
            {"timeline", timeline},
            {"timeline_dropped", r.timelineDropped},
            {"roofline", roofline},
            {"notes", r.notes}};
}

ProfileReport profileFromJson(const nlohmann::json &j)
{
    ProfileReport r;
    r.metricSet = jsonGet<std::string>(j, "metric_set");
    r.metricNames = jsonGet<std::vector<std::string>>(j, "metric_names");
    r.passes = jsonGet<int>(j, "passes");
    r.countersAvailable = jsonGet<bool>(j, "counters_available", true);
    r.countersNote = jsonGet<std::string>(j, "counters_note");
    if (auto it = j.find("kernels"); it != j.end() && it->is_array())
        for (const auto &k : *it)
            r.kernels.push_back(kernelFromJson(k));
    if (auto it = j.find("timeline"); it != j.end() && it->is_array())
        for (const auto &l : *it) {
            ProfileLaunch p;
            p.kernel = jsonGet<std::string>(l, "kernel");
            p.startNs = jsonGet<std::int64_t>(l, "start_ns");
            p.durationNs = jsonGet<std::int64_t>(l, "duration_ns");
            p.grid = jsonGet<std::array<std::int64_t, 3>>(l, "grid", {1, 1, 1});
            r.timeline.push_back(p);
        }
    r.timelineDropped = jsonGet<std::int64_t>(j, "timeline_dropped");
    if (auto it = j.find("roofline"); it != j.end() && it->is_object()) {
        r.roofline.device = jsonGet<std::string>(*it, "device");
        r.roofline.copyGBs = jsonGet<double>(*it, "copy_gbs");
        r.roofline.fp32TFLOPs = jsonGet<double>(*it, "fp32_tflops");
        for (const TensorRoofField &f : kTensorRoofFields) {
            r.roofline.*f.tflops = jsonGet<double>(*it, (std::string(f.key) + "_tensor_tflops").c_str());
            r.roofline.*f.mhz = jsonGet<double>(*it, (std::string(f.key) + "_tensor_mhz").c_str());
        }
        r.roofline.measuredBy = jsonGet<std::string>(*it, "measured_by");
    }
    r.notes = jsonGet<std::vector<std::string>>(j, "notes");
    return r;
}

} // namespace tsm::run
