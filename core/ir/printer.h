#pragma once
// Prints a Kernel as text (`tilesmith emit --ir`, golden tests, debugging): one op per line,
// values named after their Python variables, nested regions indented, and — when the source file
// is given — the Python line each op came from.

#include "core/ir/ir.h"

#include <functional>
#include <string>

namespace tsm::ir {

/// The whole kernel. `file` (optional) adds `# L<line>` to each op.
std::string printKernel(const Kernel &kernel, const SourceFile *file = nullptr);

struct PrintOptions
{
    /// Adds `# L<line>` to each op.
    const SourceFile *file = nullptr;
    /// When set, its text (if not empty) follows the type of every value the printer shows
    /// with a type: op results and region arguments (the CUDA passes print layouts this way).
    std::function<std::string(ValueId)> annotate;
};
std::string printKernel(const Kernel &kernel, const PrintOptions &options);

} // namespace tsm::ir
