// The profiler attached to a run that has no GPU: the program still runs and passes, and one
// Profile event, just before Finished, says why there are no timings or counters.

#include "profiler/launch_profiler.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace tsm::profiler {
namespace {

const char kProgram[] = R"(import torch
import triton
import triton.language as tl


@triton.jit
def double_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, 2 * tl.load(x_ptr + offs, mask=mask), mask=mask)


DEVICE = triton.runtime.driver.active.get_active_torch_device()
x = torch.randn(100, device=DEVICE)
y = torch.empty_like(x)
double_kernel[(2,)](x, y, 100, BLOCK=64)
torch.testing.assert_close(y, 2 * x)
)";

TEST(LaunchProfiler, WithoutCudaTheReportSaysWhy)
{
    const std::filesystem::path file = testing::TempDir() + "profile_double.py";
    std::ofstream(file) << kProgram;
    ProfileOptions po;
    po.metrics = "roofline";
    LaunchProfiler profiler(po);
    run::RunOptions o;
    o.backend = "interp";
    o.profiler = &profiler;
    run::Runner runner(o);
    std::vector<run::RunEvent> events;
    const int code = runner.run(file.string(), [&](const run::RunEvent &e) { events.push_back(e); });
    EXPECT_EQ(code, 0);
    ASSERT_GE(events.size(), 2u);
    const run::RunEvent &profile = events[events.size() - 2];
    ASSERT_EQ(profile.kind, run::RunEvent::Kind::Profile);
    ASSERT_TRUE(profile.profile);
    EXPECT_FALSE(profile.profile->countersAvailable);
    EXPECT_NE(profile.profile->countersNote.find("needs the CUDA backend"), std::string::npos)
        << profile.profile->countersNote;
    EXPECT_EQ(profile.profile->metricSet, "roofline");
    EXPECT_TRUE(profile.profile->kernels.empty());
    EXPECT_EQ(events.back().kind, run::RunEvent::Kind::Finished);
    std::filesystem::remove(file);
}

TEST(LaunchProfiler, StallSamplingOnTheInterpreterSaysWhyToo)
{
    const std::filesystem::path file = testing::TempDir() + "profile_double_stalls.py";
    std::ofstream(file) << kProgram;
    ProfileOptions po;
    po.stallSamples = true;
    LaunchProfiler profiler(po);
    run::RunOptions o;
    o.backend = "interp";
    o.profiler = &profiler;
    run::Runner runner(o);
    std::optional<run::ProfileReport> report;
    EXPECT_EQ(runner.run(file.string(),
                         [&](const run::RunEvent &e) {
                             if (e.profile)
                                 report = e.profile;
                         }),
              0);
    ASSERT_TRUE(report);
    EXPECT_FALSE(report->countersAvailable);
    EXPECT_NE(report->countersNote.find("needs the CUDA backend"), std::string::npos);
    std::filesystem::remove(file);
}

} // namespace
} // namespace tsm::profiler
