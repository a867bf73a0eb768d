#include "core/cuda/driver_impl.h"

#include <cstring>
#include <limits>
#include <vector>

namespace tsm::cuda {

namespace {

DriverStatus failure(std::string message, bool sticky = false)
{
    DriverStatus s;
    s.ok = false;
    s.message = std::move(message);
    s.sticky = sticky;
    return s;
}

void setStatus(DriverStatus *out, DriverStatus s)
{
    if (out)
        *out = std::move(s);
}

// The primary context is current per thread; the IDE calls from worker threads.
thread_local CUcontext tlCurrent = nullptr;

} // namespace

DriverImpl::DriverImpl(const DriverApi &api, CUdevice device, CUcontext context, DeviceInfo info)
    : m_api(api)
    , m_device(device)
    , m_context(context)
    , m_info(std::move(info))
    , m_pool(
          [this](std::size_t bytes) -> std::uint64_t {
              CUdeviceptr p = 0;
              m_lastAllocError = m_api.memAlloc(&p, bytes);
              return m_lastAllocError == CUDA_SUCCESS ? p : 0;
          },
          [this](std::uint64_t p) { m_api.memFree(CUdeviceptr(p)); })
{
}

DriverImpl::~DriverImpl()
{
    // After a lost context the frees would only fail; the driver reclaims everything at exit.
    if (!lost() && m_api.ctxSetCurrent(m_context) == CUDA_SUCCESS) {
        tlCurrent = m_context;
        {
            std::lock_guard<std::mutex> lock(m_captureMutex);
            if (m_captureState == CaptureState::Running)
                dropCapture();
            for (std::uintptr_t g : m_graphs)
                m_api.graphExecDestroy(reinterpret_cast<CUgraphExec>(g));
            m_graphs.clear();
            if (m_captureStream)
                m_api.streamDestroy(m_captureStream);
        }
        m_pool.releaseAll();
    }
    m_api.primaryCtxRelease(m_device);
    if (tlCurrent == m_context)
        tlCurrent = nullptr;
}

DriverStatus DriverImpl::check(CUresult r, std::string_view what)
{
    if (r == CUDA_SUCCESS)
        return {};
    const std::string error = m_api.describe(r);
    if (!isStickyError(r))
        return failure(std::string(what) + ": " + error);
    {
        std::lock_guard<std::mutex> lock(m_lostMutex);
        if (!lost()) {
            m_lostMessage = "the CUDA context was lost after " + error
                            + " in an earlier launch; restart the process";
            m_lost.store(true, std::memory_order_release);
        }
    }
    return failure(std::string(what) + ": " + error
                       + "; the CUDA context is lost, restart the process to use the GPU again",
                   true);
}

bool DriverImpl::usable(DriverStatus *status)
{
    if (lost()) {
        setStatus(status, failure(m_lostMessage, true));
        return false;
    }
    if (tlCurrent != m_context) {
        DriverStatus s = check(m_api.ctxSetCurrent(m_context), "making the CUDA context current");
        if (!s) {
            setStatus(status, std::move(s));
            return false;
        }
        tlCurrent = m_context;
    }
    return true;
}

const std::string &DriverImpl::lostContext() const
{
    static const std::string none;
    return lost() ? m_lostMessage : none;
}

std::shared_ptr<Module> DriverImpl::loadModule(std::span<const char> image, DriverStatus *status)
{
    setStatus(status, {});
    if (!usable(status))
        return nullptr;
    // A cubin is an ELF image; PTX text must end with a NUL for the driver's JIT.
    std::vector<char> ptx;
    const void *data = image.data();
    const bool elf = image.size() >= 4
                     && std::memcmp(image.data(),
                                    "\x7f"
                                    "ELF",
                                    4)
                            == 0;
    if (!elf && (image.empty() || image.back() != '\0')) {
        ptx.assign(image.begin(), image.end());
        ptx.push_back('\0');
        data = ptx.data();
    }
    std::vector<char> errorLog(16 * 1024, '\0');
    CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {errorLog.data(), reinterpret_cast<void *>(errorLog.size())};
    CUmodule module = nullptr;
    DriverStatus s = check(m_api.moduleLoadDataEx(&module, data, 2, options, values),
                           "loading the compiled kernel");
    if (!s) {
        const std::string log(errorLog.data());
        if (!log.empty())
            s.message += "\n" + log;
        setStatus(status, std::move(s));
        return nullptr;
    }
    return std::make_shared<ModuleImpl>(shared_from_this(), module);
}

DevicePtr DriverImpl::allocate(std::size_t bytes, DriverStatus *status)
{
    setStatus(status, {});
    if (bytes == 0 || !usable(status))
        return 0;
    const std::uint64_t p = m_pool.allocate(bytes);
    if (p == 0) {
        DriverStatus s
            = check(m_lastAllocError == CUDA_SUCCESS ? CUDA_ERROR_OUT_OF_MEMORY : m_lastAllocError,
                    "allocating " + std::to_string(bytes) + " bytes on the GPU");
        setStatus(status, std::move(s));
    }
    return p;
}

void DriverImpl::release(DevicePtr ptr, std::size_t)
{
    // The pool knows each block's bucket; the size is not needed to return it.
    if (ptr != 0)
        m_pool.release(ptr);
}

DriverStatus DriverImpl::copyToDevice(DevicePtr dst, const void *src, std::size_t bytes)
{
    DriverStatus s;
    if (bytes == 0 || !usable(&s))
        return s;
    // During a capture too: a synchronous copy on the legacy stream does not touch the
    // non-blocking capture stream, so it runs now, once (the graph will not repeat it).
    s = check(m_api.memcpyHtoD(dst, src, bytes), "copying to the GPU");
    if (s && captureHere() == CaptureState::Running) {
        std::lock_guard<std::mutex> lock(m_captureMutex);
        ++m_captured.uploads;
    }
    return s;
}

DriverStatus DriverImpl::copyToHost(void *dst, DevicePtr src, std::size_t bytes)
{
    DriverStatus s;
    if (bytes == 0 || !usable(&s))
        return s;
    if (captureHere() != CaptureState::None) {
        std::lock_guard<std::mutex> lock(m_captureMutex);
        return failCapture("read GPU memory on the host (a device-to-host copy of "
                           + std::to_string(bytes) + " bytes)");
    }
    return check(m_api.memcpyDtoH(dst, src, bytes), "copying from the GPU");
}

DriverStatus DriverImpl::fill(DevicePtr dst, std::uint8_t byte, std::size_t bytes)
{
    DriverStatus s;
    if (bytes == 0 || !usable(&s))
        return s;
    if (captureHere() != CaptureState::None) {
        // Recorded into the graph, as torch.zeros on a GPU would be.
        std::lock_guard<std::mutex> lock(m_captureMutex);
        if (m_captureState == CaptureState::Failed)
            return failCapture({});
        s = check(m_api.memsetD8Async(dst, byte, bytes, m_captureStream), "filling GPU memory");
        if (s)
            ++m_captured.fills;
        return s;
    }
    return check(m_api.memsetD8(dst, byte, bytes), "filling GPU memory");
}

DriverStatus DriverImpl::encodeTensorMap(const TensorMapRequest &r, void *map)
{
    const std::size_t rank = r.dims.size();
    if (rank == 0 || rank > 5 || r.box.size() != rank || r.strides.size() + 1 != rank)
        return failure("a TMA tensor map needs 1 to 5 dimensions with a box and stride for each");
    const std::vector<cuuint32_t> elementStrides(rank, 1);
    // L2 promotion of 128-byte lines, as Triton's descriptors ask for.
    const CUresult res = m_api.tensorMapEncodeTiled(
        static_cast<CUtensorMap *>(map), CUtensorMapDataType(r.dataType), cuuint32_t(rank),
        reinterpret_cast<void *>(r.address), r.dims.data(), r.strides.data(), r.box.data(), elementStrides.data(),
        CU_TENSOR_MAP_INTERLEAVE_NONE, CUtensorMapSwizzle(r.swizzle), CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
        r.nanFill ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (res == CUDA_SUCCESS)
        return {};
    return DriverStatus{false, "encoding a TMA tensor map: " + m_api.describe(res), false};
}

DriverStatus DriverImpl::launch(const Function &fn,
                                std::int64_t gridX,
                                std::int64_t gridY,
                                std::int64_t gridZ,
                                int blockThreads,
                                int dynamicSharedBytes,
                                void **args)
{
    DriverStatus s;
    if (!usable(&s))
        return s;
    const auto *f = dynamic_cast<const FunctionImpl *>(&fn);
    if (!f || &f->driver() != this)
        return failure("kernel '" + fn.name() + "' was not loaded by this CUDA context");
    const std::string what = "launching kernel '" + f->name() + "'";
    if (gridX < 1 || gridY < 1 || gridZ < 1 || gridX > std::numeric_limits<std::int32_t>::max()
        || gridY > 65535 || gridZ > 65535)
        return failure(what + ": the grid (" + std::to_string(gridX) + ", " + std::to_string(gridY)
                       + ", " + std::to_string(gridZ)
                       + ") is outside the GPU's limits (1..2^31-1, 1..65535, 1..65535)");
    if (blockThreads < 1 || blockThreads > 1024)
        return failure(what + ": " + std::to_string(blockThreads)
                       + " threads per block is outside 1..1024");
    if (dynamicSharedBytes < 0)
        return failure(what + ": negative dynamic shared memory size");
    if (s = f->allowDynamicShared(dynamicSharedBytes); !s)
        return s;
    CUstream stream = nullptr; // the legacy default stream
    const bool captured = captureHere() != CaptureState::None;
    if (captured) {
        std::lock_guard<std::mutex> lock(m_captureMutex);
        if (m_captureState == CaptureState::Failed) {
            s = failCapture({});
            s.message = what + ": " + s.message;
            return s;
        }
        stream = m_captureStream;
    }
    s = check(m_api.launchKernel(f->handle(),
                                 unsigned(gridX),
                                 unsigned(gridY),
                                 unsigned(gridZ),
                                 unsigned(blockThreads),
                                 1,
                                 1,
                                 unsigned(dynamicSharedBytes),
                                 stream,
                                 args,
                                 nullptr),
              what);
    if (s && captured) {
        std::lock_guard<std::mutex> lock(m_captureMutex);
        ++m_captured.launches;
    }
    return s;
}

DriverStatus DriverImpl::synchronize()
{
    DriverStatus s;
    if (!usable(&s))
        return s;
    if (captureHere() != CaptureState::None) {
        std::lock_guard<std::mutex> lock(m_captureMutex);
        return failCapture("waited for the GPU (a synchronize)");
    }
    const CUresult r
        = m_api.ctxSynchronize ? m_api.ctxSynchronize() : m_api.ctxSynchronizeCtx(m_context);
    return check(r, "waiting for the GPU");
}

std::uintptr_t DriverImpl::createEvent()
{
    CUevent e = nullptr;
    if (!usable(nullptr) || m_api.eventCreate(&e, CU_EVENT_DEFAULT) != CUDA_SUCCESS)
        return 0;
    return reinterpret_cast<std::uintptr_t>(e);
}

void DriverImpl::destroyEvent(std::uintptr_t event)
{
    if (event != 0 && usable(nullptr))
        m_api.eventDestroy(reinterpret_cast<CUevent>(event));
}

DriverStatus DriverImpl::recordEvent(std::uintptr_t event)
{
    DriverStatus s;
    if (!usable(&s))
        return s;
    if (event == 0)
        return failure("recording a CUDA event that could not be created");
    if (captureHere() != CaptureState::None) {
        std::lock_guard<std::mutex> lock(m_captureMutex);
        return failCapture("recorded a CUDA event (timing inside the captured code)");
    }
    return check(m_api.eventRecord(reinterpret_cast<CUevent>(event), nullptr),
                 "recording an event");
}

double DriverImpl::elapsedMs(std::uintptr_t start, std::uintptr_t end, DriverStatus *status)
{
    setStatus(status, {});
    if (!usable(status))
        return 0.0;
    if (start == 0 || end == 0) {
        setStatus(status, failure("timing with a CUDA event that could not be created"));
        return 0.0;
    }
    if (captureHere() != CaptureState::None) {
        std::lock_guard<std::mutex> lock(m_captureMutex);
        setStatus(status, failCapture("waited for a CUDA event"));
        return 0.0;
    }
    DriverStatus s
        = check(m_api.eventSynchronize(reinterpret_cast<CUevent>(end)), "waiting for the GPU");
    float ms = 0.0f;
    if (s)
        s = check(m_api.eventElapsedTime(
                      &ms, reinterpret_cast<CUevent>(start), reinterpret_cast<CUevent>(end)),
                  "reading the event timer");
    setStatus(status, std::move(s));
    return double(ms);
}

ModuleImpl::~ModuleImpl()
{
    if (m_driver->usable(nullptr))
        m_driver->api().moduleUnload(m_module);
}

std::shared_ptr<Function> ModuleImpl::function(const std::string &name, DriverStatus *status)
{
    setStatus(status, {});
    if (!m_driver->usable(status))
        return nullptr;
    CUfunction fn = nullptr;
    const CUresult r = m_driver->api().moduleGetFunction(&fn, m_module, name.c_str());
    if (r != CUDA_SUCCESS) {
        setStatus(status,
                  r == CUDA_ERROR_NOT_FOUND
                      ? failure("the compiled module has no kernel named '" + name + "'")
                      : m_driver->check(r, "looking up kernel '" + name + "'"));
        return nullptr;
    }
    return std::make_shared<FunctionImpl>(shared_from_this(), fn, name);
}

FunctionAttributes FunctionImpl::attributes() const
{
    FunctionAttributes a;
    if (!driver().usable(nullptr))
        return a;
    const DriverApi &api = driver().api();
    const auto get = [&](CUfunction_attribute attr, int &out) {
        int v = 0;
        if (api.funcGetAttribute(&v, attr, m_fn) == CUDA_SUCCESS)
            out = v;
    };
    get(CU_FUNC_ATTRIBUTE_NUM_REGS, a.registers);
    get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, a.staticSharedBytes);
    get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, a.localBytes);
    get(CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, a.constBytes);
    get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, a.maxThreadsPerBlock);
    get(CU_FUNC_ATTRIBUTE_BINARY_VERSION, a.binaryVersion);
    get(CU_FUNC_ATTRIBUTE_PTX_VERSION, a.ptxVersion);
    return a;
}

int FunctionImpl::activeBlocksPerSm(int blockThreads, int dynamicSharedBytes) const
{
    if (!driver().usable(nullptr) || blockThreads < 1 || dynamicSharedBytes < 0)
        return 0;
    // Above 48 KiB the occupancy calculator counts a block as unlaunchable until the
    // function's dynamic shared-memory limit is raised, as the launch will raise it.
    if (!allowDynamicShared(dynamicSharedBytes))
        return 0;
    int blocks = 0;
    if (driver().api().occupancyMaxActiveBlocks(
            &blocks, m_fn, blockThreads, std::size_t(dynamicSharedBytes))
        != CUDA_SUCCESS)
        return 0;
    return blocks;
}

DriverStatus FunctionImpl::allowDynamicShared(int bytes) const
{
    if (bytes <= m_dynamicSharedLimit.load())
        return {};
    const CUresult r = driver().api().funcSetAttribute(
        m_fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
    if (r != CUDA_SUCCESS)
        return driver().check(r,
                              "raising kernel '" + m_name + "' dynamic shared memory to "
                                  + std::to_string(bytes) + " bytes");
    m_dynamicSharedLimit.store(bytes);
    return {};
}

} // namespace tsm::cuda
