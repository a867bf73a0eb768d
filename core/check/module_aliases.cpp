#include "core/check/module_aliases.h"

#include <algorithm>
#include <unordered_set>
#include <vector>

namespace tsm::check {

using namespace ast;

namespace {

/// Alias chains (`a = b`, `b = tl`) are followed at most this far.
constexpr int kMaxAliasDepth = 16;

Resolved moduleAt(std::string path)
{
    Resolved r;
    r.kind = Resolved::Kind::Module;
    r.modulePath = std::move(path);
    return r;
}

/// Every dotted path at which a registry module or submodule lives, and every prefix of one
/// ("triton", "triton.language", "triton.language.extra.hip", ...).
const std::unordered_set<std::string> &knownModulePaths()
{
    static const std::unordered_set<std::string> paths = [] {
        std::unordered_set<std::string> out;
        auto addWithPrefixes = [&out](const std::string &path) {
            for (std::size_t dot = path.find('.'); dot != std::string::npos;
                 dot = path.find('.', dot + 1))
                out.insert(path.substr(0, dot));
            out.insert(path);
        };
        for (const BuiltinInfo &e : builtinRegistry()) {
            addWithPrefixes(std::string(e.moduleName));
            if (e.kind == BuiltinKind::Module)
                addWithPrefixes(std::string(e.moduleName) + "." + std::string(e.name));
        }
        return out;
    }();
    return paths;
}

/// True if some registry module lives at or below `path`.
bool isRegistryModuleOrParent(const std::string &path)
{
    return knownModulePaths().count(path) > 0 || builtinModuleFromPath(path).has_value();
}

} // namespace

Resolved ModuleAliases::member(std::string_view modulePath, std::string_view name)
{
    auto subPath = [&] { return std::string(modulePath) + "." + std::string(name); };
    const auto module = builtinModuleFromPath(modulePath);
    if (!module) {
        std::string sub = subPath();
        return isRegistryModuleOrParent(sub) ? moduleAt(std::move(sub)) : Resolved{};
    }
    if (const BuiltinInfo *info = findBuiltin(*module, name)) {
        if (info->kind == BuiltinKind::Module)
            return moduleAt(subPath());
        Resolved r;
        r.kind = Resolved::Kind::Builtin;
        r.builtin = info;
        return r;
    }
    if (std::string sub = subPath(); builtinModuleFromPath(sub))
        return moduleAt(std::move(sub));
    if (builtinModuleIsComplete(*module) && !name.empty() && name.front() != '_') {
        Resolved r;
        r.kind = Resolved::Kind::Unknown;
        r.modulePath = std::string(modulePath);
        r.missing = name;
        return r;
    }
    return {};
}

Resolved ModuleAliases::resolveImport(const ImportRef &ref)
{
    if (ref.modulePath.empty() || ref.modulePath.front() == '.')
        return {}; // relative imports name the user's own package
    if (ref.member.empty())
        return isRegistryModuleOrParent(ref.modulePath) ? moduleAt(ref.modulePath) : Resolved{};
    return member(ref.modulePath, ref.member);
}

Resolved ModuleAliases::resolve(const Expr *expr, const Scope *scope) const
{
    return resolve(expr, scope, 0);
}

Resolved ModuleAliases::resolve(const Expr *expr, const Scope *scope, int depth) const
{
    if (!expr || depth > kMaxAliasDepth)
        return {};
    if (const auto *name = dynCast<Name>(expr))
        return resolveName(name->id, scope, depth);
    // Walk down to the base of the chain iteratively, then resolve outward.
    std::vector<const Attribute *> chain;
    const Expr *base = expr;
    while (const auto *attr = dynCast<Attribute>(base)) {
        chain.push_back(attr);
        base = attr->value;
    }
    if (chain.empty() || !isa<Name>(base))
        return {};
    Resolved r = resolveName(cast<Name>(base)->id, scope, depth);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        if (r.kind != Resolved::Kind::Module)
            return {};
        r = member(r.modulePath, (*it)->attr);
    }
    return r;
}

Resolved ModuleAliases::resolveName(std::string_view name, const Scope *scope, int depth) const
{
    const ScopeTree::Lookup found = m_tree.lookup(scope, name);
    if (!found.symbol) {
        // `from triton.language import *` makes the module's names global ones.
        for (const std::string &star : m_tree.starImports) {
            Resolved r = resolveImport(ImportRef{star, name});
            if (r.kind == Resolved::Kind::Builtin || r.kind == Resolved::Kind::Module)
                return r;
        }
        return {};
    }
    const Symbol &sym = *found.symbol;
    if (sym.aliasConflict)
        return {};
    if (sym.import)
        return resolveImport(*sym.import);
    if (sym.aliasValue)
        return resolve(sym.aliasValue, found.scope, depth + 1);
    return {};
}

std::size_t editDistance(std::string_view a, std::string_view b, std::size_t limit)
{
    const std::size_t n = a.size(), m = b.size();
    if ((n > m ? n - m : m - n) > limit)
        return limit + 1;
    std::vector<std::size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
    for (std::size_t j = 0; j <= m; ++j)
        prev[j] = j;
    for (std::size_t i = 1; i <= n; ++i) {
        cur[0] = i;
        std::size_t rowMin = cur[0];
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                cur[j] = std::min(cur[j], prev2[j - 2] + 1);
            rowMin = std::min(rowMin, cur[j]);
        }
        if (rowMin > limit)
            return limit + 1;
        prev2.swap(prev);
        prev.swap(cur);
    }
    return std::min(prev[m], limit + 1);
}

std::string_view ModuleAliases::suggestion(std::string_view modulePath, std::string_view name)
{
    const auto module = builtinModuleFromPath(modulePath);
    if (!module || name.empty())
        return {};
    const std::size_t limit = name.size() <= 3 ? 1 : 2;
    std::string_view best;
    std::size_t bestDistance = limit + 1;
    for (const BuiltinInfo *e : builtinsOfModule(*module)) {
        const std::size_t d = editDistance(name, e->name, limit);
        if (d < bestDistance && d > 0) {
            best = e->name;
            bestDistance = d;
        }
    }
    return best;
}

} // namespace tsm::check
