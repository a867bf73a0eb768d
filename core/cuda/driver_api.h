#pragma once
// The driver's entry points, fetched once per process from libcuda.so.1 through
// cuGetProcAddress with each PFN typedef's own version pinned (CUDA.md §4): the ABI we call is
// the one we compiled against, whatever driver is installed. cuda.h is included for types only.

#include <cuda.h>
#include <cudaTypedefs.h>

#include <string>

namespace tsm::cuda {

struct DriverApi
{
    int driverVersion = 0; ///< 13000 = CUDA 13.0
    PFN_cuGetErrorName_v6000 getErrorName = nullptr;
    PFN_cuGetErrorString_v6000 getErrorString = nullptr;
    PFN_cuInit_v2000 init = nullptr;
    PFN_cuDriverGetVersion_v2020 driverGetVersion = nullptr;
    PFN_cuDeviceGetCount_v2000 deviceGetCount = nullptr;
    PFN_cuDeviceGet_v2000 deviceGet = nullptr;
    PFN_cuDeviceGetName_v2000 deviceGetName = nullptr;
    PFN_cuDeviceGetAttribute_v2000 deviceGetAttribute = nullptr;
    PFN_cuDeviceTotalMem_v3020 deviceTotalMem = nullptr;
    PFN_cuDevicePrimaryCtxRetain_v7000 primaryCtxRetain = nullptr;
    PFN_cuDevicePrimaryCtxRelease_v11000 primaryCtxRelease = nullptr;
    PFN_cuCtxSetCurrent_v4000 ctxSetCurrent = nullptr;
    // CUDA 13 serves cuCtxSynchronize(CUcontext) at 13000 and (void) below it; whichever
    // the driver has is used (both are pinned to their own typedef).
    PFN_cuCtxSynchronize_v2000 ctxSynchronize = nullptr;
    PFN_cuCtxSynchronize_v13000 ctxSynchronizeCtx = nullptr;
    PFN_cuModuleLoadDataEx_v2010 moduleLoadDataEx = nullptr;
    PFN_cuModuleGetFunction_v2000 moduleGetFunction = nullptr;
    PFN_cuModuleUnload_v2000 moduleUnload = nullptr;
    PFN_cuFuncGetAttribute_v2020 funcGetAttribute = nullptr;
    PFN_cuFuncSetAttribute_v9000 funcSetAttribute = nullptr;
    PFN_cuOccupancyMaxActiveBlocksPerMultiprocessor_v6050 occupancyMaxActiveBlocks = nullptr;
    PFN_cuMemAlloc_v3020 memAlloc = nullptr;
    PFN_cuMemFree_v3020 memFree = nullptr;
    PFN_cuMemcpyHtoD_v3020 memcpyHtoD = nullptr;
    PFN_cuMemcpyDtoH_v3020 memcpyDtoH = nullptr;
    PFN_cuMemsetD8_v3020 memsetD8 = nullptr;
    PFN_cuLaunchKernel_v4000 launchKernel = nullptr;
    PFN_cuEventCreate_v2000 eventCreate = nullptr;
    PFN_cuEventRecord_v2000 eventRecord = nullptr;
    PFN_cuEventSynchronize_v2000 eventSynchronize = nullptr;
    PFN_cuEventElapsedTime_v12080 eventElapsedTime = nullptr;
    PFN_cuEventDestroy_v4000 eventDestroy = nullptr;
    // Streams and CUDA graphs, for do_bench_cudagraph (capture cannot use the legacy stream).
    PFN_cuStreamCreate_v2000 streamCreate = nullptr;
    PFN_cuStreamDestroy_v4000 streamDestroy = nullptr;
    PFN_cuStreamBeginCapture_v10010 streamBeginCapture = nullptr;
    PFN_cuStreamEndCapture_v10000 streamEndCapture = nullptr;
    PFN_cuGraphInstantiateWithFlags_v11040 graphInstantiate = nullptr;
    PFN_cuGraphLaunch_v10000 graphLaunch = nullptr;
    PFN_cuGraphExecDestroy_v10000 graphExecDestroy = nullptr;
    PFN_cuGraphDestroy_v10000 graphDestroy = nullptr;
    PFN_cuMemsetD8Async_v3020 memsetD8Async = nullptr;
    // TMA tensor maps for host TensorDescriptors (sm_90's bulk tensor copies).
    PFN_cuTensorMapEncodeTiled_v12000 tensorMapEncodeTiled = nullptr;

    /// "an illegal memory access was encountered (CUDA_ERROR_ILLEGAL_ADDRESS)".
    std::string describe(CUresult r) const;
};

/// The process's driver entry points, loaded and cuInit'ed on first use; null with the reason
/// (no libcuda.so.1, a driver older than CUDA 13.0, cuInit failing) in `why`.
const DriverApi *driverApi(std::string *why);

/// Fetches every entry point through `getProcAddress`, checks the driver's version and calls
/// cuInit; false with the reason in `why`. (driverApi() does this on the real driver; tests
/// serve a fake one.)
bool loadDriverApi(PFN_cuGetProcAddress_v12000 getProcAddress, DriverApi &api, std::string *why);

/// Errors after which the context is unusable and the process must restart (cuda.h: "leaves
/// the process in an inconsistent state").
bool isStickyError(int cuResult);

/// "13.0" for 13000.
std::string cudaVersionText(int version);

} // namespace tsm::cuda
