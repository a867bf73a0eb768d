#include "profiler/sass_metrics.h"

#include "core/cuda/driver.h"
#include "profiler/cupti_library.h"
#include "profiler/profiler_access.h"

#include <cstdlib>
#include <vector>

// The sequence cupti_sass_metrics.h documents (and NVIDIA's sass_metrics sample follows):
//   open():   cuptiProfilerInitialize; cuptiProfilerDeviceSupported{api=SASS_METRICS};
//             cuptiDeviceGetChipName{deviceIndex}; cuptiSassMetricsGetProperties{chip,
//             "smsp__sass_inst_executed"} -> metricId; cuptiSassMetricsSetConfig{{metricId,
//             GRANULARITY_GPU}, deviceIndex} (needs a context to exist)
//   begin():  cuptiSassMetricsEnable{ctx, enableLazyPatching=1}: the kernel is patched at its
//             first launch inside the range
//   (the caller launches the kernel once)
//   end():    synchronize; cuptiSassMetricsGetDataProperties{ctx} -> numOfPatchedInstruction-
//             Records, numOfInstances (1 at GPU granularity); allocate records and instance
//             values; cuptiSassMetricsFlushData{ctx, ...}; read functionName / pcOffset /
//             values, free() each functionName (CUPTI mallocs it); cuptiSassMetricsDisable{ctx}
//             (numOfDroppedRecords: what was not flushed)
//   ~:        cuptiSassMetricsDisable if still enabled; cuptiSassMetricsUnsetConfig{deviceIndex}

namespace tsm::profiler {
namespace {

void say(std::string *why, const std::string &text)
{
    if (why)
        *why = text;
}

CUcontext contextOf(cuda::Driver &driver)
{
    return reinterpret_cast<CUcontext>(driver.nativeContext());
}

} // namespace

std::unique_ptr<SassMetrics> SassMetrics::open(cuda::Driver &driver, std::string *why)
{
    if (!profilerSupports(driver,
                          CUPTI_PROFILER_SASS_METRICS,
                          "count instructions per line",
                          "static instruction counts per line still work",
                          why))
        return nullptr;
    const CuptiApi *api = cuptiApi(why);

    CUpti_Device_GetChipName_Params chip{CUpti_Device_GetChipName_Params_STRUCT_SIZE};
    chip.deviceIndex = std::size_t(driver.device().ordinal);
    if (CUptiResult r = api->deviceGetChipName(&chip); r != CUPTI_SUCCESS || !chip.pChipName) {
        say(why, explainCuptiFailure("asking CUPTI for the GPU's chip", r));
        return nullptr;
    }
    CUpti_SassMetrics_GetProperties_Params props{
        CUpti_SassMetrics_GetProperties_Params_STRUCT_SIZE};
    props.pChipName = chip.pChipName;
    props.pMetricName = kMetric;
    if (CUptiResult r = api->sassMetricsGetProperties(&props); r != CUPTI_SUCCESS) {
        say(why,
            explainCuptiFailure(
                std::string("looking up the SASS metric ") + kMetric + " on " + chip.pChipName, r));
        return nullptr;
    }

    std::unique_ptr<SassMetrics> m(new SassMetrics(driver));
    m->m_metricId = props.metric.metricId;
    CUpti_SassMetrics_Config config{};
    config.metricId = m->m_metricId;
    config.outputGranularity = CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU;
    CUpti_SassMetricsSetConfig_Params set{CUpti_SassMetricsSetConfig_Params_STRUCT_SIZE};
    set.numOfMetricConfig = 1;
    set.pConfigs = &config;
    set.deviceIndex = std::uint32_t(driver.device().ordinal);
    if (CUptiResult r = api->sassMetricsSetConfig(&set); r != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("configuring SASS metrics", r));
        return nullptr;
    }
    m->m_configured = true;
    return m;
}

SassMetrics::~SassMetrics()
{
    const CuptiApi *api = cuptiApi();
    if (!api)
        return;
    if (m_enabled) {
        CUpti_SassMetricsDisable_Params off{CUpti_SassMetricsDisable_Params_STRUCT_SIZE};
        off.ctx = contextOf(m_driver);
        api->sassMetricsDisable(&off);
    }
    if (m_configured) {
        CUpti_SassMetricsUnsetConfig_Params unset{CUpti_SassMetricsUnsetConfig_Params_STRUCT_SIZE};
        unset.deviceIndex = std::uint32_t(m_driver.device().ordinal);
        api->sassMetricsUnsetConfig(&unset);
    }
}

bool SassMetrics::begin(std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return false;
    if (m_enabled) {
        say(why, "SassMetrics::begin() called twice without end()");
        return false;
    }
    CUpti_SassMetricsEnable_Params on{CUpti_SassMetricsEnable_Params_STRUCT_SIZE};
    on.ctx = contextOf(m_driver);
    on.enableLazyPatching = 1; // patch only what launches in the range, at its first launch
    if (CUptiResult r = api->sassMetricsEnable(&on); r != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("enabling SASS metrics", r));
        return false;
    }
    m_enabled = true;
    return true;
}

bool SassMetrics::end(ExecutedPerPc *counts, std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return false;
    if (!m_enabled) {
        say(why, "SassMetrics::end() without begin()");
        return false;
    }
    CUcontext ctx = contextOf(m_driver);
    auto disable = [&](std::size_t *dropped) {
        CUpti_SassMetricsDisable_Params off{CUpti_SassMetricsDisable_Params_STRUCT_SIZE};
        off.ctx = ctx;
        const CUptiResult r = api->sassMetricsDisable(&off);
        m_enabled = false;
        if (dropped)
            *dropped = off.numOfDroppedRecords;
        return r;
    };
    // The counts are written as the kernel runs: wait for it.
    if (cuda::DriverStatus s = m_driver.synchronize(); !s) {
        disable(nullptr);
        say(why, "the measured launch failed: " + s.message);
        return false;
    }

    CUpti_SassMetricsGetDataProperties_Params props{
        CUpti_SassMetricsGetDataProperties_Params_STRUCT_SIZE};
    props.ctx = ctx;
    if (CUptiResult r = api->sassMetricsGetDataProperties(&props); r != CUPTI_SUCCESS) {
        disable(nullptr);
        say(why, explainCuptiFailure("reading how many SASS records were collected", r));
        return false;
    }
    const std::size_t records = props.numOfPatchedInstructionRecords;
    const std::size_t instances = props.numOfInstances;
    if (records == 0 || instances == 0) {
        disable(nullptr);
        say(why,
            "CUPTI collected no per-instruction counts: no kernel ran between begin() and "
            "end()");
        return false;
    }

    std::vector<CUpti_SassMetrics_InstanceValue> values(records * instances);
    std::vector<CUpti_SassMetrics_Data> data(records);
    for (std::size_t i = 0; i < records; ++i) {
        // The header documents this field's value by a params macro of FlushData; NVIDIA's
        // sample leaves it unset, so CUPTI does not check it: the record's own size.
        data[i].structSize = sizeof(CUpti_SassMetrics_Data);
        data[i].pInstanceValues = &values[i * instances];
    }
    // The STRUCT_SIZE macro ends at numOfInstances, before pMetricsData; NVIDIA's sample
    // passes it all the same and CUPTI fills pMetricsData, so it is used as documented.
    CUpti_SassMetricsFlushData_Params flush{CUpti_SassMetricsFlushData_Params_STRUCT_SIZE};
    flush.ctx = ctx;
    flush.numOfPatchedInstructionRecords = records;
    flush.numOfInstances = instances;
    flush.pMetricsData = data.data();
    const CUptiResult flushed = api->sassMetricsFlushData(&flush);

    ExecutedPerPc out;
    for (CUpti_SassMetrics_Data &d : data) {
        if (flushed == CUPTI_SUCCESS && d.functionName) {
            double executed = 0;
            for (std::size_t k = 0; k < instances; ++k)
                if (d.pInstanceValues[k].metricId == m_metricId)
                    executed += double(d.pInstanceValues[k].value);
            out[d.functionName][d.pcOffset] += executed;
        }
        std::free(const_cast<char *>(d.functionName));
    }
    std::size_t dropped = 0;
    const CUptiResult disabled = disable(&dropped);
    if (flushed != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("collecting the per-instruction counts", flushed));
        return false;
    }
    if (disabled != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("disabling SASS metrics", disabled));
        return false;
    }
    if (dropped) {
        say(why, "CUPTI dropped " + std::to_string(dropped) + " per-instruction records");
        return false;
    }
    if (counts)
        *counts = std::move(out);
    return true;
}

} // namespace tsm::profiler
