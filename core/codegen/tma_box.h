#pragma once
// What one TMA copy moves (docs/tensor-descriptors.md, "TMA"): a 2-D block of a tensor
// descriptor held in shared memory as panels of `width` elements along the descriptor's last
// dimension, one box each, in the 128-, 64- or 32-byte swizzle (tsm::swz) or none.

#include "core/ir/ir.h"
#include "core/sema/dtype.h"

#include <cstdint>
#include <optional>

namespace tsm::codegen {

struct TmaBox
{
    std::int64_t rows = 0;   ///< the block's dimension 0
    std::int64_t contig = 0; ///< its dimension 1 (the tensor's contiguous one)
    std::int64_t width = 0;  ///< elements of one panel along dimension 1 (one box's width)
    std::int64_t panelBytes = 0;
    int swizzle = 0; ///< bytes: 128, 64, 32, or 0 for none
};

/// The boxes a TMA store of `store` (a Store with tensor_desc, docs/tensor-descriptors.md)
/// moves on a device of `computeCapability`: the copy engine (sm_90) takes the rank-2 block of
/// a non-boolean dtype whose rows are a multiple of 16 bytes, at most 256 rows and 256 elements
/// a box, in the widest swizzle its rows allow. nullopt when it cannot.
std::optional<TmaBox> tmaStoreBox(const ir::Kernel &k, const ir::Op &store, int computeCapability);

} // namespace tsm::codegen
