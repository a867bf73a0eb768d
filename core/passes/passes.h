#pragma once
// The CUDA lowering passes, one per file (pipeline.cpp runs them in order; see pipeline.h for
// what the result promises the emitter).

#include "core/codegen/lowered_kernel.h"
#include "core/diag/diagnostic.h"

namespace tsm::passes {

/// verify: the IR obeys ops.def (ir::verifyKernel) and, once layouts exist, the layout
/// contract. A failure is a compiler bug, reported as such at the kernel's span.
bool verifyLowered(const codegen::LoweredKernel &lk, DiagnosticSink &diags);

/// check-supported: SharedMemoryExceeded at a tl.dot whose staged operands fit in no GPU's
/// shared memory (the emitter checks the whole kernel against the real device's limit).
bool checkSupported(const ir::Kernel &kernel, DiagnosticSink &diags);

/// combine-dot-add: `acc + dot(a, b, 0)` becomes `dot(a, b, acc)` (Triton's Combine), so the
/// accumulation stays in the dot's layout.
void combineDotAdd(codegen::LoweredKernel &lk);

/// transpose-dot-loads: a dot operand `trans(load(p, m, o))` becomes `load(trans(p), trans(m),
/// trans(o))`, so the dot stages it straight from global memory.
void transposeDotLoads(codegen::LoweredKernel &lk);

/// pipeline-dot-loads: the loads feeding a tl.dot in a loop are issued one iteration ahead
/// (carried in registers), unless num_stages is 1.
void pipelineDotLoads(codegen::LoweredKernel &lk);

/// axis-analysis: codegen::analyzeAxes into lk.axis.
void analyzeAxesPass(codegen::LoweredKernel &lk);

/// assign-layouts: a layout for every block value, convert_layout where a use needs another.
void assignLayouts(codegen::LoweredKernel &lk);

/// remove-conversions: drops no-op conversions, rematerializes cheap values instead of
/// converting them, removes what that leaves unused.
void removeConversions(codegen::LoweredKernel &lk);

} // namespace tsm::passes
