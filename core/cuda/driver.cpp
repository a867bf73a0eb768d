// Driver::open / deviceCount / listDevices: the process's entry into the driver API. The
// DriverImpl for a device is shared while anyone holds it, since the primary context is one
// per device and process anyway.

#include "core/cuda/driver.h"

#include "core/cuda/driver_impl.h"

#include <map>
#include <mutex>

namespace tsm::cuda {

namespace {

void setWhy(std::string *why, std::string text)
{
    if (why)
        *why = std::move(text);
}

DeviceInfo queryDevice(const DriverApi &api, CUdevice dev, int ordinal)
{
    DeviceInfo info;
    info.ordinal = ordinal;
    info.driverVersion = api.driverVersion;
    char name[256] = {};
    if (api.deviceGetName(name, int(sizeof name) - 1, dev) == CUDA_SUCCESS)
        info.name = name;
    std::size_t total = 0;
    if (api.deviceTotalMem(&total, dev) == CUDA_SUCCESS)
        info.totalMemory = total;
    // An attribute a driver no longer reports (clock rates are deprecated) reads as 0.
    const auto attr = [&](CUdevice_attribute a, int &out) {
        int v = 0;
        if (api.deviceGetAttribute(&v, a, dev) == CUDA_SUCCESS)
            out = v;
    };
    attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, info.ccMajor);
    attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, info.ccMinor);
    attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, info.smCount);
    attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, info.l2Bytes);
    attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, info.sharedPerBlock);
    attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, info.sharedPerBlockOptin);
    attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, info.sharedPerSm);
    attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, info.registersPerSm);
    attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, info.registersPerBlock);
    attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, info.maxThreadsPerSm);
    attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE, info.clockKHz);
    attr(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, info.memoryClockKHz);
    attr(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, info.memoryBusWidthBits);
    return info;
}

int countDevices(const DriverApi &api, std::string *why)
{
    int n = 0;
    if (const CUresult r = api.deviceGetCount(&n); r != CUDA_SUCCESS) {
        setWhy(why, "the NVIDIA driver could not count devices: " + api.describe(r));
        return 0;
    }
    if (n == 0)
        setWhy(why, "the NVIDIA driver found no CUDA device");
    return n;
}

} // namespace

int Driver::deviceCount(std::string *why)
{
    const DriverApi *api = driverApi(why);
    return api ? countDevices(*api, why) : 0;
}

std::vector<DeviceInfo> Driver::listDevices(std::string *why)
{
    std::vector<DeviceInfo> devices;
    const DriverApi *api = driverApi(why);
    if (!api)
        return devices;
    const int n = countDevices(*api, why);
    for (int i = 0; i < n; ++i) {
        CUdevice dev = 0;
        if (const CUresult r = api->deviceGet(&dev, i); r != CUDA_SUCCESS) {
            setWhy(why, "device " + std::to_string(i) + " is not usable: " + api->describe(r));
            continue;
        }
        devices.push_back(queryDevice(*api, dev, i));
    }
    return devices;
}

std::shared_ptr<Driver> Driver::open(int ordinal, std::string *why)
{
    const DriverApi *api = driverApi(why);
    if (!api)
        return nullptr;

    static std::mutex mutex;
    static std::map<int, std::weak_ptr<DriverImpl>> opened;
    std::lock_guard<std::mutex> lock(mutex);
    if (auto existing = opened[ordinal].lock())
        return existing;

    const int n = countDevices(*api, why);
    if (n == 0)
        return nullptr;
    if (ordinal < 0 || ordinal >= n) {
        setWhy(why,
               "there is no CUDA device " + std::to_string(ordinal) + " (the driver sees "
                   + std::to_string(n) + (n == 1 ? " device)" : " devices)"));
        return nullptr;
    }
    CUdevice dev = 0;
    if (const CUresult r = api->deviceGet(&dev, ordinal); r != CUDA_SUCCESS) {
        setWhy(why, "device " + std::to_string(ordinal) + " is not usable: " + api->describe(r));
        return nullptr;
    }
    CUcontext ctx = nullptr;
    if (const CUresult r = api->primaryCtxRetain(&ctx, dev); r != CUDA_SUCCESS) {
        setWhy(why,
               "could not create a CUDA context on device " + std::to_string(ordinal) + ": "
                   + api->describe(r));
        return nullptr;
    }
    if (const CUresult r = api->ctxSetCurrent(ctx); r != CUDA_SUCCESS) {
        api->primaryCtxRelease(dev);
        setWhy(why,
               "could not use the CUDA context of device " + std::to_string(ordinal) + ": "
                   + api->describe(r));
        return nullptr;
    }
    auto driver = std::make_shared<DriverImpl>(*api, dev, ctx, queryDevice(*api, dev, ordinal));
    opened[ordinal] = driver;
    return driver;
}

} // namespace tsm::cuda
