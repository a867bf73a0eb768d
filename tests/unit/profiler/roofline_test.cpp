// Placing a kernel under the roofs: the binding roof follows the ridge point, achieved numbers
// come from the DRAM bytes, FLOPs and median time; and where the roofs are cached.

#include "profiler/roofline.h"

#include <gtest/gtest.h>

namespace tsm::profiler {
namespace {

run::RooflineCeilings h200Like()
{
    run::RooflineCeilings c;
    c.copyGBs = 4000;   // 4 TB/s
    c.fp32TFLOPs = 64;  // ridge at 16 FLOP/byte
    return c;
}

TEST(Roofline, MemoryBoundKernelIsMeasuredAgainstCopyBandwidth)
{
    run::KernelProfile k;
    k.dramBytes = 2e9;
    k.flops = 1e9; // 0.5 FLOP/byte
    k.medianNs = 500e3;
    placeOnRoofline(k, h200Like());
    EXPECT_DOUBLE_EQ(k.achievedGBs, 4000);
    EXPECT_DOUBLE_EQ(k.achievedTFLOPs, 2);
    EXPECT_EQ(k.roof, "copy bandwidth");
    EXPECT_DOUBLE_EQ(k.roofFraction, 1.0);
}

TEST(Roofline, ComputeBoundKernelIsMeasuredAgainstFp32)
{
    run::KernelProfile k;
    k.dramBytes = 1e6;
    k.flops = 32e9; // 32000 FLOP/byte, past the ridge
    k.medianNs = 1e6;
    placeOnRoofline(k, h200Like());
    EXPECT_EQ(k.roof, "FP32 FMA");
    EXPECT_DOUBLE_EQ(k.achievedTFLOPs, 32);
    EXPECT_DOUBLE_EQ(k.roofFraction, 0.5);
}

TEST(Roofline, WithoutFlopsOnlyBandwidthPlacesIt)
{
    run::KernelProfile k;
    k.dramBytes = 1e9;
    k.counterNs = 500e3; // no Activity timing: the counter's time is used
    placeOnRoofline(k, h200Like());
    EXPECT_DOUBLE_EQ(k.achievedGBs, 2000);
    EXPECT_EQ(k.roof, "copy bandwidth");
    EXPECT_DOUBLE_EQ(k.roofFraction, 0.5);
    EXPECT_DOUBLE_EQ(k.achievedTFLOPs, 0);
}

TEST(Roofline, NoTimeNoPlacement)
{
    run::KernelProfile k;
    k.dramBytes = 1e9;
    placeOnRoofline(k, h200Like());
    EXPECT_TRUE(k.roof.empty());
    EXPECT_EQ(k.roofFraction, 0);
}

TEST(Roofline, CachePathNamesDeviceArchAndDriver)
{
    setenv("XDG_CACHE_HOME", "/tmp/tsm-roof-cache", 1);
    const auto p = ceilingsCachePath("NVIDIA H200", 90, 13000);
    unsetenv("XDG_CACHE_HOME");
    EXPECT_EQ(p.string(), "/tmp/tsm-roof-cache/tilesmith/roofline/NVIDIA_H200-sm90-13000.json");
}

} // namespace
} // namespace tsm::profiler

namespace tsm::profiler {
namespace {

TEST(Roofline, LaunchMetadataPlacesWhatTheCountersDidNotMeasure)
{
    run::RooflineCeilings c;
    c.copyGBs = 4000;
    c.fp32TFLOPs = 64;
    run::KernelProfile k;
    k.medianNs = 1e6;
    k.analyticBytes = 1e9;
    k.analyticFlops = 40e9; // 40 FLOP/byte: past the ridge (16)
    placeOnRoofline(k, c);
    EXPECT_DOUBLE_EQ(k.achievedGBs, 1000);
    EXPECT_DOUBLE_EQ(k.achievedTFLOPs, 40);
    EXPECT_EQ(k.roof, "FP32 FMA");
    EXPECT_DOUBLE_EQ(k.roofFraction, 40.0 / 64);

    // Measured bytes win over the program's estimate.
    k.dramBytes = 2e9;
    k.analyticFlops.reset();
    placeOnRoofline(k, c);
    EXPECT_DOUBLE_EQ(k.achievedGBs, 2000);
    EXPECT_EQ(k.roof, "copy bandwidth");
}

} // namespace
} // namespace tsm::profiler
