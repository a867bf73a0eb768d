#include "core/run/backend_factory.h"

#include "core/interp/interp_backend.h"

#include <algorithm>
#include <cstdlib>

namespace tsm {

std::unique_ptr<Backend> makeBackend(const std::string &name, std::string *error)
{
    if (name.empty() || name == "interp") {
        interp::InterpOptions options;
        // TILESMITH_INTERP_THREADS=N pins the interpreter's thread count (benchmarks: 1).
        if (const char *threads = std::getenv("TILESMITH_INTERP_THREADS"))
            options.threads = std::max(0, std::atoi(threads));
        return std::make_unique<interp::InterpBackend>(options);
    }
    if (name == "cuda") {
        if (error)
            *error = "the CUDA backend is not in this version of Tilesmith yet; run with "
                     "--backend interp (the CPU interpreter)";
        return nullptr;
    }
    if (error)
        *error = "unknown backend '" + name + "' (available: interp, cuda)";
    return nullptr;
}

} // namespace tsm
