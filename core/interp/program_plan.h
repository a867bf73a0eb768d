#pragma once
// A kernel compiled once for the interpreter: every IR value gets a typed slot (a buffer of its
// block's elements), every op a typed kernel chosen when the plan is built (templated loops over
// contiguous arrays; no per-element dispatch). Regions become nested Blocks. A Frame holds one
// thread's buffers and runs programs one after another over them.

#include "core/diag/diagnostic.h"
#include "core/ir/ir.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace tsm::interp {

struct Frame;
struct Instr;
using SlotId = std::uint32_t;
inline constexpr SlotId kNoSlot = ~SlotId(0);
/// One op's typed kernel: reads operand slots of `frame`, writes its result slots.
using ExecFn = void (*)(const Instr &, Frame &);

/// A region: its ops in order, then the values its terminator (Yield / Condition) passes on.
struct Block
{
    std::vector<SlotId> args;
    std::vector<Instr> instrs;
    std::vector<SlotId> terminator;
};

/// Which pointer parameter a pointer value derives from (static provenance).
inline constexpr int kAnyPointerArg = -1;

struct Instr
{
    ExecFn fn = nullptr;
    const ir::Op *op = nullptr;
    std::vector<SlotId> in;
    std::vector<SlotId> out;
    /// Elements of the result (of the first operand for ops without results).
    std::int64_t n = 1;
    /// Op-specific sizes: shapes, strides, element sizes (documented where each op binds).
    std::vector<std::int64_t> aux;
    /// Pointer provenance for memory ops: a pointer parameter index or kAnyPointerArg.
    int provenance = kAnyPointerArg;
    std::vector<Block> blocks;
};

/// How one slot is stored: element count and bytes per element (fp16/bf16 are held as float,
/// int1 as one byte 0/1, pointers as 64-bit addresses).
struct SlotInfo
{
    std::int64_t elements = 1;
    int elemBytes = 4;
    /// A constant: filled once when a Frame is made, never written by an instruction.
    bool constant = false;
};

struct ProgramPlan
{
    std::shared_ptr<const ir::Kernel> kernel;
    std::vector<SlotInfo> slots;
    Block body;
    /// The constant-filling instructions, run once per Frame.
    std::vector<Instr> constants;
    /// Slot of each kernel parameter (kNoSlot when folded / constexpr).
    std::vector<SlotId> paramSlots;
    bool usesAtomics = false;
    bool usesPrint = false;
};

/// Compiles `kernel` into a plan. Returns null for IR this interpreter cannot run, after
/// reporting why to `diags`.
std::unique_ptr<ProgramPlan> buildProgramPlan(std::shared_ptr<const ir::Kernel> kernel,
                                              DiagnosticSink &diags);

} // namespace tsm::interp
