#pragma once
// Checks that a Kernel obeys ops.def: counts, types, shapes, attribute use, and that every value
// is defined once before it is used (in its region or an enclosing one). Sema runs it on what it
// builds; a failure is a compiler bug, not a user error.

#include "core/ir/ir.h"

#include <string>

namespace tsm::ir {

/// True if `kernel` is well formed; otherwise false with the first problem in `error`
/// ("op 12 (add) in kernel k: operand types <32xfp32> and <32xi32> differ").
bool verifyKernel(const Kernel &kernel, std::string *error = nullptr);

} // namespace tsm::ir
