#include "profiler/profile_table.h"

#include <algorithm>
#include <cstdio>

namespace tsm::profiler {

namespace {

std::string fmt(const char *format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string gridText(const std::array<std::int64_t, 3> &g)
{
    std::string s = std::to_string(g[0]);
    if (g[1] != 1 || g[2] != 1)
        s += "x" + std::to_string(g[1]);
    if (g[2] != 1)
        s += "x" + std::to_string(g[2]);
    return s;
}

std::string pad(const std::string &s, std::size_t width, bool right)
{
    if (s.size() >= width)
        return s;
    const std::string fill(width - s.size(), ' ');
    return right ? fill + s : s + fill;
}

} // namespace

std::string profileTable(const run::ProfileReport &r)
{
    std::string out = "Profile: metrics '" + r.metricSet + "'";
    if (r.passes > 0)
        out += ", " + std::to_string(r.passes) + (r.passes == 1 ? " replay" : " replays")
               + " of the first launch of each kernel and grid";
    out += "\n";
    const run::RooflineCeilings &c = r.roofline;
    if (c.copyGBs > 0 || c.fp32TFLOPs > 0) {
        out += "Roofs on " + c.device + ": copy " + fmt("%.0f", c.copyGBs) + " GB/s, FP32 "
               + fmt("%.1f", c.fp32TFLOPs) + " TFLOP/s";
        for (const run::TensorRoof &t : run::tensorRoofs(c))
            if (t.tflops > 0)
                out += std::string(", ") + t.type + " tensor " + fmt("%.0f", t.tflops) + " TFLOP/s"
                       + (t.mhz > 0 ? " at " + fmt("%.0f", t.mhz) + " MHz" : std::string());
        out += " (" + c.measuredBy + ")\n";
    }
    if (!r.countersAvailable)
        out += "No hardware counters: " + r.countersNote + "\n";

    const std::vector<std::string> head = {"kernel",
                                           "grid",
                                           "launches",
                                           "median us",
                                           "counter us",
                                           "DRAM MB",
                                           "GB/s",
                                           "TFLOP/s",
                                           "roof",
                                           "of roof",
                                           "SM MHz",
                                           "at its clock",
                                           "regs",
                                           "occupancy"};
    std::vector<std::vector<std::string>> rows;
    for (const run::KernelProfile &k : r.kernels) {
        const bool counters = !k.metrics.empty();
        rows.push_back({k.kernel,
                        gridText(k.grid),
                        std::to_string(k.launches),
                        k.medianNs > 0 ? fmt("%.2f", k.medianNs / 1e3) : "-",
                        counters ? fmt("%.2f", k.counterNs / 1e3) : "-",
                        counters ? fmt("%.1f", k.dramBytes / 1e6) : "-",
                        k.achievedGBs > 0 ? fmt("%.0f", k.achievedGBs) : "-",
                        k.flops || k.analyticFlops ? fmt("%.3f", k.achievedTFLOPs) : "-",
                        k.roof.empty() ? "-" : k.roof,
                        k.roofFraction > 0 ? fmt("%.1f%%", 100 * k.roofFraction) : "-",
                        k.smClockMHz > 0 ? fmt("%.0f", k.smClockMHz) : "-",
                        k.clockRoofFraction > 0 ? fmt("%.1f%%", 100 * k.clockRoofFraction) : "-",
                        k.registers ? std::to_string(k.registers) : "-",
                        k.occupancy > 0 ? fmt("%.0f%%", 100 * k.occupancy) : "-"});
    }
    std::vector<std::size_t> width(head.size());
    for (std::size_t i = 0; i < head.size(); ++i) {
        width[i] = head[i].size();
        for (const auto &row : rows)
            width[i] = std::max(width[i], row[i].size());
    }
    auto line = [&](const std::vector<std::string> &cells) {
        std::string s;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const bool right = i >= 2 && i != 8;
            s += (i ? "  " : "") + pad(cells[i], width[i], right);
        }
        while (!s.empty() && s.back() == ' ')
            s.pop_back();
        return s + "\n";
    };
    out += "\n" + line(head);
    for (const auto &row : rows)
        out += line(row);

    std::vector<std::string> notes = r.notes;
    if (std::any_of(r.kernels.begin(), r.kernels.end(),
                    [](const run::KernelProfile &k) { return k.clockRoofFraction > 0; }))
        notes.push_back("'at its clock': the replayed launch's FLOPs per SM cycle over the tensor roof "
                        "kernel's (the roof scaled from the clock it was measured at to the kernel's, "
                        "as Nsight Compute draws roofs); 'of roof' holds the kernel to the roof as "
                        "measured");
    for (const run::KernelProfile &k : r.kernels) {
        if (!k.library && !k.countersNote.empty() && r.countersAvailable)
            notes.push_back(k.kernel + " grid " + gridText(k.grid) + ": " + k.countersNote);
        if (k.analyticBytes || k.analyticFlops) {
            std::string n = k.kernel + " grid " + gridText(k.grid) + ": launch_metadata says";
            if (k.analyticBytes)
                n += " " + fmt("%.1f", *k.analyticBytes / 1e6) + " MB"
                     + (k.dramBytes > 0 ? " (DRAM measured " + fmt("%.1f", k.dramBytes / 1e6) + ")"
                                        : std::string());
            if (k.analyticFlops)
                n += " " + fmt("%.3g", *k.analyticFlops / 1e9) + " GFLOP"
                     + (k.flops ? " (measured " + fmt("%.3g", *k.flops / 1e9)
                                      + (k.tensorCores.empty() ? ")" : " outside the tensor cores)")
                                : std::string());
            notes.push_back(n);
        }
        if (!k.lines.empty()) {
            const auto hottest = std::max_element(
                k.lines.begin(), k.lines.end(), [](auto &a, auto &b) { return a.share < b.share; });
            notes.push_back(
                k.kernel + ": hottest line " + std::to_string(hottest->line) + " ("
                + fmt("%.0f%%", 100 * hottest->share) + " of " + k.linesMeasuredBy
                + (hottest->topStall.empty() ? std::string() : ", mostly " + hottest->topStall)
                + ")");
        }
    }
    if (r.timelineDropped > 0)
        notes.push_back("the timeline holds the first " + std::to_string(r.timeline.size())
                        + " launches; " + std::to_string(r.timelineDropped) + " more ran");
    if (!notes.empty()) {
        out += "\n";
        for (const std::string &n : notes)
            out += "note: " + n + "\n";
    }
    return out;
}

} // namespace tsm::profiler
