#include "core/cuda/occupancy.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace tsm::cuda {

std::optional<SmLimits> smLimits(std::string_view arch)
{
    const std::size_t underscore = arch.find('_');
    if (underscore == std::string_view::npos)
        return std::nullopt;
    int cc = 0;
    const char *begin = arch.data() + underscore + 1, *end = arch.data() + arch.size();
    auto [p, ec] = std::from_chars(begin, end, cc);
    if (ec != std::errc() || p == begin)
        return std::nullopt;
    SmLimits s;
    switch (cc) {
    case 70:
    case 72:
        s.maxBlocks = 32;
        s.sharedBytes = 98304;
        s.sharedPerBlockMax = 98304;
        s.sharedReservedPerBlock = 0;
        s.sharedUnit = 256;
        return s;
    case 75:
        s.maxWarps = 32;
        s.maxBlocks = 16;
        s.sharedBytes = 65536;
        s.sharedPerBlockMax = 65536;
        s.sharedReservedPerBlock = 0;
        s.sharedUnit = 256;
        return s;
    case 80:
        s.sharedBytes = 167936;
        s.sharedPerBlockMax = 166912;
        return s;
    case 86:
    case 87:
    case 89:
        s.maxWarps = 48;
        s.maxBlocks = cc == 89 ? 24 : 16;
        s.sharedBytes = 102400;
        s.sharedPerBlockMax = 101376;
        return s;
    case 90:
    case 100:
    case 103:
        return s;
    case 120:
    case 121:
        s.maxWarps = 48;
        s.maxBlocks = 24;
        s.sharedBytes = 102400;
        s.sharedPerBlockMax = 101376;
        return s;
    default:
        return std::nullopt;
    }
}

Occupancy theoreticalOccupancy(const SmLimits &sm, int threads, int registers, int sharedBytes)
{
    Occupancy o;
    const int warps = std::max(1, (threads + 31) / 32);
    if (warps > sm.maxWarps) {
        o.limitedBy = "warps";
        return o;
    }
    // Registers: per warp, rounded up to the allocation unit.
    const int regsPerWarp
        = (std::max(1, registers) * 32 + sm.registerUnit - 1) / sm.registerUnit * sm.registerUnit;
    const int byRegisters = registers > sm.maxRegistersPerThread
                                ? 0
                                : sm.registers / (regsPerWarp * warps);
    const int byWarps = sm.maxWarps / warps;
    int byShared = std::numeric_limits<int>::max();
    if (sharedBytes > 0) {
        const int perBlock = (sharedBytes + sm.sharedUnit - 1) / sm.sharedUnit * sm.sharedUnit
                             + sm.sharedReservedPerBlock;
        byShared = sharedBytes > sm.sharedPerBlockMax ? 0 : sm.sharedBytes / perBlock;
    }
    o.blocksPerSm = std::min({byRegisters, byWarps, byShared, sm.maxBlocks});
    // Name the tightest limit; ties go to the resource a user can change.
    if (o.blocksPerSm == byRegisters)
        o.limitedBy = "registers";
    else if (o.blocksPerSm == byShared)
        o.limitedBy = "shared memory";
    else if (o.blocksPerSm == byWarps)
        o.limitedBy = "warps";
    else
        o.limitedBy = "blocks";
    o.warpsPerSm = o.blocksPerSm * warps;
    o.fraction = double(o.warpsPerSm) / sm.maxWarps;
    if (o.warpsPerSm == sm.maxWarps)
        o.limitedBy.clear(); // full occupancy: nothing limits it
    return o;
}

} // namespace tsm::cuda
