#include "core/cuda/nvrtc_compiler.h"

#include <gtest/gtest.h>

using namespace tsm::cuda;

namespace {
// Captured from NVRTC 13.0 on the build machine: two kernels for sm_80 with -maxrregcount=16
// (raised to 24 by ptxas), one of which spills; and a shared-memory kernel for sm_90.
constexpr const char *kSpillingLog
    = "ptxas warning : For profile sm_80 adjusting per thread register count of 16 to lower bound "
      "of 24\n"
      "ptxas info    : Overriding maximum register limit 256 for 'c' with  24 of maxrregcount "
      "option\n"
      "ptxas info    : Overriding maximum register limit 256 for 'k' with  24 of maxrregcount "
      "option\n"
      "ptxas info    : 0 bytes gmem, 380 bytes cmem[3]\n"
      "ptxas info    : Compiling entry function 'c' for 'sm_80'\n"
      "ptxas info    : Function properties for c\n"
      "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 10 registers, used 0 barriers, 360 bytes cmem[0]\n"
      "ptxas info    : Compile time = 6.518 ms\n"
      "ptxas info    : Compiling entry function 'k' for 'sm_80'\n"
      "ptxas info    : Function properties for k\n"
      "ptxas         .     2848 bytes stack frame, 3596 bytes spill stores, 4040 bytes spill "
      "loads\n"
      "ptxas info    : Used 24 registers, used 0 barriers, 2848 bytes cumulative stack size, 372 "
      "bytes cmem[0]\n"
      "ptxas info    : Compile time = 365.227 ms\n";

constexpr const char *kSharedLog
    = "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
      "ptxas info    : Function properties for k\n"
      "ptxas         .     400 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 40 registers, used 1 barriers, 400 bytes cumulative stack size, 256 "
      "bytes smem\n"
      "ptxas info    : Compile time = 36.069 ms\n";
} // namespace

TEST(CudaResourceReport, ReadsRegistersStackAndSpillsOfTheLargestKernel)
{
    const ResourceReport r = parseResourceReport(kSpillingLog);
    EXPECT_TRUE(r.parsed);
    EXPECT_EQ(r.registers, 24);
    EXPECT_EQ(r.stackBytes, 2848);
    EXPECT_EQ(r.spillStoreBytes, 3596);
    EXPECT_EQ(r.spillLoadBytes, 4040);
    EXPECT_EQ(r.constBytes, 372);
    EXPECT_EQ(r.barriers, 0);
    EXPECT_EQ(r.sharedBytes, 0);
}

TEST(CudaResourceReport, ReadsSharedMemoryAndBarriers)
{
    const ResourceReport r = parseResourceReport(kSharedLog);
    EXPECT_TRUE(r.parsed);
    EXPECT_EQ(r.registers, 40);
    EXPECT_EQ(r.barriers, 1);
    EXPECT_EQ(r.sharedBytes, 256);
    EXPECT_EQ(r.stackBytes, 400);
    EXPECT_EQ(r.spillStoreBytes, 0);
}

TEST(CudaResourceReport, ALogWithoutAReportIsNotParsed)
{
    EXPECT_FALSE(parseResourceReport("").parsed);
    EXPECT_FALSE(parseResourceReport("ptxas info    : 0 bytes gmem\nsome other text\n").parsed);
    // A line that mentions registers without a number is not a report.
    EXPECT_FALSE(parseResourceReport("ptxas info    : Used registers, used 0 barriers\n").parsed);
}
