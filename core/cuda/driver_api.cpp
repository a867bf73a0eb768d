#include "core/cuda/driver_api.h"

#include <dlfcn.h>

#include <mutex>

namespace tsm::cuda {

namespace {

constexpr int kRequiredDriver = 13000;

struct Loaded
{
    DriverApi api;
    bool ok = false;
    std::string why;
};

// Fetches `name` at `version`, the number in the PFN typedef of `fn`. An unknown symbol gives
// CUDA_SUCCESS with a null pointer, so the query result is checked too.
template <class F> bool fetch(PFN_cuGetProcAddress_v12000 gpa, const char *name, int version, F &fn)
{
    void *p = nullptr;
    CUdriverProcAddressQueryResult found = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    if (gpa(name, &p, version, CU_GET_PROC_ADDRESS_DEFAULT, &found) != CUDA_SUCCESS || !p
        || found != CU_GET_PROC_ADDRESS_SUCCESS)
        return false;
    fn = reinterpret_cast<F>(p);
    return true;
}

Loaded load()
{
    Loaded out;
    // Never "libcuda.so": that development link exists only where the toolkit is installed.
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *err = dlerror();
        out.why = std::string("libcuda.so.1 could not be loaded (") + (err ? err : "unknown error")
                  + "): no NVIDIA driver on this machine";
        return out;
    }
    // The handle is never closed: entry points stay valid until the process exits.
    auto gpa = reinterpret_cast<PFN_cuGetProcAddress_v12000>(dlsym(lib, "cuGetProcAddress_v2"));
    if (!gpa) {
        out.why = "the NVIDIA driver is older than CUDA 13.0 needs (libcuda.so.1 has no "
                  "cuGetProcAddress_v2); install driver 580 or newer";
        return out;
    }
    out.ok = loadDriverApi(gpa, out.api, &out.why);
    return out;
}

} // namespace

bool loadDriverApi(PFN_cuGetProcAddress_v12000 gpa, DriverApi &a, std::string *why)
{
    const auto fail = [&](std::string text) {
        if (why)
            *why = std::move(text);
        return false;
    };
    if (!fetch(gpa, "cuDriverGetVersion", 2020, a.driverGetVersion)
        || a.driverGetVersion(&a.driverVersion) != CUDA_SUCCESS) {
        return fail("the NVIDIA driver did not report its version");
    }
    // PTX from NVRTC 13 is ISA 9.0, which older drivers reject.
    if (a.driverVersion < kRequiredDriver) {
        return fail("the NVIDIA driver supports CUDA " + cudaVersionText(a.driverVersion)
                    + ", older than the CUDA 13.0 Tilesmith needs; install driver 580 or newer");
    }
    std::string missing;
    const auto need = [&](const char *name, int version, auto &fn) {
        if (!fetch(gpa, name, version, fn) && missing.empty())
            missing = std::string(name) + " at version " + std::to_string(version);
    };
    need("cuGetErrorName", 6000, a.getErrorName);
    need("cuGetErrorString", 6000, a.getErrorString);
    need("cuInit", 2000, a.init);
    need("cuDeviceGetCount", 2000, a.deviceGetCount);
    need("cuDeviceGet", 2000, a.deviceGet);
    need("cuDeviceGetName", 2000, a.deviceGetName);
    need("cuDeviceGetAttribute", 2000, a.deviceGetAttribute);
    need("cuDeviceTotalMem", 3020, a.deviceTotalMem);
    need("cuDevicePrimaryCtxRetain", 7000, a.primaryCtxRetain);
    need("cuDevicePrimaryCtxRelease", 11000, a.primaryCtxRelease);
    need("cuCtxSetCurrent", 4000, a.ctxSetCurrent);
    if (!fetch(gpa, "cuCtxSynchronize", 2000, a.ctxSynchronize))
        need("cuCtxSynchronize", 13000, a.ctxSynchronizeCtx);
    need("cuModuleLoadDataEx", 2010, a.moduleLoadDataEx);
    need("cuModuleGetFunction", 2000, a.moduleGetFunction);
    need("cuModuleUnload", 2000, a.moduleUnload);
    need("cuFuncGetAttribute", 2020, a.funcGetAttribute);
    need("cuFuncSetAttribute", 9000, a.funcSetAttribute);
    need("cuOccupancyMaxActiveBlocksPerMultiprocessor", 6050, a.occupancyMaxActiveBlocks);
    need("cuMemAlloc", 3020, a.memAlloc);
    need("cuMemFree", 3020, a.memFree);
    need("cuMemcpyHtoD", 3020, a.memcpyHtoD);
    need("cuMemcpyDtoH", 3020, a.memcpyDtoH);
    need("cuMemsetD8", 3020, a.memsetD8);
    need("cuLaunchKernel", 4000, a.launchKernel);
    need("cuEventCreate", 2000, a.eventCreate);
    need("cuEventRecord", 2000, a.eventRecord);
    need("cuEventSynchronize", 2000, a.eventSynchronize);
    need("cuEventElapsedTime", 12080, a.eventElapsedTime);
    need("cuEventDestroy", 4000, a.eventDestroy);
    need("cuStreamCreate", 2000, a.streamCreate);
    need("cuStreamDestroy", 4000, a.streamDestroy);
    need("cuStreamBeginCapture", 10010, a.streamBeginCapture);
    need("cuStreamEndCapture", 10000, a.streamEndCapture);
    need("cuGraphInstantiateWithFlags", 11040, a.graphInstantiate);
    need("cuGraphLaunch", 10000, a.graphLaunch);
    need("cuGraphExecDestroy", 10000, a.graphExecDestroy);
    need("cuGraphDestroy", 10000, a.graphDestroy);
    need("cuMemsetD8Async", 3020, a.memsetD8Async);
    need("cuTensorMapEncodeTiled", 12000, a.tensorMapEncodeTiled);
    if (!missing.empty())
        return fail("the NVIDIA driver (CUDA " + cudaVersionText(a.driverVersion)
                    + ") does not provide " + missing);
    if (const CUresult r = a.init(0); r != CUDA_SUCCESS) {
        return fail(r == CUDA_ERROR_NO_DEVICE ? "the NVIDIA driver found no CUDA device"
                                              : "cuInit failed: " + a.describe(r));
    }
    return true;
}

std::string DriverApi::describe(CUresult r) const
{
    const char *name = nullptr;
    const char *text = nullptr;
    if (getErrorName)
        getErrorName(r, &name);
    if (getErrorString)
        getErrorString(r, &text);
    const std::string code = name ? name : "CUDA error " + std::to_string(int(r));
    return text ? std::string(text) + " (" + code + ")" : code;
}

const DriverApi *driverApi(std::string *why)
{
    static const Loaded loaded = load(); // thread-safe, once per process
    if (!loaded.ok) {
        if (why)
            *why = loaded.why;
        return nullptr;
    }
    return &loaded.api;
}

bool isStickyError(int cuResult)
{
    switch (cuResult) {
    case CUDA_ERROR_ECC_UNCORRECTABLE:
    case CUDA_ERROR_NVLINK_UNCORRECTABLE:
    case CUDA_ERROR_CONTAINED:
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
    case CUDA_ERROR_CONTEXT_IS_DESTROYED:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_TENSOR_MEMORY_LEAK:
    case CUDA_ERROR_EXTERNAL_DEVICE:
        return true;
    default:
        return false;
    }
}

std::string cudaVersionText(int version)
{
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

} // namespace tsm::cuda
