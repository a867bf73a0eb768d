#pragma once
// Theoretical occupancy from a kernel's resources, without a device: the per-SM limits of an
// architecture (registers, shared memory, warps, blocks) and their allocation granularities, as
// the CUDA occupancy calculator applies them. The resource report beside the generated code
// uses it; on a GPU the driver's own answer (cuOccupancyMaxActiveBlocksPerMultiprocessor,
// core/cuda/driver.h) is the one a launch reports.

#include <optional>
#include <string>
#include <string_view>

namespace tsm::cuda {

struct SmLimits
{
    int maxWarps = 64;               ///< resident warps per SM
    int maxBlocks = 32;              ///< resident blocks per SM
    int registers = 65536;           ///< 32-bit registers per SM
    int registerUnit = 256;          ///< registers are allocated per warp in units of this
    int maxRegistersPerThread = 255;
    int sharedBytes = 233472;        ///< shared memory per SM usable by blocks (228 KB on sm_90)
    int sharedPerBlockMax = 232448;  ///< opt-in maximum for one block (227 KB on sm_90)
    int sharedUnit = 128;            ///< shared memory allocation granularity
    int sharedReservedPerBlock = 1024; ///< the system's reservation per block (sm_80 and later)
};

/// The limits of "sm_XY" / "compute_XY" (sm_70 .. sm_120 families); nullopt for others.
std::optional<SmLimits> smLimits(std::string_view arch);

struct Occupancy
{
    int blocksPerSm = 0;
    int warpsPerSm = 0;
    double fraction = 0;  ///< warpsPerSm / maxWarps
    std::string limitedBy; ///< "registers", "shared memory", "warps", "blocks"; empty at 100%
};

/// Resident blocks and warps per SM for blocks of `threads` threads using `registers` per thread
/// and `sharedBytes` of shared memory (static + dynamic). blocksPerSm is 0 when one block does
/// not fit (limitedBy says why).
Occupancy theoreticalOccupancy(const SmLimits &sm, int threads, int registers, int sharedBytes);

} // namespace tsm::cuda
