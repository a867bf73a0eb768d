#include "core/run/backend_factory.h"

#include "core/interp/interp_backend.h"

namespace tsm {

std::unique_ptr<Backend> makeBackend(const std::string &name, std::string *error)
{
    if (name.empty() || name == "interp")
        return std::make_unique<interp::InterpBackend>();
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
