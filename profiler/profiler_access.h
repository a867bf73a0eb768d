#pragma once
// Why hardware counters cannot be read, in words that say what to do (CUDA.md §7
// "Permissions"): the driver restricting profiling to administrators, another profiler holding
// the counters, a device or configuration CUPTI does not support. Kernel timing (the Activity
// API) needs none of this, so the profiler falls back to timing only and says why.

#include <cupti_profiler_target.h>
#include <cupti_result.h>

#include <string>

namespace tsm::cuda {
class Driver;
}

namespace tsm::profiler {

/// "RmProfilingAdminOnly: 1" from /proc/driver/nvidia/params: 1 restricted, 0 open, -1 unknown.
int profilingAdminOnly(const std::string &paramsPath = "/proc/driver/nvidia/params");

/// A sentence for the user about `result` of `what` ("enabling the range profiler"), with
/// the remedy when there is a known one.
std::string explainCuptiFailure(const std::string &what, CUptiResult result);

/// Initializes CUPTI's profiler and asks whether `driver`'s device supports `api`. False with
/// the reason in `why` (when not null): no CUDA context, CUPTI missing, or "CUPTI cannot
/// <what> on NVIDIA X (vGPU: disabled); <fallback>".
bool profilerSupports(cuda::Driver &driver,
                      CUpti_Profiler_API api,
                      const std::string &what,
                      const std::string &fallback,
                      std::string *why);

} // namespace tsm::profiler
