// The `profile` event's JSON round-trips (the studio reads what the runner writes).

#include "core/run/profile_json.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace tsm::run {
namespace {

TEST(ProfileJson, RoundTrips)
{
    ProfileReport r;
    r.metricSet = "fast";
    r.metricNames = {"gpu__time_duration.sum", "dram__bytes_read.sum"};
    r.passes = 1;
    r.notes = {"a note"};
    r.roofline = {"NVIDIA H200", 4250.5, 64.3, 639.0, 320.5, 1290.0, "cached", 1755, 1690, 1610};
    KernelProfile k;
    k.kernel = "softmax_kernel";
    k.function = "softmax_kernel";
    k.signature = "*fp32:16, i32 | warps=8";
    k.file = "softmax.py";
    k.line = 20;
    k.grid = {4096, 2, 1};
    k.threadsPerBlock = 256;
    k.registers = 40;
    k.occupancy = 0.75;
    k.tensorCores = "wgmma";
    k.tensorInput = "tf32";
    k.launches = 12;
    k.medianNs = 34000;
    k.metrics = {{"dram__bytes_read.sum", 6.7e7, "byte"}};
    k.counterNs = 33300;
    k.dramBytes = 1.3e8;
    k.flops = 5e7;
    k.roof = "copy bandwidth";
    k.roofFraction = 0.994;
    k.smClockMHz = 1520.5;
    k.clockRoofFraction = 0.921;
    k.lines = {{27, 12, 3400, 0, 0.4}, {28, 3, 0, 250, 0.6, "long_scoreboard"}};
    k.linesMeasuredBy = "warp instructions executed";
    r.kernels.push_back(k);
    r.timeline.push_back({"softmax_kernel", 100, 34000, {4096, 1, 1}});
    r.timelineDropped = 3;

    const nlohmann::json j = profileToJson(r);
    EXPECT_EQ(j["kernels"][0]["grid"], nlohmann::json({4096, 2, 1}));
    const ProfileReport back = profileFromJson(nlohmann::json::parse(j.dump()));
    EXPECT_EQ(profileToJson(back), j);
    ASSERT_EQ(back.kernels.size(), 1u);
    EXPECT_EQ(*back.kernels[0].flops, 5e7);
    EXPECT_EQ(back.kernels[0].lines[0].executed, 3400);
    EXPECT_EQ(j["kernels"][0]["lines"][1]["top_stall"], "long_scoreboard");
    ASSERT_EQ(back.kernels[0].lines.size(), 2u);
    EXPECT_EQ(back.kernels[0].lines[1].topStall, "long_scoreboard");
    EXPECT_EQ(back.kernels[0].lines[1].stallSamples, 250);
    EXPECT_EQ(back.kernels[0].lines[0].topStall, "");
    EXPECT_EQ(j["kernels"][0]["tensor_cores"], "wgmma");
    EXPECT_EQ(back.kernels[0].tensorCores, "wgmma");
    EXPECT_EQ(back.kernels[0].tensorInput, "tf32");
    EXPECT_EQ(back.roofline.tf32TensorTFLOPs, 320.5);
    EXPECT_EQ(back.roofline.fp16TensorMHz, 1755);
    EXPECT_EQ(back.roofline.fp8TensorMHz, 1610);
    EXPECT_EQ(back.kernels[0].smClockMHz, 1520.5);
    EXPECT_EQ(back.kernels[0].clockRoofFraction, 0.921);
    EXPECT_EQ(back.roofline.fp8TensorTFLOPs, 1290.0);
}

TEST(ProfileJson, MissingFlopsStayMissingAndJunkIsIgnored)
{
    const ProfileReport r = profileFromJson(nlohmann::json::parse(
        R"({"kernels":[{"kernel":"k","flops":null,"grid":"oops","launches":"x"}],"passes":"?"})"));
    ASSERT_EQ(r.kernels.size(), 1u);
    EXPECT_FALSE(r.kernels[0].flops);
    EXPECT_EQ(r.kernels[0].tensorCores, ""); // reports from before the field: no tensor cores
    EXPECT_EQ(r.kernels[0].grid, (std::array<std::int64_t, 3>{1, 1, 1}));
    EXPECT_EQ(r.kernels[0].launches, 0);
    EXPECT_EQ(r.passes, 0);
    EXPECT_TRUE(r.countersAvailable);
}

} // namespace
} // namespace tsm::run
