#pragma once
// A watcher of the CUDA backend's kernel launches (the profiler, profiler/launch_profiler.h):
// told just before each launch is queued and just after, on the launching thread. It may do
// device work of its own around a launch (the range profiler replays it to read counters).

#include "core/run/backend.h"

namespace tsm::cuda {

class CudaKernel;

class LaunchObserver
{
public:
    virtual ~LaunchObserver() = default;
    /// `kernel` is about to be launched over `grid` (`context.analytic`: what the program's
    /// launch_metadata says the launch costs, when it has one).
    virtual void beforeLaunch(const CudaKernel &kernel,
                              const Grid &grid,
                              const LaunchContext &context)
        = 0;
    /// The launch was queued (`queued`) or refused by the driver.
    virtual void afterLaunch(const CudaKernel &kernel, const Grid &grid, bool queued) = 0;
};

} // namespace tsm::cuda
