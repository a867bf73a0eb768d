// Capturing the GPU's printf output for tl.device_print (core/cuda/printf_capture.h).

#include "core/cuda/printf_capture.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <unistd.h>

namespace tsm::cuda {
namespace {

TEST(CudaPrintfCapture, TakesWhatFileDescriptorOneReceives)
{
    StdoutCapture capture;
    std::printf("pid (0, 0, 0) idx (1) x: 2\n"); // stdio, flushed by finish()
    const char raw[] = "pid (1, 0, 0) idx (0) x: 3\n";
    ASSERT_EQ(write(1, raw, sizeof raw - 1), ssize_t(sizeof raw - 1)); // as the driver writes
    const std::string text = capture.finish();
    EXPECT_NE(text.find("pid (0, 0, 0) idx (1) x: 2\n"), std::string::npos) << text;
    EXPECT_NE(text.find("pid (1, 0, 0) idx (0) x: 3\n"), std::string::npos) << text;
    EXPECT_EQ(capture.finish(), ""); // once only; stdout is back
}

TEST(CudaPrintfCapture, TakesWhatFileDescriptorTwoReceives)
{
    // Where the CUDA runtime reports a failed device assert.
    OutputCapture capture(2);
    std::fprintf(stderr, "k.py:3: k: block: [0,0,0], thread: [1,0,0] Assertion `m` failed.\n");
    const char raw[] = "second line\n";
    ASSERT_EQ(write(2, raw, sizeof raw - 1), ssize_t(sizeof raw - 1));
    EXPECT_EQ(capture.finish(), "k.py:3: k: block: [0,0,0], thread: [1,0,0] Assertion `m` failed.\n"
                                "second line\n");
    EXPECT_EQ(capture.finish(), "");
}

TEST(CudaPrintfCapture, GroupsByProgramInTheInterpretersOrder)
{
    const std::string gpu = "pid (1, 0, 0) idx (  1) x: 11\n"
                            "pid (0, 1, 0) idx (  0) x: 20\n"
                            "pid (0, 0, 0) idx (  1) x: 1\n"
                            "pid (1, 0, 0) idx (  0) x: 10\n"
                            "pid (0, 0, 0) idx (  0) x: 0\n";
    const auto groups = groupByProgram(gpu);
    ASSERT_EQ(groups.size(), 3u);
    EXPECT_EQ(groups[0].first, (ProgramId{0, 0, 0}));
    EXPECT_EQ(groups[0].second, "pid (0, 0, 0) idx (  0) x: 0\npid (0, 0, 0) idx (  1) x: 1\n");
    EXPECT_EQ(groups[1].first, (ProgramId{1, 0, 0})); // x before y: programs run x fastest
    EXPECT_EQ(groups[1].second, "pid (1, 0, 0) idx (  0) x: 10\npid (1, 0, 0) idx (  1) x: 11\n");
    EXPECT_EQ(groups[2].first, (ProgramId{0, 1, 0}));
}

TEST(CudaPrintfCapture, StatementsKeepTheirOrderWithinAProgram)
{
    // Warp 1's first print can come after warp 0's second one on the GPU.
    const auto groups = groupByProgram("pid (0, 0, 0) idx (0) x: 0\n"
                                       "pid (0, 0, 0) idx () pid: 0\n"
                                       "pid (0, 0, 0) idx (40) x: 40\n");
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups[0].second,
              "pid (0, 0, 0) idx (0) x: 0\npid (0, 0, 0) idx (40) x: 40\n"
              "pid (0, 0, 0) idx () pid: 0\n");
}

TEST(CudaPrintfCapture, TwoDimensionalIndicesSortByRowThenColumn)
{
    const auto groups = groupByProgram("pid (0, 0, 0) idx (1, 0) v: b\n"
                                       "pid (0, 0, 0) idx (0, 1) v: a\n"
                                       "stray line\n");
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups[0].second,
              "pid (0, 0, 0) idx (0, 1) v: a\npid (0, 0, 0) idx (1, 0) v: b\nstray line\n");
}

} // namespace
} // namespace tsm::cuda
