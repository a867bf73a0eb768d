#pragma once
// Shared memory of a generated kernel (shared/design/CODEGEN.md "Shared memory"): one buffer,
// tsm_smem, reused by every op that moves data between threads (layout conversions, tl.dot
// operand staging, cross-warp reductions), so a kernel needs the largest of their sizes. Up to
// 48 KiB it is declared static; beyond that it is dynamic and the launch raises the kernel's
// limit (cuFuncSetAttribute). More than the GPU allows per block is an error before launch.

#include "core/codegen/layout.h"
#include "core/ir/ir.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tsm::codegen {

/// The largest static __shared__ declaration CUDA accepts; more must be dynamic.
inline constexpr std::int64_t kStaticSharedLimit = 48 * 1024;

/// The compute capability an architecture names, as major * 10 + minor ("sm_90" / "compute_90"
/// -> 90, "sm_90a" -> 90); 0 when it names none.
int computeCapabilityOfArch(std::string_view arch);

/// The opt-in shared memory per block of an architecture ("sm_90" / "compute_90" -> 227 KiB,
/// "sm_80" -> 163 KiB, "sm_86" -> 99 KiB); the static 48 KiB for architectures it does not know.
std::int64_t sharedLimitForArch(std::string_view arch);

/// The most any GPU Tilesmith targets allows (sm_90's 227 KiB): a kernel needing more cannot
/// run anywhere, so lowering refuses it before a device is known.
std::int64_t largestSharedLimit();

/// Where tl.dot stages its operands in tsm_smem: a as [M][K+1], b as [K][N+1] elements of the
/// input dtype (one padding element per row keeps column reads free of bank conflicts), b
/// starting 16-byte aligned after a. A batched dot ([B, M, K] x [B, K, N]) stages a as
/// [B * M][K+1] and b as [B * K][N+1]: batch after batch.
struct DotStaging
{
    std::int64_t B = 1, M = 0, N = 0, K = 0;
    std::int64_t strideA = 0, strideB = 0; ///< elements per row
    std::int64_t offsetB = 0;              ///< bytes from the buffer's start
    std::int64_t bytes = 0;                ///< the whole staging area, 16-byte multiple
};
DotStaging dotStaging(const ir::Type &a, const ir::Type &b);

/// Whether tl.dot's FMA loop can compute its result in `l`: every non-zero basis is a distinct
/// power of two (as in a #blocked layout), so that each register's row and column are its own
/// bits plus the thread's. The layout pass gives a dot such a layout (dotResultLayout).
bool fmaDotLayoutOk(const Layout &l);
/// How many values a thread reads from shared memory per step along K when tl.dot computes in
/// `l` (a [M, N] layout fmaDotLayoutOk accepts): its distinct rows plus its distinct columns.
int fmaDotReadsPerStep(const Layout &l);
/// The layout tl.dot's result gets when nothing downstream asks for a usable one, or when what
/// it asks for needs many more reads per FMA (a thread owning a 16x1 strip instead of a 4x4
/// tile): a conversion after the dot is cheaper than a slow K loop.
Layout dotResultLayout(const std::vector<std::int64_t> &shape, int numWarps);

/// "tl.dot with BLOCK 64x64x32 fp32" (M x N x K and the input dtype), naming the block sizes
/// responsible for a dot's shared memory.
std::string dotDescription(const ir::Type &a, const ir::Type &b);

/// "196 KiB" (rounded up), or "512 bytes" below 1 KiB.
std::string sharedSizeText(std::int64_t bytes);

} // namespace tsm::codegen
