#include "profiler/metric_config.h"

#include "profiler/cupti_library.h"

namespace tsm::profiler {

namespace {

std::vector<const char *> cNames(const std::vector<std::string> &names)
{
    std::vector<const char *> out;
    out.reserve(names.size());
    for (const std::string &n : names)
        out.push_back(n.c_str());
    return out;
}

} // namespace

std::unique_ptr<MetricConfig> MetricConfig::create(const std::string &chip,
                                                   const std::vector<std::string> &metrics,
                                                   const std::vector<std::uint8_t> &availability,
                                                   std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return nullptr;
    if (metrics.empty()) {
        *why = "no metrics to collect";
        return nullptr;
    }
    std::unique_ptr<MetricConfig> c(new MetricConfig);
    c->m_chip = chip;
    c->m_metrics = metrics;

    CUpti_Profiler_Host_Initialize_Params init{CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE};
    init.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    init.pChipName = c->m_chip.c_str();
    init.pCounterAvailabilityImage = availability.empty() ? nullptr : availability.data();
    if (CUptiResult r = api->hostInitialize(&init); r != CUPTI_SUCCESS) {
        *why = "CUPTI's profiler host does not know chip '" + chip + "': " + cuptiResultText(r);
        return nullptr;
    }
    c->m_host = init.pHostObject;

    // All in one call: metrics added one call at a time each get passes of their own.
    std::vector<const char *> names = cNames(metrics);
    CUpti_Profiler_Host_ConfigAddMetrics_Params add{
        CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE};
    add.pHostObject = c->m_host;
    add.ppMetricNames = names.data();
    add.numMetrics = names.size();
    if (CUptiResult r = api->hostConfigAddMetrics(&add); r != CUPTI_SUCCESS) {
        *why = metrics.size() == 1
                   ? "unknown metric '" + metrics[0] + "' for " + chip
                         + "; metric names are those of Nsight Compute's --query-metrics, with "
                           "a rollup such as .sum, .avg or .max"
                   : "CUPTI rejected the metric list for " + chip + " (" + cuptiResultText(r)
                         + ")";
        // Name the culprit: try each metric alone on a scratch host object.
        for (const std::string &m : metrics.size() > 1 ? metrics : std::vector<std::string>{}) {
            std::string ignored;
            if (!create(chip, {m}, availability, &ignored)) {
                *why = "unknown metric '" + m + "' for " + chip
                       + "; metric names are those of Nsight Compute's --query-metrics, with a "
                         "rollup such as .sum, .avg or .max";
                break;
            }
        }
        return nullptr;
    }
    CUpti_Profiler_Host_GetConfigImageSize_Params size{
        CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE};
    size.pHostObject = c->m_host;
    if (CUptiResult r = api->hostGetConfigImageSize(&size); r != CUPTI_SUCCESS) {
        *why = "CUPTI could not size the metric configuration: " + cuptiResultText(r);
        return nullptr;
    }
    c->m_image.resize(size.configImageSize);
    CUpti_Profiler_Host_GetConfigImage_Params image{
        CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE};
    image.pHostObject = c->m_host;
    image.configImageSize = c->m_image.size();
    image.pConfigImage = c->m_image.data();
    if (CUptiResult r = api->hostGetConfigImage(&image); r != CUPTI_SUCCESS) {
        *why = "CUPTI could not build the metric configuration: " + cuptiResultText(r);
        return nullptr;
    }
    CUpti_Profiler_Host_GetNumOfPasses_Params passes{
        CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE};
    passes.configImageSize = c->m_image.size();
    passes.pConfigImage = c->m_image.data();
    if (CUptiResult r = api->hostGetNumOfPasses(&passes); r != CUPTI_SUCCESS) {
        *why = "CUPTI could not count the replay passes: " + cuptiResultText(r);
        return nullptr;
    }
    c->m_passes = passes.numOfPasses;
    return c;
}

MetricConfig::~MetricConfig()
{
    if (!m_host)
        return;
    if (const CuptiApi *api = cuptiApi()) {
        CUpti_Profiler_Host_Deinitialize_Params p{
            CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE};
        p.pHostObject = m_host;
        api->hostDeinitialize(&p);
    }
}

MetricProperties MetricConfig::properties(const std::string &metric) const
{
    MetricProperties out;
    const CuptiApi *api = cuptiApi();
    if (!api)
        return out;
    CUpti_Profiler_Host_GetMetricProperties_Params p{
        CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE};
    p.pHostObject = m_host;
    p.pMetricName = metric.c_str();
    if (api->hostGetMetricProperties(&p) == CUPTI_SUCCESS) {
        out.description = p.pDescription ? p.pDescription : "";
        out.hwUnit = p.pHwUnit ? p.pHwUnit : "";
        out.dimUnit = p.pDimUnit ? p.pDimUnit : "";
    }
    return out;
}

bool MetricConfig::evaluate(const std::vector<std::uint8_t> &counterData,
                            std::size_t rangeIndex,
                            std::vector<double> *values,
                            std::string *why) const
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return false;
    std::vector<const char *> names = cNames(m_metrics);
    values->assign(m_metrics.size(), 0.0);
    CUpti_Profiler_Host_EvaluateToGpuValues_Params p{
        CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE};
    p.pHostObject = m_host;
    p.pCounterDataImage = counterData.data();
    p.counterDataImageSize = counterData.size();
    p.rangeIndex = rangeIndex;
    p.ppMetricNames = names.data();
    p.numMetrics = names.size();
    p.pMetricValues = values->data();
    if (CUptiResult r = api->hostEvaluateToGpuValues(&p); r != CUPTI_SUCCESS) {
        *why = "CUPTI could not evaluate the metrics: " + cuptiResultText(r);
        return false;
    }
    return true;
}

} // namespace tsm::profiler
