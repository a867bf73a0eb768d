#include "core/run/autotune_table.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace tsm::run {
namespace {

std::string fmt(const char *f, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

std::string pad(std::string s, std::size_t width, bool right = false)
{
    if (s.size() >= width)
        return s;
    return right ? std::string(width - s.size(), ' ') + s : s + std::string(width - s.size(), ' ');
}

} // namespace

std::string autotuneConfigShort(const AutotuneConfig &config)
{
    std::string out;
    for (const auto &[name, value] : config.kwargs)
        out += (out.empty() ? "" : " ") + name + "=" + value;
    return out.empty() ? config.label : out;
}

std::string autotuneTable(const AutotuneReport &r)
{
    std::string out = "autotune " + r.kernel + "  key " + r.key;
    if (!r.keyNames.empty()) {
        out += " (";
        for (std::size_t i = 0; i < r.keyNames.size(); ++i)
            out += (i ? ", " : "") + r.keyNames[i];
        out += ", then tensor dtypes)";
    }
    out += "\n";
    if (r.source == "disk")
        out += "  from the autotune cache (" + r.cacheFile + "): no tuning this run\n";
    else
        out += "  tuned on " + r.backend + " in " + fmt("%.2f", r.tuningSeconds) + " s (compile "
               + fmt("%.2f", r.compileSeconds) + " s on " + std::to_string(r.compileThreads)
               + (r.compileThreads == 1 ? " thread)\n" : " threads)\n");

    std::vector<std::string> configs;
    std::size_t width = 6;
    for (const AutotuneConfig &c : r.configs) {
        configs.push_back(autotuneConfigShort(c));
        width = std::max(width, configs.back().size());
    }
    double best = r.best >= 0 && r.configs[std::size_t(r.best)].medianMs
                      ? *r.configs[std::size_t(r.best)].medianMs
                      : 0.0;
    out += "    " + pad("config", width) + "  " + pad("median ms", 10, true) + "  "
           + pad("p20-p80 ms", 19, true) + "  " + pad("vs best", 7, true) + "  "
           + pad("regs", 4, true) + "  " + pad("spill", 5, true) + "  " + pad("shared", 7, true)
           + "  " + pad("occ", 4, true) + "\n";
    for (std::size_t i = 0; i < r.configs.size(); ++i) {
        const AutotuneConfig &c = r.configs[i];
        out += (int(i) == r.best ? "  * " : "    ") + pad(configs[i], width) + "  ";
        if (c.status != AutotuneConfig::Status::Ran) {
            const std::string status(autotuneStatusName(c.status));
            out += (c.reason.rfind(status, 0) == 0 ? c.reason : status + ": " + c.reason) + "\n";
            continue;
        }
        out += pad(c.medianMs ? fmt("%.4f", *c.medianMs) : "-", 10, true) + "  ";
        out += pad(c.p20Ms && c.p80Ms ? fmt("%.4f", *c.p20Ms) + "-" + fmt("%.4f", *c.p80Ms) : "-",
                   19, true)
               + "  ";
        out += pad(best > 0 && c.medianMs ? fmt("%.2fx", *c.medianMs / best) : "-", 7, true) + "  ";
        out += pad(c.registers ? std::to_string(*c.registers) : "-", 4, true) + "  ";
        out += pad(c.spillBytes ? std::to_string(*c.spillBytes) : "-", 5, true) + "  ";
        out += pad(c.sharedBytes ? std::to_string(*c.sharedBytes) : "-", 7, true) + "  ";
        out += pad(c.occupancy ? fmt("%.0f%%", *c.occupancy * 100) : "-", 4, true) + "\n";
    }
    if (!r.measuredBy.empty())
        out += "  measured by: " + r.measuredBy + "\n";
    return out;
}

} // namespace tsm::run
