// Shared-memory sizing: per-architecture limits, tl.dot's staging area, the layouts the FMA
// dot can compute in, and the sizes as the diagnostics print them.

#include "core/codegen/shared_memory.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::codegen;

TEST(SharedMemory, LimitsPerArchitecture)
{
    EXPECT_EQ(sharedLimitForArch("sm_90"), 232448);
    EXPECT_EQ(sharedLimitForArch("compute_90"), 232448);
    EXPECT_EQ(sharedLimitForArch("sm_80"), 166912);
    EXPECT_EQ(sharedLimitForArch("sm_86"), 101376);
    EXPECT_EQ(sharedLimitForArch("sm_89"), 101376);
    EXPECT_EQ(sharedLimitForArch("sm_75"), 65536);
    EXPECT_EQ(sharedLimitForArch("sm_100"), 232448);
    EXPECT_EQ(sharedLimitForArch("sm_52"), kStaticSharedLimit);
    EXPECT_EQ(sharedLimitForArch(""), kStaticSharedLimit);
    EXPECT_EQ(largestSharedLimit(), sharedLimitForArch("sm_90"));
}

TEST(SharedMemory, DotStagingPadsEveryRowAndAlignsB)
{
    const ir::Type a{DType::F16, false, {32, 16}}, b{DType::F16, false, {16, 64}};
    const DotStaging s = dotStaging(a, b);
    EXPECT_EQ(s.M, 32);
    EXPECT_EQ(s.K, 16);
    EXPECT_EQ(s.N, 64);
    EXPECT_EQ(s.strideA, 17);
    EXPECT_EQ(s.strideB, 65);
    EXPECT_EQ(s.offsetB, 1088);               // 32 * 17 * 2 = 1088, already a multiple of 16
    EXPECT_EQ(s.bytes, 1088 + 2080);          // 16 * 65 * 2 = 2080
    const ir::Type a8{DType::I8, false, {16, 16}}, b8{DType::I8, false, {16, 16}};
    const DotStaging s8 = dotStaging(a8, b8);
    EXPECT_EQ(s8.offsetB, 272);               // 16 * 17 = 272
    EXPECT_EQ(s8.bytes, 544);
    EXPECT_EQ(dotDescription(a, b), "tl.dot with BLOCK 32x64x16 fp16");
}

TEST(SharedMemory, FmaDotLayouts)
{
    const std::vector<std::int64_t> shape{64, 64};
    EXPECT_TRUE(fmaDotLayoutOk(dotResultLayout(shape, 4)));
    EXPECT_TRUE(fmaDotLayoutOk(blockedLayout(shape, defaultBlockedParams(shape, 8, 1))));
    // A small block replicated over the threads is fine (zero lane / warp bases)...
    const std::vector<std::int64_t> small{16, 16};
    EXPECT_TRUE(fmaDotLayoutOk(blockedLayout(small, defaultBlockedParams(small, 8, 4))));
    // ...a basis that mixes two bits of the flat index is not.
    Layout mixed = dotResultLayout(shape, 4);
    mixed.laneBases[0] = mixed.laneBases[0] | mixed.laneBases[1];
    EXPECT_FALSE(fmaDotLayoutOk(mixed));
    Layout twice = dotResultLayout(shape, 4);
    twice.warpBases[0] = twice.regBases[0];
    EXPECT_FALSE(fmaDotLayoutOk(twice));
}

TEST(SharedMemory, FmaReadsPerStepAreRowsPlusColumns)
{
    // 64x64 over 128 threads, 4 columns per thread: 8 rows x 4 columns.
    EXPECT_EQ(fmaDotReadsPerStep(dotResultLayout({64, 64}, 4)), 12);
    EXPECT_EQ(fmaDotReadsPerStep(dotResultLayout({32, 64}, 4)), 8);
    // One element per access, 32 lanes along the row: a 32x1 strip per thread.
    const std::vector<std::int64_t> shape{64, 64};
    EXPECT_EQ(fmaDotReadsPerStep(blockedLayout(shape, defaultBlockedParams(shape, 4, 1))), 33);
}

TEST(SharedMemory, SizesAsPrinted)
{
    EXPECT_EQ(sharedSizeText(512), "512 bytes");
    EXPECT_EQ(sharedSizeText(1024), "1 KiB");
    EXPECT_EQ(sharedSizeText(263680), "258 KiB");
    EXPECT_EQ(sharedSizeText(232448), "227 KiB");
}
