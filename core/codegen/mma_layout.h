#pragma once
// Tensor-core tl.dot (shared/design/CODEGEN.md, issue 9): which path a dot takes, the MMA
// accumulator layout of mma.sync m16n8k16 as a distributed layout, and where the operands are
// staged in shared memory for ldmatrix.
//
// mma.sync.m16n8k16 (PTX ISA "Matrix Fragments for mma.m16n8k16"): per warp a 16x8 tile of C;
// lane l holds rows l/4 and l/4 + 8, columns 2*(l%4) and 2*(l%4) + 1. As a linear layout over
// the flat index row * N + col of the block: register bit 0 -> column 1, lane bits 0-1 ->
// columns 2, 4, lane bits 2-4 -> rows 1, 2, 4, register bit 1 -> row 8. Warps tile the block
// (Triton's warpsPerTileV2: along M while M has 16-row tiles left, else along N), each warp a
// contiguous [M / warpsM, N / warpsN] tile; further registers repeat the 16x8 tile across the
// warp's tile, along N first. The layout's bases are distinct powers of two, so everything that
// works on #blocked layouts (stores, elementwise epilogues, conversions) works on it unchanged.

#include "core/codegen/layout.h"
#include "core/ir/ir.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tsm::codegen {

enum class DotPath {
    Fma,     ///< FMA loop over operands staged in shared memory (any dtype, any GPU)
    MmaSync, ///< ldmatrix + mma.sync (m16n8k16 fp16 / bf16, m16n8k8 tf32), fp32 accumulation (sm_80+)
    Wgmma,   ///< wgmma.mma_async m64nNk16 from swizzled shared memory, per warpgroup (sm_90a)
};

/// "FMA", "mma.sync", "wgmma".
const char *dotPathName(DotPath p);

/// The path a dot of a [M, K] x b [K, N] -> result takes on a GPU of compute capability `cc`
/// (80 for sm_80): mma.sync when cc >= 80, the block is 2-D (or 3-D: a batched dot, which
/// takes mma.sync on every GPU, fp16 / bf16 / tf32 only), M, N, K are multiples of 16 and
/// either a and b are both fp16 or both bf16 with an fp32 or fp16 result (accumulated in fp32,
/// rounded once, as the interpreter does), or both fp32 with input_precision tf32
/// (`inputPrecision` 0, Triton's default) and an fp32 result (m16n8k8 tf32). Everything else,
/// ieee and tf32x3 included, takes the FMA loop. On sm_90 (cc 90 exactly: wgmma is an sm_90a
/// feature) fp16 / bf16 dots whose tile suits a warpgroup (numWarps a multiple of 4, M a
/// multiple of 64, at least 16 columns per warpgroup: wgmmaTiling) take wgmma instead.
DotPath dotPath(const ir::Type &a, const ir::Type &b, const ir::Type &result, int cc,
                std::int64_t inputPrecision = 0, int numWarps = 4);
DotPath dotPath(const ir::Kernel &k, const ir::Op &dot, int cc);

/// How the warps of a program tile an MMA result [M, N].
struct MmaTiling
{
    int warpsM = 1, warpsN = 1;      ///< warps along M and N (their product is numWarps)
    std::int64_t warpM = 16, warpN = 8; ///< rows and columns of one warp's tile
    int repM = 1, repN = 1;          ///< 16x8 instruction tiles per warp tile along M and N
};
MmaTiling mmaTiling(const std::vector<std::int64_t> &shape, int numWarps);

/// The accumulator layout of mma.sync m16n8k16 over `shape` ([M, N], M % 16 == 0, N % 8 == 0).
/// Warps beyond the tiles there are (a 16x16 block on 8 warps) hold copies. A batched
/// [B, M, N] puts min(B, numWarps) warps along the batch (the rest tile [M, N]), the batches
/// beyond them in registers after the tile's.
Layout mmaAccumulatorLayout(const std::vector<std::int64_t> &shape, int numWarps);
/// Whether `l` is mmaAccumulatorLayout of its shape.
bool isMmaAccumulatorLayout(const Layout &l, int numWarps);

/// Where an mma.sync dot stages a and b in tsm_smem: each operand as rows of 16-byte chunks
/// padded by 16 bytes per row (8 fp16 elements), which makes every ldmatrix phase (8 rows of
/// one 16-byte chunk) hit 8 distinct bank quads. `aKMajor`: a stored [M][K] (rows along M, K
/// contiguous; ldmatrix) or [K][M] (ldmatrix.trans), chosen from the layout a arrives in so
/// the staging writes are vectors; likewise `bKMajor`: b stored [N][K] (ldmatrix) or [K][N]
/// (ldmatrix.trans).
struct MmaStaging
{
    std::int64_t B = 1, M = 0, N = 0, K = 0; ///< B: batches of a batched (3-D) dot, else 1
    bool aKMajor = true, bKMajor = false;
    std::int64_t strideA = 0, strideB = 0; ///< elements per staged row (padded)
    std::int64_t batchA = 0, batchB = 0;   ///< elements from one batch's tile to the next
    std::int64_t offsetB = 0;              ///< bytes from the buffer's start
    std::int64_t bytes = 0;
};
MmaStaging mmaStaging(const ir::Type &a, const ir::Type &b, bool aKMajor, bool bKMajor);

/// How the warpgroups (4 warps each) of a program tile a wgmma result [M, N] (Triton's
/// warpsPerTileV3: warps along M while M has 16-row tiles left for them, then along N).
/// Each warpgroup issues m64 x instrN instructions, repM x repN of them per K step; its
/// instruction tiles repeat with strides 64 * wgM along M and instrN * wgN along N.
struct WgmmaTiling
{
    int wgM = 1, wgN = 1;
    std::int64_t instrN = 8;
    int repM = 1, repN = 1;
    bool ok = false; ///< the shape suits wgmma (M % (64 wgM) == 0, 16 <= instrN, N % (instrN wgN) == 0)
};
WgmmaTiling wgmmaTiling(const std::vector<std::int64_t> &shape, int numWarps);

/// The accumulator layout of wgmma m64nNk16 (PTX ISA "Register Fragments ... wgmma .m64nNk16",
/// fp32 D): warp w of a warpgroup holds rows 16 (w % 4) .. + 15 of each 64-row tile; within
/// it the m16n8 fragment of mma.sync repeats along N (register bits: column 1, row 8, then
/// columns 8, 16, ... instrN / 2), then instruction tiles along N, then along M. Register
/// (instrN / 2) * (j + repN * i) is d[0] of instruction tile (i, j).
Layout wgmmaAccumulatorLayout(const std::vector<std::int64_t> &shape, int numWarps);
/// The layout in which a wgmma dot with result [M, N] reads a [M, K] from registers (the
/// instruction's A-from-registers form): a's own wgmma accumulator layout, when its
/// warpgroups tile M as the result's do and one instruction spans K (K <= 256), so that each
/// thread's A fragment of a 16-wide K step is 8 of its registers (the m16n8k16 A fragment:
/// rows l/4 and l/4 + 8, columns 2(l%4) + {0, 1} and + 8). Attention's p, computed from the
/// accumulator of q @ k, arrives in it. nullopt when the tilings differ.
std::optional<Layout> wgmmaRegisterOperandLayout(const std::vector<std::int64_t> &aShape,
                                                 const std::vector<std::int64_t> &resultShape, int numWarps);
/// The layout a tensor-core dot (MmaSync or Wgmma) computes its result in.
Layout dotAccumulatorLayout(DotPath path, const std::vector<std::int64_t> &shape, int numWarps);

/// One wgmma operand in shared memory, in the canonical swizzled layout a matrix descriptor
/// names (PTX ISA "Shared Memory Matrix Layout", CUTLASS's make_gmma_desc): rows of `swizzle`
/// bytes (128, 64 or 32) along the operand's contiguous dimension, consecutive rows
/// `swizzle` bytes apart, the contiguous dimension cut into panels of `swizzle` bytes, one
/// panel after another (`panelBytes` apart). Inside each 8-row atom the 16-byte chunks of a
/// row are permuted: chunk ^= (byte offset >> 7) & (swizzle / 16 - 1) (tsm::swz), which is
/// what makes both the copies in and the tensor core's reads conflict-free.
struct SwizzledOperand
{
    bool kMajor = true;        ///< K is the contiguous dimension (else M for a, N for b)
    int swizzle = 128;         ///< bytes per row (the swizzle mode)
    std::int64_t rows = 0;     ///< extent of the non-contiguous dimension
    std::int64_t contig = 0;   ///< extent of the contiguous dimension
    std::int64_t panelBytes = 0;
    std::int64_t offset = 0;   ///< from the staging buffer's start, a multiple of 1024
    std::int64_t bytes = 0;
    /// Byte offset (before swizzling) of the element at row `r`, contiguous index `c`.
    std::int64_t byteOffset(std::int64_t r, std::int64_t c, int elemBytes) const
    {
        const std::int64_t w = swizzle / elemBytes;
        return offset + (c / w) * panelBytes + r * swizzle + (c % w) * elemBytes;
    }
    /// Bytes from the area's start to an instruction tile's origin: `mn` along M (a) or N (b),
    /// `k` along K. Tiles start on whole atoms along M / N and 16-element steps along K, so the
    /// origin needs no swizzle; the descriptor's start address is the area's plus this.
    std::int64_t tileOffset(std::int64_t mn, std::int64_t k, int elemBytes) const
    {
        return (kMajor ? byteOffset(mn, k, elemBytes) : byteOffset(k, mn, elemBytes)) - offset;
    }
    /// The descriptor's leading byte offset (between panels along an MN-major operand's
    /// contiguous dimension; unused K-major) and stride byte offset (between 8-row atoms).
    std::int64_t leadingByteOffset() const { return kMajor ? 0 : panelBytes; }
    std::int64_t strideByteOffset() const { return 8 * std::int64_t(swizzle); }
};
/// The staging of a wgmma dot: a [M, K] and b [K, N] (fp16 / bf16), each K-major or not,
/// with `instrN` columns per instruction (an MN-major b's panels must not be wider). The
/// buffer is a multiple of 1024 bytes so ring slots keep the 1024-byte alignment the
/// 128-byte swizzle needs.
struct WgmmaStaging
{
    std::int64_t M = 0, N = 0, K = 0;
    SwizzledOperand a, b;
    std::int64_t bytes = 0;
};
WgmmaStaging wgmmaStaging(const ir::Type &a, const ir::Type &b, bool aKMajor, bool bKMajor,
                          std::int64_t instrN);
/// Applies the swizzle of a row width to a byte offset (the host twin of tsm::swz).
std::int64_t swizzleOffset(std::int64_t byteOffset, int swizzle);

} // namespace tsm::codegen
