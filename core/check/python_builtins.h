#pragma once
// The names every Python 3 module can read without defining them: the `builtins` module
// (functions, types, exceptions, constants) and the module attributes Python sets.

#include <span>
#include <string_view>

namespace tsm::check {

/// True for `len`, `ValueError`, `__name__`, `__file__`, ...
bool isPythonBuiltinName(std::string_view name);
/// All of them (for "did you mean" suggestions).
std::span<const std::string_view> pythonBuiltinNames();

} // namespace tsm::check
