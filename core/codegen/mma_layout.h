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
#include <string>
#include <vector>

namespace tsm::codegen {

enum class DotPath {
    Fma,     ///< FMA loop over operands staged in shared memory (any dtype, any GPU)
    MmaSync, ///< ldmatrix + mma.sync (m16n8k16 fp16 / bf16, m16n8k8 tf32), fp32 accumulation (sm_80+)
};

/// "FMA", "mma.sync".
const char *dotPathName(DotPath p);

/// The path a dot of a [M, K] x b [K, N] -> result takes on a GPU of compute capability `cc`
/// (80 for sm_80): mma.sync when cc >= 80, the block is 2-D, M, N, K are multiples of 16 and
/// either a and b are both fp16 or both bf16 with an fp32 or fp16 result (accumulated in fp32,
/// rounded once, as the interpreter does), or both fp32 with input_precision tf32
/// (`inputPrecision` 0, Triton's default) and an fp32 result (m16n8k8 tf32). Everything else,
/// ieee and tf32x3 included, takes the FMA loop.
DotPath dotPath(const ir::Type &a, const ir::Type &b, const ir::Type &result, int cc,
                std::int64_t inputPrecision = 0);
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
/// Warps beyond the tiles there are (a 16x16 block on 8 warps) hold copies.
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
    std::int64_t M = 0, N = 0, K = 0;
    bool aKMajor = true, bKMajor = false;
    std::int64_t strideA = 0, strideB = 0; ///< elements per staged row (padded)
    std::int64_t offsetB = 0;              ///< bytes from the buffer's start
    std::int64_t bytes = 0;
};
MmaStaging mmaStaging(const ir::Type &a, const ir::Type &b, bool aKMajor, bool bKMajor);

} // namespace tsm::codegen
