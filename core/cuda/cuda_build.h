#pragma once
// One kernel from typed block IR to a cubin, without a GPU: the CUDA passes
// (passes::lowerForCuda), CUDA C (codegen::emitCuda), NVRTC (compileCuda), with each stage's
// time. CudaBackend loads the result on the device; `tilesmith emit --cuda/--ptx/--sass` prints
// its parts.

#include "core/codegen/cuda_emitter.h"
#include "core/cuda/nvrtc_compiler.h"
#include "core/passes/pipeline.h"

#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tsm::cuda {

/// The NVRTC option a build with device asserts adds (part of the compile-cache key).
inline constexpr const char *kDeviceAssertsDefine = "-DTSM_DEVICE_ASSERTS=1";

struct CudaBuildOptions
{
    /// "sm_90", or "compute_90" for PTX only.
    std::string arch = "sm_90";
    /// emit.deviceAsserts is the debug switch (TRITON_DEBUG); it also reaches NVRTC as
    /// -DTSM_DEVICE_ASSERTS=1, so debug and release builds never share a compile-cache entry.
    codegen::EmitOptions emit;
    passes::PipelineOptions pipeline;
    /// CompileOptions::cacheDir ("-" disables the cache).
    std::filesystem::path cacheDir;
    /// False: stop after the CUDA C (`emit --cuda` needs no NVRTC).
    bool compile = true;
    const std::atomic<bool> *cancel = nullptr;
};

/// Milliseconds per stage of one build (the studio's compile events, `emit --timings`).
struct CudaBuildTimes
{
    double lowerMs = 0, emitMs = 0, nvrtcMs = 0;
    bool cacheHit = false;
    std::vector<passes::PassTiming> passes;
    std::vector<StageTime> nvrtcStages; ///< NVRTC's own split (cache lookup, compile, store)
};

struct CudaBuild
{
    codegen::CudaSource source;
    CompileResult compiled; ///< empty when CudaBuildOptions::compile is false
    CudaBuildTimes times;
    /// Built with EmitOptions::deviceAsserts and the kernel has a tl.device_assert: a failed one
    /// stops the launch with CUDA_ERROR_ASSERT (core/cuda/assert_report.h).
    bool checksAsserts = false;
};

/// Builds `kernel`; nullopt with diagnostics (UnsupportedOnBackend from the passes or the
/// emitter, CudaCompileFailed located on Python lines from NVRTC).
std::optional<CudaBuild> buildCuda(std::shared_ptr<const ir::Kernel> kernel,
                                   const SourceFile *file,
                                   const CudaBuildOptions &options,
                                   DiagnosticSink &diags);

/// What NVRTC compiles for on a device of compute capability major.minor: sm_XY when this NVRTC
/// knows the architecture, else PTX (compute_XY) for the newest one below it, which the driver
/// JIT-compiles.
std::string archForDevice(int ccMajor, int ccMinor);

/// The file name NVRTC is given for a kernel's translation unit ("swish_kernel.cu").
std::string cudaVirtualName(const codegen::CudaSource &source);

} // namespace tsm::cuda
