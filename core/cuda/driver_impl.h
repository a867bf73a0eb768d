#pragma once
// The Driver, Module and Function of core/cuda/driver.h over the dlopen'd driver API: one
// device's primary context, a caching allocator, and the sticky-error rule (after a fault that
// loses the context, every call fails with the reason instead of returning wrong results).

#include "core/cuda/driver.h"
#include "core/cuda/driver_api.h"
#include "core/cuda/memory_pool.h"

#include <atomic>
#include <mutex>
#include <set>
#include <string_view>
#include <thread>

namespace tsm::cuda {

class DriverImpl final : public Driver, public std::enable_shared_from_this<DriverImpl>
{
public:
    DriverImpl(const DriverApi &api, CUdevice device, CUcontext context, DeviceInfo info);
    ~DriverImpl() override;

    const DeviceInfo &device() const override { return m_info; }
    std::uintptr_t nativeContext() const override
    {
        return reinterpret_cast<std::uintptr_t>(m_context);
    }
    int nativeDevice() const override { return int(m_device); }
    std::shared_ptr<Module> loadModule(std::span<const char> image, DriverStatus *status) override;
    DevicePtr allocate(std::size_t bytes, DriverStatus *status) override;
    void release(DevicePtr ptr, std::size_t bytes) override;
    DriverStatus copyToDevice(DevicePtr dst, const void *src, std::size_t bytes) override;
    DriverStatus copyToHost(void *dst, DevicePtr src, std::size_t bytes) override;
    DriverStatus fill(DevicePtr dst, std::uint8_t byte, std::size_t bytes) override;
    DriverStatus launch(const Function &fn,
                        std::int64_t gridX,
                        std::int64_t gridY,
                        std::int64_t gridZ,
                        int blockThreads,
                        int dynamicSharedBytes,
                        void **args) override;
    DriverStatus synchronize() override;
    std::uintptr_t createEvent() override;
    void destroyEvent(std::uintptr_t event) override;
    DriverStatus recordEvent(std::uintptr_t event) override;
    double elapsedMs(std::uintptr_t start, std::uintptr_t end, DriverStatus *status) override;
    DriverStatus beginCapture() override;
    bool capturing() const override;
    CapturedGraph endCapture(DriverStatus *status) override;
    std::string abandonCapture() override;
    DriverStatus launchGraph(std::uintptr_t graph) override;
    void destroyGraph(std::uintptr_t graph) override;
    const std::string &lostContext() const override;
    DriverStatus encodeTensorMap(const TensorMapRequest &request, void *map) override;

    const DriverApi &api() const { return m_api; }
    /// Ok, or the failure of `what` in words; a sticky error marks the context lost.
    DriverStatus check(CUresult r, std::string_view what);
    /// Before each call: fails once the context is lost, else makes it current on this thread.
    bool usable(DriverStatus *status);
    bool lost() const { return m_lost.load(std::memory_order_acquire); }

    /// The pool's held-back bytes (memory released while a graph may still write it).
    std::size_t heldBytes() const { return m_pool.heldBytes(); }

private:
    enum class CaptureState { None, Running, Failed };
    /// The state of the calling thread's capture (None on every other thread).
    CaptureState captureHere() const;
    /// Ends the running capture because the captured code did `reason` (a verb phrase:
    /// "waited for the GPU"), which a graph cannot hold. Called with m_captureMutex held.
    DriverStatus failCapture(std::string reason);
    /// Ends the capture on the stream and drops what it recorded. m_captureMutex held.
    void dropCapture();

    const DriverApi &m_api;
    CUdevice m_device;
    CUcontext m_context;
    DeviceInfo m_info;
    CUresult m_lastAllocError = CUDA_SUCCESS;
    MemoryPool m_pool;
    mutable std::mutex m_captureMutex;
    CUstream m_captureStream = nullptr; ///< non-blocking, created on the first capture
    CaptureState m_captureState = CaptureState::None;
    std::thread::id m_captureThread;
    std::string m_captureFailure;      ///< what ended a failed capture
    CapturedGraph m_captured;          ///< what the open capture recorded so far
    std::set<std::uintptr_t> m_graphs; ///< live graphs, each holding the pool's releases
    std::mutex m_lostMutex;
    std::atomic<bool> m_lost{false};
    std::string m_lostMessage;
};

class ModuleImpl final : public Module, public std::enable_shared_from_this<ModuleImpl>
{
public:
    ModuleImpl(std::shared_ptr<DriverImpl> driver, CUmodule module)
        : m_driver(std::move(driver))
        , m_module(module)
    {
    }
    ~ModuleImpl() override;
    std::shared_ptr<Function> function(const std::string &name, DriverStatus *status) override;
    DriverImpl &driver() const { return *m_driver; }

private:
    std::shared_ptr<DriverImpl> m_driver;
    CUmodule m_module;
};

class FunctionImpl final : public Function
{
public:
    FunctionImpl(std::shared_ptr<ModuleImpl> module, CUfunction fn, std::string name)
        : m_module(std::move(module))
        , m_fn(fn)
        , m_name(std::move(name))
    {
    }
    const std::string &name() const override { return m_name; }
    FunctionAttributes attributes() const override;
    int activeBlocksPerSm(int blockThreads, int dynamicSharedBytes) const override;

    CUfunction handle() const { return m_fn; }
    DriverImpl &driver() const { return m_module->driver(); }
    /// Raises the kernel's dynamic shared memory limit (48 KiB by default) when a launch needs
    /// more.
    DriverStatus allowDynamicShared(int bytes) const;

private:
    std::shared_ptr<ModuleImpl> m_module;
    CUfunction m_fn;
    std::string m_name;
    mutable std::atomic<int> m_dynamicSharedLimit{48 * 1024};
};

} // namespace tsm::cuda
