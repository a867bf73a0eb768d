#pragma once
// A Driver that keeps "device memory" in host vectors and records launches, so that the CUDA
// backend's glue (mirrors, argument marshaling, synchronization, fault reports, timers) is
// tested on machines without a GPU.

#include "core/cuda/driver.h"

#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

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
        memory.erase(ptr);
        ++releases;
    }
    DriverStatus copyToDevice(DevicePtr dst, const void *src, std::size_t bytes) override
    {
        ++uploads;
        std::memcpy(memory.at(dst).data(), src, bytes);
        return {};
    }
    DriverStatus copyToHost(void *dst, DevicePtr src, std::size_t bytes) override
    {
        ++downloads;
        std::memcpy(dst, memory.at(src).data(), bytes);
        return {};
    }
    DriverStatus fill(DevicePtr dst, std::uint8_t byte, std::size_t bytes) override
    {
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
        Launch l{fn.name(), gx, gy, gz, threads, {}};
        for (int k = 0; k < argCount; ++k) {
            std::uint64_t v = 0;
            std::memcpy(&v, args[k], 8);
            l.args.push_back(v);
        }
        launches.push_back(l);
        if (onLaunch)
            onLaunch(l);
        return {};
    }
    DriverStatus synchronize() override
    {
        ++syncs;
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
        recorded[e] = double(++m_clock);
        return {};
    }
    double elapsedMs(std::uintptr_t a, std::uintptr_t b, DriverStatus *) override
    {
        return recorded.at(b) - recorded.at(a);
    }
    const std::string &lostContext() const override { return m_lost; }

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
    std::function<void(const Launch &)> onLaunch;
    int argCount = 0;
    int allocations = 0, releases = 0, uploads = 0, downloads = 0, fills = 0, syncs = 0;
    int destroyedEvents = 0;
    bool faultAtSync = false;
    std::size_t loadedImageBytes = 0;
    std::map<std::uintptr_t, double> recorded;

private:
    DeviceInfo m_info;
    DevicePtr m_next = 0x10000;
    std::uintptr_t m_events = 0;
    std::uint64_t m_clock = 0;
    std::string m_lost;
};

} // namespace tsm::cuda::test
