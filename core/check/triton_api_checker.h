#pragma once
// Uses of the Triton API the registry can vouch for: UnknownTritonFunction for `tl.lod`,
// `tl.math.X`, `libdevice.X`, `triton.testing.X` and `from triton.language import X`, and the
// argument checks of every call that resolves to a registry function or class. Code under a
// version or feature probe (`try`, `if hasattr(tl, ...)`, `if triton.__version__ ...`) and
// names probed with hasattr/getattr are left alone: they are written for other versions.

#include "core/check/module_aliases.h"
#include "core/diag/diagnostic.h"

namespace tsm::check {

void checkTritonApi(const ast::Module &module,
                    const ScopeTree &tree,
                    const ModuleAliases &aliases,
                    DiagnosticSink &sink);

} // namespace tsm::check
