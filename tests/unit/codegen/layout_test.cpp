#include "core/codegen/layout.h"

#include <gtest/gtest.h>

using namespace tsm::codegen;

using V = std::vector<std::int64_t>;
using I = std::vector<int>;

TEST(Layout, OneDimensionalFp32BlockAsTriton)
{
    // Triton: tensor<1024xf32, #blocked<{sizePerThread=[4], threadsPerWarp=[32],
    // warpsPerCTA=[4], order=[0]}>>: 4 contiguous elements per thread, two repetitions.
    const BlockedParams p = blockedParamsFor({1024}, {4}, {0}, 4);
    EXPECT_EQ(p.threadsPerWarp, I{32});
    EXPECT_EQ(p.warpsPerCTA, I{4});
    const Layout l = blockedLayout({1024}, p);
    EXPECT_EQ(l.regBases, (V{1, 2, 512}));
    EXPECT_EQ(l.laneBases, (V{4, 8, 16, 32, 64}));
    EXPECT_EQ(l.warpBases, (V{128, 256}));
    EXPECT_EQ(l.numRegs(), 8);
    EXPECT_EQ(l.flat(5, 1, 1), 512 + 1 + 4 + 128);
    EXPECT_EQ(l.contiguousDim(), 0);
    EXPECT_EQ(l.contiguousRegs(), 4);
    EXPECT_EQ(l.toString(), "#blocked<spt=[4], tpw=[32], wpc=[4], order=[0]>");
}

TEST(Layout, TwoDimensionalParamsMatchTritonsBlockedEncoding)
{
    // 64x64 fp32, 4 per thread along dim 1: 16 lanes cover a row, 2 rows per warp.
    BlockedParams p = blockedParamsFor({64, 64}, {1, 4}, {1, 0}, 4);
    EXPECT_EQ(p.threadsPerWarp, (I{2, 16}));
    EXPECT_EQ(p.warpsPerCTA, (I{4, 1}));
    // 128x64 fp16, 8 per thread.
    p = blockedParamsFor({128, 64}, {1, 8}, {1, 0}, 4);
    EXPECT_EQ(p.threadsPerWarp, (I{4, 8}));
    EXPECT_EQ(p.warpsPerCTA, (I{4, 1}));
    // A wide row: warps go along dim 1 once its lanes are used up.
    p = blockedParamsFor({4, 256}, {1, 4}, {1, 0}, 4);
    EXPECT_EQ(p.threadsPerWarp, (I{1, 32}));
    EXPECT_EQ(p.warpsPerCTA, (I{2, 2}));
    // Column-major order: dim 0 is the fast one.
    p = blockedParamsFor({64, 64}, {4, 1}, {0, 1}, 4);
    EXPECT_EQ(p.threadsPerWarp, (I{16, 2}));
    EXPECT_EQ(p.warpsPerCTA, (I{1, 4}));
    // Leftover lanes go to the slowest dimension (Triton), not the fastest.
    p = defaultBlockedParams({2, 8}, 4, 1);
    EXPECT_EQ(p.threadsPerWarp, (I{4, 8}));
    EXPECT_EQ(p.warpsPerCTA, (I{4, 1}));
    EXPECT_EQ(p.order, (I{1, 0}));
}

TEST(Layout, SmallBlocksReplicateOverThreads)
{
    const Layout l = blockedLayout({16}, blockedParamsFor({16}, {1}, {0}, 4));
    EXPECT_EQ(l.regBases, V{});
    EXPECT_EQ(l.laneBases, (V{1, 2, 4, 8, 0}));
    EXPECT_EQ(l.warpBases, (V{0, 0}));
    EXPECT_EQ(l.flat(0, 17, 3), 1);
}

TEST(Layout, ColumnMajorLayoutVectorizesAlongDimensionZero)
{
    const Layout l = blockedLayout({64, 64}, blockedParamsFor({64, 64}, {4, 1}, {0, 1}, 4));
    EXPECT_EQ(l.contiguousDim(), 0);
    EXPECT_EQ(l.contiguousRegs(), 4);
    // element (r, c) has flat index r * 64 + c: register 1 is row 1.
    EXPECT_EQ(l.regFlat(1), 64);
}

TEST(Layout, SliceDropsTheDimension)
{
    const Layout parent = blockedLayout({64, 64}, blockedParamsFor({64, 64}, {1, 4}, {1, 0}, 4));
    const Layout rows = sliceLayout(parent, 1); // shape [64]: what x[:, None] needs
    EXPECT_EQ(rows.shape, V{64});
    // lanes 0..3 (and their 4 register-columns) covered dim 1: those lanes now hold copies.
    EXPECT_EQ(rows.laneBases, (V{0, 0, 0, 0, 1}));
    EXPECT_EQ(rows.warpBases, (V{2, 4}));
    EXPECT_EQ(rows.regBases, (V{8, 16, 32}));
    const Layout cols = sliceLayout(parent, 0);
    EXPECT_EQ(cols.regBases, (V{1, 2}));
    EXPECT_EQ(cols.laneBases, (V{4, 8, 16, 32, 0}));
    EXPECT_EQ(cols.contiguousRegs(), 4);
}

TEST(Layout, BroadcastSourceMapsWithoutMovement)
{
    const BlockedParams p = blockedParamsFor({64, 64}, {1, 4}, {1, 0}, 4);
    const Layout result = blockedLayout({64, 64}, p);
    const Layout src = broadcastSourceLayout(result, {64, 1});
    ASSERT_TRUE(src.blocked);
    EXPECT_TRUE(src.sameAs(blockedLayout({64, 1}, p)));
    const auto map = registerMapVia(src, result, broadcastBits({64, 64}, {64, 1}));
    ASSERT_TRUE(map);
    ASSERT_EQ(map->size(), std::size_t(result.numRegs()));
    // every register of a thread's row reads the row's one value
    for (int r = 0; r < result.numRegs(); ++r)
        EXPECT_EQ(src.regFlat((*map)[std::size_t(r)]), result.coord(result.regFlat(r))[0]);
    // a source spread differently does not map
    const Layout other = blockedLayout({64, 1}, blockedParamsFor({64, 1}, {1, 1}, {0, 1}, 4));
    EXPECT_FALSE(registerMapVia(other, result, broadcastBits({64, 64}, {64, 1})));
}

TEST(Layout, ExpandDimsKeepsBasesOfTheSlice)
{
    const Layout parent = blockedLayout({64, 64}, blockedParamsFor({64, 64}, {1, 4}, {1, 0}, 4));
    const Layout src = broadcastSourceLayout(parent, {64, 1});
    const Layout flat = reshapedLayout(src, {64});
    EXPECT_TRUE(flat.sameAs(sliceLayout(parent, 1)));
    const auto map = registerMapVia(flat, src, {1, 2, 4, 8, 16, 32});
    ASSERT_TRUE(map);
}

TEST(Layout, PermuteSourceIsTheTransposedEncoding)
{
    const Layout result = blockedLayout({32, 64}, blockedParamsFor({32, 64}, {1, 4}, {1, 0}, 4));
    const Layout src = permuteSourceLayout(result, {1, 0});
    EXPECT_EQ(src.shape, (V{64, 32}));
    EXPECT_EQ(src.contiguousDim(), 0);
    EXPECT_TRUE(src.sameAs(blockedLayout({64, 32}, blockedParamsFor({64, 32}, {4, 1}, {0, 1}, 4))));
    EXPECT_TRUE(registerMapVia(src, result, permuteBits({32, 64}, {1, 0})));
    // Element (i, j) of the result is (j, i) of the source.
    const auto bits = permuteBits({32, 64}, {1, 0});
    EXPECT_EQ(mapBits(1 * 64 + 2, bits), 2 * 32 + 1);
}

TEST(Layout, RegisterMapFindsSameThreadCopiesOnly)
{
    const Layout a = blockedLayout({1024}, blockedParamsFor({1024}, {4}, {0}, 4));
    Layout b = a;
    std::swap(b.regBases[0], b.regBases[2]); // same elements per thread, other register order
    const auto map = registerMap(a, b);
    ASSERT_TRUE(map);
    EXPECT_EQ((*map)[1], 4);
    EXPECT_EQ((*map)[4], 1);
    const Layout c = blockedLayout({1024}, blockedParamsFor({1024}, {1}, {0}, 4));
    EXPECT_FALSE(registerMap(a, c));
    EXPECT_FALSE(a.sameAs(b));
}

TEST(Layout, JoinPutsThePairInRegisterBitZeroAndSplitTakesItOut)
{
    // Triton's join of two tensor<64x32, #blocked<[1,4],[8,4],[4,1],[1,0]>>: the result keeps
    // the encoding with sizePerThread 2 along the new, fastest dimension.
    const Layout half = blockedLayout({64, 32}, blockedParamsFor({64, 32}, {1, 4}, {1, 0}, 4));
    const Layout joined = joinedLayout(half);
    EXPECT_EQ(joined.shape, (V{64, 32, 2}));
    ASSERT_FALSE(joined.regBases.empty());
    EXPECT_EQ(joined.regBases[0], 1);
    for (int r = 0; r < half.numRegs(); ++r)
        for (int lane : {0, 5, 31})
            for (int warp : {0, 3})
                for (int j = 0; j < 2; ++j)
                    EXPECT_EQ(joined.flat(2 * r + j, lane, warp), 2 * half.flat(r, lane, warp) + j);
    ASSERT_TRUE(joined.blocked.has_value());
    EXPECT_EQ(joined.blocked->sizePerThread, (I{1, 4, 2}));
    EXPECT_EQ(joined.blocked->order, (I{2, 1, 0}));
    const auto back = splitHalfLayout(joined);
    ASSERT_TRUE(back.has_value());
    EXPECT_TRUE(back->sameAs(half));
    // The [..., 0] halves are where splitBits says.
    const auto map = registerMapVia(joined, half, splitBits(half.shape));
    ASSERT_TRUE(map.has_value());
    for (int r = 0; r < half.numRegs(); ++r)
        EXPECT_EQ(joined.regFlat((*map)[std::size_t(r)]), 2 * half.regFlat(r));
}

TEST(Layout, SplitNeedsEachPairInOneThreadsRegisters)
{
    // [128, 2] with the pair's bit on a warp: the two halves live in different threads.
    const Layout spread = blockedLayout({128, 2}, blockedParamsFor({128, 2}, {4, 1}, {0, 1}, 4));
    EXPECT_FALSE(splitHalfLayout(spread).has_value()) << spread.toString();
    // Two per thread along the pair, but not as register 1 alone: an XOR basis touching bit 0.
    Layout mixed = joinedLayout(blockedLayout({64}, blockedParamsFor({64}, {2}, {0}, 1)));
    mixed.regBases[1] |= 1;
    EXPECT_FALSE(splitHalfLayout(mixed).has_value());
}
