// The MMA accumulator layout against the PTX ISA's fragment table for mma.m16n8k16, the warp
// tiling (Triton's warpsPerTileV2), the operand staging and which dots take tensor cores.

#include "core/codegen/mma_layout.h"

#include <gtest/gtest.h>

#include <set>

using namespace tsm;
using namespace tsm::codegen;

namespace {

ir::Type block(DType t, std::int64_t r, std::int64_t c)
{
    return ir::Type{t, false, {r, c}};
}

} // namespace

TEST(MmaLayout, LaneAndRegisterMatchThePtxFragmentsOfOneInstruction)
{
    // PTX ISA "Matrix Fragments for mma.m16n8k16" (C/D, fp32): groupID = lane >> 2,
    // threadID_in_group = lane % 4; c0, c1 at row groupID, columns 2 * tig + (0, 1); c2, c3 at
    // row groupID + 8.
    const Layout l = mmaAccumulatorLayout({64, 64}, 4);
    const std::int64_t N = 64;
    for (int lane = 0; lane < 32; ++lane)
        for (int c = 0; c < 4; ++c) {
            const std::int64_t row = (lane >> 2) + 8 * (c >> 1), col = 2 * (lane % 4) + (c & 1);
            EXPECT_EQ(l.flat(c, lane, 0), row * N + col) << "lane " << lane << " c" << c;
        }
}

TEST(MmaLayout, RegistersRepeatTheTileAlongNFirstInsideTheWarpTile)
{
    const Layout l = mmaAccumulatorLayout({128, 128}, 4);
    const MmaTiling t = mmaTiling({128, 128}, 4);
    EXPECT_EQ(t.warpsM, 2);
    EXPECT_EQ(t.warpsN, 2);
    EXPECT_EQ(t.warpM, 64);
    EXPECT_EQ(t.warpN, 64);
    EXPECT_EQ(t.repM, 4);
    EXPECT_EQ(t.repN, 8);
    EXPECT_EQ(l.numRegs(), 4 * 4 * 8);
    const std::int64_t N = 128;
    // Instruction tile (i, j) of warp (wm, wn) holds its c0 in register 4 * (j + repN * i).
    for (int warp = 0; warp < 4; ++warp)
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 8; ++j) {
                const int wm = warp & 1, wn = warp >> 1;
                const std::int64_t row = wm * 64 + i * 16, col = wn * 64 + j * 8;
                EXPECT_EQ(l.flat(4 * (j + 8 * i), 0, warp), row * N + col);
            }
    EXPECT_EQ(l.toString(), "#mma<v2, wpc=[2,2], instr=[16,8]>");
}

TEST(MmaLayout, EveryElementIsHeldOnceOrByWholeReplicatedWarps)
{
    struct Case
    {
        std::int64_t m, n;
        int warps;
    };
    for (const Case &c : {Case{16, 16, 1}, Case{16, 16, 4}, Case{16, 16, 8}, Case{32, 64, 4},
                          Case{64, 32, 8}, Case{128, 256, 8}, Case{256, 128, 8}, Case{64, 128, 4},
                          Case{16, 256, 4}, Case{256, 16, 4}}) {
        SCOPED_TRACE(std::to_string(c.m) + "x" + std::to_string(c.n) + " on " + std::to_string(c.warps));
        const Layout l = mmaAccumulatorLayout({c.m, c.n}, c.warps);
        EXPECT_TRUE(isMmaAccumulatorLayout(l, c.warps));
        std::multiset<std::int64_t> held;
        for (int w = 0; w < c.warps; ++w)
            for (int lane = 0; lane < 32; ++lane)
                for (int r = 0; r < l.numRegs(); ++r)
                    held.insert(l.flat(r, lane, w));
        const std::int64_t copies = std::int64_t(held.size()) / (c.m * c.n);
        EXPECT_EQ(std::int64_t(held.size()), copies * c.m * c.n);
        for (std::int64_t f = 0; f < c.m * c.n; ++f)
            ASSERT_EQ(std::int64_t(held.count(f)), copies) << "element " << f;
        const MmaTiling t = mmaTiling({c.m, c.n}, c.warps);
        EXPECT_EQ(t.warpsM * t.warpsN, c.warps);
        EXPECT_EQ(t.repM * 16, t.warpM);
        EXPECT_EQ(t.repN * 8, t.warpN);
    }
}

TEST(MmaLayout, WarpsGoAlongMWhileItHasTilesThenAlongN)
{
    EXPECT_EQ(mmaTiling({256, 128}, 8).warpsM, 4); // Triton's 256x128 on 8 warps: [4, 2]
    EXPECT_EQ(mmaTiling({256, 128}, 8).warpsN, 2);
    EXPECT_EQ(mmaTiling({128, 256}, 8).warpsM, 2);
    EXPECT_EQ(mmaTiling({128, 256}, 8).warpsN, 4);
    EXPECT_EQ(mmaTiling({16, 64}, 4).warpsM, 1);
    EXPECT_EQ(mmaTiling({16, 64}, 4).warpsN, 4);
    EXPECT_EQ(mmaTiling({64, 64}, 1).warpsM, 1);
}

TEST(MmaLayout, TensorCoresTakeHalfPrecisionDotsOnSm80AndLater)
{
    const ir::Type h = block(DType::F16, 64, 32), hb = block(DType::F16, 32, 64);
    const ir::Type f = block(DType::F32, 64, 64);
    EXPECT_EQ(dotPath(h, hb, f, 80), DotPath::MmaSync);
    EXPECT_EQ(dotPath(h, hb, f, 89), DotPath::MmaSync);
    EXPECT_EQ(dotPath(h, hb, f, 75), DotPath::Fma);
    EXPECT_EQ(dotPath(block(DType::BF16, 64, 32), block(DType::BF16, 32, 64), f, 80), DotPath::MmaSync);
    EXPECT_EQ(dotPath(h, hb, block(DType::F16, 64, 64), 80), DotPath::MmaSync);
    // sm_90 (9.0 exactly: wgmma is sm_90a's): warpgroup tensor cores when the tile suits one,
    // mma.sync when not (M under 64, fewer than 4 warps, sm_100).
    EXPECT_EQ(dotPath(h, hb, f, 90), DotPath::Wgmma);
    EXPECT_EQ(dotPath(block(DType::BF16, 64, 32), block(DType::BF16, 32, 64), f, 90), DotPath::Wgmma);
    EXPECT_EQ(dotPath(h, hb, block(DType::F16, 64, 64), 90), DotPath::Wgmma);
    EXPECT_EQ(dotPath(h, hb, f, 90, 0, 2), DotPath::MmaSync);
    EXPECT_EQ(dotPath(h, hb, f, 100), DotPath::MmaSync);
    EXPECT_EQ(dotPath(block(DType::F16, 32, 32), hb, block(DType::F32, 32, 64), 90), DotPath::MmaSync);
    // fp32 inputs: tf32 (the default precision) on tensor cores, ieee and tf32x3 through FMA.
    const ir::Type s = block(DType::F32, 64, 32), sb = block(DType::F32, 32, 64);
    EXPECT_EQ(dotPath(s, sb, f, 90, 0), DotPath::Wgmma); // tf32 on wgmma k8, as Triton's MMAv3
    EXPECT_EQ(dotPath(s, sb, f, 80, 0), DotPath::MmaSync);
    EXPECT_EQ(dotPath(s, sb, f, 90, 0, 2), DotPath::MmaSync); // no warpgroup in 2 warps

    EXPECT_EQ(dotPath(s, sb, f, 90, 1), DotPath::Fma);
    EXPECT_EQ(dotPath(s, sb, f, 90, 2), DotPath::Fma);
    EXPECT_EQ(dotPath(s, sb, f, 75, 0), DotPath::Fma);
    // Not (yet) on tensor cores: integers, fp64, mixed inputs, blocks under 16.
    EXPECT_EQ(dotPath(block(DType::I8, 64, 32), block(DType::I8, 32, 64), block(DType::I32, 64, 64), 90),
              DotPath::Fma);
    EXPECT_EQ(dotPath(h, block(DType::BF16, 32, 64), f, 90), DotPath::Fma);
    EXPECT_EQ(dotPath(block(DType::F16, 8, 32), block(DType::F16, 32, 8), block(DType::F32, 8, 8), 90),
              DotPath::Fma);
    EXPECT_STREQ(dotPathName(DotPath::MmaSync), "mma.sync");
    EXPECT_STREQ(dotPathName(DotPath::Wgmma), "wgmma");
}

TEST(MmaLayout, StagedRowsArePaddedBySixteenBytes)
{
    const MmaStaging s = mmaStaging(block(DType::F16, 128, 32), block(DType::F16, 32, 128), true, false);
    EXPECT_EQ(s.strideA, 40);
    EXPECT_EQ(s.strideB, 136);
    EXPECT_EQ(s.offsetB, 128 * 40 * 2);
    EXPECT_EQ(s.bytes, 128 * 40 * 2 + 32 * 136 * 2);
    // Transposed operands: a as [K][M], b as [N][K].
    const MmaStaging t = mmaStaging(block(DType::F16, 64, 32), block(DType::F16, 32, 128), false, true);
    EXPECT_EQ(t.strideA, 72);
    EXPECT_EQ(t.strideB, 40);
    EXPECT_EQ(t.bytes, 32 * 72 * 2 + 128 * 40 * 2);
    // Every row starts 16-byte aligned (ldmatrix's rows) and 8 rows of one 16-byte chunk fall
    // in 8 distinct 4-bank groups.
    for (std::int64_t k : {16, 32, 64, 128}) {
        const MmaStaging m = mmaStaging(block(DType::F16, 64, k), block(DType::F16, k, 64), true, false);
        EXPECT_EQ(m.strideA * 2 % 16, 0);
        std::set<std::int64_t> quads;
        for (int row = 0; row < 8; ++row)
            quads.insert((row * m.strideA * 2 / 16) % 8);
        EXPECT_EQ(quads.size(), 8u) << "K = " << k;
    }
}

TEST(MmaLayout, Fp8DotsTakeWgmmaOnSm90AndFmaElsewhere)
{
    const ir::Type e4 = block(DType::F8E4, 64, 64), e5b = block(DType::F8E5, 64, 64);
    const ir::Type e4b = block(DType::F8E4, 64, 64), f = block(DType::F32, 64, 64);
    // Either format in either operand, k32 steps, fp32 or fp16 accumulation.
    EXPECT_EQ(dotPath(e4, e4b, f, 90), DotPath::Wgmma);
    EXPECT_EQ(dotPath(e4, e5b, f, 90), DotPath::Wgmma);
    EXPECT_EQ(dotPath(e4, e4b, block(DType::F16, 64, 64), 90), DotPath::Wgmma);
    // K not a multiple of 32, a tile no warpgroup fits, other GPUs: FMA (mma.sync's fp8 form is
    // not generated).
    EXPECT_EQ(dotPath(block(DType::F8E4, 64, 48), block(DType::F8E4, 48, 64), f, 90), DotPath::Fma);
    EXPECT_EQ(dotPath(e4, e4b, f, 90, 0, 2), DotPath::Fma);
    EXPECT_EQ(dotPath(e4, e4b, f, 89), DotPath::Fma);
    EXPECT_EQ(dotPath(e4, e4b, f, 100), DotPath::Fma);
}

TEST(MmaLayout, BatchedDotsTakeMmaSyncWithWarpsAlongTheBatch)
{
    auto batch = [](DType t, std::int64_t b, std::int64_t r, std::int64_t c) {
        return ir::Type{t, false, {b, r, c}};
    };
    const ir::Type h = batch(DType::F16, 4, 64, 32), hb = batch(DType::F16, 4, 32, 64);
    const ir::Type f = batch(DType::F32, 4, 64, 64);
    // mma.sync on every tensor-core GPU, sm_90 included (no wgmma for 3-D, as Triton's MMAv2).
    EXPECT_EQ(dotPath(h, hb, f, 80), DotPath::MmaSync);
    EXPECT_EQ(dotPath(h, hb, f, 90), DotPath::MmaSync);
    EXPECT_EQ(dotPath(batch(DType::BF16, 4, 64, 32), batch(DType::BF16, 4, 32, 64), f, 90), DotPath::MmaSync);
    EXPECT_EQ(dotPath(batch(DType::F32, 4, 64, 32), batch(DType::F32, 4, 32, 64), f, 90, 0), DotPath::MmaSync);
    EXPECT_EQ(dotPath(batch(DType::F32, 4, 64, 32), batch(DType::F32, 4, 32, 64), f, 90, 2), DotPath::Fma);
    EXPECT_EQ(dotPath(batch(DType::F8E4, 4, 64, 32), batch(DType::F8E4, 4, 32, 64), f, 90), DotPath::Fma);
    EXPECT_EQ(dotPath(h, hb, f, 75), DotPath::Fma);

    struct Case
    {
        std::int64_t b, m, n;
        int warps, warpsOnBatch, batchRegs;
    };
    for (const Case &c : {Case{1, 32, 32, 4, 1, 1}, Case{2, 32, 64, 4, 2, 1}, Case{4, 16, 16, 4, 4, 1},
                          Case{8, 32, 32, 4, 4, 2}, Case{16, 16, 16, 8, 8, 2}, Case{2, 64, 64, 8, 2, 1}}) {
        SCOPED_TRACE(std::to_string(c.b) + "x" + std::to_string(c.m) + "x" + std::to_string(c.n) + " on "
                     + std::to_string(c.warps));
        const Layout l = mmaAccumulatorLayout({c.b, c.m, c.n}, c.warps);
        EXPECT_TRUE(isMmaAccumulatorLayout(l, c.warps));
        EXPECT_EQ(l.shape, (std::vector<std::int64_t>{c.b, c.m, c.n}));
        // Each batch's [M, N] is the 2-D layout of the warps the batch leaves, its registers
        // repeated for the batches beyond the warps.
        const Layout inner = mmaAccumulatorLayout({c.m, c.n}, c.warps / c.warpsOnBatch);
        EXPECT_EQ(l.numRegs(), inner.numRegs() * c.batchRegs);
        std::multiset<std::int64_t> held;
        for (int w = 0; w < c.warps; ++w)
            for (int lane = 0; lane < 32; ++lane)
                for (int r = 0; r < l.numRegs(); ++r) {
                    const std::int64_t f = l.flat(r, lane, w);
                    held.insert(f);
                    // The warp's batch: its warp bits along the batch, then the register's.
                    const std::int64_t b = (w / (c.warps / c.warpsOnBatch)) + c.warpsOnBatch * (r / inner.numRegs());
                    ASSERT_EQ(f / (c.m * c.n), b) << "warp " << w << " register " << r;
                    ASSERT_EQ(f % (c.m * c.n), inner.flat(r % inner.numRegs(), lane, w % (c.warps / c.warpsOnBatch)));
                }
        const std::int64_t copies = std::int64_t(held.size()) / (c.b * c.m * c.n);
        for (std::int64_t f = 0; f < c.b * c.m * c.n; ++f)
            ASSERT_EQ(std::int64_t(held.count(f)), copies) << "element " << f;
    }
    // Staging: the batches' tiles one after the other, as one [B * M][K] / [B * K][N] area (or
    // transposed: batches side by side along the rows).
    const MmaStaging s = mmaStaging(h, hb, true, false);
    EXPECT_EQ(s.B, 4);
    EXPECT_EQ(s.strideA, 40);
    EXPECT_EQ(s.strideB, 72);
    EXPECT_EQ(s.batchA, 64 * 40);
    EXPECT_EQ(s.batchB, 32 * 72);
    EXPECT_EQ(s.offsetB, 4 * 64 * 40 * 2);
    EXPECT_EQ(s.bytes, 4 * 64 * 40 * 2 + 4 * 32 * 72 * 2);
    const MmaStaging t = mmaStaging(h, hb, false, true);
    EXPECT_EQ(t.strideA, 4 * 64 + 8);
    EXPECT_EQ(t.strideB, 4 * 32 + 8);
    EXPECT_EQ(t.batchA, 64);
    EXPECT_EQ(t.batchB, 32);
    EXPECT_EQ(t.bytes, 32 * (4 * 64 + 8) * 2 + 64 * (4 * 32 + 8) * 2);
}
