// The text table of `tilesmith profile`.

#include "profiler/profile_table.h"

#include <gtest/gtest.h>

namespace tsm::profiler {
namespace {

TEST(ProfileTable, OneRowPerKernelWithRoofsAndNotes)
{
    run::ProfileReport r;
    r.metricSet = "roofline";
    r.passes = 2;
    r.roofline = {"NVIDIA H200", 4200, 64.3, 639, 0, 0, "measured now"};
    run::KernelProfile k;
    k.kernel = "swish_kernel";
    k.grid = {262144, 1, 1};
    k.launches = 201;
    k.medianNs = 504000;
    k.metrics = {{"gpu__time_duration.sum", 501340, "nanosecond"}};
    k.counterNs = 501340;
    k.dramBytes = 2144.6e6;
    k.flops = 1.0e9;
    k.achievedGBs = 4255;
    k.achievedTFLOPs = 1.598;
    k.roof = "copy bandwidth";
    k.roofFraction = 1.013;
    k.registers = 23;
    k.occupancy = 1.0;
    k.lines = {{31, 10, 0, 0, 0.25}, {33, 20, 0, 0, 0.5}};
    k.linesMeasuredBy = "SASS instructions";
    r.kernels.push_back(k);
    run::KernelProfile clear;
    clear.kernel = "L2 clear (do_bench)";
    clear.library = true;
    clear.grid = {31250, 1, 1};
    clear.launches = 19326;
    clear.medianNs = 56740;
    r.kernels.push_back(clear);
    r.timeline.resize(3);
    r.timelineDropped = 7;

    const std::string t = profileTable(r);
    EXPECT_NE(t.find("metrics 'roofline', 2 replays"), std::string::npos) << t;
    EXPECT_NE(t.find("copy 4200 GB/s, FP32 64.3 TFLOP/s"), std::string::npos) << t;
    EXPECT_NE(t.find("swish_kernel"), std::string::npos);
    EXPECT_NE(t.find("262144"), std::string::npos);
    EXPECT_NE(t.find("504.00"), std::string::npos) << t;
    EXPECT_NE(t.find("501.34"), std::string::npos) << t;
    EXPECT_NE(t.find("2144.6"), std::string::npos) << t;
    EXPECT_NE(t.find("101.3%"), std::string::npos) << t;
    EXPECT_NE(t.find("L2 clear (do_bench)"), std::string::npos);
    EXPECT_NE(t.find("hottest line 33 (50% of SASS instructions)"), std::string::npos) << t;
    EXPECT_NE(t.find("7 more ran"), std::string::npos) << t;
    EXPECT_EQ(t.find("'at its clock'"), std::string::npos) << t; // no such fraction here
}

// A tensor-core kernel with its SM clock counted: the clock, and the fraction of the roof at
// that clock beside the fraction of the roof as measured (and the roof's own clock).
TEST(ProfileTable, TensorKernelsShowTheirRoofAtTheirClock)
{
    run::ProfileReport r;
    r.metricSet = "fast";
    r.roofline = {"NVIDIA H100 80GB HBM3", 3000, 60, 885, 0, 0, "measured now", 1637};
    run::KernelProfile k;
    k.kernel = "matmul_kernel";
    k.grid = {512, 1, 1};
    k.metrics = {{"gpu__time_duration.sum", 1450000, "nanosecond"}};
    k.counterNs = 1450000;
    k.roof = "FP16 tensor cores";
    k.roofFraction = 0.826;
    k.smClockMHz = 1521.6;
    k.clockRoofFraction = 0.9213;
    r.kernels.push_back(k);
    const std::string t = profileTable(r);
    EXPECT_NE(t.find("FP16 tensor 885 TFLOP/s at 1637 MHz"), std::string::npos) << t;
    EXPECT_NE(t.find("SM MHz  at its clock"), std::string::npos) << t;
    EXPECT_NE(t.find("82.6%    1522         92.1%"), std::string::npos) << t;
    EXPECT_NE(t.find("note: 'at its clock': the replayed launch's FLOPs per SM cycle"), std::string::npos) << t;
}

TEST(ProfileTable, SaysWhyThereAreNoCounters)
{
    run::ProfileReport r;
    r.metricSet = "fast";
    r.countersAvailable = false;
    r.countersNote = "enabling the range profiler failed: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES";
    const std::string t = profileTable(r);
    EXPECT_NE(t.find("No hardware counters: enabling the range profiler failed"),
              std::string::npos)
        << t;
}

} // namespace
} // namespace tsm::profiler
