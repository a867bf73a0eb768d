#pragma once
// Prints a Kernel as text (`tilesmith emit --ir`, golden tests, debugging): one op per line,
// values named after their Python variables, nested regions indented, and — when the source file
// is given — the Python line each op came from.

#include "core/ir/ir.h"

#include <string>

namespace tsm::ir {

/// The whole kernel. `file` (optional) adds `# L<line>` to each op.
std::string printKernel(const Kernel &kernel, const SourceFile *file = nullptr);

} // namespace tsm::ir
