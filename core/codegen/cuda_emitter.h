#pragma once
// CUDA C from a LoweredKernel (shared/design/CODEGEN.md): one `extern "C" __global__` function
// per specialization, parameters named after the Python ones, temporaries after Python
// variables, `#line N "file.py"` before each Python line's statements, register arrays per
// block value in its layout, 16-byte vector accesses where the axis facts prove them, Triton's
// NVIDIA numerics. Helpers live in one device header (deviceHeader()) handed to NVRTC.

#include "core/codegen/lowered_kernel.h"
#include "core/diag/diagnostic.h"
#include "core/source/source_file.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsm::codegen {

struct EmitOptions
{
    /// Check tl.device_assert (debug runs); otherwise asserts compile to nothing, as in Triton.
    bool deviceAsserts = false;
    /// `tilesmith emit --cuda`: inline the device header and add a host-side launcher
    /// declaration, so the output compiles alone with `nvcc -arch=sm_90 -c`.
    bool standalone = false;
    /// The name used in #line directives ("swish.py"); defaults to the source file's path.
    std::string lineFileName;
    /// Shared memory one block may use (the device's opt-in limit) and who allows it ("the
    /// NVIDIA H200", "sm_80"); 0: sm_90's. More is SharedMemoryExceeded before any launch.
    std::int64_t sharedLimitBytes = 0;
    std::string sharedLimitTarget;
    /// Move tensor-descriptor tiles that feed wgmma dots with the TMA copy engine (emit_tma.cpp);
    /// off, they take cp.async or registers (TILESMITH_TMA=0, an A/B switch;
    /// docs/tensor-descriptors.md). Checked on an H200: bench/results/2026-12-07-tma-h200-run1.md.
    bool tma = true;
    /// Write descriptor stores with the TMA copy engine too (Emitter::emitTmaStore; needs
    /// passes::PipelineOptions::tmaStores for the layouts). Off by default: on an H100 the
    /// descriptor matmuls ran 5-14% slower with it than with st.global
    /// (bench/results/2026-12-07-tma-stores-3ae62b0-h100.md); TILESMITH_TMA=stores turns it on.
    bool tmaStores = false;
};

/// A TMA tensor map the kernel takes for a host TensorDescriptor whose blocks the bulk tensor
/// copy engine moves (emit_tma.cpp): the launch encodes it with cuTensorMapEncodeTiled from the
/// descriptor's arguments (base, shape, strides) and passes its 128 bytes as a
/// `const __grid_constant__` parameter.
struct TensorMapSpec
{
    int rank = 2;
    DType dtype = DType::F16;
    /// The box one copy moves, innermost dimension first (CUDA's order): {elements along the
    /// descriptor's last dimension, ..., rows}.
    std::vector<std::uint32_t> box;
    int swizzle = 0;     ///< bytes: 128, 64, 32, or 0 for none
    bool nanFill = false; ///< padding_option="nan": out-of-bounds float elements read as NaN
    /// A descriptor made in the kernel (tl.make_tensor_descriptor): where its shape (per
    /// dimension) and leading strides (in elements) come from, each a launch argument's index
    /// or a constant c as -1 - c. Empty for a host TensorDescriptor, whose own arguments follow
    /// its base.
    std::vector<std::int64_t> shapeFrom, strideFrom;
    bool operator==(const TensorMapSpec &) const = default;
};

/// One kernel parameter as the generated function takes it (Python order, constexprs and
/// parameters folded by specialization left out), or a TMA tensor map the launch encodes.
struct CudaParam
{
    std::string name;      ///< the C name
    std::size_t index = 0; ///< index into ir::Kernel::params (a tensor map: its descriptor's base)
    DType dtype = DType::I32;
    bool pointer = false;
    std::optional<TensorMapSpec> tensorMap; ///< a TMA tensor map, not the parameter's own value
};

/// Which path a tl.dot took (the resource report shows it beside registers and shared memory).
struct DotInfo
{
    std::uint32_t line = 0; ///< the Python line of the tl.dot (0 when unknown)
    std::string path;       ///< "FMA", "mma.sync", "wgmma"
    /// What the tensor cores take: "fp16", "bf16", "tf32" (fp32 inputs) or "fp8" (e4m3 / e5m2);
    /// empty on the FMA path.
    std::string input;
    std::string detail;     ///< "128x128x32 fp16, m16n8k16, warps 2x2, double-buffered"
};

struct CudaSource
{
    std::string code;        ///< the translation unit (includes "tilesmith_device.cuh" unless standalone)
    std::string kernelName;  ///< the extern "C" symbol to load
    std::vector<CudaParam> params;
    int threadsPerBlock = 128;
    /// Shared memory the kernel uses (layout conversions, tl.dot operands), in bytes.
    std::int64_t sharedBytes = 0;
    /// What the launch must pass as dynamic shared memory: sharedBytes when it is above the
    /// 48 KiB a static declaration allows (the buffer is then `extern __shared__`), else 0.
    std::int64_t dynamicSharedBytes = 0;
    /// Whether the kernel calls printf (tl.device_print): the runtime then collects output.
    bool usesPrintf = false;
    /// Every tl.dot in program order and the path it took.
    std::vector<DotInfo> dots;
    /// The kernel uses instructions of sm_90a (wgmma) or of sm_90 on (TMA stores): on a 9.0
    /// device build it for "sm_90a", not "sm_90", and never for an older architecture.
    bool archSpecific = false;
};

/// The CUDA C for `kernel`; nullopt with diagnostics for what cannot be emitted.
std::optional<CudaSource> emitCuda(const LoweredKernel &kernel,
                                   const SourceFile *file,
                                   const EmitOptions &options,
                                   DiagnosticSink &diags);

/// The device header every generated kernel includes, by the name NVRTC is given.
inline constexpr std::string_view kDeviceHeaderName = "tilesmith_device.cuh";
std::string_view deviceHeader();

} // namespace tsm::codegen
