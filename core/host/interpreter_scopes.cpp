// Resolves every name of a module once, before execution: each def / lambda / comprehension
// gets numbered fast slots for its locals and cells for the variables inner functions capture;
// each Name node gets a NameRef (fast slot, cell or global). Scopes come from the checker's
// ScopeTree (Python's rules: global / nonlocal, comprehension scopes, walrus targets).

#include "core/check/scope_tree.h"
#include "core/check/scoped_walker.h"
#include "core/host/interpreter_impl.h"

#include <algorithm>
#include <map>
#include <set>

namespace tsm::host {

using namespace ast;

namespace {

bool isFunctionLike(const check::Scope *s)
{
    return s
           && (s->kind == check::ScopeKind::Function || s->kind == check::ScopeKind::Lambda
               || s->kind == check::ScopeKind::Comprehension);
}

struct Reference
{
    const Name *node = nullptr; ///< null for a `nonlocal` declaration
    std::string_view name;
    const check::Scope *scope = nullptr;
};

class ReferenceCollector final : public check::ScopedWalker
{
public:
    explicit ReferenceCollector(const check::ScopeTree &tree)
        : ScopedWalker(tree)
    {
    }
    std::vector<Reference> refs;
    std::vector<std::pair<const Node *, const check::Scope *>> units; ///< node, its own scope
    std::vector<std::pair<const check::Scope *, SourceSpan>> yields;

protected:
    void visit(Node *node, const check::WalkContext &ctx) override
    {
        switch (node->kind) {
        case NodeKind::Name: {
            const auto *n = cast<Name>(node);
            refs.push_back({n, n->id, ctx.scope});
            return;
        }
        case NodeKind::Nonlocal:
            for (const Identifier &id : cast<Nonlocal>(node)->names)
                refs.push_back({nullptr, id.name, ctx.scope});
            return;
        case NodeKind::FunctionDef:
        case NodeKind::Lambda:
        case NodeKind::ListComp:
        case NodeKind::SetComp:
        case NodeKind::DictComp:
        case NodeKind::GeneratorExp:
            if (const check::Scope *own = tree().scopeOf(node))
                units.emplace_back(node, own);
            return;
        case NodeKind::Yield:
        case NodeKind::YieldFrom:
        case NodeKind::Await:
            yields.emplace_back(ctx.scope, node->span);
            return;
        default:
            return;
        }
    }
};

std::string unitName(const Node *node)
{
    switch (node->kind) {
    case NodeKind::FunctionDef:
        return std::string(cast<FunctionDef>(node)->name);
    case NodeKind::Lambda:
        return "<lambda>";
    case NodeKind::ListComp:
        return "<listcomp>";
    case NodeKind::SetComp:
        return "<setcomp>";
    case NodeKind::DictComp:
        return "<dictcomp>";
    default:
        return "<genexpr>";
    }
}

const Parameters *paramsOf(const Node *node)
{
    if (const auto *f = dynCast<FunctionDef>(node))
        return &f->params;
    if (const auto *l = dynCast<Lambda>(node))
        return &l->params;
    return nullptr;
}

} // namespace

NameRef FunctionInfo::refFor(std::string_view name) const
{
    auto it = byName.find(name);
    if (it != byName.end())
        return it->second;
    NameRef r;
    r.kind = NameRef::Kind::Global;
    r.name = name;
    return r;
}

void Interpreter::Impl::resolveScopes(const Module &m)
{
    std::unique_ptr<check::ScopeTree> tree = check::buildScopeTree(m);
    ReferenceCollector collector(*tree);
    collector.walkModule(m);

    // Which locals are captured, and which names each unit receives from outside.
    std::map<const check::Scope *, std::set<std::string_view>> captured;
    std::map<const check::Scope *, std::vector<std::string_view>> freeVars;
    auto addFree = [&](const check::Scope *s, std::string_view name) {
        auto &v = freeVars[s];
        if (std::find(v.begin(), v.end(), name) == v.end())
            v.push_back(name);
    };
    for (const Reference &r : collector.refs) {
        if (!isFunctionLike(r.scope))
            continue;
        const check::Scope *d = tree->lookup(r.scope, r.name).scope;
        if (!isFunctionLike(d) || d == r.scope)
            continue;
        captured[d].insert(r.name);
        for (const check::Scope *s = r.scope; s && s != d; s = s->parent)
            addFree(s, r.name);
    }

    std::map<const check::Scope *, FunctionInfo *> infoOf;
    for (const auto &[node, scope] : collector.units) {
        auto info = std::make_unique<FunctionInfo>();
        info->node = node;
        info->name = unitName(node);
        FunctionInfo &fi = *info;
        const std::set<std::string_view> &caps = captured[scope];
        auto addLocal = [&](std::string_view name) {
            if (fi.byName.count(name))
                return;
            NameRef ref;
            ref.name = name;
            if (caps.count(name)) {
                ref.kind = NameRef::Kind::Cell;
                ref.index = fi.ownCells++;
                fi.cellNames.push_back(name);
            } else {
                ref.kind = NameRef::Kind::Fast;
                ref.index = fi.fastCount++;
                fi.fastNames.push_back(name);
            }
            fi.byName.emplace(name, ref);
        };
        if (const Parameters *ps = paramsOf(node)) {
            for (const Param &p : ps->params) {
                addLocal(p.name);
                fi.params.push_back(fi.byName.at(p.name));
            }
        }
        // Locals in a stable order (by name) so slots do not depend on hash order.
        std::vector<std::string_view> locals;
        for (const auto &[name, sym] : scope->symbols)
            if (sym.bound && !sym.declaredGlobal && !sym.declaredNonlocal)
                locals.push_back(name);
        std::sort(locals.begin(), locals.end());
        for (std::string_view name : locals)
            addLocal(name);
        for (std::string_view name : freeVars[scope]) {
            NameRef ref;
            ref.name = name;
            ref.kind = NameRef::Kind::Cell;
            ref.index = std::uint32_t(fi.cellNames.size());
            fi.cellNames.push_back(name);
            fi.byName.emplace(name, ref);
        }
        infoOf[scope] = info.get();
        units.emplace(node, std::move(info));
    }
    for (auto &[scope, info] : infoOf)
        info->parent = isFunctionLike(scope->parent) ? infoOf[scope->parent] : &moduleInfo;
    for (const auto &[scope, span] : collector.yields) {
        if (auto it = infoOf.find(scope); it != infoOf.end() && !it->second->isGenerator) {
            it->second->isGenerator = true;
            it->second->yieldSpan = span;
        }
    }

    for (const Reference &r : collector.refs) {
        if (!r.node)
            continue;
        NameRef ref;
        ref.name = r.name;
        if (isFunctionLike(r.scope))
            ref = infoOf.at(r.scope)->refFor(r.name);
        nameRefs.emplace(r.node, ref);
    }
}

const FunctionInfo &Interpreter::Impl::unitFor(const Node *node) const
{
    auto it = units.find(node);
    if (it == units.end())
        throwUnsupported("this construct", node->span);
    return *it->second;
}

} // namespace tsm::host
