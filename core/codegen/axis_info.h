#pragma once
// Axis analysis (shared/design/CODEGEN.md "Axis analysis decides vector width"), as Triton's
// AxisInfo: for every integer and pointer value, per dimension, what is known about runs of
// its elements along that dimension. It decides how wide the CUDA backend's loads and stores
// can be and whether a mask can be tested once per vector.

#include "core/ir/ir.h"
#include "core/sema/dtype.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tsm::codegen {

struct Layout;

/// What is known about one value. Vectors have one entry per dimension (one entry for a
/// scalar). Every number is a power of two (or 1 = nothing known).
struct AxisInfo
{
    /// Length of runs of consecutive values (+1 per element) along the dimension, each run
    /// starting at a multiple of its length.
    std::vector<std::int64_t> contiguity;
    /// The largest power of two dividing the first element of every run: integers in value
    /// units, pointers in BYTES (a 16-byte aligned fp32 pointer has divisibility 16).
    std::vector<std::int64_t> divisibility;
    /// Length of runs of equal values along the dimension.
    std::vector<std::int64_t> constancy;
    /// The value, when it is one known integer everywhere.
    std::optional<std::int64_t> constant;
};

/// Axis facts for every value of `kernel` (indexed by ValueId; values that are neither integer
/// nor pointer get all-ones), from arange, constants, the signature facts on ir::Param
/// (divisibleBy16) and tl.multiple_of / max_contiguous / max_constancy hints, propagated through
/// add/sub/mul/div/rem/shifts/and, addptr, splat/broadcast/expand_dims/reshape, select and
/// comparisons as Triton's AxisInfo does. Loop-carried values and results of control flow are
/// conservative.
std::vector<AxisInfo> analyzeAxes(const ir::Kernel &kernel);

/// How many consecutive elements (1, 2, 4, ... up to 16 bytes' worth) one thread may move in one
/// access for a load/store through `ptr` (its AxisInfo) in `layout`, with an optional mask:
/// bounded by the pointer's contiguity and byte divisibility along the last dimension, by the
/// mask's constancy there, and by the registers the layout gives a thread contiguously.
int accessVectorWidth(const AxisInfo &ptr,
                      const AxisInfo *mask,
                      DType elementType,
                      const Layout &layout);

} // namespace tsm::codegen
