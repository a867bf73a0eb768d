#include "core/codegen/reduce_layout.h"

#include <gtest/gtest.h>

using namespace tsm::codegen;

using V = std::vector<std::int64_t>;

TEST(ReduceLayout, BlockedLayoutsAreSeparableAlongEveryAxis)
{
    const Layout l2 = blockedLayout({64, 64}, blockedParamsFor({64, 64}, {1, 4}, {1, 0}, 4));
    EXPECT_TRUE(axisSeparable(l2, 0));
    EXPECT_TRUE(axisSeparable(l2, 1));
    const Layout l3 = blockedLayout({4, 32, 16}, defaultBlockedParams({4, 32, 16}, 4, 4));
    for (int axis = 0; axis < 3; ++axis)
        EXPECT_TRUE(axisSeparable(l3, axis)) << axis;
    EXPECT_FALSE(axisSeparable(l2, 2));
}

TEST(ReduceLayout, MixedBasisIsNotSeparable)
{
    // A register basis that moves along both dimensions of a [4, 4] block (flat 1 + 4).
    Layout l = blockedLayout({4, 4}, defaultBlockedParams({4, 4}, 1, 1));
    ASSERT_FALSE(l.laneBases.empty());
    l.regBases = {5};
    EXPECT_FALSE(axisSeparable(l, 0));
    EXPECT_FALSE(axisSeparable(l, 1));
}

TEST(ReduceLayout, ScanFriendlyNeedsRegistersThenLanesThenWarpsAlongTheAxis)
{
    // [1024] with 4 per thread on 4 warps: regs 1,2 / lanes 4..64 / warps 128,256, then a
    // repeat register 512 above the warps: a scan cannot run in it.
    const Layout repeat = blockedLayout({1024}, blockedParamsFor({1024}, {4}, {0}, 4));
    EXPECT_EQ(repeat.regBases, (V{1, 2, 512}));
    EXPECT_FALSE(scanFriendly(repeat, 0));
    // [512]: no repeat.
    const Layout exact = blockedLayout({512}, blockedParamsFor({512}, {4}, {0}, 4));
    EXPECT_TRUE(scanFriendly(exact, 0));
    // Along axis 0 of a row-major [64, 64] layout the axis lanes are not lanes 0, 1, ...
    const Layout rows = blockedLayout({64, 64}, blockedParamsFor({64, 64}, {1, 4}, {1, 0}, 4));
    EXPECT_FALSE(scanFriendly(rows, 0));
}

TEST(ReduceLayout, ScanLayoutIsScanFriendlyAndHoldsEveryElementOnce)
{
    const std::vector<V> shapes = {{1}, {8}, {128}, {2048}, {4096}, {16, 64}, {64, 16}, {2, 8, 64}};
    for (const V &shape : shapes)
        for (int axis = 0; axis < int(shape.size()); ++axis)
            for (int warps : {1, 4, 8}) {
                const Layout l = scanLayout(shape, axis, warps);
                EXPECT_EQ(l.shape, shape);
                EXPECT_EQ(l.numWarps(), warps);
                EXPECT_TRUE(scanFriendly(l, axis))
                    << l.toString() << " axis " << axis << " warps " << warps;
            }
    // 2048 on 128 threads: 16 consecutive elements per thread.
    const Layout l = scanLayout({2048}, 0, 4);
    EXPECT_EQ(l.numRegs(), 16);
    EXPECT_EQ(l.regBases, (V{1, 2, 4, 8}));
}

TEST(ReduceLayout, ReductionResultIsTheSliceAndReplicatesTheAxisLanes)
{
    const Layout l = blockedLayout({64, 64}, blockedParamsFor({64, 64}, {1, 4}, {1, 0}, 4));
    // tpw = [2, 16], wpc = [4, 1]: lane bit 4 and both warp bits run along axis 0.
    const Layout s = sliceLayout(l, 0);
    EXPECT_EQ(s.shape, (V{64}));
    EXPECT_EQ(s.laneBases[4], 0);
    EXPECT_EQ(s.warpBases, (V{0, 0}));
}
