// loadDriverApi over a fake cuGetProcAddress: which versions each entry point is requested
// at (the ABI pins of CUDA.md §4) and what the user is told when the driver does not fit.

#include "core/cuda/driver_api.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace tsm::cuda;

namespace {

struct FakeDriver
{
    int version = 13000;
    CUresult initResult = CUDA_SUCCESS;
    std::set<std::pair<std::string, int>> absent;
    std::map<std::string, int> requested; ///< name -> the last version asked for
};
FakeDriver drv;

CUresult CUDAAPI fakeVersion(int *v)
{
    *v = drv.version;
    return CUDA_SUCCESS;
}
CUresult CUDAAPI fakeInit(unsigned)
{
    return drv.initResult;
}
CUresult CUDAAPI fakeErrorText(CUresult, const char **s)
{
    *s = "no CUDA-capable device is detected";
    return CUDA_SUCCESS;
}
CUresult CUDAAPI fakeOther()
{
    return CUDA_SUCCESS;
}

CUresult CUDAAPI fakeGetProcAddress(
    const char *name, void **pfn, int version, cuuint64_t, CUdriverProcAddressQueryResult *found)
{
    drv.requested[name] = version;
    *pfn = nullptr;
    *found = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    if (drv.absent.count({name, version}))
        return CUDA_SUCCESS; // what the driver does for an unknown symbol
    const std::string n = name;
    *pfn = n == "cuDriverGetVersion" ? reinterpret_cast<void *>(&fakeVersion)
           : n == "cuInit"           ? reinterpret_cast<void *>(&fakeInit)
           : n == "cuGetErrorName" || n == "cuGetErrorString"
               ? reinterpret_cast<void *>(&fakeErrorText)
               : reinterpret_cast<void *>(&fakeOther);
    *found = CU_GET_PROC_ADDRESS_SUCCESS;
    return CUDA_SUCCESS;
}

class CudaDriverApi : public ::testing::Test
{
protected:
    void SetUp() override { drv = FakeDriver(); }
};

} // namespace

TEST_F(CudaDriverApi, EveryEntryPointIsFetchedAtItsTypedefVersion)
{
    DriverApi api;
    std::string why;
    ASSERT_TRUE(loadDriverApi(&fakeGetProcAddress, api, &why)) << why;
    EXPECT_EQ(api.driverVersion, 13000);
    // The ABI traps: asking at 13000 would return different signatures for these.
    EXPECT_EQ(drv.requested["cuCtxSynchronize"], 2000);
    EXPECT_EQ(drv.requested["cuEventElapsedTime"], 12080);
    EXPECT_EQ(drv.requested["cuMemAlloc"], 3020);
    EXPECT_EQ(drv.requested["cuMemcpyDtoH"], 3020);
    EXPECT_EQ(drv.requested["cuDeviceTotalMem"], 3020);
    EXPECT_EQ(drv.requested["cuDevicePrimaryCtxRelease"], 11000);
    EXPECT_EQ(drv.requested["cuModuleLoadDataEx"], 2010);
    EXPECT_EQ(drv.requested["cuLaunchKernel"], 4000);
    EXPECT_TRUE(api.ctxSynchronize);
    EXPECT_FALSE(api.ctxSynchronizeCtx);
    EXPECT_TRUE(api.eventDestroy);
}

TEST_F(CudaDriverApi, ContextSynchronizeFallsBackToTheCuda13Form)
{
    drv.absent.insert({"cuCtxSynchronize", 2000});
    DriverApi api;
    std::string why;
    ASSERT_TRUE(loadDriverApi(&fakeGetProcAddress, api, &why)) << why;
    EXPECT_FALSE(api.ctxSynchronize);
    EXPECT_TRUE(api.ctxSynchronizeCtx);
    EXPECT_EQ(drv.requested["cuCtxSynchronize"], 13000);
}

TEST_F(CudaDriverApi, OldDriverIsRefusedWithItsVersion)
{
    drv.version = 12040;
    DriverApi api;
    std::string why;
    EXPECT_FALSE(loadDriverApi(&fakeGetProcAddress, api, &why));
    EXPECT_NE(why.find("supports CUDA 12.4, older than the CUDA 13.0"), std::string::npos) << why;
}

TEST_F(CudaDriverApi, MissingEntryPointIsNamed)
{
    drv.absent.insert({"cuLaunchKernel", 4000});
    DriverApi api;
    std::string why;
    EXPECT_FALSE(loadDriverApi(&fakeGetProcAddress, api, &why));
    EXPECT_EQ(why, "the NVIDIA driver (CUDA 13.0) does not provide cuLaunchKernel at version 4000");
}

TEST_F(CudaDriverApi, NoDeviceAtInit)
{
    drv.initResult = CUDA_ERROR_NO_DEVICE;
    DriverApi api;
    std::string why;
    EXPECT_FALSE(loadDriverApi(&fakeGetProcAddress, api, &why));
    EXPECT_EQ(why, "the NVIDIA driver found no CUDA device");
    drv.initResult = CUDA_ERROR_INVALID_DEVICE;
    EXPECT_FALSE(loadDriverApi(&fakeGetProcAddress, api, &why));
    EXPECT_EQ(why.rfind("cuInit failed: ", 0), 0u) << why;
}

TEST_F(CudaDriverApi, StreamAndGraphEntryPointsArePinned)
{
    DriverApi api;
    std::string why;
    ASSERT_TRUE(loadDriverApi(&fakeGetProcAddress, api, &why)) << why;
    // _v2 forms where cuda.h maps to them (cuStreamDestroy_v2, cuStreamBeginCapture_v2 with
    // its capture mode), the WithFlags form of cuGraphInstantiate.
    EXPECT_EQ(drv.requested["cuStreamCreate"], 2000);
    EXPECT_EQ(drv.requested["cuStreamDestroy"], 4000);
    EXPECT_EQ(drv.requested["cuStreamBeginCapture"], 10010);
    EXPECT_EQ(drv.requested["cuStreamEndCapture"], 10000);
    EXPECT_EQ(drv.requested["cuGraphInstantiateWithFlags"], 11040);
    EXPECT_EQ(drv.requested["cuGraphLaunch"], 10000);
    EXPECT_EQ(drv.requested["cuGraphExecDestroy"], 10000);
    EXPECT_EQ(drv.requested["cuGraphDestroy"], 10000);
    EXPECT_EQ(drv.requested["cuMemsetD8Async"], 3020);
    EXPECT_EQ(drv.requested["cuTensorMapEncodeTiled"], 12000); // TMA tensor maps
    EXPECT_TRUE(api.streamBeginCapture);
    EXPECT_TRUE(api.graphInstantiate);
    EXPECT_TRUE(api.memsetD8Async);
}

TEST_F(CudaDriverApi, MissingGraphEntryPointIsNamed)
{
    drv.absent.insert({"cuStreamBeginCapture", 10010});
    DriverApi api;
    std::string why;
    EXPECT_FALSE(loadDriverApi(&fakeGetProcAddress, api, &why));
    EXPECT_EQ(why,
              "the NVIDIA driver (CUDA 13.0) does not provide cuStreamBeginCapture at version "
              "10010");
}
