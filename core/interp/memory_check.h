#pragma once
// Bounds checks for loads, stores and atomics: every lane that is not masked off must lie
// inside the allocation its pointer came from (static provenance; all pointer arguments when
// that is ambiguous). Internal to core/interp.

#include "core/interp/frame.h"

#include <string_view>

namespace tsm::interp {

/// True when every active lane's `bytes`-byte access lies inside its allocation. Fast path for
/// a known provenance; `mask` may be null (all lanes active).
inline bool lanesInBounds(const Frame &f,
                          int provenance,
                          const std::uint64_t *addr,
                          const std::uint8_t *mask,
                          std::int64_t n,
                          int bytes);

/// The first active lane that is out of bounds (-1 if none).
std::int64_t firstBadLane(const Frame &f,
                          int provenance,
                          const std::uint64_t *addr,
                          const std::uint8_t *mask,
                          std::int64_t n,
                          int bytes);

/// Reports lane `lane` of `ins` as OutOfBoundsAccess ("load out of bounds in program (3, 0, 0),
/// element [17]: offset 4100 bytes is past the end of 'x' (4096 bytes)") and stops the program.
void reportBadAccess(Frame &f,
                     const Instr &ins,
                     std::string_view what,
                     int provenance,
                     std::int64_t lane,
                     std::uint64_t addr,
                     int bytes);

bool addressInArg(const ArgMemory &arg, std::uint64_t addr, int bytes);

inline bool lanesInBounds(const Frame &f,
                          int provenance,
                          const std::uint64_t *addr,
                          const std::uint8_t *mask,
                          std::int64_t n,
                          int bytes)
{
    if (provenance < 0 || f.launch->args[std::size_t(provenance)].size < bytes)
        return firstBadLane(f, provenance, addr, mask, n, bytes) < 0;
    const ArgMemory &arg = f.launch->args[std::size_t(provenance)];
    const std::uint64_t base = reinterpret_cast<std::uint64_t>(arg.base);
    const std::uint64_t limit = std::uint64_t(arg.size - bytes);
    bool bad = false;
    if (mask) {
        for (std::int64_t k = 0; k < n; ++k)
            bad |= bool(mask[k]) & (addr[k] - base > limit);
    } else {
        for (std::int64_t k = 0; k < n; ++k)
            bad |= addr[k] - base > limit;
    }
    return !bad;
}

} // namespace tsm::interp
