#include "core/codegen/mma_layout.h"

#include <algorithm>

namespace tsm::codegen {
namespace {

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
    }
    return "?";
}

DotPath dotPath(const ir::Type &a, const ir::Type &b, const ir::Type &result, int cc,
               std::int64_t inputPrecision)
{
    if (cc < 80 || a.shape.size() != 2 || b.shape.size() != 2 || result.shape.size() != 2)
        return DotPath::Fma;
    const bool tf32 = a.dtype == DType::F32 && b.dtype == DType::F32 && inputPrecision == 0
                      && result.dtype == DType::F32;
    if ((!mmaInput(a.dtype) || a.dtype != b.dtype) && !tf32)
        return DotPath::Fma;
    if (result.dtype != DType::F32 && result.dtype != DType::F16)
        return DotPath::Fma;
    const std::int64_t M = a.shape[0], K = a.shape[1], N = b.shape[1];
    if (M % 16 || N % 16 || K % 16)
        return DotPath::Fma;
    return DotPath::MmaSync;
}

DotPath dotPath(const ir::Kernel &k, const ir::Op &dot, int cc)
{
    return dotPath(k.type(dot.operands[0]), k.type(dot.operands[1]), k.type(dot.result()), cc, dot.i);
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
    const MmaTiling t = mmaTiling(shape, numWarps);
    const std::int64_t N = shape[1];
    auto col = [](std::int64_t c) { return c; };
    auto row = [&](std::int64_t r) { return r * N; };
    Layout l;
    l.shape = shape;
    l.regBases = {col(1), row(8)};
    for (std::int64_t c = 8; c < t.warpN; c *= 2)
        l.regBases.push_back(col(c));
    for (std::int64_t r = 16; r < t.warpM; r *= 2)
        l.regBases.push_back(row(r));
    l.laneBases = {col(2), col(4), row(1), row(2), row(4)};
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
    if (l.rank() != 2 || l.shape[0] % 16 || l.shape[1] % 8)
        return false;
    return mmaAccumulatorLayout(l.shape, numWarps).sameAs(l);
}

MmaStaging mmaStaging(const ir::Type &a, const ir::Type &b, bool aKMajor, bool bKMajor)
{
    MmaStaging s;
    if (a.shape.size() != 2 || b.shape.size() != 2)
        return s;
    s.M = a.shape[0];
    s.K = a.shape[1];
    s.N = b.shape[1];
    s.aKMajor = aKMajor;
    s.bKMajor = bKMajor;
    const std::int64_t eb = dtypeBytes(a.dtype), pad = 16 / eb;
    s.strideA = (aKMajor ? s.K : s.M) + pad;
    s.strideB = (bKMajor ? s.K : s.N) + pad;
    const std::int64_t rowsA = aKMajor ? s.M : s.K, rowsB = bKMajor ? s.N : s.K;
    auto round16 = [](std::int64_t v) { return (v + 15) / 16 * 16; };
    s.offsetB = round16(rowsA * s.strideA * eb);
    s.bytes = s.offsetB + round16(rowsB * s.strideB * eb);
    return s;
}

} // namespace tsm::codegen
