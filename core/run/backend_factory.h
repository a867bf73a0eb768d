#pragma once
// Picks the Backend a run uses: "interp", "cuda" or the default (cuda when this machine has a
// usable driver and GPU, else the interpreter, with a note saying why).

#include "core/diag/diagnostic.h"
#include "core/run/backend.h"

#include <memory>
#include <string>
#include <vector>

namespace tsm {

class SourceManager;
namespace cuda {
class Driver;
}

struct BackendChoice
{
    std::unique_ptr<Backend> backend;
    /// Why there is no backend: "CUDA is not available: <reason>; run with --backend interp".
    std::string error;
    DiagKind errorKind = DiagKind::UnusableInput; ///< CudaUnavailable for a missing GPU
    /// Set when the default fell back to the interpreter: one line saying why.
    std::string note;
};

/// The backend called `name` ("interp", "cuda"; empty = the best available). `sources` holds
/// the files kernels come from (the CUDA backend puts their names in #line directives and NVRTC
/// errors on their lines); it must outlive the backend. `device` >= 0 runs on that GPU (and
/// needs CUDA: with "interp", or where the device does not exist, there is no backend and
/// `error` says why); -1 is device 0.
BackendChoice chooseBackend(const std::string &name,
                            const SourceManager *sources = nullptr,
                            int device = -1);

/// "no CUDA device 3: this machine has 1 (0: NVIDIA H200)"; with no devices, "... has none
/// (`why`)". `names[i]` is device i's name.
std::string noSuchDeviceMessage(int ordinal,
                                const std::vector<std::string> &names,
                                const std::string &why);

/// chooseBackend(name).backend, with chooseBackend's error in `error`.
std::unique_ptr<Backend> makeBackend(const std::string &name, std::string *error);

/// Whether `--backend cuda` can run here (device 0 opens); when not, the reason in `why`
/// ("libcuda.so.1 not found: no NVIDIA driver on this machine"). Probes once per process.
bool cudaAvailable(std::string *why);

/// The process's Driver for device 0 (opened once; the CUDA backend uses the same one), or null
/// with the reason.
std::shared_ptr<cuda::Driver> sharedCudaDriver(std::string *why);

/// What a run without --backend says when it uses the interpreter; empty when CUDA is usable.
std::string defaultBackendNote();

} // namespace tsm
