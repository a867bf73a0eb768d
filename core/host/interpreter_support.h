#pragma once
// Internal helpers shared by the interpreter's files (not for library code).

#include "core/host/value.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tsm::host::detail {

/// "'a'", "'a' and 'b'", "'a', 'b', and 'c'" (CPython's list of missing arguments).
std::string quotedNameList(const std::vector<std::string_view> &names);
/// "f() missing 2 required positional arguments: 'x' and 'y'".
std::string missingArgumentsMessage(std::string_view function,
                                    const std::vector<std::string_view> &names,
                                    bool keywordOnly);
/// "f() takes 2 positional arguments but 3 were given" (min < max: "from 1 to 2").
std::string tooManyPositionalMessage(std::string_view function,
                                     std::size_t min,
                                     std::size_t max,
                                     std::size_t given);

/// The marker stored in a local or cell that has no value yet.
const Value &unboundValue();
/// getattr(v, name) with the interpreter's rules (built-in methods, library hooks, sandbox).
Value getAttribute(const Value &v, std::string_view name);
/// v[key] with the interpreter's rules.
Value getItem(const Value &v, const Value &key);

} // namespace tsm::host::detail
