// do_bench's note on how the host kept pace with the GPU (core/host/triton_testing.h), with the
// pace the H200 showed (bench/results/2026-11-30-l2-clear-kernels.txt): a host that fills the
// launch queue waits at the GPU's pace and is not host-bound; one slower than the GPU's work per
// call is.

#include "core/host/triton_testing.h"

#include <gtest/gtest.h>

using tsm::host::hostPaceNote;

TEST(HostPaceNote, KeepingUpIsNotHostBound)
{
    EXPECT_EQ(hostPaceNote(25, 59, 6), "; host 25 \u00b5s per call, L2 clear 59 \u00b5s on the GPU");
    // 2^24 elements: the queue is full, so the host waits as long as the GPU works per call.
    EXPECT_EQ(hostPaceNote(100, 63, 37).find("host-bound"), std::string::npos);
}

TEST(HostPaceNote, SlowerThanTheGpuIsHostBound)
{
    const std::string note = hostPaceNote(150, 60, 6);
    EXPECT_EQ(note.rfind("; host 150 \u00b5s per call, L2 clear 60 \u00b5s on the GPU (host-bound: ", 0), 0u)
        << note;
}
