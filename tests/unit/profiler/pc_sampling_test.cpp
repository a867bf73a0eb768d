// PcSampling (profiler/pc_sampling.h) where there is no GPU: it refuses with a reason instead
// of calling CUPTI without a context; and the fold of stall samples into Python lines, on
// hand-made samples. The sampling itself runs on the GPU machine.

#include "profiler/pc_sampling.h"

#include "tests/unit/cuda/fake_driver.h"

#include <gtest/gtest.h>

namespace tsm::profiler {
namespace {

TEST(PcSampling, OpenWithoutACudaContextFailsWithAReason)
{
    cuda::test::FakeDriver driver; // no native context, as without a GPU
    std::string why;
    EXPECT_EQ(PcSampling::open(driver, &why), nullptr);
    EXPECT_NE(why.find("CUDA device"), std::string::npos) << why;
    EXPECT_EQ(PcSampling::open(driver, nullptr), nullptr); // no reason asked for: no crash
}

TEST(PcSampling, APeriodOutsideCuptisRangeIsRefusedByName)
{
    cuda::test::FakeDriver driver;
    std::string why;
    EXPECT_EQ(PcSampling::open(driver, &why, 4), nullptr);
    EXPECT_NE(why.find("2^5 to 2^31"), std::string::npos) << why;
    EXPECT_EQ(PcSampling::open(driver, &why, 32), nullptr);
    EXPECT_NE(why.find("not 2^32"), std::string::npos) << why;
}

TEST(PcSampling, StallNamesLoseCuptisPrefixOnly)
{
    EXPECT_EQ(stallShortName("smsp__pcsamp_warps_issue_stalled_long_scoreboard"),
              "long_scoreboard");
    EXPECT_EQ(stallShortName("smsp__pcsamp_warps_issue_stalled_long_scoreboard_not_issued"),
              "long_scoreboard_not_issued");
    EXPECT_EQ(stallShortName("smsp__pcsamp_sample_count"), "sample_count");
    EXPECT_EQ(stallShortName("something_else"), "something_else");
    EXPECT_EQ(stallShortName(""), "");
}

TEST(PcSampling, SampleTotalsSumEveryFunctionAndPc)
{
    StallsPerPc s;
    s.functions["a"][0x10].samples = 5;
    s.functions["a"][0x20].samples = 7;
    s.functions["b"][0x10].samples = 1;
    EXPECT_EQ(s.pcSamples(), 13u);
    EXPECT_EQ(StallsPerPc{}.pcSamples(), 0u);
}

PcStalls stalls(std::map<std::string, std::uint64_t> reasons)
{
    PcStalls s;
    for (const auto &[reason, n] : reasons)
        s.samples += n;
    s.reasons = std::move(reasons);
    return s;
}

TEST(PcStallCosts, WaitsForMemoryAreChargedToTheLoadWaitedFor)
{
    // 0x00 sets barrier 0 (a load), 0x10 barrier 1, 0x20 waits on 0, 0x30 waits on both, 0x40
    // waits on barrier 2 that only 0x50 (after it, round the loop) sets.
    std::vector<SassControl> c(6);
    c[0].writeBarrier = 0;
    c[1].writeBarrier = 1;
    c[2].waitMask = 0b1;
    c[3].waitMask = 0b11;
    c[4].waitMask = 0b100;
    c[5].writeBarrier = 2;
    PcStalls both = stalls({{"long_scoreboard", 7}, {"selected", 1}});
    both.notIssued["long_scoreboard"] = 3;
    const StallsOfFunction in{{0x20, stalls({{"long_scoreboard", 10}, {"math_pipe_throttle", 2}})},
                              {0x30, both},
                              {0x40, stalls({{"long_scoreboard", 5}})},
                              {0x10, stalls({{"short_scoreboard", 4}})}};
    const StallsOfFunction out = chargeLoadWaits(in, c);
    // 0x20's 10 to 0x00; 0x30's 7 split 4 / 3 between 0x00 and 0x10; 0x40's 5 to 0x50.
    EXPECT_EQ(out.at(0x00).reasons.at("long_scoreboard"), 14u);
    EXPECT_EQ(out.at(0x00).samples, 14u);
    EXPECT_EQ(out.at(0x00).notIssued.at("long_scoreboard"), 2u);
    EXPECT_EQ(out.at(0x10).reasons.at("long_scoreboard"), 3u);
    EXPECT_EQ(out.at(0x10).reasons.at("short_scoreboard"), 4u); // other reasons stay
    EXPECT_EQ(out.at(0x10).samples, 7u);
    EXPECT_EQ(out.at(0x20).samples, 2u);
    EXPECT_FALSE(out.at(0x20).reasons.count("long_scoreboard"));
    EXPECT_EQ(out.at(0x30).samples, 1u);
    EXPECT_FALSE(out.at(0x30).notIssued.count("long_scoreboard"));
    EXPECT_FALSE(out.count(0x40)); // nothing left there
    EXPECT_EQ(out.at(0x50).reasons.at("long_scoreboard"), 5u);
    std::uint64_t before = 0, after = 0;
    for (const auto &[pc, s] : in)
        before += s.samples;
    for (const auto &[pc, s] : out)
        after += s.samples;
    EXPECT_EQ(after, before);
    // A wait that names no barrier any instruction sets, and PCs past the code, stay.
    std::vector<SassControl> none(2);
    none[1].waitMask = 0b1000;
    const StallsOfFunction kept{{0x10, stalls({{"long_scoreboard", 3}})}, {0x90, stalls({{"long_scoreboard", 1}})}};
    EXPECT_EQ(chargeLoadWaits(kept, none).at(0x10).samples, 3u);
    EXPECT_EQ(chargeLoadWaits(kept, none).at(0x90).samples, 1u);
}

TEST(PcStallCosts, SamplesFoldIntoLinesWithTheirDominantReason)
{
    const std::string py = "/k/kernel.py";
    auto at
        = [&](std::uint32_t pc, std::string file, int line, std::vector<SourceLocation> via = {}) {
              return SassLine{pc, std::move(file), line, std::move(via)};
          };
    const std::vector<SassLine> lines{
        at(0x00, "/k/kernel.cu", 5),                         // prologue: line 0
        at(0x10, py, 3),                                     // load
        at(0x20, "/k/tilesmith_device.cuh", 292, {{py, 4}}), // exp, inlined into line 4
        at(0x30, "/k/tilesmith_device.cuh", 292, {{py, 4}}),
        at(0x40, py, 3),
        at(0x50, py, 6), // after the kernel's last line: line 0
    };
    const StallsOfFunction samples{
        {0x00, stalls({{"no_instructions", 10}})},
        {0x10, stalls({{"long_scoreboard", 300}, {"selected", 20}})},
        {0x20, stalls({{"math_pipe_throttle", 40}, {"selected", 30}})},
        {0x30, stalls({{"selected", 30}, {"short_scoreboard", 50}})},
        {0x40, stalls({{"lg_throttle", 100}})},
        {0x50, stalls({{"barrier", 5}})},
        {0x90, stalls({{"wait", 15}})}, // a PC that is not among the instructions
    };
    const auto costs = stallCosts(lines, py, samples, {2, 5});
    ASSERT_EQ(costs.size(), 3u);
    // Line 0 gathers the prologue, the line after the kernel and the unknown PC.
    EXPECT_EQ(costs[0].line, 0);
    EXPECT_EQ(costs[0].instructions, 2);
    EXPECT_DOUBLE_EQ(costs[0].stallSamples, 10 + 5 + 15);
    EXPECT_EQ(costs[0].topStall, "wait");
    EXPECT_EQ(costs[1].line, 3);
    EXPECT_EQ(costs[1].instructions, 2);
    EXPECT_DOUBLE_EQ(costs[1].stallSamples, 420);
    EXPECT_EQ(costs[1].topStall, "long_scoreboard");
    EXPECT_DOUBLE_EQ(costs[1].share, 420.0 / 600);
    // Line 4: "selected" 60 over "short_scoreboard" 50 and "math_pipe_throttle" 40, summed
    // across its two instructions although neither PC has it as its own largest.
    EXPECT_EQ(costs[2].line, 4);
    EXPECT_DOUBLE_EQ(costs[2].stallSamples, 150);
    EXPECT_EQ(costs[2].topStall, "selected");
    EXPECT_DOUBLE_EQ(costs[2].share, 150.0 / 600);
    double shares = 0;
    for (const run::LineCost &c : costs) {
        shares += c.share;
        EXPECT_DOUBLE_EQ(c.executed, 0); // no counts given
    }
    EXPECT_DOUBLE_EQ(shares, 1.0);
}

TEST(PcStallCosts, LineZeroAppearsOnlyForSamplesThatNeedIt)
{
    const std::string py = "/k/kernel.py";
    const std::vector<SassLine> lines{{0x00, py, 3, {}}, {0x10, py, 4, {}}};
    // Every PC on a kernel line: no line-0 entry.
    auto costs = stallCosts(lines, py, {{0x10, stalls({{"long_scoreboard", 8}})}}, {2, 5});
    ASSERT_EQ(costs.size(), 2u);
    EXPECT_EQ(costs[0].line, 3);
    EXPECT_DOUBLE_EQ(costs[0].stallSamples, 0);
    EXPECT_EQ(costs[0].topStall, "");
    EXPECT_DOUBLE_EQ(costs[0].share, 0);
    EXPECT_DOUBLE_EQ(costs[1].share, 1);
    // A sampled PC past the code: a line-0 entry first, with no instructions.
    costs = stallCosts(lines, py, {{0x40, stalls({{"barrier", 2}})}}, {2, 5});
    ASSERT_EQ(costs.size(), 3u);
    EXPECT_EQ(costs[0].line, 0);
    EXPECT_EQ(costs[0].instructions, 0);
    EXPECT_EQ(costs[0].topStall, "barrier");
    EXPECT_DOUBLE_EQ(costs[0].share, 1);
    // Ties go to the first reason by name; no samples at all: shares of 0, not NaN.
    costs = stallCosts(lines, py, {{0x00, stalls({{"wait", 4}, {"barrier", 4}})}}, {2, 5});
    EXPECT_EQ(costs[0].topStall, "barrier");
    costs = stallCosts(lines, py, {}, {2, 5});
    ASSERT_EQ(costs.size(), 2u);
    EXPECT_DOUBLE_EQ(costs[0].share, 0);
    EXPECT_TRUE(stallCosts({}, py, {}).empty());
}

TEST(PcStallCosts, ExecutedCountsComeAlongWhenGiven)
{
    const std::string py = "/k/kernel.py";
    const std::vector<SassLine> lines{{0x00, py, 3, {}}, {0x10, py, 4, {}}};
    const std::map<std::uint32_t, double> executed{{0x00, 100}, {0x10, 300}};
    const auto costs
        = stallCosts(lines,
                     py,
                     {{0x00, stalls({{"selected", 9}})}, {0x10, stalls({{"wait", 1}})}},
                     {},
                     &executed);
    ASSERT_EQ(costs.size(), 2u);
    EXPECT_DOUBLE_EQ(costs[0].executed, 100);
    EXPECT_DOUBLE_EQ(costs[1].executed, 300);
    EXPECT_DOUBLE_EQ(costs[0].share, 0.9); // the share is of the samples
}

} // namespace
} // namespace tsm::profiler
