#include "profiler/profiler_access.h"

#include "core/cuda/driver.h"
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

namespace {

const char *supportWord(CUpti_Profiler_Support_Level level)
{
    switch (level) {
    case CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED:
        return "unsupported";
    case CUPTI_PROFILER_CONFIGURATION_DISABLED:
        return "disabled";
    default:
        return nullptr;
    }
}

/// What CUPTI says keeps the device from being profiled ("vGPU: disabled"), or "".
std::string unsupportedReason(const CUpti_Profiler_DeviceSupported_Params &p)
{
    std::string out;
    auto add = [&](const char *what, CUpti_Profiler_Support_Level level) {
        if (const char *w = supportWord(level))
            out += (out.empty() ? "" : ", ") + std::string(what) + ": " + w;
    };
    add("architecture (compute capability 7.0 or newer)", p.architecture);
    add("SLI", p.sli);
    add("vGPU", p.vGpu);
    add("confidential computing", p.confidentialCompute);
    add("CMP", p.cmp);
    add("WSL", p.wsl);
    return out;
}

void say(std::string *why, const std::string &text)
{
    if (why)
        *why = text;
}

} // namespace

bool profilerSupports(cuda::Driver &driver,
                      CUpti_Profiler_API api,
                      const std::string &what,
                      const std::string &fallback,
                      std::string *why)
{
    if (!driver.nativeContext()) {
        say(why, what + " needs a CUDA device (no CUDA context)");
        return false;
    }
    std::string loadWhy;
    const CuptiApi *cupti = cuptiApi(&loadWhy);
    if (!cupti) {
        say(why, loadWhy);
        return false;
    }
    // Initializing again is harmless; CUPTI counts the calls.
    CUpti_Profiler_Initialize_Params init{CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
    if (CUptiResult r = cupti->profilerInitialize(&init); r != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("initializing CUPTI's profiler", r));
        return false;
    }
    CUpti_Profiler_DeviceSupported_Params sup{CUpti_Profiler_DeviceSupported_Params_STRUCT_SIZE};
    sup.cuDevice = CUdevice(driver.nativeDevice());
    sup.api = api;
    if (CUptiResult r = cupti->profilerDeviceSupported(&sup); r != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("asking CUPTI whether the GPU supports it", r));
        return false;
    }
    if (sup.isSupported != CUPTI_PROFILER_CONFIGURATION_SUPPORTED) {
        const std::string reason = unsupportedReason(sup);
        say(why,
            "CUPTI cannot " + what + " on " + driver.device().name
                + (reason.empty() ? std::string() : " (" + reason + ")") + "; " + fallback);
        return false;
    }
    return true;
}

} // namespace tsm::profiler
