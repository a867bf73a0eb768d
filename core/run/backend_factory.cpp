#include "core/run/backend_factory.h"

#include "core/cuda/cuda_backend.h"
#include "core/cuda/driver.h"
#include "core/interp/interp_backend.h"
#include "core/source/source_file.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>

namespace tsm {
namespace {

/// The process's one Driver (device 0's primary context), opened on first need. A failed open
/// is remembered too: loading libcuda again would give the same answer, slowly.
std::shared_ptr<cuda::Driver> sharedDriver(std::string *why)
{
    static std::mutex mutex;
    static bool probed = false;
    static std::shared_ptr<cuda::Driver> driver;
    static std::string reason;
    std::lock_guard<std::mutex> lock(mutex);
    if (!probed) {
        probed = true;
        driver = cuda::Driver::open(0, &reason);
        if (!driver && reason.empty())
            reason = "the CUDA driver could not be opened";
    }
    if (!driver && why)
        *why = reason;
    return driver;
}

std::unique_ptr<Backend> makeInterp()
{
    interp::InterpOptions options;
    // TILESMITH_INTERP_THREADS=N pins the interpreter's thread count (benchmarks: 1).
    if (const char *threads = std::getenv("TILESMITH_INTERP_THREADS"))
        options.threads = std::max(0, std::atoi(threads));
    return std::make_unique<interp::InterpBackend>(options);
}

std::unique_ptr<Backend> makeCuda(std::shared_ptr<cuda::Driver> driver,
                                  const SourceManager *sources)
{
    cuda::CudaBackend::SourceLookup lookup;
    if (sources)
        lookup = [sources](FileId id) -> const SourceFile * {
            return id < sources->fileCount() ? &sources->file(id) : nullptr;
        };
    return std::make_unique<cuda::CudaBackend>(std::move(driver), std::move(lookup));
}

/// The driver of GPU `ordinal` (device 0 is the process's shared one), or null with the reason:
/// the devices there are when the ordinal names none.
std::shared_ptr<cuda::Driver> deviceDriver(int ordinal, std::string *why)
{
    std::string reason;
    std::shared_ptr<cuda::Driver> driver
        = ordinal == 0 ? sharedDriver(&reason) : cuda::Driver::open(ordinal, &reason);
    if (driver)
        return driver;
    std::string listWhy;
    const std::vector<cuda::DeviceInfo> devices = cuda::Driver::listDevices(&listWhy);
    if (ordinal >= int(devices.size())) {
        std::vector<std::string> names;
        for (const cuda::DeviceInfo &d : devices)
            names.push_back(d.name);
        *why = noSuchDeviceMessage(ordinal, names, listWhy.empty() ? reason : listWhy);
        if (names.empty())
            *why += "; run with --backend interp (the CPU interpreter)";
    } else {
        *why = "CUDA device " + std::to_string(ordinal) + " (" + devices[ordinal].name
               + ") cannot be used: " + reason;
    }
    return nullptr;
}

} // namespace

std::string noSuchDeviceMessage(int ordinal,
                                const std::vector<std::string> &names,
                                const std::string &why)
{
    std::string m = "no CUDA device " + std::to_string(ordinal) + ": this machine has ";
    if (names.empty())
        return m + "none (" + (why.empty() ? "the driver reports no CUDA device" : why) + ")";
    m += std::to_string(names.size()) + " (";
    for (std::size_t i = 0; i < names.size(); ++i)
        m += (i ? ", " : "") + std::to_string(i) + ": " + names[i];
    return m + ")";
}

std::shared_ptr<cuda::Driver> sharedCudaDriver(std::string *why)
{
    return sharedDriver(why);
}

bool cudaAvailable(std::string *why)
{
    return sharedDriver(why) != nullptr;
}

std::string defaultBackendNote()
{
    std::string why;
    if (cudaAvailable(&why))
        return {};
    return "no --backend given and CUDA is not available (" + why
           + "): running on the CPU interpreter";
}

BackendChoice chooseBackend(const std::string &name, const SourceManager *sources, int device)
{
    BackendChoice c;
    if (device >= 0 && (name.empty() || name == "cuda")) {
        // A device was asked for: CUDA on it, or an error (never the interpreter instead).
        std::string why;
        if (std::shared_ptr<cuda::Driver> driver = deviceDriver(device, &why)) {
            c.backend = makeCuda(std::move(driver), sources);
            return c;
        }
        c.error = why;
        c.errorKind = DiagKind::CudaUnavailable;
        return c;
    }
    if (device >= 0 && name == "interp") {
        c.error = "a device (" + std::to_string(device)
                  + ") picks a GPU: it cannot be used with the interpreter backend";
        return c;
    }
    if (name == "interp") {
        c.backend = makeInterp();
        return c;
    }
    if (name.empty() || name == "cuda") {
        std::string why;
        if (std::shared_ptr<cuda::Driver> driver = sharedDriver(&why)) {
            c.backend = makeCuda(std::move(driver), sources);
            return c;
        }
        if (name.empty()) {
            c.backend = makeInterp();
            c.note = defaultBackendNote();
            return c;
        }
        c.error = formatDiagMessage(diagKindFormat(DiagKind::CudaUnavailable), {why})
                  + "; run with --backend interp (the CPU interpreter)";
        c.errorKind = DiagKind::CudaUnavailable;
        return c;
    }
    c.error = "unknown backend '" + name + "' (available: interp, cuda)";
    return c;
}

std::unique_ptr<Backend> makeBackend(const std::string &name, std::string *error)
{
    BackendChoice c = chooseBackend(name);
    if (!c.backend && error)
        *error = c.error;
    return std::move(c.backend);
}

} // namespace tsm
