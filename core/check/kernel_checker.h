#pragma once
// UnsupportedInKernel: the Python constructs Triton's code generator rejects inside a
// @triton.jit function (python/triton/compiler/code_generator.py: node types without a
// visit_* method, and the ones whose visitor raises), named and pointed at their keyword.
// A function is a kernel when a decorator resolves to triton.jit (`@triton.jit`, `@jit`,
// `@triton.jit(...)`, under @triton.autotune / @triton.heuristics).

#include "core/check/module_aliases.h"
#include "core/diag/diagnostic.h"

#include <vector>

namespace tsm::check {

/// The @triton.jit functions of `module`, in source order.
std::vector<const ast::FunctionDef *>
findKernels(const ast::Module &module, const ScopeTree &tree, const ModuleAliases &aliases);

/// Reports every unsupported construct in the bodies of `kernels`.
void checkKernels(const std::vector<const ast::FunctionDef *> &kernels,
                  const SourceFile &file,
                  const ScopeTree &tree,
                  const ModuleAliases &aliases,
                  DiagnosticSink &sink);

} // namespace tsm::check
