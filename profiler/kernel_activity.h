#pragma once
// Kernel timing through CUPTI's Activity API (CUDA.md §6): every kernel that runs while the
// tracer is on leaves one CONCURRENT_KERNEL record with its GPU start and end. Records arrive
// in buffers CUPTI hands back on its own thread; finish() synchronizes the device, flushes and
// returns them in launch order.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tsm::cuda {
class Driver;
}

namespace tsm::profiler {

struct KernelActivity
{
    std::string name;          ///< the CUDA symbol
    std::uint64_t startNs = 0; ///< GPU timestamps; 0 when CUPTI could not collect them
    std::uint64_t endNs = 0;
    std::uint32_t correlationId = 0;
    std::int64_t grid[3] = {1, 1, 1};
    int block[3] = {1, 1, 1};
    int registers = 0;
    int staticShared = 0, dynamicShared = 0;
    std::uint32_t graphId = 0; ///< non-zero for a launch replayed from a CUDA graph
    std::uint64_t durationNs() const { return endNs > startNs ? endNs - startNs : 0; }
};

class ActivityTracer
{
public:
    /// Starts collecting kernel records (one tracer per process). Null with the reason in `why`
    /// (CUPTI missing, another tracer active, CUPTI_ERROR_... from the driver).
    static std::unique_ptr<ActivityTracer> start(std::string *why);
    ~ActivityTracer();
    ActivityTracer(const ActivityTracer &) = delete;
    ActivityTracer &operator=(const ActivityTracer &) = delete;

    /// Stops recording kernels until resume() (the range profiler's replays must not be traced).
    void pause();
    void resume();
    /// Waits for `driver`'s work, flushes CUPTI's buffers and returns every record so far, in
    /// launch (correlation) order; recording goes on.
    std::vector<KernelActivity> collect(cuda::Driver &driver);

private:
    ActivityTracer() = default;
    bool m_paused = false;
};

} // namespace tsm::profiler
