#pragma once
// Resolves names and attribute chains to Triton modules and registry entries: `tl` after
// `import triton.language as tl`, `libdevice` after `from triton.language.extra import libdevice`,
// `exp` after `from triton.language.math import exp`, `triton.language.extra.cuda.libdevice`,
// and simple aliases (`ld = tl.extra.cuda.libdevice`). A name bound in more than one way, or
// shadowed by a local, resolves to nothing.

#include "core/check/scope_tree.h"
#include "core/sema/builtin_registry.h"

#include <string>

namespace tsm::check {

/// What an expression denotes, as far as the registry knows.
struct Resolved
{
    enum class Kind : std::uint8_t {
        None,    ///< not a Triton module or registry entry (or unknowable)
        Module,  ///< a module; `modulePath` is its dotted path
        Builtin, ///< a registry entry other than a module
        Unknown  ///< attribute `missing` of the complete registry module `modulePath` is not in it
    };
    Kind kind = Kind::None;
    std::string modulePath;
    const BuiltinInfo *builtin = nullptr;
    std::string_view missing;
};

class ModuleAliases
{
public:
    explicit ModuleAliases(const ScopeTree &tree)
        : m_tree(tree)
    {
    }

    /// Resolves a Name or Attribute chain evaluated in `scope`.
    Resolved resolve(const ast::Expr *expr, const Scope *scope) const;
    /// Resolves what `from <ref.modulePath> import <ref.member>` (or `import <path>`) binds.
    static Resolved resolveImport(const ImportRef &ref);
    /// Resolves attribute `name` of the module with dotted path `modulePath`.
    static Resolved member(std::string_view modulePath, std::string_view name);
    /// The entry of `modulePath` closest to `name` within a small edit distance, or empty.
    static std::string_view suggestion(std::string_view modulePath, std::string_view name);

private:
    Resolved resolve(const ast::Expr *expr, const Scope *scope, int depth) const;
    Resolved resolveName(std::string_view name, const Scope *scope, int depth) const;

    const ScopeTree &m_tree;
};

/// Optimal-string-alignment edit distance, giving up (returning limit + 1) past `limit`.
std::size_t editDistance(std::string_view a, std::string_view b, std::size_t limit);

} // namespace tsm::check
