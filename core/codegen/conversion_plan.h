#pragma once
// Where a layout conversion through shared memory puts each element (emitGatherVectorized in
// emit_layout.cpp), as Triton's conversions through a swizzled shared layout: the elements a
// thread holds in registers on both sides go together as one vector access of up to 16 bytes,
// and the offset of an element is a linear (XOR) map of its flat index chosen so that neither
// the writing nor the reading side has bank conflicts.

#include "core/codegen/layout.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tsm::codegen {

struct SwizzledConversion
{
    /// The flat-index bits of one access's elements, lowest shared offset first: element t of
    /// a vector has these bits set as t's bits are.
    std::vector<int> vectorBits;
    /// Per flat-index bit, its shared offset in elements; an element's offset is the XOR of the
    /// images of its set bits. The vector bits have images 1, 2, 4.. and nothing else touches
    /// those low bits, so every access is aligned.
    std::vector<std::int64_t> image;

    std::int64_t offset(std::int64_t flat) const;
};

/// The plan for moving a block from `src` to `read` (the destination layout with its bases
/// mapped into src's flat index) with elements of `elementBytes`; nothing when a basis is not 0
/// or a single bit, some element is not held, or the accesses would be narrower than 4 bytes.
std::optional<SwizzledConversion>
planSwizzledConversion(const Layout &src, const Layout &read, int elementBytes);

} // namespace tsm::codegen
