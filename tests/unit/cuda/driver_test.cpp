#include "core/cuda/driver.h"

#include "core/cuda/driver_api.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

using namespace tsm::cuda;

namespace {
// The build machines have no NVIDIA driver; on a GPU machine these tests do not apply.
bool driverPresent()
{
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (lib)
        dlclose(lib);
    return lib != nullptr;
}
} // namespace

TEST(CudaDriver, OpenWithoutADriverExplainsWhy)
{
    if (driverPresent())
        GTEST_SKIP() << "libcuda.so.1 is present on this machine";
    std::string why;
    EXPECT_EQ(Driver::open(0, &why), nullptr);
    EXPECT_NE(why.find("libcuda.so.1"), std::string::npos) << why;
    EXPECT_NE(why.find("no NVIDIA driver"), std::string::npos) << why;
    // A null `why` is allowed.
    EXPECT_EQ(Driver::open(0, nullptr), nullptr);
}

TEST(CudaDriver, NoDevicesWithoutADriver)
{
    if (driverPresent())
        GTEST_SKIP() << "libcuda.so.1 is present on this machine";
    std::string why;
    EXPECT_EQ(Driver::deviceCount(&why), 0);
    EXPECT_NE(why.find("libcuda.so.1"), std::string::npos) << why;
    why.clear();
    EXPECT_TRUE(Driver::listDevices(&why).empty());
    EXPECT_FALSE(why.empty());
}

TEST(CudaDriver, StickyErrorsAreTheOnesThatLoseTheContext)
{
    for (CUresult r : {CUDA_ERROR_ILLEGAL_ADDRESS,
                       CUDA_ERROR_LAUNCH_FAILED,
                       CUDA_ERROR_ILLEGAL_INSTRUCTION,
                       CUDA_ERROR_MISALIGNED_ADDRESS,
                       CUDA_ERROR_HARDWARE_STACK_ERROR,
                       CUDA_ERROR_ASSERT,
                       CUDA_ERROR_LAUNCH_TIMEOUT,
                       CUDA_ERROR_INVALID_PC,
                       CUDA_ERROR_INVALID_ADDRESS_SPACE})
        EXPECT_TRUE(isStickyError(r)) << r;
    for (CUresult r : {CUDA_SUCCESS,
                       CUDA_ERROR_OUT_OF_MEMORY,
                       CUDA_ERROR_INVALID_VALUE,
                       CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES,
                       CUDA_ERROR_NOT_FOUND,
                       CUDA_ERROR_INVALID_IMAGE})
        EXPECT_FALSE(isStickyError(r)) << r;
}

TEST(CudaDriver, VersionsReadAsCudaReleases)
{
    EXPECT_EQ(cudaVersionText(13000), "13.0");
    EXPECT_EQ(cudaVersionText(12040), "12.4");
    EXPECT_EQ(cudaVersionText(12080), "12.8");
}

TEST(CudaDriver, ArchOfADevice)
{
    DeviceInfo d;
    d.ccMajor = 9;
    d.ccMinor = 0;
    EXPECT_EQ(d.arch(), "sm_90");
    d.ccMajor = 8;
    d.ccMinor = 6;
    EXPECT_EQ(d.arch(), "sm_86");
}
