#pragma once
// The Specializer: one @triton.jit function of a module + a launch Signature -> a typed block IR
// Kernel, or diagnostics. It infers a dtype and block shape for every value with Triton's rules,
// folds constexprs (including constexpr `if`), unrolls tl.static_range and inlines the helper
// @triton.jit functions the kernel reaches.

#include "core/diag/diagnostic.h"
#include "core/ir/ir.h"
#include "core/sema/named_value_types.h"
#include "core/sema/signature.h"
#include "core/syntax/ast.h"

#include <functional>
#include <memory>
#include <optional>
#include <string_view>

namespace tsm::sema {

struct KernelSource
{
    const SourceFile &file;
    const ast::Module &module;
    /// The launched function (a module-level `def` decorated with @triton.jit).
    const ast::FunctionDef &function;
    /// Values of module globals that kernels read (`BLOCK: tl.constexpr = 128`, `DTYPE =
    /// tl.float16`), as the harness evaluated them; nullopt for names it does not know.
    std::function<std::optional<ConstValue>(std::string_view name)> globalValue;
};

/// What a caller wants besides the kernel; the defaults cost nothing.
struct SpecializeOptions
{
    /// When set, receives the type of every named value by span (the studio's hover).
    NamedValueTypes *namedTypes = nullptr;
};

/// Specializes `source.function` for `signature`. Reports errors (origin Sema) to `diags` and
/// returns null when there were any.
std::unique_ptr<ir::Kernel> specialize(const KernelSource &source,
                                       const Signature &signature,
                                       DiagnosticSink &diags,
                                       const SpecializeOptions &options = {});

} // namespace tsm::sema
