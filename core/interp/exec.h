#pragma once
// Binding IR ops to typed kernels, by op family (exec_*.cpp). Internal to core/interp: the plan
// builder calls these once per op; the ExecFn they install runs once per program.

#include "core/interp/frame.h"

#include <span>

namespace tsm::interp {

struct BindContext
{
    const ir::Kernel &kernel;
    ProgramPlan &plan;
    /// Static provenance of every value (pointer parameter index, kAnyPointerArg, or -2 for
    /// "no pointer").
    const std::vector<int> &provenance;
    DiagnosticSink &diags;

    const ir::Type &type(ir::ValueId v) const { return kernel.type(v); }
    /// Reports an op the interpreter cannot run; returns false.
    bool unsupported(const ir::Op &op, std::string what);
};

/// Constant, ProgramId, NumPrograms, MakeRange, Splat, Broadcast, ExpandDims, Reshape, Permute,
/// Hint, PtrToInt, IntToPtr, Bitcast (exec_shape.cpp).
bool bindShapeOp(Instr &ins, const ir::Op &op, BindContext &ctx);
/// Arithmetic, Cmp, Select, Fma, AddPtr (exec_arith.cpp).
bool bindArithOp(Instr &ins, const ir::Op &op, BindContext &ctx);
/// Cast and Math (exec_math.cpp).
bool bindMathOp(Instr &ins, const ir::Op &op, BindContext &ctx);
/// Load, Store, AtomicRMW, AtomicCAS (exec_memory.cpp).
bool bindMemoryOp(Instr &ins, const ir::Op &op, BindContext &ctx);
/// Reduce, Scan, Dot (exec_reduce.cpp).
bool bindReduceOp(Instr &ins, const ir::Op &op, BindContext &ctx);
/// If, For, While, Return, Print, DeviceAssert, Assume, DebugBarrier, Rand* (exec_control.cpp).
bool bindControlOp(Instr &ins, const ir::Op &op, BindContext &ctx);

/// Copies a block's terminator values into `targets`, safely when they overlap.
void passValues(Frame &f, std::span<const SlotId> from, std::span<const SlotId> targets);

} // namespace tsm::interp
