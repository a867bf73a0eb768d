// parseResourceReport: ptxas's -v lines in an NVRTC log. The format is informal (CUDA.md §3),
// so each figure is read by the words that follow it, and a log without a "Used N registers"
// line leaves `parsed` false instead of reporting zeros as facts.

#include "core/cuda/nvrtc_compiler.h"

#include <algorithm>
#include <cctype>

namespace tsm::cuda {

namespace {

// The number written just before `suffix` in `line` ("40 registers" -> 40), or -1.
int numberBefore(std::string_view line, std::string_view suffix)
{
    const std::size_t at = line.find(suffix);
    if (at == std::string_view::npos)
        return -1;
    std::size_t end = at;
    while (end > 0 && line[end - 1] == ' ')
        --end;
    std::size_t begin = end;
    while (begin > 0 && std::isdigit(static_cast<unsigned char>(line[begin - 1])))
        --begin;
    if (begin == end)
        return -1;
    long long v = 0;
    for (std::size_t i = begin; i < end && v < (1LL << 31); ++i)
        v = v * 10 + (line[i] - '0');
    return int(std::min<long long>(v, (1LL << 31) - 1));
}

void takeMax(int &field, int value)
{
    field = std::max(field, value);
}

} // namespace

ResourceReport parseResourceReport(std::string_view log)
{
    // A translation unit may hold several kernels (and non-inlined device functions, which
    // have a stack frame line but no "Used" line); the report keeps the largest figure of each
    // kind, which is the one that limits occupancy when a single kernel is generated.
    ResourceReport report;
    std::size_t pos = 0;
    while (pos <= log.size()) {
        std::size_t nl = log.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = log.size();
        const std::string_view line = log.substr(pos, nl - pos);
        pos = nl + 1;
        if (line.rfind("ptxas", 0) != 0)
            continue;
        if (line.find(" registers") != std::string_view::npos
            && line.find("Used ") != std::string_view::npos) {
            const int regs = numberBefore(line, " registers");
            if (regs < 0)
                continue;
            report.parsed = true;
            takeMax(report.registers, regs);
            takeMax(report.barriers, numberBefore(line, " barriers"));
            takeMax(report.sharedBytes, numberBefore(line, " bytes smem"));
            takeMax(report.constBytes, numberBefore(line, " bytes cmem[0]"));
        }
        if (line.find("stack frame") != std::string_view::npos) {
            takeMax(report.stackBytes, numberBefore(line, " bytes stack frame"));
            takeMax(report.spillStoreBytes, numberBefore(line, " bytes spill stores"));
            takeMax(report.spillLoadBytes, numberBefore(line, " bytes spill loads"));
        }
    }
    return report;
}

} // namespace tsm::cuda
