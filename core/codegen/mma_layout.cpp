#include "core/codegen/mma_layout.h"

#include <algorithm>

namespace tsm::codegen {
namespace {

/// The 16x8 fp32 accumulator fragment both mma.sync and wgmma use, as the start of a layout
/// over `shape`: register bit 0 column 1, bit 1 row 8; lane bits columns 2, 4 and rows 1, 2, 4.
Layout fragmentLayout(const std::vector<std::int64_t> &shape)
{
    const std::int64_t N = shape[1];
    Layout l;
    l.shape = shape;
    l.regBases = {1, 8 * N};
    l.laneBases = {2, 4, N, 2 * N, 4 * N};
    return l;
}

bool mmaInput(DType t)
{
    return t == DType::F16 || t == DType::BF16;
}

} // namespace

const char *dotPathName(DotPath p)
{
    switch (p) {
    case DotPath::Fma: return "FMA";
    case DotPath::MmaSync: return "mma.sync";
    case DotPath::Wgmma: return "wgmma";
    }
    return "?";
}

DotPath dotPath(const ir::Type &a, const ir::Type &b, const ir::Type &result, int cc,
               std::int64_t inputPrecision, int numWarps)
{
    const std::size_t rank = a.shape.size();
    if (cc < 80 || (rank != 2 && rank != 3) || b.shape.size() != rank || result.shape.size() != rank)
        return DotPath::Fma;
    if (isFp8(a.dtype) || isFp8(b.dtype)) {
        // fp8: wgmma k32 on sm_90 (mma.sync's fp8 form is sm_89's; not generated), else FMA
        // (batched fp8 dots too: wgmma takes 2-D dots only).
        const bool ok = rank == 2 && cc == 90 && isFp8(a.dtype) && isFp8(b.dtype)
                        && (result.dtype == DType::F32 || result.dtype == DType::F16) && a.shape[0] % 16 == 0
                        && b.shape[1] % 16 == 0 && a.shape[1] % 32 == 0
                        && wgmmaTiling(result.shape, numWarps).ok;
        return ok ? DotPath::Wgmma : DotPath::Fma;
    }
    const bool tf32 = a.dtype == DType::F32 && b.dtype == DType::F32 && inputPrecision == 0
                      && result.dtype == DType::F32;
    if ((!mmaInput(a.dtype) || a.dtype != b.dtype) && !tf32)
        return DotPath::Fma;
    if (result.dtype != DType::F32 && result.dtype != DType::F16)
        return DotPath::Fma;
    const std::int64_t M = a.shape[rank - 2], K = a.shape[rank - 1], N = b.shape[rank - 1];
    if (M % 16 || N % 16 || K % 16)
        return DotPath::Fma;
    // Batched: mma.sync per batch, as Triton's MMAv2 takes 3-D dots, also on sm_90.
    if (rank == 3)
        return DotPath::MmaSync;
    // tf32 on sm_90 takes wgmma k8 (both operands K-major, as for fp8), as Triton's MMAv3 does.
    if (cc == 90 && wgmmaTiling(result.shape, numWarps).ok)
        return DotPath::Wgmma;
    return DotPath::MmaSync;
}

DotPath dotPath(const ir::Kernel &k, const ir::Op &dot, int cc)
{
    return dotPath(k.type(dot.operands[0]), k.type(dot.operands[1]), k.type(dot.result()), cc, dot.i,
                   k.numWarps);
}

MmaTiling mmaTiling(const std::vector<std::int64_t> &shape, int numWarps)
{
    // Triton's warpsPerTileV2 (lib/Dialect/TritonGPU/Transforms/AccelerateMatmul.cpp): double
    // the warps along M while the M tiles per warp outnumber twice the N tiles per warp and M has
    // 16-row tiles left, else along N.
    const std::int64_t M = shape[0], N = shape[1];
    MmaTiling t;
    while (t.warpsM * t.warpsN < numWarps) {
        if (M / 16 / t.warpsM >= N / (8 * 2) / t.warpsN) {
            if (t.warpsM < M / 16)
                t.warpsM *= 2;
            else
                t.warpsN *= 2;
        } else {
            t.warpsN *= 2;
        }
    }
    // Warps beyond N's 8-column tiles hold copies of the others' tiles.
    const std::int64_t usedN = std::min<std::int64_t>(t.warpsN, N / 8);
    t.warpM = M / t.warpsM;
    t.warpN = N / usedN;
    t.repM = int(t.warpM / 16);
    t.repN = int(t.warpN / 8);
    return t;
}

Layout mmaAccumulatorLayout(const std::vector<std::int64_t> &shape, int numWarps)
{
    if (shape.size() == 3) {
        // Batched: warps along the batch first (Triton's warpsPerTileV2 puts them all there),
        // those left over tile each batch's [M, N]; batches beyond the warps are registers,
        // after the [M, N] tile's.
        const std::int64_t B = shape[0], MN = shape[1] * shape[2];
        const int wB = int(std::min<std::int64_t>(B, numWarps));
        const Layout inner = mmaAccumulatorLayout({shape[1], shape[2]}, numWarps / wB);
        Layout l = inner;
        l.shape = shape;
        for (std::int64_t b = wB; b < B; b *= 2)
            l.regBases.push_back(b * MN);
        for (std::int64_t b = 1; b < wB; b *= 2)
            l.warpBases.push_back(b * MN);
        const MmaTiling t = mmaTiling({shape[1], shape[2]}, numWarps / wB);
        l.encoding = "#mma<v2, wpc=[" + std::to_string(wB) + "," + std::to_string(t.warpsM) + ","
                     + std::to_string(t.warpsN) + "], instr=[1,16,8]>";
        return l;
    }
    const MmaTiling t = mmaTiling(shape, numWarps);
    const std::int64_t N = shape[1];
    auto col = [](std::int64_t c) { return c; };
    auto row = [&](std::int64_t r) { return r * N; };
    Layout l = fragmentLayout(shape);
    for (std::int64_t c = 8; c < t.warpN; c *= 2)
        l.regBases.push_back(col(c));
    for (std::int64_t r = 16; r < t.warpM; r *= 2)
        l.regBases.push_back(row(r));
    for (int w = 1; w < t.warpsM; w *= 2)
        l.warpBases.push_back(row(t.warpM * w));
    for (int w = 1; w < t.warpsN; w *= 2)
        l.warpBases.push_back(t.warpN * w < N ? col(t.warpN * w) : 0);
    l.encoding = "#mma<v2, wpc=[" + std::to_string(t.warpsM) + "," + std::to_string(t.warpsN)
                 + "], instr=[16,8]>";
    return l;
}

bool isMmaAccumulatorLayout(const Layout &l, int numWarps)
{
    if ((l.rank() != 2 && l.rank() != 3) || l.shape[l.rank() - 2] % 16 || l.shape[l.rank() - 1] % 8)
        return false;
    return mmaAccumulatorLayout(l.shape, numWarps).sameAs(l);
}

WgmmaTiling wgmmaTiling(const std::vector<std::int64_t> &shape, int numWarps)
{
    WgmmaTiling t;
    if (shape.size() != 2 || numWarps < 4 || numWarps % 4)
        return t;
    const std::int64_t M = shape[0], N = shape[1];
    // Triton's warpsPerTileV3 (AccelerateMatmul.cpp): start from one warpgroup along M, double
    // along M while M has more 16-row tiles than warps along M, else along N.
    int warpsM = 4, warpsN = 1;
    while (warpsM * warpsN < numWarps) {
        if (M > 16 * warpsM)
            warpsM *= 2;
        else
            warpsN *= 2;
    }
    t.wgM = warpsM / 4;
    t.wgN = warpsN;
    t.instrN = std::min<std::int64_t>(256, N / t.wgN);
    if (M % (64 * t.wgM) || t.instrN < 16 || t.instrN % 16 || N % (t.instrN * t.wgN))
        return t;
    t.repM = int(M / (64 * t.wgM));
    t.repN = int(N / (t.instrN * t.wgN));
    t.ok = true;
    return t;
}

Layout wgmmaAccumulatorLayout(const std::vector<std::int64_t> &shape, int numWarps)
{
    const WgmmaTiling t = wgmmaTiling(shape, numWarps);
    const std::int64_t N = shape[1];
    auto col = [](std::int64_t c) { return c; };
    auto row = [&](std::int64_t r) { return r * N; };
    Layout l = fragmentLayout(shape);
    for (std::int64_t c = 8; c < t.instrN; c *= 2)
        l.regBases.push_back(col(c));
    for (int j = 1; j < t.repN; j *= 2)
        l.regBases.push_back(col(t.instrN * t.wgN * j));
    for (int i = 1; i < t.repM; i *= 2)
        l.regBases.push_back(row(64 * t.wgM * i));
    l.warpBases = {row(16), row(32)};
    for (int w = 1; w < t.wgM; w *= 2)
        l.warpBases.push_back(row(64 * w));
    for (int w = 1; w < t.wgN; w *= 2)
        l.warpBases.push_back(col(t.instrN * w));
    l.encoding = "#mma<v3, wpc=[" + std::to_string(4 * t.wgM) + "," + std::to_string(t.wgN)
                 + "], instr=[16," + std::to_string(t.instrN) + ",16]>";
    return l;
}

std::optional<Layout> wgmmaRegisterOperandLayout(const std::vector<std::int64_t> &aShape,
                                                 const std::vector<std::int64_t> &resultShape, int numWarps)
{
    if (aShape.size() != 2 || resultShape.size() != 2 || aShape[0] != resultShape[0])
        return std::nullopt;
    const WgmmaTiling t = wgmmaTiling(resultShape, numWarps), ta = wgmmaTiling(aShape, numWarps);
    if (!t.ok || !ta.ok || ta.wgN != 1 || ta.repN != 1 || ta.wgM != t.wgM || ta.repM != t.repM
        || ta.instrN != aShape[1])
        return std::nullopt;
    return wgmmaAccumulatorLayout(aShape, numWarps);
}

Layout dotAccumulatorLayout(DotPath path, const std::vector<std::int64_t> &shape, int numWarps)
{
    return path == DotPath::Wgmma ? wgmmaAccumulatorLayout(shape, numWarps)
                                  : mmaAccumulatorLayout(shape, numWarps);
}

std::int64_t swizzleOffset(std::int64_t o, int swizzle)
{
    return o ^ (((o >> 7) & (swizzle / 16 - 1)) << 4);
}

WgmmaStaging wgmmaStaging(const ir::Type &a, const ir::Type &b, bool aKMajor, bool bKMajor,
                          std::int64_t instrN)
{
    WgmmaStaging s;
    if (a.shape.size() != 2 || b.shape.size() != 2)
        return s;
    s.M = a.shape[0];
    s.K = a.shape[1];
    s.N = b.shape[1];
    const std::int64_t e = dtypeBytes(a.dtype);
    auto round1k = [](std::int64_t v) { return (v + 1023) / 1024 * 1024; };
    // The widest swizzle a row of `extent` elements fills (an MN-major operand: one
    // instruction's extent, so an instruction never starts inside a panel).
    auto swizzleFor = [&](std::int64_t extent) {
        const std::int64_t bytes = extent * e;
        return bytes >= 128 ? 128 : bytes >= 64 ? 64 : 32;
    };
    auto make = [&](bool kMajor, std::int64_t mn, std::int64_t mnInstr, std::int64_t offset) {
        SwizzledOperand o;
        o.kMajor = kMajor;
        o.contig = kMajor ? s.K : mn;
        o.rows = kMajor ? mn : s.K;
        o.swizzle = swizzleFor(kMajor ? s.K : mnInstr);
        o.panelBytes = o.rows * o.swizzle;
        o.offset = offset;
        o.bytes = round1k((o.contig * e + o.swizzle - 1) / o.swizzle * o.panelBytes);
        return o;
    };
    s.a = make(aKMajor, s.M, 64, 0);
    s.b = make(bKMajor, s.N, instrN, s.a.bytes);
    s.bytes = s.a.bytes + s.b.bytes;
    return s;
}

MmaStaging mmaStaging(const ir::Type &a, const ir::Type &b, bool aKMajor, bool bKMajor)
{
    MmaStaging s;
    const std::size_t r = a.shape.size();
    if ((r != 2 && r != 3) || b.shape.size() != r)
        return s;
    s.B = r == 3 ? a.shape[0] : 1;
    s.M = a.shape[r - 2];
    s.K = a.shape[r - 1];
    s.N = b.shape[r - 1];
    s.aKMajor = aKMajor;
    s.bKMajor = bKMajor;
    const std::int64_t eb = dtypeBytes(a.dtype), pad = 16 / eb;
    // Batched: the batches' [M][K] (or [K][M]) tiles are one [B * M][K] (or [K][B * M]) area.
    s.strideA = (aKMajor ? s.K : s.B * s.M) + pad;
    s.strideB = (bKMajor ? s.B * s.K : s.N) + pad;
    s.batchA = aKMajor ? s.M * s.strideA : s.M;
    s.batchB = bKMajor ? s.K : s.K * s.strideB;
    const std::int64_t rowsA = aKMajor ? s.B * s.M : s.K, rowsB = bKMajor ? s.N : s.B * s.K;
    auto round16 = [](std::int64_t v) { return (v + 15) / 16 * 16; };
    s.offsetB = round16(rowsA * s.strideA * eb);
    s.bytes = s.offsetB + round16(rowsB * s.strideB * eb);
    return s;
}

} // namespace tsm::codegen
