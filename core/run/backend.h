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
#include <span>
#include <string>
#include <string_view>

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
};

class CompiledKernel
{
public:
    virtual ~CompiledKernel() = default;
    virtual const ir::Kernel &kernel() const = 0;
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
    /// Runs every program of `grid`. `args` has one entry per ir::Kernel::params entry
    /// (Constexpr entries are ignored). Returns false after reporting the first error.
    virtual bool launch(CompiledKernel &kernel,
                        Grid grid,
                        std::span<const LaunchArg> args,
                        LaunchContext &context)
        = 0;
};

} // namespace tsm
