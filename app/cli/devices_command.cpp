#include "app/cli/devices_command.h"

#include "core/cuda/bandwidth.h"
#include "core/cuda/driver.h"
#include "core/run/backend_factory.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace tsm::cli {
namespace {

struct Measured
{
    double gbs = 0;
    std::string why;
};

/// A copy of 1 GiB (at least 8x any L2, so the number is DRAM's), smaller on small GPUs.
Measured measure(const cuda::DeviceInfo &info)
{
    Measured m;
    std::shared_ptr<cuda::Driver> driver
        = info.ordinal == 0 ? sharedCudaDriver(&m.why) : cuda::Driver::open(info.ordinal, &m.why);
    if (!driver)
        return m;
    const std::size_t bytes = std::min<std::size_t>(std::size_t(1) << 30, info.totalMemory / 8);
    m.gbs = cuda::measureCopyBandwidthGBs(*driver, bytes, &m.why);
    return m;
}

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

} // namespace

int runDevices(const DevicesOptions &opts, std::ostream &out, std::ostream &err)
{
    std::string why;
    std::vector<cuda::DeviceInfo> devices = cuda::Driver::listDevices(&why);
    if (devices.empty() && why.empty())
        why = "the driver reports no CUDA device";
    if (opts.json) {
        nlohmann::json j;
        j["event"] = "devices";
        j["available"] = !devices.empty();
        if (devices.empty())
            j["reason"] = why;
        j["devices"] = nlohmann::json::array();
        for (const cuda::DeviceInfo &d : devices) {
            Measured m = measure(d);
            nlohmann::json dj{
                {"ordinal", d.ordinal},
                {"name", d.name},
                {"compute_capability", std::to_string(d.ccMajor) + "." + std::to_string(d.ccMinor)},
                {"arch", d.arch()},
                {"sm_count", d.smCount},
                {"memory_bytes", d.totalMemory},
                {"l2_bytes", d.l2Bytes},
                {"driver_version", d.driverVersion}};
            if (m.gbs > 0)
                dj["copy_bandwidth_gbs"] = m.gbs;
            else
                dj["copy_bandwidth_error"] = m.why;
            j["devices"].push_back(dj);
        }
        out << j.dump() << "\n";
        return 0;
    }
    if (devices.empty()) {
        out << "No CUDA device: " << why
            << "\nTilesmith runs programs on the CPU interpreter here (--backend interp); "
               "emit --cuda / --ptx still work (NVRTC needs no GPU).\n";
        return 0;
    }
    for (const cuda::DeviceInfo &d : devices) {
        out << "GPU " << d.ordinal << ": " << d.name << "\n"
            << "  compute capability " << d.ccMajor << "." << d.ccMinor << " (" << d.arch() << "), "
            << d.smCount << " SMs\n"
            << "  memory " << fixed(double(d.totalMemory) / (1 << 30), 1) << " GiB, L2 "
            << fixed(double(d.l2Bytes) / (1 << 20), 1) << " MiB\n"
            << "  driver " << d.driverVersion / 1000 << "." << d.driverVersion % 1000 / 10 << "\n";
        out.flush();
        Measured m = measure(d);
        if (m.gbs > 0)
            out << "  copy bandwidth " << fixed(m.gbs, 1)
                << " GB/s (device-to-device copy, read + written bytes, median)\n";
        else
            out << "  copy bandwidth not measured: " << m.why << "\n";
    }
    (void)err;
    return 0;
}

} // namespace tsm::cli
