// DriverImpl's CUDA graphs (do_bench_cudagraph): a capture on a non-blocking stream of the
// driver's own in relaxed mode (the legacy stream cannot be captured; relaxed mode and a
// non-blocking stream keep the synchronous legacy-stream copies of other code legal meanwhile),
// graphs replayed on the legacy stream so that events and later work are ordered with them,
// and the memory pool holding releases back while a capture or a graph exists.

#include "core/cuda/driver_impl.h"

namespace tsm::cuda {

namespace {

DriverStatus failed(std::string message)
{
    DriverStatus s;
    s.ok = false;
    s.message = std::move(message);
    return s;
}

} // namespace

DriverImpl::CaptureState DriverImpl::captureHere() const
{
    std::lock_guard<std::mutex> lock(m_captureMutex);
    return m_captureThread == std::this_thread::get_id() ? m_captureState : CaptureState::None;
}

bool DriverImpl::capturing() const
{
    return captureHere() != CaptureState::None;
}

void DriverImpl::dropCapture()
{
    CUgraph graph = nullptr;
    // Ending an invalidated capture fails and gives no graph; either way the stream is free.
    if (m_api.streamEndCapture(m_captureStream, &graph) == CUDA_SUCCESS && graph)
        m_api.graphDestroy(graph);
}

DriverStatus DriverImpl::failCapture(std::string reason)
{
    if (m_captureState == CaptureState::Failed)
        return failed("the CUDA graph capture had already ended: the captured code "
                      + m_captureFailure);
    dropCapture();
    m_captureState = CaptureState::Failed;
    m_captureFailure = std::move(reason);
    return failed("the captured code " + m_captureFailure
                  + ", which cannot happen while a CUDA graph is being captured (nothing runs "
                    "during a capture); the capture was ended");
}

DriverStatus DriverImpl::beginCapture()
{
    DriverStatus s;
    if (!usable(&s))
        return s;
    std::lock_guard<std::mutex> lock(m_captureMutex);
    if (m_captureState != CaptureState::None)
        return failed(m_captureThread == std::this_thread::get_id()
                          ? "a CUDA graph capture is already open on this thread"
                          : "another thread is capturing a CUDA graph on this GPU");
    if (!m_captureStream) {
        s = check(m_api.streamCreate(&m_captureStream, CU_STREAM_NON_BLOCKING),
                  "creating a CUDA stream for graph capture");
        if (!s) {
            m_captureStream = nullptr;
            return s;
        }
    }
    s = check(m_api.streamBeginCapture(m_captureStream, CU_STREAM_CAPTURE_MODE_RELAXED),
              "beginning a CUDA graph capture");
    if (!s)
        return s;
    m_captureState = CaptureState::Running;
    m_captureThread = std::this_thread::get_id();
    m_captureFailure.clear();
    m_captured = {};
    m_pool.hold();
    return s;
}

CapturedGraph DriverImpl::endCapture(DriverStatus *status)
{
    const auto fail = [&](DriverStatus s) {
        if (status)
            *status = std::move(s);
        return CapturedGraph{};
    };
    if (status)
        *status = {};
    std::lock_guard<std::mutex> lock(m_captureMutex);
    if (m_captureState == CaptureState::None || m_captureThread != std::this_thread::get_id())
        return fail(failed("no CUDA graph capture is open on this thread"));
    const CaptureState state = m_captureState;
    m_captureState = CaptureState::None;
    m_captureThread = {};
    if (state == CaptureState::Failed) {
        m_pool.unhold();
        return fail(failed("the captured code " + m_captureFailure
                           + ", which cannot happen while a CUDA graph is being captured"));
    }
    DriverStatus s;
    if (!usable(&s)) {
        m_pool.unhold();
        return fail(std::move(s));
    }
    CUgraph graph = nullptr;
    s = check(m_api.streamEndCapture(m_captureStream, &graph), "ending the CUDA graph capture");
    if (!s || !graph) {
        if (graph)
            m_api.graphDestroy(graph);
        m_pool.unhold();
        return fail(s ? failed("ending the CUDA graph capture gave no graph") : std::move(s));
    }
    CUgraphExec exec = nullptr;
    s = check(m_api.graphInstantiate(&exec, graph, 0), "instantiating the captured CUDA graph");
    // The executable graph is independent of the graph it was made from.
    m_api.graphDestroy(graph);
    if (!s || !exec) {
        m_pool.unhold();
        return fail(s ? failed("instantiating the captured CUDA graph gave no graph")
                      : std::move(s));
    }
    CapturedGraph out = m_captured;
    out.graph = reinterpret_cast<std::uintptr_t>(exec);
    m_graphs.insert(out.graph); // keeps the pool's hold until destroyGraph()
    return out;
}

std::string DriverImpl::abandonCapture()
{
    std::lock_guard<std::mutex> lock(m_captureMutex);
    if (m_captureState == CaptureState::None || m_captureThread != std::this_thread::get_id())
        return {};
    std::string reason;
    if (m_captureState == CaptureState::Failed)
        reason = m_captureFailure;
    else if (!lost())
        dropCapture();
    m_captureState = CaptureState::None;
    m_captureThread = {};
    m_pool.unhold();
    return reason;
}

DriverStatus DriverImpl::launchGraph(std::uintptr_t graph)
{
    DriverStatus s;
    if (!usable(&s))
        return s;
    {
        std::lock_guard<std::mutex> lock(m_captureMutex);
        if (m_captureState != CaptureState::None && m_captureThread == std::this_thread::get_id())
            return failCapture("replayed a CUDA graph");
        if (!m_graphs.count(graph))
            return failed("replaying a CUDA graph that does not exist (any more)");
    }
    return check(m_api.graphLaunch(reinterpret_cast<CUgraphExec>(graph), nullptr),
                 "replaying the CUDA graph");
}

void DriverImpl::destroyGraph(std::uintptr_t graph)
{
    std::lock_guard<std::mutex> lock(m_captureMutex);
    if (!m_graphs.erase(graph))
        return;
    // A graph still running is freed by the driver when it finishes. The blocks it may write
    // become reusable now: every later use of them is on the legacy stream, after the graph.
    if (usable(nullptr))
        m_api.graphExecDestroy(reinterpret_cast<CUgraphExec>(graph));
    m_pool.unhold();
}

} // namespace tsm::cuda
