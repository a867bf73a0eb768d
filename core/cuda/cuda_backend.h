#pragma once
// The CUDA backend (ARCHITECTURE.md "Backends", CUDA.md): compile() builds a specialized kernel
// to a cubin for the device's own architecture (core/cuda/cuda_build.h) and loads it; launch()
// keeps each tensor's device mirror current, passes the arguments, launches numWarps * 32
// threads per program and reports a device fault as CudaLaunchFailed at the kernel. After a
// sticky fault the context is lost, and every later launch says the process must restart.

#include "core/cuda/cuda_build.h"
#include "core/cuda/driver.h"
#include "core/cuda/launch_observer.h"
#include "core/run/backend.h"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace tsm::cuda {

class Cublas;
class KernelArgs;

/// One specialization loaded on the device, with what the studio and JSON events show about it.
class CudaKernel final : public CompiledKernel
{
public:
    CudaKernel(std::shared_ptr<const ir::Kernel> kernel,
               CudaBuild build,
               std::shared_ptr<Module> module,
               std::shared_ptr<Function> function,
               double loadMs,
               int maxWarpsPerSm);

    const ir::Kernel &kernel() const override { return *m_kernel; }
    std::optional<KernelResources> usage() const override;
    double buildSeconds() const override
    {
        return (m_build.times.lowerMs + m_build.times.emitMs + m_build.times.nvrtcMs + m_loadMs)
               / 1000.0;
    }
    const codegen::CudaSource &source() const { return m_build.source; }
    const std::string &ptx() const { return m_build.compiled.ptx; }
    const std::vector<char> &cubin() const { return m_build.compiled.cubin; }
    /// ptxas's report (registers, spills, stack, shared memory).
    const ResourceReport &resources() const { return m_build.compiled.resources; }
    const CudaBuildTimes &times() const { return m_build.times; }
    double loadMs() const { return m_loadMs; }
    /// The driver's view of the loaded function and the blocks that fit on one SM.
    const FunctionAttributes &attributes() const { return m_attributes; }
    int activeBlocksPerSm() const { return m_activeBlocksPerSm; }
    /// Per ir::Kernel::params: whether a launch may write through that pointer parameter.
    const std::vector<bool> &writtenParams() const { return m_written; }
    /// Built with debug and has a tl.device_assert: a launch may stop on CUDA_ERROR_ASSERT.
    bool checksAsserts() const { return m_build.checksAsserts; }
    const Function &function() const { return *m_function; }

private:
    std::shared_ptr<const ir::Kernel> m_kernel;
    CudaBuild m_build;
    std::shared_ptr<Module> m_module;
    std::shared_ptr<Function> m_function;
    double m_loadMs = 0;
    FunctionAttributes m_attributes;
    int m_activeBlocksPerSm = 0;
    int m_maxWarpsPerSm = 64;
    std::vector<bool> m_written;
};

class CudaBackend final : public Backend
{
public:
    /// The source file a kernel came from, for #line directives and NVRTC errors on Python
    /// lines (null when unknown).
    using SourceLookup = std::function<const SourceFile *(FileId)>;

    CudaBackend(std::shared_ptr<Driver> driver, SourceLookup sources);
    ~CudaBackend() override;

    std::string_view name() const override { return "cuda"; }
    std::shared_ptr<CompiledKernel> compile(std::shared_ptr<const ir::Kernel> kernel,
                                            DiagnosticSink &diags) override;
    /// flags.debug checks tl.device_assert on the device; without it, a kernel with asserts
    /// gets one note (once per kernel name) that the GPU does not check them.
    std::shared_ptr<CompiledKernel> compile(std::shared_ptr<const ir::Kernel> kernel,
                                            DiagnosticSink &diags,
                                            const CompileFlags &flags) override;
    bool launch(CompiledKernel &kernel,
                Grid grid,
                std::span<const LaunchArg> args,
                LaunchContext &context) override;
    std::unique_ptr<DeviceTimer> deviceTimer() override;
    /// cuBLAS's strided-batched GEMM on the operands' device mirrors (not while a CUDA graph is
    /// captured: the driver's capture stream is its own).
    bool matmul(const MatmulArgs &args, std::string *why) override;
    /// Builds (lowering, CUDA C, NVRTC) on up to compileThreads() threads, then loads the
    /// modules one by one on the calling thread.
    std::vector<std::shared_ptr<CompiledKernel>>
    compileAll(const std::vector<std::shared_ptr<const ir::Kernel>> &kernels,
               std::vector<DiagnosticSink> &diags,
               const CompileFlags &flags) override;
    int compileThreads() const override;
    std::optional<DeviceProperties> deviceProperties() const override;

    Driver &driver() { return *m_driver; }
    const std::shared_ptr<Driver> &sharedDriver() const { return m_driver; }
    /// Told about every launch from now on (null: none); not owned.
    void setLaunchObserver(LaunchObserver *observer) { m_observer = observer; }
    /// What NVRTC compiles for (the device's sm_XY).
    const std::string &arch() const { return m_arch; }

private:
    CudaBuildOptions buildOptions(const CompileFlags &flags) const;
    /// Notes unchecked asserts and loads a finished build (null with diagnostics).
    std::shared_ptr<CompiledKernel> load(std::shared_ptr<const ir::Kernel> kernel,
                                         std::optional<CudaBuild> build,
                                         DiagnosticSink &diags,
                                         const CompileFlags &flags);
    /// Encodes the TMA tensor map `spec` of the host TensorDescriptor whose arguments start at
    /// args[base] into the next parameter of `marshaled`; the reason when it cannot.
    std::string encodeTensorMap(const codegen::TensorMapSpec &spec,
                                std::span<const LaunchArg> args,
                                std::size_t base,
                                KernelArgs &marshaled) const;
    void reportLaunchFailure(const CudaKernel &kernel,
                             const std::string &what,
                             const DriverStatus &status,
                             DiagnosticSink &diags) const;

    std::shared_ptr<Driver> m_driver;
    SourceLookup m_sources;
    std::string m_arch;
    /// Live DeviceTimers: while non-zero, launches are not synchronized one by one.
    std::atomic<int> m_activeTimers{0};
    /// Kernels already told that their asserts are not checked without debug.
    std::set<std::string> m_uncheckedAssertsNoted;
    std::mutex m_notedMutex;
    std::unique_ptr<Cublas> m_cublas;
    LaunchObserver *m_observer = nullptr;
};

} // namespace tsm::cuda
