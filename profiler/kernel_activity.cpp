#include "profiler/kernel_activity.h"

#include "core/cuda/driver.h"
#include "profiler/cupti_library.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>

namespace tsm::profiler {

namespace {

constexpr std::size_t kBufferBytes = 4 << 20;

std::mutex g_mutex;
std::vector<KernelActivity> g_records; ///< guarded by g_mutex
std::atomic<bool> g_active{false};

void CUPTIAPI onRequest(uint8_t **buffer, size_t *size, size_t *maxNumRecords)
{
    *buffer = static_cast<uint8_t *>(std::aligned_alloc(8, kBufferBytes));
    *size = *buffer ? kBufferBytes : 0;
    *maxNumRecords = 0;
}

void CUPTIAPI onComplete(CUcontext, uint32_t, uint8_t *buffer, size_t, size_t validSize)
{
    const CuptiApi *api = cuptiApi();
    std::vector<KernelActivity> got;
    CUpti_Activity *rec = nullptr;
    while (api && validSize
           && api->activityGetNextRecord(buffer, validSize, &rec) == CUPTI_SUCCESS) {
        if (rec->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL
            && rec->kind != CUPTI_ACTIVITY_KIND_KERNEL)
            continue;
        // The record is packed: copy each field out before use (CUDA.md §6).
        const auto *k = reinterpret_cast<const CUpti_ActivityKernel10 *>(rec);
        KernelActivity a;
        const char *name = k->name;
        a.name = name ? name : "";
        a.startNs = k->start;
        a.endNs = k->end;
        a.correlationId = k->correlationId;
        a.grid[0] = k->gridX;
        a.grid[1] = k->gridY;
        a.grid[2] = k->gridZ;
        a.block[0] = k->blockX;
        a.block[1] = k->blockY;
        a.block[2] = k->blockZ;
        a.registers = k->registersPerThread;
        a.staticShared = k->staticSharedMemory;
        a.dynamicShared = k->dynamicSharedMemory;
        a.graphId = k->graphId;
        got.push_back(std::move(a));
    }
    std::free(buffer);
    std::lock_guard lock(g_mutex);
    for (KernelActivity &a : got)
        g_records.push_back(std::move(a));
}

} // namespace

std::unique_ptr<ActivityTracer> ActivityTracer::start(std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return nullptr;
    if (g_active.exchange(true)) {
        *why = "another kernel tracer is already running in this process";
        return nullptr;
    }
    {
        std::lock_guard lock(g_mutex);
        g_records.clear();
    }
    if (CUptiResult r = api->activityRegisterCallbacks(onRequest, onComplete); r != CUPTI_SUCCESS) {
        g_active = false;
        *why = "CUPTI could not register activity buffers: " + cuptiResultText(r);
        return nullptr;
    }
    if (CUptiResult r = api->activityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
        r != CUPTI_SUCCESS) {
        g_active = false;
        *why = "CUPTI could not trace kernels: " + cuptiResultText(r);
        return nullptr;
    }

    return std::unique_ptr<ActivityTracer>(new ActivityTracer);
}

ActivityTracer::~ActivityTracer()
{
    if (const CuptiApi *api = cuptiApi()) {
        if (!m_paused)
            api->activityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
        api->activityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    }
    g_active = false;
}

void ActivityTracer::pause()
{
    if (m_paused)
        return;
    if (const CuptiApi *api = cuptiApi())
        api->activityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
    m_paused = true;
}

void ActivityTracer::resume()
{
    if (!m_paused)
        return;
    if (const CuptiApi *api = cuptiApi())
        api->activityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
    m_paused = false;
}

std::vector<KernelActivity> ActivityTracer::collect(cuda::Driver &driver)
{
    // FlushAll does not wait for the GPU (CUDA.md §6).
    (void)driver.synchronize();
    if (const CuptiApi *api = cuptiApi())
        api->activityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    std::vector<KernelActivity> out;
    {
        std::lock_guard lock(g_mutex);
        out = g_records;
    }
    std::stable_sort(out.begin(), out.end(), [](const KernelActivity &a, const KernelActivity &b) {
        return a.correlationId < b.correlationId;
    });
    return out;
}

} // namespace tsm::profiler
