#include "core/interp/memory_check.h"

#include <cstdio>

namespace tsm::interp {

bool addressInArg(const ArgMemory &arg, std::uint64_t addr, int bytes)
{
    if (!arg.isPointer || arg.size < bytes || !arg.base)
        return false;
    const std::uint64_t base = reinterpret_cast<std::uint64_t>(arg.base);
    return addr - base <= std::uint64_t(arg.size - bytes);
}

std::int64_t firstBadLane(const Frame &f,
                          int provenance,
                          const std::uint64_t *addr,
                          const std::uint8_t *mask,
                          std::int64_t n,
                          int bytes)
{
    for (std::int64_t k = 0; k < n; ++k) {
        if (mask && !mask[k])
            continue;
        if (provenance >= 0) {
            if (!addressInArg(f.launch->args[std::size_t(provenance)], addr[k], bytes))
                return k;
            continue;
        }
        bool inside = false;
        for (const ArgMemory &arg : f.launch->args)
            if (addressInArg(arg, addr[k], bytes)) {
                inside = true;
                break;
            }
        if (!inside)
            return k;
    }
    return -1;
}

namespace {

/// The allocation whose range is nearest to `addr` (for a message when provenance is unknown).
int nearestArg(const Frame &f, std::uint64_t addr)
{
    int best = -1;
    std::uint64_t bestDistance = ~std::uint64_t(0);
    for (std::size_t p = 0; p < f.launch->args.size(); ++p) {
        const ArgMemory &arg = f.launch->args[p];
        if (!arg.isPointer || !arg.base)
            continue;
        const std::uint64_t lo = reinterpret_cast<std::uint64_t>(arg.base);
        const std::uint64_t hi = lo + std::uint64_t(arg.size);
        const std::uint64_t d = addr < lo ? lo - addr : addr >= hi ? addr - hi : 0;
        if (d < bestDistance) {
            bestDistance = d;
            best = int(p);
        }
    }
    return best;
}

} // namespace

void reportBadAccess(Frame &f,
                     const Instr &ins,
                     std::string_view what,
                     int provenance,
                     std::int64_t lane,
                     std::uint64_t addr,
                     int bytes)
{
    const ir::Type &ptrType = f.plan.kernel->type(ins.in[0]);
    std::string msg = std::string(what) + " out of bounds in program " + f.programString()
                      + ", element " + elementString(ptrType.shape, lane) + ": ";
    const int p = provenance >= 0 ? provenance : nearestArg(f, addr);
    if (p < 0) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(addr));
        msg += std::string("address ") + buf + " is not inside any tensor argument";
    } else {
        const ArgMemory &arg = f.launch->args[std::size_t(p)];
        const std::int64_t offset = std::int64_t(addr - reinterpret_cast<std::uint64_t>(arg.base));
        const std::string where = "'" + arg.label + "' (" + std::to_string(arg.size) + " bytes)";
        if (offset < 0)
            msg += "offset " + std::to_string(offset) + " bytes is before the start of " + where;
        else if (offset >= arg.size)
            msg += "offset " + std::to_string(offset) + " bytes is past the end of " + where;
        else
            msg += "the " + std::to_string(bytes) + "-byte access at offset "
                   + std::to_string(offset) + " bytes runs past the end of " + where;
        if (provenance < 0)
            msg += " (the nearest tensor argument; the pointer's origin is not known statically)";
    }
    f.fail(DiagKind::OutOfBoundsAccess, ins.op->span, {std::move(msg)});
}

} // namespace tsm::interp
