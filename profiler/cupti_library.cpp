#include "profiler/cupti_library.h"

#include "core/cuda/nvrtc_library.h"

#include <dlfcn.h>

#include <filesystem>
#include <mutex>
#include <system_error>
#include <vector>

namespace tsm::profiler {

namespace fs = std::filesystem;

namespace {

constexpr const char *kSoname = "libcupti.so.13";

/// The toolkit's library folders, then CUPTI's own (extras/CUPTI/lib64 in some layouts).
std::vector<fs::path> cuptiDirs()
{
    std::vector<fs::path> dirs;
    for (const fs::path &d : cuda::cudaLibraryDirs()) {
        dirs.push_back(d);
        dirs.push_back(d.parent_path() / "extras" / "CUPTI" / "lib64");
    }
    return dirs;
}

struct Loaded
{
    CuptiApi api;
    bool ok = false;
    std::string why;
};

template <class F> bool bind(void *lib, const char *name, F &f, std::string &why)
{
    f = reinterpret_cast<F>(dlsym(lib, name));
    if (!f)
        why = std::string("CUPTI has no entry point ") + name
              + ": the installed libcupti is older than CUDA 13.0's";
    return f != nullptr;
}

void *openLibrary(std::string &why)
{
    std::string looked;
    for (const fs::path &dir : cuptiDirs()) {
        std::error_code ec;
        const fs::path p = dir / kSoname;
        looked += (looked.empty() ? "" : ", ") + dir.string();
        if (!fs::exists(p, ec))
            continue;
        // libcupti dlopens these by soname when the range profiler starts (CUDA.md §1).
        for (const char *dep : {"libnvperf_host.so", "libnvperf_target.so"})
            if (fs::exists(dir / dep, ec))
                (void) dlopen((dir / dep).c_str(), RTLD_NOW | RTLD_GLOBAL);
        if (void *lib = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL))
            return lib;
    }
    if (void *lib = dlopen(kSoname, RTLD_NOW | RTLD_LOCAL)) // LD_LIBRARY_PATH, ld.so.cache
        return lib;
    why = std::string(kSoname) + " could not be loaded (looked in " + looked
          + "): install the CUDA 13 toolkit's CUPTI or set CUDA_HOME";
    if (const char *e = dlerror())
        why += " (" + std::string(e) + ")";
    return nullptr;
}

Loaded load()
{
    Loaded l;
    void *lib = openLibrary(l.why);
    if (!lib)
        return l;
    CuptiApi &a = l.api;
    std::string &w = l.why;
    l.ok = bind(lib, "cuptiGetResultString", a.getResultString, w)
           && bind(lib, "cuptiGetErrorMessage", a.getErrorMessage, w)
           && bind(lib, "cuptiActivityRegisterCallbacks", a.activityRegisterCallbacks, w)
           && bind(lib, "cuptiActivityEnable", a.activityEnable, w)
           && bind(lib, "cuptiActivityDisable", a.activityDisable, w)
           && bind(lib, "cuptiActivityGetNextRecord", a.activityGetNextRecord, w)
           && bind(lib, "cuptiActivityFlushAll", a.activityFlushAll, w)

           && bind(lib, "cuptiProfilerInitialize", a.profilerInitialize, w)
           && bind(lib, "cuptiProfilerDeInitialize", a.profilerDeInitialize, w)
           && bind(lib, "cuptiProfilerDeviceSupported", a.profilerDeviceSupported, w)
           && bind(lib, "cuptiDeviceGetChipName", a.deviceGetChipName, w)
           && bind(lib, "cuptiProfilerGetCounterAvailability", a.profilerGetCounterAvailability, w)
           && bind(lib, "cuptiProfilerHostInitialize", a.hostInitialize, w)
           && bind(lib, "cuptiProfilerHostDeinitialize", a.hostDeinitialize, w)
           && bind(lib, "cuptiProfilerHostConfigAddMetrics", a.hostConfigAddMetrics, w)
           && bind(lib, "cuptiProfilerHostGetConfigImageSize", a.hostGetConfigImageSize, w)
           && bind(lib, "cuptiProfilerHostGetConfigImage", a.hostGetConfigImage, w)
           && bind(lib, "cuptiProfilerHostGetNumOfPasses", a.hostGetNumOfPasses, w)
           && bind(lib, "cuptiProfilerHostGetMetricProperties", a.hostGetMetricProperties, w)
           && bind(lib, "cuptiProfilerHostEvaluateToGpuValues", a.hostEvaluateToGpuValues, w)
           && bind(lib, "cuptiRangeProfilerEnable", a.rangeEnable, w)
           && bind(lib, "cuptiRangeProfilerDisable", a.rangeDisable, w)
           && bind(lib, "cuptiRangeProfilerGetCounterDataSize", a.rangeGetCounterDataSize, w)
           && bind(lib,
                   "cuptiRangeProfilerCounterDataImageInitialize",
                   a.rangeCounterDataImageInitialize,
                   w)
           && bind(lib, "cuptiRangeProfilerSetConfig", a.rangeSetConfig, w)
           && bind(lib, "cuptiRangeProfilerStart", a.rangeStart, w)
           && bind(lib, "cuptiRangeProfilerStop", a.rangeStop, w)
           && bind(lib, "cuptiRangeProfilerDecodeData", a.rangeDecodeData, w)
           && bind(lib, "cuptiRangeProfilerGetCounterDataInfo", a.rangeGetCounterDataInfo, w)
           && bind(lib, "cuptiGetSassToSourceCorrelation", a.getSassToSourceCorrelation, w)
           && bind(lib, "cuptiSassMetricsGetProperties", a.sassMetricsGetProperties, w)
           && bind(lib, "cuptiSassMetricsSetConfig", a.sassMetricsSetConfig, w)
           && bind(lib, "cuptiSassMetricsUnsetConfig", a.sassMetricsUnsetConfig, w)
           && bind(lib, "cuptiSassMetricsEnable", a.sassMetricsEnable, w)
           && bind(lib, "cuptiSassMetricsDisable", a.sassMetricsDisable, w)
           && bind(lib, "cuptiSassMetricsGetDataProperties", a.sassMetricsGetDataProperties, w)
           && bind(lib, "cuptiSassMetricsFlushData", a.sassMetricsFlushData, w)
           && bind(lib, "cuptiPCSamplingGetNumStallReasons", a.pcSamplingGetNumStallReasons, w)
           && bind(lib, "cuptiPCSamplingGetStallReasons", a.pcSamplingGetStallReasons, w)
           && bind(lib,
                   "cuptiPCSamplingSetConfigurationAttribute",
                   a.pcSamplingSetConfigurationAttribute,
                   w)
           && bind(lib,
                   "cuptiPCSamplingGetConfigurationAttribute",
                   a.pcSamplingGetConfigurationAttribute,
                   w)
           && bind(lib, "cuptiPCSamplingEnable", a.pcSamplingEnable, w)
           && bind(lib, "cuptiPCSamplingDisable", a.pcSamplingDisable, w)
           && bind(lib, "cuptiPCSamplingStart", a.pcSamplingStart, w)
           && bind(lib, "cuptiPCSamplingStop", a.pcSamplingStop, w)
           && bind(lib, "cuptiPCSamplingGetData", a.pcSamplingGetData, w);
    return l;
}

std::once_flag g_once;
Loaded *g_loaded = nullptr;

} // namespace

const CuptiApi *cuptiApi(std::string *why)
{
    std::call_once(g_once, [] { g_loaded = new Loaded(load()); });
    if (!g_loaded->ok) {
        if (why)
            *why = g_loaded->why;
        return nullptr;
    }
    return &g_loaded->api;
}

std::string cuptiResultText(CUptiResult result)
{
    const CuptiApi *api = cuptiApi();
    const char *name = nullptr;
    if (!api || api->getResultString(result, &name) != CUPTI_SUCCESS || !name)
        return "CUPTI error " + std::to_string(int(result));
    std::string text = name;
    const char *message = nullptr;
    if (api->getErrorMessage(result, &message) == CUPTI_SUCCESS && message && *message)
        text += " (" + std::string(message) + ")";
    return text;
}

} // namespace tsm::profiler
