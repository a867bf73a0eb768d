// DriverImpl over a fake driver API (plain functions with the PFN signatures), so that the
// runtime's rules (sticky errors, the allocator, launch checks, module errors) are tested on
// machines without a GPU.

#include "core/cuda/driver_impl.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace tsm::cuda;

namespace {

struct Fake
{
    CUresult launchResult = CUDA_SUCCESS;
    CUresult syncResult = CUDA_SUCCESS;
    CUresult loadResult = CUDA_SUCCESS;
    const char *loadLog = "";
    std::size_t memoryLeft = 1 << 30;
    int launches = 0, allocs = 0, frees = 0, copies = 0, setAttributes = 0, ctxReleases = 0;
    unsigned lastGridX = 0, lastShared = 0;
    std::string lastImage;
    CUdeviceptr next = 0x10000;
};
Fake fake;

CUcontext fakeContext()
{
    return reinterpret_cast<CUcontext>(std::uintptr_t(0x100));
}

CUresult CUDAAPI errorName(CUresult r, const char **s)
{
    *s = r == CUDA_ERROR_ILLEGAL_ADDRESS           ? "CUDA_ERROR_ILLEGAL_ADDRESS"
         : r == CUDA_ERROR_OUT_OF_MEMORY           ? "CUDA_ERROR_OUT_OF_MEMORY"
         : r == CUDA_ERROR_INVALID_PTX             ? "CUDA_ERROR_INVALID_PTX"
         : r == CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES ? "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"
                                                   : "CUDA_ERROR_UNKNOWN";
    return CUDA_SUCCESS;
}
CUresult CUDAAPI errorString(CUresult r, const char **s)
{
    *s = r == CUDA_ERROR_ILLEGAL_ADDRESS ? "an illegal memory access was encountered"
         : r == CUDA_ERROR_OUT_OF_MEMORY ? "out of memory"
                                         : "some error";
    return CUDA_SUCCESS;
}
CUresult CUDAAPI setCurrent(CUcontext)
{
    return CUDA_SUCCESS;
}
CUresult CUDAAPI ctxRelease(CUdevice)
{
    return ++fake.ctxReleases, CUDA_SUCCESS;
}
CUresult CUDAAPI ctxSync()
{
    return fake.syncResult;
}
CUresult CUDAAPI memAlloc(CUdeviceptr *p, std::size_t n)
{
    if (n > fake.memoryLeft)
        return CUDA_ERROR_OUT_OF_MEMORY;
    fake.memoryLeft -= n;
    ++fake.allocs;
    *p = fake.next;
    fake.next += n;
    return CUDA_SUCCESS;
}
CUresult CUDAAPI memFree(CUdeviceptr)
{
    return ++fake.frees, CUDA_SUCCESS;
}
CUresult CUDAAPI memcpyDtoH(void *, CUdeviceptr, std::size_t)
{
    return ++fake.copies, fake.syncResult;
}
CUresult CUDAAPI launchKernel(CUfunction,
                              unsigned gx,
                              unsigned,
                              unsigned,
                              unsigned,
                              unsigned,
                              unsigned,
                              unsigned shared,
                              CUstream,
                              void **,
                              void **)
{
    ++fake.launches;
    fake.lastGridX = gx;
    fake.lastShared = shared;
    return fake.launchResult;
}
CUresult CUDAAPI
loadModule(CUmodule *m, const void *image, unsigned n, CUjit_option *opts, void **vals)
{
    fake.lastImage = static_cast<const char *>(image); // PTX must arrive NUL-terminated
    if (fake.loadResult != CUDA_SUCCESS) {
        for (unsigned i = 0; i < n; ++i)
            if (opts[i] == CU_JIT_ERROR_LOG_BUFFER)
                std::strcpy(static_cast<char *>(vals[i]), fake.loadLog);
        return fake.loadResult;
    }
    *m = reinterpret_cast<CUmodule>(std::uintptr_t(0x200));
    return CUDA_SUCCESS;
}
CUresult CUDAAPI unloadModule(CUmodule)
{
    return CUDA_SUCCESS;
}
CUresult CUDAAPI getFunction(CUfunction *f, CUmodule, const char *name)
{
    if (std::string(name) != "k")
        return CUDA_ERROR_NOT_FOUND;
    *f = reinterpret_cast<CUfunction>(std::uintptr_t(0x300));
    return CUDA_SUCCESS;
}
CUresult CUDAAPI setAttribute(CUfunction, CUfunction_attribute, int)
{
    return ++fake.setAttributes, CUDA_SUCCESS;
}
CUresult CUDAAPI getAttribute(int *v, CUfunction_attribute a, CUfunction)
{
    *v = a == CU_FUNC_ATTRIBUTE_NUM_REGS ? 32 : 0;
    return CUDA_SUCCESS;
}

DriverApi fakeApi()
{
    DriverApi a;
    a.driverVersion = 13000;
    a.getErrorName = errorName;
    a.getErrorString = errorString;
    a.ctxSetCurrent = setCurrent;
    a.primaryCtxRelease = ctxRelease;
    a.ctxSynchronize = ctxSync;
    a.memAlloc = memAlloc;
    a.memFree = memFree;
    a.memcpyDtoH = memcpyDtoH;
    a.launchKernel = launchKernel;
    a.moduleLoadDataEx = loadModule;
    a.moduleUnload = unloadModule;
    a.moduleGetFunction = getFunction;
    a.funcSetAttribute = setAttribute;
    a.funcGetAttribute = getAttribute;
    return a;
}

class CudaDriverImpl : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fake = Fake();
        api = fakeApi();
        DeviceInfo info;
        info.name = "Fake GPU";
        driver = std::make_shared<DriverImpl>(api, 0, fakeContext(), info);
    }
    std::shared_ptr<Function> kernel()
    {
        const std::string ptx = ".version 9.0\n.target sm_90\n";
        DriverStatus s;
        auto module = driver->loadModule(std::span<const char>(ptx.data(), ptx.size()), &s);
        EXPECT_TRUE(module) << s.message;
        auto fn = module ? module->function("k", &s) : nullptr;
        EXPECT_TRUE(fn) << s.message;
        return fn;
    }

    DriverApi api;
    std::shared_ptr<DriverImpl> driver;
};

} // namespace

TEST_F(CudaDriverImpl, StickyErrorLosesTheContextForEveryLaterCall)
{
    auto fn = kernel();
    ASSERT_TRUE(fn);
    EXPECT_TRUE(driver->launch(*fn, 4, 1, 1, 128, 0, nullptr));
    fake.syncResult = CUDA_ERROR_ILLEGAL_ADDRESS;
    const DriverStatus s = driver->synchronize();
    EXPECT_FALSE(s);
    EXPECT_TRUE(s.sticky);
    EXPECT_NE(
        s.message.find("an illegal memory access was encountered (CUDA_ERROR_ILLEGAL_ADDRESS)"),
        std::string::npos)
        << s.message;
    EXPECT_EQ(driver->lostContext(),
              "the CUDA context was lost after an illegal memory access was encountered "
              "(CUDA_ERROR_ILLEGAL_ADDRESS) in an earlier launch; restart the process");

    fake.syncResult = CUDA_SUCCESS; // the driver is never asked again
    float out = 0;
    const DriverStatus later = driver->copyToHost(&out, 0x10000, 4);
    EXPECT_FALSE(later);
    EXPECT_TRUE(later.sticky);
    EXPECT_EQ(later.message, driver->lostContext());
    EXPECT_EQ(fake.copies, 0);
    EXPECT_FALSE(driver->launch(*fn, 4, 1, 1, 128, 0, nullptr));
    EXPECT_EQ(fake.launches, 1);
    DriverStatus allocStatus;
    EXPECT_EQ(driver->allocate(64, &allocStatus), 0u);
    EXPECT_TRUE(allocStatus.sticky);
}

TEST_F(CudaDriverImpl, OrdinaryErrorsKeepTheContext)
{
    auto fn = kernel();
    ASSERT_TRUE(fn);
    fake.launchResult = CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
    const DriverStatus s = driver->launch(*fn, 4, 1, 1, 1024, 0, nullptr);
    EXPECT_FALSE(s);
    EXPECT_FALSE(s.sticky);
    EXPECT_NE(s.message.find("launching kernel 'k'"), std::string::npos) << s.message;
    EXPECT_TRUE(driver->lostContext().empty());
    fake.launchResult = CUDA_SUCCESS;
    EXPECT_TRUE(driver->launch(*fn, 4, 1, 1, 128, 0, nullptr));
}

TEST_F(CudaDriverImpl, LaunchChecksGridAndBlockBeforeCallingTheDriver)
{
    auto fn = kernel();
    ASSERT_TRUE(fn);
    EXPECT_FALSE(driver->launch(*fn, 0, 1, 1, 128, 0, nullptr));
    EXPECT_FALSE(driver->launch(*fn, std::int64_t(1) << 31, 1, 1, 128, 0, nullptr));
    const DriverStatus y = driver->launch(*fn, 1, 70000, 1, 128, 0, nullptr);
    EXPECT_NE(y.message.find("outside the GPU's limits"), std::string::npos) << y.message;
    EXPECT_FALSE(driver->launch(*fn, 1, 1, 1, 2048, 0, nullptr));
    EXPECT_EQ(fake.launches, 0);
    EXPECT_TRUE(driver->launch(*fn, (std::int64_t(1) << 31) - 1, 1, 1, 128, 0, nullptr));
    EXPECT_EQ(fake.lastGridX, 0x7fffffffu);
}

TEST_F(CudaDriverImpl, LargeDynamicSharedMemoryRaisesTheKernelLimitOnce)
{
    auto fn = kernel();
    ASSERT_TRUE(fn);
    EXPECT_TRUE(driver->launch(*fn, 1, 1, 1, 128, 16 * 1024, nullptr));
    EXPECT_EQ(fake.setAttributes, 0);
    EXPECT_TRUE(driver->launch(*fn, 1, 1, 1, 128, 100 * 1024, nullptr));
    EXPECT_TRUE(driver->launch(*fn, 1, 1, 1, 128, 100 * 1024, nullptr));
    EXPECT_EQ(fake.setAttributes, 1);
    EXPECT_EQ(fake.lastShared, 100u * 1024);
}

TEST_F(CudaDriverImpl, AllocationsAreCachedAndOutOfMemoryIsExplained)
{
    DriverStatus s;
    const DevicePtr a = driver->allocate(1000, &s);
    ASSERT_TRUE(s);
    driver->release(a, 1000);
    EXPECT_EQ(driver->allocate(1000, &s), a);
    EXPECT_EQ(fake.allocs, 1);
    EXPECT_EQ(driver->allocate(std::size_t(2) << 30, &s), 0u);
    EXPECT_FALSE(s);
    EXPECT_FALSE(s.sticky);
    EXPECT_NE(s.message.find("out of memory (CUDA_ERROR_OUT_OF_MEMORY)"), std::string::npos)
        << s.message;
}

TEST_F(CudaDriverImpl, ModuleErrorsCarryTheJitLog)
{
    fake.loadResult = CUDA_ERROR_INVALID_PTX;
    fake.loadLog = "ptxas fatal   : Unresolved extern function 'foo'";
    const std::string ptx = ".version 9.0";
    DriverStatus s;
    EXPECT_EQ(driver->loadModule(std::span<const char>(ptx.data(), ptx.size()), &s), nullptr);
    EXPECT_EQ(fake.lastImage, ptx); // copied with a terminating NUL
    EXPECT_NE(s.message.find("Unresolved extern function 'foo'"), std::string::npos) << s.message;
}

TEST_F(CudaDriverImpl, MissingKernelIsNamed)
{
    const std::string ptx = ".version 9.0";
    DriverStatus s;
    auto module = driver->loadModule(std::span<const char>(ptx.data(), ptx.size()), &s);
    ASSERT_TRUE(module);
    EXPECT_EQ(module->function("swish", &s), nullptr);
    EXPECT_EQ(s.message, "the compiled module has no kernel named 'swish'");
    auto fn = module->function("k", &s);
    ASSERT_TRUE(fn);
    EXPECT_EQ(fn->attributes().registers, 32);
}

TEST_F(CudaDriverImpl, DestructionFreesMemoryAndReleasesTheContext)
{
    DriverStatus s;
    const DevicePtr a = driver->allocate(1000, &s);
    driver->allocate(5000, &s);
    driver->release(a, 1000);
    driver.reset();
    EXPECT_EQ(fake.frees, 2);
    EXPECT_EQ(fake.ctxReleases, 1);
}
