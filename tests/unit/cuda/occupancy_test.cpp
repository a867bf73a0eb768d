// Theoretical occupancy against the CUDA occupancy calculator's arithmetic, on kernels whose
// occupancy was measured on the H200 (bench/results/2026-11-30-asm-compare-cb285c7.txt).

#include "core/cuda/occupancy.h"

#include <gtest/gtest.h>

using namespace tsm::cuda;

TEST(Occupancy, RegistersLimitSwish4096)
{
    const SmLimits sm = *smLimits("sm_90");
    // 128 threads, 48 registers: 1536 per warp, 6144 per block -> 10 blocks, 40 of 64 warps.
    Occupancy o = theoreticalOccupancy(sm, 128, 48, 0);
    EXPECT_EQ(o.blocksPerSm, 10);
    EXPECT_EQ(o.warpsPerSm, 40);
    EXPECT_DOUBLE_EQ(o.fraction, 40.0 / 64);
    EXPECT_EQ(o.limitedBy, "registers");
}

TEST(Occupancy, RegisterGranularityDecidesLayerNorm)
{
    const SmLimits sm = *smLimits("sm_90");
    // LayerNorm+Swish at 8192 columns, 8 warps: 68 registers give 3 blocks, 59 give 4.
    EXPECT_EQ(theoreticalOccupancy(sm, 256, 68, 32).blocksPerSm, 3);
    EXPECT_EQ(theoreticalOccupancy(sm, 256, 59, 32).blocksPerSm, 4);
}

TEST(Occupancy, FullOccupancyNamesNoLimit)
{
    const SmLimits sm = *smLimits("sm_90");
    Occupancy o = theoreticalOccupancy(sm, 512, 24, 64); // softmax, 16 warps
    EXPECT_EQ(o.blocksPerSm, 4);
    EXPECT_DOUBLE_EQ(o.fraction, 1.0);
    EXPECT_EQ(o.limitedBy, "");
}

TEST(Occupancy, SharedMemoryLimits)
{
    const SmLimits sm = *smLimits("sm_90");
    // 64 KB + 1 KB reserved per block: 3 fit in 228 KB.
    Occupancy o = theoreticalOccupancy(sm, 128, 32, 65536);
    EXPECT_EQ(o.blocksPerSm, 3);
    EXPECT_EQ(o.limitedBy, "shared memory");
    // More than one block may use: nothing runs, and it says why.
    Occupancy none = theoreticalOccupancy(sm, 128, 32, 240 * 1024);
    EXPECT_EQ(none.blocksPerSm, 0);
    EXPECT_EQ(none.limitedBy, "shared memory");
}

TEST(Occupancy, BlockCountLimitsTinyBlocks)
{
    const SmLimits sm = *smLimits("sm_90");
    Occupancy o = theoreticalOccupancy(sm, 32, 16, 0);
    EXPECT_EQ(o.blocksPerSm, 32);
    EXPECT_EQ(o.limitedBy, "blocks");
}

TEST(Occupancy, ArchitectureTable)
{
    EXPECT_EQ(smLimits("sm_86")->maxWarps, 48);
    EXPECT_EQ(smLimits("compute_90")->sharedBytes, 233472);
    EXPECT_FALSE(smLimits("sm_9x"));
    EXPECT_FALSE(smLimits("gfx942"));
}
