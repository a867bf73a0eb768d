#pragma once
// do_bench's clock on a GPU (Triton's triton.testing.do_bench): a pair of CUDA events around
// each timed call, and a 256 MB buffer zero-filled by a kernel before it so that the call
// starts with a cold L2 (Triton's cache tensor, which is larger than any GPU's L2).
//
// While a timer exists the CUDA backend does not synchronize after each launch, so that the
// timed calls queue back to back as in Triton; a fault then surfaces in collectMs().
//
// For do_bench_cudagraph the timer also captures the calls into a CUDA graph (the Driver's
// capture) and replays it on the default stream, between the same kind of events.

#include "core/cuda/driver.h"
#include "core/run/backend.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace tsm::cuda {

class CudaDeviceTimer final : public DeviceTimer
{
public:
    /// Triton's do_bench cache: int(256e6 // 4) int32 elements.
    static constexpr std::size_t kL2ClearBytes = 256'000'000;

    /// `activeTimers` is the backend's count of live timers (launches stay asynchronous while
    /// it is non-zero); it must outlive the timer.
    CudaDeviceTimer(std::shared_ptr<Driver> driver, std::atomic<int> *activeTimers);
    ~CudaDeviceTimer() override;

    void clearL2() override;
    void begin() override;
    void end() override;
    std::vector<double> collectMs() override;
    std::string describe() const override;

    bool canCaptureGraphs() const override { return true; }
    void beginCapture() override;
    Captured endCapture() override;
    std::string abandonCapture() override;
    void replay() override;

private:
    std::uintptr_t takeEvent();
    [[noreturn]] void fail(const DriverStatus &s, const char *what);

    std::shared_ptr<Driver> m_driver;
    std::atomic<int> *m_activeTimers = nullptr;
    DevicePtr m_l2Buffer = 0;
    std::vector<std::uintptr_t> m_free;
    std::vector<std::pair<std::uintptr_t, std::uintptr_t>> m_pending;
    std::uintptr_t m_open = 0; ///< the start event of a begin() without its end() yet
    bool m_hasOpen = false;
    /// The zero-fill kernel that clears the L2 (null: the driver's memset is used instead).
    std::shared_ptr<Function> m_fill;
    bool m_fillChecked = false;
    /// The captured graph (destroyed with the timer or at the next capture).
    std::uintptr_t m_graph = 0;
    bool m_capturing = false; ///< between this timer's beginCapture() and its end
};

} // namespace tsm::cuda
