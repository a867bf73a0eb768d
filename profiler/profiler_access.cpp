#include "profiler/profiler_access.h"

#include "profiler/cupti_library.h"

#include <fstream>
#include <unistd.h>

namespace tsm::profiler {

int profilingAdminOnly(const std::string &paramsPath)
{
    std::ifstream in(paramsPath);
    std::string line;
    while (std::getline(in, line)) {
        const std::string key = "RmProfilingAdminOnly:";
        if (line.rfind(key, 0) == 0) {
            const std::string v = line.substr(key.size());
            return v.find('1') != std::string::npos ? 1 : 0;
        }
    }
    return -1;
}

std::string explainCuptiFailure(const std::string &what, CUptiResult result)
{
    std::string text = what + " failed: " + cuptiResultText(result);
    switch (result) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
        text += ". The NVIDIA driver lets only administrators read GPU performance counters";
        if (profilingAdminOnly() == 1)
            text += " (RmProfilingAdminOnly is 1 in /proc/driver/nvidia/params)";
        text += ": run as root, or give the process CAP_SYS_ADMIN (containers: --cap-add "
                "SYS_ADMIN), or load the driver with NVreg_RestrictProfilingToAdminUsers=0 "
                "(https://developer.nvidia.com/ERR_NVGPUCTRPERM)";
        break;
    case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
    case CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED:
        text += ". Another profiler holds the GPU's counters (Nsight Compute, Nsight Systems, "
                "DCGM or a second Tilesmith profile): stop it and profile again";
        break;
    case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
        text += ". CUPTI cannot read counters on a MIG partition: profile on a whole GPU";
        break;
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_NOT_SUPPORTED:
    case CUPTI_ERROR_NOT_COMPATIBLE:
        text += ". CUPTI cannot read counters on this device or configuration (MIG "
                "partitions, vGPU without profiling, confidential computing and WSL are "
                "common causes)";
        break;
    case CUPTI_ERROR_UNKNOWN:
        text += ". With no working driver CUPTI gives this error; `tilesmith devices` shows "
                "whether the GPU is usable";
        break;
    default:
        break;
    }
    text += "; kernel timing still works";
    return text;
}

} // namespace tsm::profiler
