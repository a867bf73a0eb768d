#pragma once
// Python's scopes for one module: module, class, function, lambda and comprehension scopes,
// with every name bound anywhere in each (flow-insensitive, so "defined nowhere" is the only
// error the name check can find). Imports remember what they bind, so `tl` can be resolved to
// `triton.language` later (module_aliases.h).

#include "core/syntax/ast.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tsm::check {

enum class ScopeKind : std::uint8_t { Module, Class, Function, Lambda, Comprehension };

/// What an import binds a name to: a module (`member` empty) or a name inside a module.
struct ImportRef
{
    std::string modulePath; ///< dotted; starts with '.' for relative imports
    std::string_view member;
    bool operator==(const ImportRef &) const = default;
};

struct Symbol
{
    bool bound = false;            ///< bound somewhere in this scope
    bool declaredGlobal = false;   ///< `global name` in this scope
    bool declaredNonlocal = false; ///< `nonlocal name` in this scope
    /// Bound in more than one way (or in a way that is not an alias): refers to no module.
    bool aliasConflict = false;
    std::optional<ImportRef> import;       ///< its only bindings are this import
    const ast::Expr *aliasValue = nullptr; ///< its only binding is `name = <this>`
};

struct Scope
{
    ScopeKind kind = ScopeKind::Module;
    Scope *parent = nullptr;
    const ast::Node *node
        = nullptr; ///< FunctionDef, ClassDef, Lambda, comprehension; null for the module
    std::unordered_map<std::string_view, Symbol> symbols;
};

class ScopeTree
{
public:
    ScopeTree();

    Scope *moduleScope() const { return m_module; }
    /// The scope a FunctionDef / ClassDef / Lambda / comprehension opens, or null.
    Scope *scopeOf(const ast::Node *node) const;
    Scope *createScope(const ast::Node *node, Scope *parent, ScopeKind kind);

    struct Lookup
    {
        const Scope *scope = nullptr; ///< where the name is bound; null if nowhere
        const Symbol *symbol = nullptr;
    };
    /// Resolves a name read in `from` with Python's rules (class bodies are invisible to the
    /// scopes nested in them; global / nonlocal redirect). Builtins are not consulted.
    Lookup lookup(const Scope *from, std::string_view name) const;

    /// Modules of `from m import *` anywhere in the file (dotted paths).
    std::vector<std::string> starImports;
    /// `from __future__ import annotations`: annotations are never evaluated.
    bool futureAnnotations = false;

private:
    std::vector<std::unique_ptr<Scope>> m_scopes;
    std::unordered_map<const ast::Node *, Scope *> m_byNode;
    Scope *m_module = nullptr;
};

/// Builds the scopes of `module` and records every binding.
std::unique_ptr<ScopeTree> buildScopeTree(const ast::Module &module);

} // namespace tsm::check
