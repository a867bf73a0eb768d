#pragma once
// A Driver that keeps "device memory" in host vectors and records launches, so that the CUDA
// backend's glue (mirrors, argument marshaling, synchronization, fault reports, timers, CUDA
// graphs) is tested on machines without a GPU. A capture records launches and fills into a
// graph instead of running them, fails on what a real capture cannot hold (a copy to the host,
// a synchronize, an event) with the real driver's words, and holds released memory back until
// the graph is destroyed; a replay runs the recorded launches.

#include "core/cuda/driver.h"

#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

namespace tsm::cuda::test {

class FakeFunction final : public Function
{
public:
    explicit FakeFunction(std::string name)
        : m_name(std::move(name))
    {
    }
    const std::string &name() const override { return m_name; }
    FunctionAttributes attributes() const override { return {32, 0, 0, 0, 1024, 90, 90}; }
    int activeBlocksPerSm(int, int) const override { return 16; }

private:
    std::string m_name;
};

class FakeModule final : public Module
{
public:
    std::shared_ptr<Function> function(const std::string &name, DriverStatus *) override
    {
        return std::make_shared<FakeFunction>(name);
    }
};

class FakeDriver final : public Driver
{
public:
    struct Launch
    {
        std::string kernel;
        std::int64_t gx, gy, gz;
        int threads;
        std::vector<std::uint64_t> args; ///< the first 8 bytes behind each argument pointer
    };

    FakeDriver() { m_info.name = "Fake GPU", m_info.ccMajor = 9, m_info.ccMinor = 0; }

    const DeviceInfo &device() const override { return m_info; }
    std::shared_ptr<Module> loadModule(std::span<const char> image, DriverStatus *) override
    {
        loadedImageBytes = image.size();
        return std::make_shared<FakeModule>();
    }
    DevicePtr allocate(std::size_t bytes, DriverStatus *) override
    {
        DevicePtr p = m_next;
        m_next += (bytes + 255) / 256 * 256 + 256;
        // Fresh device memory is garbage; big scratch buffers (do_bench's L2 clearing) get no
        // host copy.
        memory[p].assign(bytes <= (std::size_t(64) << 20) ? bytes : 0, std::byte{0xAB});
        ++allocations;
        return p;
    }
    void release(DevicePtr ptr, std::size_t) override
    {
        if (m_capture != Capture::None || !m_graphs.empty()) {
            heldBack.push_back(ptr); // a graph may still write it
            return;
        }
        memory.erase(ptr);
        ++releases;
    }
    DriverStatus copyToDevice(DevicePtr dst, const void *src, std::size_t bytes) override
    {
        ++uploads;
        if (m_capture == Capture::Running)
            ++m_recording.uploads;
        std::memcpy(memory.at(dst).data(), src, bytes);
        return {};
    }
    DriverStatus copyToHost(void *dst, DevicePtr src, std::size_t bytes) override
    {
        if (m_capture != Capture::None)
            return failCapture("read GPU memory on the host (a device-to-host copy of "
                               + std::to_string(bytes) + " bytes)");
        ++downloads;
        std::memcpy(dst, memory.at(src).data(), bytes);
        return {};
    }
    DriverStatus fill(DevicePtr dst, std::uint8_t byte, std::size_t bytes) override
    {
        if (m_capture == Capture::Failed)
            return failCapture({});
        if (m_capture == Capture::Running) {
            ++m_recording.fills;
            return {};
        }
        ++fills;
        auto it = memory.find(dst);
        if (it != memory.end() && it->second.size() >= bytes)
            std::memset(it->second.data(), byte, bytes);
        return {};
    }
    DriverStatus launch(const Function &fn,
                        std::int64_t gx,
                        std::int64_t gy,
                        std::int64_t gz,
                        int threads,
                        int,
                        void **args) override
    {
        if (!m_lost.empty())
            return {false, m_lost, true};
        if (m_capture == Capture::Failed)
            return failCapture({});
        Launch l{fn.name(), gx, gy, gz, threads, {}};
        for (int k = 0; k < argCount; ++k) {
            std::uint64_t v = 0;
            std::memcpy(&v, args[k], 8);
            l.args.push_back(v);
        }
        if (m_capture == Capture::Running) {
            m_recorded.push_back(l);
            ++m_recording.launches;
            return {};
        }
        launches.push_back(l);
        if (onLaunch)
            onLaunch(l);
        return {};
    }
    DriverStatus synchronize() override
    {
        if (m_capture != Capture::None)
            return failCapture("waited for the GPU (a synchronize)");
        ++syncs;
        if (!assertAtSync.empty()) {
            // As the CUDA runtime: the assert report on stderr, then a sticky CUDA_ERROR_ASSERT.
            const std::string text = std::exchange(assertAtSync, {});
            if (::write(assertFd, text.data(), text.size()) < 0)
                return {false, "could not write the assert report", false};
            m_lost = "device-side assert triggered (CUDA_ERROR_ASSERT)";
            return {false, m_lost, true};
        }
        if (faultAtSync) {
            faultAtSync = false;
            m_lost = "an illegal memory access was encountered (CUDA_ERROR_ILLEGAL_ADDRESS)";
            return {false, m_lost, true};
        }
        return {};
    }
    std::uintptr_t createEvent() override { return ++m_events; }
    void destroyEvent(std::uintptr_t) override { ++destroyedEvents; }
    DriverStatus recordEvent(std::uintptr_t e) override
    {
        if (m_capture != Capture::None)
            return failCapture("recorded a CUDA event (timing inside the captured code)");
        recorded[e] = double(++m_clock);
        return {};
    }
    double elapsedMs(std::uintptr_t a, std::uintptr_t b, DriverStatus *) override
    {
        return recorded.at(b) - recorded.at(a);
    }
    DriverStatus beginCapture() override
    {
        if (m_capture != Capture::None)
            return {false, "a CUDA graph capture is already open on this thread", false};
        m_capture = Capture::Running;
        m_recording = {};
        m_recorded.clear();
        ++captures;
        return {};
    }
    bool capturing() const override { return m_capture != Capture::None; }
    CapturedGraph endCapture(DriverStatus *status) override
    {
        const Capture was = m_capture;
        m_capture = Capture::None;
        if (was != Capture::Running) {
            *status = {false,
                       was == Capture::None ? "no CUDA graph capture is open on this thread"
                                            : "the captured code " + m_failure
                                                  + ", which cannot happen while a CUDA graph is "
                                                    "being captured",
                       false};
            releaseHeld();
            return {};
        }
        *status = {};
        CapturedGraph g = m_recording;
        g.graph = ++m_nextGraph;
        m_graphs[g.graph] = m_recorded;
        return g;
    }
    std::string abandonCapture() override
    {
        const Capture was = m_capture;
        m_capture = Capture::None;
        if (was != Capture::None)
            releaseHeld();
        return was == Capture::Failed ? m_failure : std::string();
    }
    DriverStatus launchGraph(std::uintptr_t graph) override
    {
        if (m_capture != Capture::None)
            return failCapture("replayed a CUDA graph");
        auto it = m_graphs.find(graph);
        if (it == m_graphs.end())
            return {false, "replaying a CUDA graph that does not exist (any more)", false};
        ++replays;
        for (const Launch &l : it->second) {
            launches.push_back(l);
            if (onLaunch)
                onLaunch(l);
        }
        return {};
    }
    void destroyGraph(std::uintptr_t graph) override
    {
        if (m_graphs.erase(graph))
            ++destroyedGraphs;
        releaseHeld();
    }
    const std::string &lostContext() const override { return m_lost; }
    /// Records the request; the map's first 8 bytes say which one it was (1, 2, ...).
    DriverStatus encodeTensorMap(const TensorMapRequest &request, void *map) override
    {
        tensorMaps.push_back(request);
        std::memset(map, 0, 128);
        const std::uint64_t id = tensorMaps.size();
        std::memcpy(map, &id, 8);
        return {};
    }

    /// Reads a device allocation as T values.
    template <class T> std::vector<T> read(DevicePtr p) const
    {
        const auto &bytes = memory.at(p);
        std::vector<T> out(bytes.size() / sizeof(T));
        std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
        return out;
    }

    std::map<DevicePtr, std::vector<std::byte>> memory;
    std::vector<Launch> launches;
    std::vector<TensorMapRequest> tensorMaps;
    std::function<void(const Launch &)> onLaunch;
    int argCount = 0;
    int allocations = 0, releases = 0, uploads = 0, downloads = 0, fills = 0, syncs = 0;
    int destroyedEvents = 0;
    int captures = 0, replays = 0, destroyedGraphs = 0;
    /// Released while a capture or graph existed, not yet given back.
    std::vector<DevicePtr> heldBack;
    bool faultAtSync = false;
    /// Non-empty: the next synchronization fails on a device assert, writing this text to
    /// file descriptor `assertFd` first.
    std::string assertAtSync;
    int assertFd = 2;
    std::size_t loadedImageBytes = 0;
    std::map<std::uintptr_t, double> recorded;

private:
    enum class Capture { None, Running, Failed };

    DriverStatus failCapture(std::string reason)
    {
        if (m_capture == Capture::Failed)
            return {false,
                    "the CUDA graph capture had already ended: the captured code " + m_failure,
                    false};
        m_capture = Capture::Failed;
        m_failure = std::move(reason);
        return {false,
                "the captured code " + m_failure
                    + ", which cannot happen while a CUDA graph is being captured (nothing runs "
                      "during a capture); the capture was ended",
                false};
    }
    void releaseHeld()
    {
        if (m_capture != Capture::None || !m_graphs.empty())
            return;
        for (DevicePtr p : heldBack) {
            memory.erase(p);
            ++releases;
        }
        heldBack.clear();
    }

    DeviceInfo m_info;
    DevicePtr m_next = 0x10000;
    std::uintptr_t m_events = 0;
    std::uint64_t m_clock = 0;
    std::string m_lost;
    Capture m_capture = Capture::None;
    std::string m_failure;
    CapturedGraph m_recording;
    std::vector<Launch> m_recorded;
    std::map<std::uintptr_t, std::vector<Launch>> m_graphs;
    std::uintptr_t m_nextGraph = 0;
};

} // namespace tsm::cuda::test
