#pragma once
// The one seam between "what to run" and "where" (ARCHITECTURE.md "Backends"): the harness
// hands a specialized ir::Kernel to a Backend, then launches the compiled result over a grid.
// InterpBackend (core/interp) runs it on the CPU; CudaBackend (core/cuda) on a GPU.

#include "core/diag/diagnostic.h"
#include "core/ir/ir.h"
#include "core/tensor/storage.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tsm {

struct Grid
{
    std::int64_t x = 1, y = 1, z = 1;
};

/// The runtime value of one kernel parameter.
struct LaunchArg
{
    enum class Kind : std::uint8_t { Pointer, Int, Float, Bool, Constexpr };
    Kind kind = Kind::Constexpr;
    std::int64_t i = 0; ///< Int (also U64 values, as bits), Bool
    double f = 0.0;     ///< Float
    /// Pointer: the storage and the byte offset of element 0 of the tensor passed.
    tensor::StoragePtr storage;
    std::int64_t byteOffset = 0;
    /// The name the harness knows the argument by ("x_ptr <- x"), for error messages.
    std::string label;
};

/// What a kernel's `launch_metadata` function (@triton.jit(launch_metadata=fn), the hook
/// Triton's proton profiler reads) says one launch costs: the analytic side of the roofline.
struct AnalyticCost
{
    std::optional<double> bytes; ///< "bytes"
    std::optional<double> flops; ///< "flops" plus every "flopsN" (flops8/16/32/64)
    std::string name;            ///< "name", when given
};

/// Where a launch reports what it prints and whether it should stop.
struct LaunchContext
{
    DiagnosticSink &diags;
    /// tl.device_print output: one call per program that printed, with all of its lines.
    std::function<void(
        std::int64_t pidX, std::int64_t pidY, std::int64_t pidZ, std::string_view text)>
        devicePrint;
    /// Set from another thread to stop a long launch (reported as ExecutionStopped).
    const std::atomic<bool> *cancel = nullptr;
    /// The launch's launch_metadata, evaluated only while a profiler watches (null otherwise).
    const AnalyticCost *analytic = nullptr;
};

/// Per-compile switches that are not part of a kernel's specialization.
struct CompileFlags
{
    /// Check tl.device_assert on the device (TRITON_DEBUG=1, @triton.jit(debug=True), --debug).
    /// The interpreter checks asserts always.
    bool debug = false;
};

/// What a compiled kernel uses per thread and block, and how many of its blocks fit on an SM
/// (kernel.warmup()'s n_regs / n_spills / metadata.shared, the autotune report).
struct KernelResources
{
    int registers = 0;       ///< per thread
    int spillBytes = 0;      ///< bytes per thread the build spilled to local memory (ptxas)
    int sharedBytes = 0;     ///< static + dynamic per block
    int blocksPerSm = 0;     ///< resident blocks per SM at the kernel's num_warps
    double occupancy = 0;    ///< resident warps per SM / the SM's maximum, 0..1
};

class CompiledKernel
{
public:
    virtual ~CompiledKernel() = default;
    virtual const ir::Kernel &kernel() const = 0;
    /// What the build uses; nullopt where the backend has no such limits (the interpreter).
    virtual std::optional<KernelResources> usage() const { return std::nullopt; }
    /// Seconds its build took (lowering, code generation, compiler, load); 0 when unknown.
    virtual double buildSeconds() const { return 0; }
};

/// The device kernels run on (triton.runtime.driver.active.utils.get_device_properties,
/// torch.cuda.get_device_properties).
struct DeviceProperties
{
    std::string name;                 ///< "NVIDIA H200"
    int ccMajor = 0, ccMinor = 0;
    int multiprocessorCount = 0;
    int maxSharedMemPerBlock = 0;     ///< opt-in maximum (Triton's max_shared_mem)
    int registersPerSm = 0;           ///< Triton's max_num_regs
    int maxThreadsPerSm = 0;
    int warpSize = 32;
    int clockKHz = 0, memoryClockKHz = 0, memoryBusWidthBits = 0;
    std::int64_t totalMemory = 0;     ///< bytes
    int l2Bytes = 0;
};

/// Times work with a device's own clock: do_bench on a GPU backend (Triton's method: the L2
/// cache cleared before each timed call, one pair of CUDA events around each call).
class DeviceTimer
{
public:
    virtual ~DeviceTimer() = default;
    /// Overwrites a buffer larger than the L2 cache, on the device, before a timed call.
    virtual void clearL2() = 0;
    /// Records the start / end event of one timed call.
    virtual void begin() = 0;
    virtual void end() = 0;
    /// Waits for the device and returns each begin/end pair's milliseconds since the last
    /// collect. Throws std::runtime_error with the device's message when the work failed.
    virtual std::vector<double> collectMs() = 0;
    /// How the numbers were measured ("CUDA events, L2 cleared before each call").
    virtual std::string describe() const = 0;

    // CUDA graphs (do_bench_cudagraph): the calls made between beginCapture() and
    // endCapture() are recorded into one graph instead of running; replay() runs them all.
    /// What a capture recorded.
    struct Captured
    {
        int launches = 0; ///< kernel launches in the graph
        int fills = 0;    ///< memsets in the graph (tensors created as zeros)
        int uploads = 0;  ///< host-to-device copies that ran once, while capturing
    };
    /// False where the device cannot capture (do_bench_cudagraph then times call by call).
    virtual bool canCaptureGraphs() const { return false; }
    virtual void beginCapture() { throw std::logic_error("this device cannot capture graphs"); }
    /// Makes the graph ready to replay. Throws std::runtime_error saying what the captured
    /// code did that a graph cannot hold; the capture is over either way.
    virtual Captured endCapture() { throw std::logic_error("this device cannot capture graphs"); }
    /// Drops a capture begun and not ended (the captured code raised). Returns what ended the
    /// capture early, if something did ("read GPU memory on the host (...)"), else "".
    virtual std::string abandonCapture() { return {}; }
    /// Runs the captured graph once; time it between begin() and end().
    virtual void replay() { throw std::logic_error("this device cannot capture graphs"); }
};

/// C = A @ B over a batch of row-major matrices (torch.matmul / mm / bmm / @ on the device):
/// a is batch x m x k, b batch x k x n, c batch x m x n, all of `dtype`. Each operand's matrices
/// have unit stride along one of their two dimensions (row-major or transposed views).
struct MatmulArgs
{
    struct Operand
    {
        LaunchArg tensor;              ///< Pointer: the storage and byte offset of element 0
        std::int64_t rowStride = 0;    ///< elements between rows
        std::int64_t colStride = 1;    ///< elements between columns (1, or rowStride 1)
        std::int64_t batchStride = 0;  ///< elements between matrices (0: the same one)
    };
    Operand a, b, c;
    DType dtype = DType::F32;
    std::int64_t batch = 1, m = 0, n = 0, k = 0;
    /// fp32 products may take tf32 tensor cores (torch.backends.cuda.matmul.allow_tf32).
    bool allowTf32 = false;
};

class Backend
{
public:
    virtual ~Backend() = default;
    /// "interp", "cuda"
    virtual std::string_view name() const = 0;
    /// Compiles a specialized kernel; null with diagnostics on failure.
    virtual std::shared_ptr<CompiledKernel> compile(std::shared_ptr<const ir::Kernel> kernel,
                                                    DiagnosticSink &diags)
        = 0;
    /// compile() with per-compile switches; backends that have none ignore them.
    virtual std::shared_ptr<CompiledKernel> compile(std::shared_ptr<const ir::Kernel> kernel,
                                                    DiagnosticSink &diags,
                                                    const CompileFlags &flags)
    {
        (void) flags;
        return compile(std::move(kernel), diags);
    }
    /// Compiles several kernels, at once where the backend can (the autotuner's configs; CUDA
    /// builds them on all cores). One result per kernel, null with diagnostics in its sink.
    virtual std::vector<std::shared_ptr<CompiledKernel>>
    compileAll(const std::vector<std::shared_ptr<const ir::Kernel>> &kernels,
               std::vector<DiagnosticSink> &diags,
               const CompileFlags &flags)
    {
        std::vector<std::shared_ptr<CompiledKernel>> out;
        for (std::size_t i = 0; i < kernels.size(); ++i)
            out.push_back(compile(kernels[i], diags[i], flags));
        return out;
    }
    /// How many kernels compileAll builds at once.
    virtual int compileThreads() const { return 1; }
    /// The device's properties; nullopt for backends that run on the host.
    virtual std::optional<DeviceProperties> deviceProperties() const { return std::nullopt; }
    /// Runs every program of `grid`. `args` has one entry per ir::Kernel::params entry
    /// (Constexpr entries are ignored). Returns false after reporting the first error.
    virtual bool launch(CompiledKernel &kernel,
                        Grid grid,
                        std::span<const LaunchArg> args,
                        LaunchContext &context)
        = 0;
    /// Runs `args` with the device's BLAS library; false with `why` set where there is none or
    /// it cannot take these operands (the caller computes on the host then).
    virtual bool matmul(const MatmulArgs &args, std::string *why)
    {
        (void) args;
        *why = "the " + std::string(name()) + " backend has no BLAS library";
        return false;
    }
    /// A timer on the device's clock; null for backends that run on the host (do_bench then
    /// reports CPU time and says so).
    virtual std::unique_ptr<DeviceTimer> deviceTimer() { return nullptr; }
};

} // namespace tsm
