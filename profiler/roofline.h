#pragma once
// The roofline (issue 7): the device's ceilings measured by Tilesmith's own small kernels -
// copy bandwidth (core/cuda/bandwidth.h), FP32 FMA throughput, FP16 tensor-core throughput
// through mma.sync - cached per device and driver, and each profiled kernel placed under them.

#include "core/run/profile_report.h"

#include <filesystem>
#include <string>

namespace tsm::cuda {
class Driver;
}

namespace tsm::profiler {

/// TFLOP/s of FFMA chains filling every SM (2 FLOPs per FFMA); 0 with the reason in `why`.
double measureFp32Tflops(cuda::Driver &driver, std::string *why);
/// TFLOP/s of mma.sync.m16n8k16 f16 -> f32 on every SM; 0 with the reason (no tensor cores
/// before sm_80 here).
double measureFp16TensorTflops(cuda::Driver &driver, std::string *why);

/// Where a device's ceilings are cached: $XDG_CACHE_HOME/tilesmith/roofline (or
/// ~/.cache/...) / "<device>-sm<cc>-<driver>.json".
std::filesystem::path ceilingsCachePath(const std::string &device, int cc, int driverVersion);

/// The cached ceilings of `driver`'s device, else measured now (about a second) and cached.
/// Unmeasurable roofs are 0, and `notes` gets the reason.
run::RooflineCeilings deviceCeilings(cuda::Driver &driver, std::vector<std::string> *notes);

/// Fills `k`'s achieved GB/s and TFLOP/s (from its DRAM bytes, FLOPs and median time; the
/// program's launch_metadata numbers where the counters measured none) and the roof that binds
/// it with the achieved fraction of that roof.
void placeOnRoofline(run::KernelProfile &k, const run::RooflineCeilings &c);

} // namespace tsm::profiler
