#pragma once
// The CUDA lowering pipeline in one place (shared/design/CODEGEN.md): the list of passes that
// turn sema's typed block IR into a LoweredKernel the emitter prints as CUDA C. Each pass lives
// in its own file under core/passes/. `tilesmith emit --dump-after=all` prints the IR with its
// layouts after every pass, and the time each took.
//
// Passes: verify, check-supported, combine-dot-add, transpose-dot-loads,
// pipeline-dot-loads, axis-analysis, assign-layouts, remove-conversions,
// verify-layouts (cudaPassNames()).
//
// THE CONTRACT a LoweredKernel keeps (checkLayoutContract in layout_contract.h tests it; the
// last pass runs it):
//   - every block value (op results, region arguments) has a layout of exactly its shape, for
//     kernel.numWarps warps; scalars have none. Every layout holds every element (replicated
//     layouts hold some on several threads).
//   - elementwise ops (arithmetic, min/max, neg/not), Select, Cmp, Cast, Bitcast, PtrToInt,
//     IntToPtr, Math, Fma, AddPtr, Hint: every block operand's layout is `sameAs` the result's.
//   - Load: ptr, mask, other and the result share one layout. Store: ptr, value and mask share
//     one. Print, DeviceAssert, Assume: all block operands share one.
//   - Broadcast: registerMapVia(layout(src), layout(result), broadcastBits(result, src)) has a
//     value; ExpandDims and Reshape: the same with identity bits {1, 2, 4, ...} (row-major flat
//     indices are kept); Permute: with permuteBits(result shape, order). Each result register
//     reads a register of the same thread: no data moves.
//   - ConvertLayout: operand and result of one shape in any two layouts (the only op that
//     moves data between threads: through shared memory).
//   - For / While / If: for each carried slot, init, region arguments, yielded values and the
//     result share one layout.
//   - A load / store moves accessVectorWidth(axis[ptr], mask ? &axis[mask] : nullptr, dtype,
//     layout(ptr)) consecutive registers per access; the layouts are chosen so that this is 16
//     bytes where the axis facts prove it.
//   - Rand / Randn / Randint / Randint4x: the offsets and every result share one layout.
//     AtomicRMW / AtomicCAS on blocks: anchored like stores; pointer, values, mask and result
//     share one layout.
//   - Reduce / Scan: every operand in one layout; Reduce: axisSeparable (every basis along the
//     axis or off it) and each block result in sliceLayout(operand, axis); Scan: scanFriendly
//     and each result in the operand's layout (codegen/reduce_layout.h).

#include "core/codegen/lowered_kernel.h"
#include "core/diag/diagnostic.h"
#include "core/source/source_file.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsm::passes {

struct PassTiming
{
    std::string pass;
    double ms = 0.0;
};

struct PipelineOptions
{
    /// Called after each pass with its name and the kernel as it stands (for --dump-after).
    std::function<void(std::string_view pass, const codegen::LoweredKernel &)> dumpAfter;
    /// The target's compute capability (major * 10 + minor): which tensor-core instructions
    /// tl.dot may use (codegen::dotPath). 90 (sm_90) unless the build says otherwise.
    int computeCapability = 90;
    /// Whether descriptor stores may go through the TMA copy engine (codegen::tmaStoreBox,
    /// with codegen::EmitOptions::tmaStores): the layout pass then leaves their blocks in the
    /// layout they are computed in. Off by default; TILESMITH_TMA=stores turns it on.
    bool tmaStores = false;
};

/// Runs every pass. Null with diagnostics (SharedMemoryExceeded at a tl.dot no GPU can hold;
/// UnsupportedOnBackend when a pass broke the contract, a Tilesmith bug) when the kernel cannot
/// be lowered. `timings`, when
/// given, receives one entry per pass.
std::optional<codegen::LoweredKernel> lowerForCuda(std::shared_ptr<const ir::Kernel> kernel,
                                                   const PipelineOptions &options,
                                                   DiagnosticSink &diags,
                                                   std::vector<PassTiming> *timings = nullptr);

/// The pass names in order ("verify", "axis-analysis", "assign-layouts", ...).
std::vector<std::string> cudaPassNames();

/// The IR as printed by ir::printKernel, with each block value's layout (like Triton's TTGIR):
/// what --dump-after prints.
std::string printLowered(const codegen::LoweredKernel &kernel, const SourceFile *file = nullptr);

} // namespace tsm::passes
