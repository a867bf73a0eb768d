#pragma once
// CUPTI, loaded on first use with dlopen instead of linked (CUDA.md §1): a machine whose toolkit
// lacks it still runs everything but the profiler, and processes that never profile do not pay
// its load. libcupti dlopens libnvperf_host / libnvperf_target by soname, which our RUNPATH does
// not cover, so those are loaded first by absolute path from the same folder (CUDA.md §1).
//
// The entry points are typed from CUPTI's own headers (decltype), so a signature change in a
// newer toolkit is a compile error here and not a crash at run time.

#include <cupti_activity.h>
#include <cupti_pcsampling.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_result.h>
#include <cupti_sass_metrics.h>
#include <cupti_target.h>
#include <cupti_version.h>

#include <string>

namespace tsm::profiler {

struct CuptiApi
{
    decltype(&::cuptiGetResultString) getResultString = nullptr;
    decltype(&::cuptiGetErrorMessage) getErrorMessage = nullptr;
    // Activity (CUDA.md §6)
    decltype(&::cuptiActivityRegisterCallbacks) activityRegisterCallbacks = nullptr;
    decltype(&::cuptiActivityEnable) activityEnable = nullptr;
    decltype(&::cuptiActivityDisable) activityDisable = nullptr;
    decltype(&::cuptiActivityGetNextRecord) activityGetNextRecord = nullptr;
    decltype(&::cuptiActivityFlushAll) activityFlushAll = nullptr;
    // Profiler target (CUDA.md §7)
    decltype(&::cuptiProfilerInitialize) profilerInitialize = nullptr;
    decltype(&::cuptiProfilerDeInitialize) profilerDeInitialize = nullptr;
    decltype(&::cuptiProfilerDeviceSupported) profilerDeviceSupported = nullptr;
    decltype(&::cuptiDeviceGetChipName) deviceGetChipName = nullptr;
    decltype(&::cuptiProfilerGetCounterAvailability) profilerGetCounterAvailability = nullptr;
    // Profiler host (no GPU needed)
    decltype(&::cuptiProfilerHostInitialize) hostInitialize = nullptr;
    decltype(&::cuptiProfilerHostDeinitialize) hostDeinitialize = nullptr;
    decltype(&::cuptiProfilerHostConfigAddMetrics) hostConfigAddMetrics = nullptr;
    decltype(&::cuptiProfilerHostGetConfigImageSize) hostGetConfigImageSize = nullptr;
    decltype(&::cuptiProfilerHostGetConfigImage) hostGetConfigImage = nullptr;
    decltype(&::cuptiProfilerHostGetNumOfPasses) hostGetNumOfPasses = nullptr;
    decltype(&::cuptiProfilerHostGetMetricProperties) hostGetMetricProperties = nullptr;
    decltype(&::cuptiProfilerHostEvaluateToGpuValues) hostEvaluateToGpuValues = nullptr;
    // Range profiler
    decltype(&::cuptiRangeProfilerEnable) rangeEnable = nullptr;
    decltype(&::cuptiRangeProfilerDisable) rangeDisable = nullptr;
    decltype(&::cuptiRangeProfilerGetCounterDataSize) rangeGetCounterDataSize = nullptr;
    decltype(&::cuptiRangeProfilerCounterDataImageInitialize) rangeCounterDataImageInitialize
        = nullptr;
    decltype(&::cuptiRangeProfilerSetConfig) rangeSetConfig = nullptr;
    decltype(&::cuptiRangeProfilerStart) rangeStart = nullptr;
    decltype(&::cuptiRangeProfilerStop) rangeStop = nullptr;
    decltype(&::cuptiRangeProfilerDecodeData) rangeDecodeData = nullptr;
    decltype(&::cuptiRangeProfilerGetCounterDataInfo) rangeGetCounterDataInfo = nullptr;
    // SASS PC -> source line (CUDA.md §8; works on a cubin, no GPU needed)
    decltype(&::cuptiGetSassToSourceCorrelation) getSassToSourceCorrelation = nullptr;
    // SASS metrics: per-instruction counters by function and PC offset (sass_metrics.h)
    decltype(&::cuptiSassMetricsGetProperties) sassMetricsGetProperties = nullptr;
    decltype(&::cuptiSassMetricsSetConfig) sassMetricsSetConfig = nullptr;
    decltype(&::cuptiSassMetricsUnsetConfig) sassMetricsUnsetConfig = nullptr;
    decltype(&::cuptiSassMetricsEnable) sassMetricsEnable = nullptr;
    decltype(&::cuptiSassMetricsDisable) sassMetricsDisable = nullptr;
    decltype(&::cuptiSassMetricsGetDataProperties) sassMetricsGetDataProperties = nullptr;
    decltype(&::cuptiSassMetricsFlushData) sassMetricsFlushData = nullptr;
    // PC sampling: stall reasons of sampled warps by function and PC offset (pc_sampling.h)
    decltype(&::cuptiPCSamplingGetNumStallReasons) pcSamplingGetNumStallReasons = nullptr;
    decltype(&::cuptiPCSamplingGetStallReasons) pcSamplingGetStallReasons = nullptr;
    decltype(&::cuptiPCSamplingSetConfigurationAttribute) pcSamplingSetConfigurationAttribute
        = nullptr;
    decltype(&::cuptiPCSamplingGetConfigurationAttribute) pcSamplingGetConfigurationAttribute
        = nullptr;
    decltype(&::cuptiPCSamplingEnable) pcSamplingEnable = nullptr;
    decltype(&::cuptiPCSamplingDisable) pcSamplingDisable = nullptr;
    decltype(&::cuptiPCSamplingStart) pcSamplingStart = nullptr;
    decltype(&::cuptiPCSamplingStop) pcSamplingStop = nullptr;
    decltype(&::cuptiPCSamplingGetData) pcSamplingGetData = nullptr;
};

/// CUPTI's entry points, loading the library on the first call (thread-safe). Null with the
/// reason in `why` ("libcupti.so.13 could not be loaded (looked in ...): install the CUDA 13
/// toolkit's CUPTI or set CUDA_HOME").
const CuptiApi *cuptiApi(std::string *why = nullptr);

/// "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES" style name of a result, with CUPTI's own words when it
/// has them; works before the library loads (then only the number).
std::string cuptiResultText(CUptiResult result);

} // namespace tsm::profiler
