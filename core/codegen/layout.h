#pragma once
// Distributed layouts (shared/design/CODEGEN.md "Every block value has a layout"): which thread
// of a program holds which elements of a block value, and in which of its registers.
//
// Represented like Triton's LinearLayout, over the three hardware indices of a program:
// register r (0 .. numRegs-1), lane l (0..31) and warp w (0 .. numWarps-1). Each bit of each
// index has a basis: a row-major flat element index of the block. The element a thread holds in
// register r is the XOR of the bases of the set bits of r, l and w. Because every block
// dimension is a power of two, a row-major flat index is the concatenation of the coordinate
// bits of each dimension, so:
//   - blocked layouts have bases that are distinct powers of two (XOR is a plain sum);
//   - reshape (row-major) and expand_dims keep the flat index: the same bases serve;
//   - broadcast, slice (a reduced dimension) and permute are linear maps on the bits of the
//     flat index, applied basis by basis (mapBits).
// A zero lane or warp basis means threads that differ in that bit hold the same elements
// (replication, e.g. a [64] block on 128 threads). Register bases are never zero: a layout
// built here holds each element once per thread.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tsm::codegen {

/// Triton's #blocked encoding parameters, each indexed by dimension; order[0] is the
/// fastest-varying dimension (the one a thread's contiguous elements run along).
struct BlockedParams
{
    std::vector<int> sizePerThread, threadsPerWarp, warpsPerCTA, order;
    bool operator==(const BlockedParams &) const = default;
};

struct Layout
{
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> regBases;  ///< one per register-index bit
    std::vector<std::int64_t> laneBases; ///< 5 (32 lanes)
    std::vector<std::int64_t> warpBases; ///< log2(numWarps)
    /// Set when the layout is a #blocked one (for printing); slices and other derived layouts
    /// print their bases.
    std::optional<BlockedParams> blocked;
    /// Set for the other named encodings (an MMA accumulator: "#mma<v2, wpc=[2,2],
    /// instr=[16,8]>"), for printing; layouts derived from it (reshapes, slices) drop it.
    std::string encoding;

    int rank() const { return int(shape.size()); }
    std::int64_t numElements() const;
    int numRegs() const { return 1 << regBases.size(); }
    int numWarps() const { return 1 << warpBases.size(); }
    /// The flat element index register `reg` holds, minus the thread part (lane/warp bases).
    std::int64_t regFlat(int reg) const;
    std::int64_t laneFlat(int lane) const;
    std::int64_t warpFlat(int warp) const;
    /// The flat element index of (reg, lane, warp).
    std::int64_t flat(int reg, int lane, int warp) const
    {
        return regFlat(reg) ^ laneFlat(lane) ^ warpFlat(warp);
    }
    /// Row-major coordinates of a flat index of this layout's shape.
    std::vector<std::int64_t> coord(std::int64_t flatIndex) const;
    /// The dimension register 0's neighbours run along (the dimension of regBases[0] when it is
    /// that dimension's lowest bit), or -1 when a thread holds no two elements adjacent along
    /// any dimension.
    int contiguousDim() const;
    /// How many consecutive registers starting at a multiple of the result hold consecutive
    /// elements along contiguousDim() (1, 2, 4, ...), with every thread's first element of a
    /// group at a multiple of the result: the widest vector a thread can move in one access
    /// when the memory is contiguous along that dimension.
    int contiguousRegs() const;
    /// Equal distribution (shape and bases); `blocked` is not compared.
    bool sameAs(const Layout &other) const;
    /// "#blocked<spt=[1,4], tpw=[8,4], wpc=[4,1], order=[1,0]>" or
    /// "#linear<[32x64] reg=[1,2,512] lane=[4,8,16,32,64] warp=[128,256]>".
    std::string toString() const;
};

/// The #blocked layout with these parameters over `shape` (Triton's semantics: a thread holds
/// sizePerThread elements, threads and warps tile the block along `order`, the pattern repeats
/// in registers to cover the block; lanes/warps beyond the block replicate).
Layout blockedLayout(const std::vector<std::int64_t> &shape, const BlockedParams &params);

/// Triton's BlockedEncodingAttr::get: given sizePerThread and order, threads then warps spread
/// from order[0] (each dimension takes what its size leaves room for), the last dimension of
/// `order` takes the lanes and warps that remain (replication when the block is small).
BlockedParams blockedParamsFor(const std::vector<std::int64_t> &shape,
                               std::vector<int> sizePerThread,
                               std::vector<int> order,
                               int numWarps);

/// Triton's default blocked parameters for `shape`: `vec` contiguous elements per thread along
/// the last dimension (clamped to the shape), order = [rank-1, ..., 0], threads and warps as
/// blockedParamsFor.
BlockedParams defaultBlockedParams(const std::vector<std::int64_t> &shape, int numWarps, int vec);

/// A linear map on flat indices given by where each bit of the source flat index goes: bit k
/// of the input contributes `bitImages[k]` (XOR). Used for broadcast / slice / permute.
std::int64_t mapBits(std::int64_t flatIndex, const std::vector<std::int64_t> &bitImages);

/// The layout of `parent` with dimension `dim` removed (Triton's #slice): a reduction's result,
/// or the source of an expand_dims whose result has layout `parent`. Register bases that
/// vanish are dropped, lane/warp bases that vanish become 0 (those threads hold copies).
Layout sliceLayout(const Layout &parent, int dim);

/// The layout of a broadcast's source (shape `srcShape`, with 1 where `result` is stretched)
/// that needs no data movement: `result` with the stretched dimensions projected away.
Layout broadcastSourceLayout(const Layout &result, const std::vector<std::int64_t> &srcShape);

/// The layout of a permute's source given its result's layout (result dim k = source dim
/// order[k]).
Layout permuteSourceLayout(const Layout &result, const std::vector<std::int64_t> &order);

/// The layout of tl.join's result given its operands' layout `half` (shape S): shape S + [2],
/// the new dimension in a register of its own (register bit 0, as Triton's join puts it:
/// sizePerThread 2 along it), every other basis of `half` moved up by one flat-index bit.
Layout joinedLayout(const Layout &half);

/// The layout of tl.split's results when its operand `joined` (shape S + [2]) holds the two
/// halves of each pair in one thread: exactly one basis touches flat-index bit 0 and it is a
/// register basis equal to 1. nullopt otherwise.
std::optional<Layout> splitHalfLayout(const Layout &joined);

/// The bit map for registerMapVia from a split result's flat index f (shape S) to the flat
/// index 2f of its operand (shape S + [2]) - the `[..., 0]` half; the `[..., 1]` half is the
/// register with the operand's bit-0 register basis flipped.
std::vector<std::int64_t> splitBits(const std::vector<std::int64_t> &halfShape);

/// `layout` re-read over another shape with the same number of elements (row-major reshape,
/// expand_dims): the same bases.
Layout reshapedLayout(const Layout &layout, const std::vector<std::int64_t> &shape);

/// The bit maps (for mapBits / registerMapVia) from a flat index of the larger block to the
/// flat index of the element it reads: a broadcast's result -> its source, a slice's parent ->
/// the slice (the sliced dimension's bits vanish), a permute's result -> its source.
std::vector<std::int64_t> broadcastBits(const std::vector<std::int64_t> &resultShape,
                                        const std::vector<std::int64_t> &srcShape);
std::vector<std::int64_t> sliceBits(const std::vector<std::int64_t> &parentShape, int dim);
std::vector<std::int64_t> permuteBits(const std::vector<std::int64_t> &resultShape,
                                      const std::vector<std::int64_t> &order);

/// For a `dst` value computed from a `src` value whose element for dst flat index f is
/// mapBits(f, dstToSrc) (a broadcast, expand_dims of a slice, permute): dst register -> src
/// register of the same thread when no data movement is needed, else nullopt.
std::optional<std::vector<int>>
registerMapVia(const Layout &src, const Layout &dst, const std::vector<std::int64_t> &dstToSrc);

/// For a value in `src` needed in `dst` (same shape): dst register -> src register of the same
/// thread when every element a thread needs is already in its own registers (no data
/// movement); nullopt when the threads own different elements (a conversion through shared
/// memory is needed).
std::optional<std::vector<int>> registerMap(const Layout &src, const Layout &dst);

} // namespace tsm::codegen
