#include "core/cuda/bandwidth.h"

#include "core/cuda/nvrtc_compiler.h"

#include <gtest/gtest.h>

using namespace tsm::cuda;

TEST(CudaBandwidth, CopyKernelsCompileForSm80AndSm90WithoutSpills)
{
    for (const char *arch : {"sm_80", "sm_90"}) {
        CompileOptions o;
        o.arch = arch;
        o.cacheDir = "-";
        o.lineInfo = false;
        const CompileResult r = compileCuda(copyKernelSource(), "/tilesmith/copy_bandwidth.cu", o);
        ASSERT_TRUE(r.ok) << arch << "\n" << r.log;
        EXPECT_FALSE(r.cubin.empty());
        EXPECT_NE(r.ptx.find(".entry tsm_copy_f4("), std::string::npos);
        EXPECT_NE(r.ptx.find(".entry tsm_copy_blocked("), std::string::npos);
        // 16-byte vector accesses: the point of a float4 copy.
        EXPECT_NE(r.ptx.find("ld.global.nc.v4.f32"), std::string::npos) << r.ptx;
        EXPECT_NE(r.ptx.find("st.global.v4.f32"), std::string::npos);
        EXPECT_TRUE(r.resources.parsed);
        EXPECT_EQ(r.resources.spillStoreBytes, 0);
    }
}

TEST(CudaBandwidth, CountsBytesReadAndWritten)
{
    // 1 GB copied in 1 ms: 1 GB read + 1 GB written = 2000 GB/s.
    EXPECT_DOUBLE_EQ(copyGBs(1000000000, 1.0), 2000.0);
    EXPECT_EQ(copyGBs(1000, 0.0), 0.0);
}

TEST(CudaBandwidth, MedianOfSamples)
{
    EXPECT_EQ(medianOf({}), 0.0);
    EXPECT_EQ(medianOf({3.0, 1.0, 2.0}), 2.0);
    EXPECT_EQ(medianOf({4.0, 1.0, 3.0, 2.0}), 2.5);
    EXPECT_EQ(medianOf({1.0, 100.0, 1.1}), 1.1); // an outlier does not move it
}
