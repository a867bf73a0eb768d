#pragma once
// Picks the Backend a run uses: "interp", "cuda" or the default.

#include "core/run/backend.h"

#include <memory>
#include <string>

namespace tsm {

/// The backend called `name` ("interp", "cuda"; empty = the best available). Null with a
/// message for the user in `error` when it is unknown or not usable on this machine.
std::unique_ptr<Backend> makeBackend(const std::string &name, std::string *error);

} // namespace tsm
