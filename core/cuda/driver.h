#pragma once
// The CUDA driver API, loaded at run time (shared/design/CUDA.md §4): dlopen("libcuda.so.1"),
// then every entry point through cuGetProcAddress with the version of its PFN typedef pinned.
// Nothing links libcuda, so every binary starts on machines with no driver; there, open()
// explains why CUDA is unavailable and the caller falls back to the interpreter.
//
// One Driver per process (the primary context of one device). After a sticky device error
// (illegal address, launch failure), every later call reports that the process must restart
// instead of producing wrong results.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tsm::cuda {

using DevicePtr = std::uint64_t; ///< CUdeviceptr

struct DeviceInfo
{
    int ordinal = 0;
    std::string name;             ///< "NVIDIA H200"
    int ccMajor = 0, ccMinor = 0; ///< compute capability
    int smCount = 0;
    std::size_t totalMemory = 0;  ///< bytes
    int l2Bytes = 0;
    int sharedPerBlock = 0;       ///< default static limit (48 KiB)
    int sharedPerBlockOptin = 0;  ///< with cuFuncSetAttribute
    int sharedPerSm = 0;
    int registersPerSm = 0;
    int registersPerBlock = 0;
    int maxThreadsPerSm = 0;
    int clockKHz = 0;
    int memoryClockKHz = 0;
    int memoryBusWidthBits = 0;
    int driverVersion = 0;        ///< 13000 = CUDA 13.0
    std::string arch() const { return "sm_" + std::to_string(ccMajor * 10 + ccMinor); }
};

/// The outcome of a driver call that can fail on the device, in words for the user.
struct DriverStatus
{
    bool ok = true;
    std::string message;  ///< "an illegal memory access was encountered (CUDA_ERROR_ILLEGAL_ADDRESS)"
    bool sticky = false;  ///< the context is lost: the process must restart
    explicit operator bool() const { return ok; }
};

/// What a finished capture holds (Driver::endCapture).
struct CapturedGraph
{
    std::uintptr_t graph = 0; ///< the executable graph (CUgraphExec); 0 when none was made
    int launches = 0;         ///< kernel launches recorded into the graph
    int fills = 0;            ///< memsets recorded into the graph (tensors created as zeros)
    int uploads = 0;          ///< host-to-device copies that ran once, at capture, not in the graph
};

/// What cuTensorMapEncodeTiled needs for one TMA tensor map, in CUDA's order (innermost
/// dimension first).
struct TensorMapRequest
{
    int dataType = 0;                   ///< CUtensorMapDataType
    DevicePtr address = 0;              ///< 16-byte aligned
    std::vector<std::uint64_t> dims;    ///< elements per dimension
    std::vector<std::uint64_t> strides; ///< bytes between consecutive indices of dimensions 1 .. rank - 1
    std::vector<std::uint32_t> box;     ///< elements one copy moves per dimension
    int swizzle = 0;                    ///< CUtensorMapSwizzle
    bool nanFill = false;               ///< out-of-bounds float elements read as NaN, else zeros
};

class Module;
class Function;

class Driver
{
public:
    /// Loads the driver, initializes it and retains device `ordinal`'s primary context.
    /// Null with the reason in `why` ("libcuda.so.1 not found: no NVIDIA driver on this
    /// machine", "no CUDA device", "driver 12.4 is older than CUDA 13.0 needs").
    static std::shared_ptr<Driver> open(int ordinal, std::string *why);
    /// How many devices the driver sees (0 with the reason when the driver cannot load).
    static int deviceCount(std::string *why);
    /// Every device's facts, for `tilesmith devices`.
    static std::vector<DeviceInfo> listDevices(std::string *why);

    virtual ~Driver() = default;
    virtual const DeviceInfo &device() const = 0;

    /// Loads a cubin (or PTX, which the driver JIT-compiles).
    virtual std::shared_ptr<Module> loadModule(std::span<const char> image, DriverStatus *status)
        = 0;

    // Memory (device allocations are cached by size so that benchmarks allocating an output per
    // call do not pay cuMemAlloc each time).
    virtual DevicePtr allocate(std::size_t bytes, DriverStatus *status) = 0;
    virtual void release(DevicePtr ptr, std::size_t bytes) = 0;
    virtual DriverStatus copyToDevice(DevicePtr dst, const void *src, std::size_t bytes) = 0;
    virtual DriverStatus copyToHost(void *dst, DevicePtr src, std::size_t bytes) = 0;
    virtual DriverStatus fill(DevicePtr dst, std::uint8_t byte, std::size_t bytes) = 0;

    /// Launches on the default stream (into the graph while this thread captures one).
    /// `args[k]` points at the host copy of parameter k.
    virtual DriverStatus launch(const Function &fn,
                                std::int64_t gridX,
                                std::int64_t gridY,
                                std::int64_t gridZ,
                                int blockThreads,
                                int dynamicSharedBytes,
                                void **args)
        = 0;
    /// Waits for all work; reports a fault of an earlier launch.
    virtual DriverStatus synchronize() = 0;

    // Events on the default stream, for do_bench.
    virtual std::uintptr_t createEvent() = 0;
    virtual void destroyEvent(std::uintptr_t event) = 0;
    virtual DriverStatus recordEvent(std::uintptr_t event) = 0;
    /// Milliseconds between two recorded events (synchronizes on `end`).
    virtual double elapsedMs(std::uintptr_t start, std::uintptr_t end, DriverStatus *status) = 0;

    // CUDA graphs, for do_bench_cudagraph. Between beginCapture() and endCapture() the calling
    // thread's launches and fills are recorded into a graph (on a non-blocking stream of the
    // driver's own) instead of running; its synchronous copies to the device still run at once.
    // What a capture cannot hold - a copy to the host, a synchronize, an event - ends the
    // capture there and fails with the reason, which endCapture() reports again; so do the
    // launches that follow it. Device memory released while a capture or graph exists is held
    // back until the graph is destroyed (the graph may write it whenever it is replayed).
    virtual DriverStatus beginCapture() = 0;
    /// True on the thread that has a capture open (running or already ended by a failure).
    virtual bool capturing() const = 0;
    /// Ends the capture and instantiates its graph; a null graph with the reason on failure.
    virtual CapturedGraph endCapture(DriverStatus *status) = 0;
    /// Ends a capture without making its graph (the captured code raised); returns the reason
    /// the capture had failed with, if it had.
    virtual std::string abandonCapture() = 0;
    /// Replays a graph on the default stream, ordered with recordEvent().
    virtual DriverStatus launchGraph(std::uintptr_t graph) = 0;
    virtual void destroyGraph(std::uintptr_t graph) = 0;

    /// The driver's handles of the primary context (CUcontext) and device (CUdevice), for
    /// libraries that attach to them (CUPTI); 0 where there is no real context.
    virtual std::uintptr_t nativeContext() const { return 0; }
    virtual int nativeDevice() const { return 0; }

    /// Set after a sticky error: every later call fails with this message.
    virtual const std::string &lostContext() const = 0;

    /// Encodes a TMA tensor map into the 128 bytes at `map` (cuTensorMapEncodeTiled).
    virtual DriverStatus encodeTensorMap(const TensorMapRequest &request, void *map)
    {
        (void)request, (void)map;
        return DriverStatus{false, "this CUDA driver cannot encode TMA tensor maps", false};
    }
};

class Module
{
public:
    virtual ~Module() = default;
    /// The kernel called `name` (an extern "C" symbol); null with the reason in `status`.
    virtual std::shared_ptr<Function> function(const std::string &name, DriverStatus *status) = 0;
};

/// What the driver says about one loaded kernel (cuFuncGetAttribute + the occupancy API).
struct FunctionAttributes
{
    int registers = 0;
    int staticSharedBytes = 0;
    int localBytes = 0;
    int constBytes = 0;
    int maxThreadsPerBlock = 0;
    int binaryVersion = 0;
    int ptxVersion = 0;
};

class Function
{
public:
    virtual ~Function() = default;
    virtual const std::string &name() const = 0;
    virtual FunctionAttributes attributes() const = 0;
    /// Resident blocks per SM at this block size (cuOccupancyMaxActiveBlocksPerMultiprocessor).
    virtual int activeBlocksPerSm(int blockThreads, int dynamicSharedBytes) const = 0;
};

} // namespace tsm::cuda
