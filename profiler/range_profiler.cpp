#include "profiler/range_profiler.h"

#include "core/cuda/driver.h"
#include "profiler/cupti_library.h"
#include "profiler/profiler_access.h"

namespace tsm::profiler {

std::unique_ptr<RangeProfiler>
RangeProfiler::open(cuda::Driver &driver, const std::vector<std::string> &metrics, std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return nullptr;
    if (!profilerSupports(driver,
                          CUPTI_PROFILER_RANGE_PROFILING,
                          "read hardware counters",
                          "kernel timing still works",
                          why))
        return nullptr;
    auto *ctx = reinterpret_cast<CUcontext>(driver.nativeContext());

    std::unique_ptr<RangeProfiler> p(new RangeProfiler);
    CUpti_Device_GetChipName_Params chip{CUpti_Device_GetChipName_Params_STRUCT_SIZE};
    chip.deviceIndex = std::size_t(driver.device().ordinal);
    if (CUptiResult r = api->deviceGetChipName(&chip); r != CUPTI_SUCCESS || !chip.pChipName) {
        *why = explainCuptiFailure("asking CUPTI for the GPU's chip", r);
        return nullptr;
    }
    p->m_chip = chip.pChipName;

    CUpti_Profiler_GetCounterAvailability_Params avail{
        CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE};
    avail.ctx = ctx;
    std::vector<std::uint8_t> availability;
    if (CUptiResult r = api->profilerGetCounterAvailability(&avail); r != CUPTI_SUCCESS) {
        *why = explainCuptiFailure("reading which counters the GPU offers", r);
        return nullptr;
    }
    availability.resize(avail.counterAvailabilityImageSize);
    avail.pCounterAvailabilityImage = availability.data();
    if (CUptiResult r = api->profilerGetCounterAvailability(&avail); r != CUPTI_SUCCESS) {
        *why = explainCuptiFailure("reading which counters the GPU offers", r);
        return nullptr;
    }
    p->m_config = MetricConfig::create(p->m_chip, metrics, availability, why);
    if (!p->m_config)
        return nullptr;

    p->m_context = ctx;
    return p;
}

bool RangeProfiler::enable(std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return false;
    CUpti_RangeProfiler_Enable_Params en{CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE};
    en.ctx = static_cast<CUcontext>(m_context);
    if (CUptiResult r = api->rangeEnable(&en); r != CUPTI_SUCCESS) {
        *why = explainCuptiFailure("enabling CUPTI's range profiler", r);
        return false;
    }
    m_object = en.pRangeProfilerObject;

    std::vector<const char *> names;
    for (const std::string &m : m_config->metrics())
        names.push_back(m.c_str());
    CUpti_RangeProfiler_GetCounterDataSize_Params size{
        CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE};
    size.pRangeProfilerObject = m_object;
    size.pMetricNames = names.data();
    size.numMetrics = names.size();
    size.maxNumOfRanges = 1;
    size.maxNumRangeTreeNodes = 1;
    if (CUptiResult r = api->rangeGetCounterDataSize(&size); r != CUPTI_SUCCESS) {
        *why = explainCuptiFailure("sizing the counter data", r);
        disable();
        return false;
    }
    m_counterData.assign(size.counterDataSize, 0);
    return true;
}

void RangeProfiler::disable()
{
    const CuptiApi *api = cuptiApi();
    if (api && m_object) {
        CUpti_RangeProfiler_Disable_Params p{CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE};
        p.pRangeProfilerObject = m_object;
        api->rangeDisable(&p);
    }
    m_object = nullptr;
}

RangeProfiler::~RangeProfiler()
{
    disable();
}

bool RangeProfiler::begin(std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return false;
    // Enabled only around the measured launch, so that other CUPTI users (SASS metrics) can
    // have the device between measurements.
    if (!enable(why))
        return false;
    // A fresh image for each measured launch: it holds one range.
    CUpti_RangeProfiler_CounterDataImage_Initialize_Params init{
        CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE};
    init.pRangeProfilerObject = m_object;
    init.counterDataSize = m_counterData.size();
    init.pCounterData = m_counterData.data();
    if (CUptiResult r = api->rangeCounterDataImageInitialize(&init); r != CUPTI_SUCCESS) {
        *why = explainCuptiFailure("preparing the counter data", r);
        disable();
        return false;
    }
    CUpti_RangeProfiler_SetConfig_Params cfg{CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE};
    cfg.pRangeProfilerObject = m_object;
    cfg.configSize = m_config->image().size();
    cfg.pConfig = m_config->image().data();
    cfg.counterDataImageSize = m_counterData.size();
    cfg.pCounterDataImage = m_counterData.data();
    cfg.range = CUPTI_AutoRange;
    cfg.replayMode = CUPTI_KernelReplay;
    cfg.maxRangesPerPass = 1;
    cfg.numNestingLevels = 1;
    cfg.minNestingLevel = 1;
    cfg.passIndex = 0;
    cfg.targetNestingLevel = 1;
    if (CUptiResult r = api->rangeSetConfig(&cfg); r != CUPTI_SUCCESS) {
        *why = explainCuptiFailure("configuring the range profiler", r);
        disable();
        return false;
    }
    CUpti_RangeProfiler_Start_Params start{CUpti_RangeProfiler_Start_Params_STRUCT_SIZE};
    start.pRangeProfilerObject = m_object;
    if (CUptiResult r = api->rangeStart(&start); r != CUPTI_SUCCESS) {
        *why = explainCuptiFailure("starting the range profiler", r);
        disable();
        return false;
    }
    return true;
}

bool RangeProfiler::end(std::vector<double> *values, std::string *why)
{
    const bool ok = collect(values, why);
    disable();
    return ok;
}

bool RangeProfiler::collect(std::vector<double> *values, std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return false;
    CUpti_RangeProfiler_Stop_Params stop{CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
    stop.pRangeProfilerObject = m_object;
    if (CUptiResult r = api->rangeStop(&stop); r != CUPTI_SUCCESS) {
        *why = explainCuptiFailure("stopping the range profiler", r);
        return false;
    }
    if (!stop.isAllPassSubmitted) {
        *why = "the range profiler did not replay every pass of the launch";
        return false;
    }
    CUpti_RangeProfiler_DecodeData_Params decode{CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE};
    decode.pRangeProfilerObject = m_object;
    if (CUptiResult r = api->rangeDecodeData(&decode); r != CUPTI_SUCCESS) {
        *why = explainCuptiFailure("decoding the counters", r);
        return false;
    }
    CUpti_RangeProfiler_GetCounterDataInfo_Params info{
        CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE};
    info.pCounterDataImage = m_counterData.data();
    info.counterDataImageSize = m_counterData.size();
    if (CUptiResult r = api->rangeGetCounterDataInfo(&info); r != CUPTI_SUCCESS) {
        *why = explainCuptiFailure("reading the counter data", r);
        return false;
    }
    if (info.numTotalRanges < 1) {
        *why = decode.numOfRangeDropped ? "the counters' range was dropped"
                                        : "the launch left no counter range (it may not have run)";
        return false;
    }
    return m_config->evaluate(m_counterData, 0, values, why);
}

} // namespace tsm::profiler
