#include "core/check/scope_tree.h"

#include "core/check/scoped_walker.h"

#include <algorithm>
#include <unordered_set>

namespace tsm::check {

using namespace ast;

ScopeTree::ScopeTree()
{
    m_scopes.push_back(std::make_unique<Scope>());
    m_module = m_scopes.back().get();
}

Scope *ScopeTree::scopeOf(const Node *node) const
{
    const auto it = m_byNode.find(node);
    return it == m_byNode.end() ? nullptr : it->second;
}

Scope *ScopeTree::createScope(const Node *node, Scope *parent, ScopeKind kind)
{
    auto scope = std::make_unique<Scope>();
    scope->kind = kind;
    scope->parent = parent;
    scope->node = node;
    Scope *raw = scope.get();
    m_scopes.push_back(std::move(scope));
    m_byNode[node] = raw;
    return raw;
}

ScopeTree::Lookup ScopeTree::lookup(const Scope *from, std::string_view name) const
{
    bool innermost = true;
    for (const Scope *s = from; s; s = s->parent, innermost = false) {
        // A class body's names are visible in the body itself, not in the scopes nested in it.
        if (s->kind == ScopeKind::Class && !innermost)
            continue;
        const auto it = s->symbols.find(name);
        if (it == s->symbols.end())
            continue;
        const Symbol &sym = it->second;
        if (sym.declaredGlobal) {
            const auto g = m_module->symbols.find(name);
            if (g != m_module->symbols.end() && g->second.bound)
                return {m_module, &g->second};
            return {};
        }
        if (sym.bound && !sym.declaredNonlocal)
            return {s, &sym};
    }
    return {};
}

namespace {

/// Records every binding of the module in the scope it belongs to.
class ScopeBuilder final : public ScopedWalker
{
public:
    explicit ScopeBuilder(ScopeTree &tree)
        : ScopedWalker(tree)
        , m_tree(tree)
    {
    }

protected:
    void visit(Node *node, const WalkContext &ctx) override;

private:
    /// The scope a binding in `scope` lands in (`global` redirects to the module).
    Symbol &symbolFor(Scope *scope, std::string_view name)
    {
        auto it = scope->symbols.find(name);
        if (it != scope->symbols.end() && it->second.declaredGlobal)
            return m_tree.moduleScope()->symbols[name];
        return scope->symbols[name];
    }
    void bindOther(Scope *scope, std::string_view name)
    {
        Symbol &sym = symbolFor(scope, name);
        sym.bound = true;
        sym.aliasConflict = true;
    }
    void bindImport(Scope *scope, std::string_view name, ImportRef ref)
    {
        Symbol &sym = symbolFor(scope, name);
        if (!sym.bound)
            sym.import = std::move(ref);
        else if (!sym.import || *sym.import != ref)
            sym.aliasConflict = true;
        sym.bound = true;
    }
    void bindAlias(Scope *scope, std::string_view name, const Expr *value)
    {
        Symbol &sym = symbolFor(scope, name);
        if (!sym.bound)
            sym.aliasValue = value;
        else
            sym.aliasConflict = true;
        sym.bound = true;
    }
    void bindParams(Scope *scope, const Parameters &params)
    {
        for (const Param &p : params.params)
            bindOther(scope, p.name);
    }
    void visitImport(const Import &imp, Scope *scope);
    void visitImportFrom(const ImportFrom &imp, Scope *scope);
    void visitNamedExpr(const NamedExpr &e, Scope *scope);

    ScopeTree &m_tree;
    /// Names whose binding was recorded by their parent (aliases, walrus targets).
    std::unordered_set<const Node *> m_handledNames;
};

void ScopeBuilder::visit(Node *node, const WalkContext &ctx)
{
    Scope *scope = ctx.scope;
    switch (node->kind) {
    case NodeKind::Name: {
        const auto *n = cast<Name>(node);
        if (n->ctx != ExprContext::Load && !m_handledNames.count(n))
            bindOther(scope, n->id);
        return;
    }
    case NodeKind::Assign: {
        // `alias = tl.extra.cuda.libdevice` makes `alias` resolvable like an import.
        const auto *a = cast<Assign>(node);
        if (a->targets.size() == 1)
            if (const auto *target = dynCast<Name>(a->targets[0]))
                if (isa<Name>(a->value) || isa<Attribute>(a->value)) {
                    bindAlias(scope, target->id, a->value);
                    m_handledNames.insert(target);
                }
        return;
    }
    case NodeKind::NamedExpr:
        return visitNamedExpr(*cast<NamedExpr>(node), scope);
    case NodeKind::FunctionDef: {
        const auto *f = cast<FunctionDef>(node);
        bindOther(scope, f->name);
        bindParams(m_tree.createScope(f, scope, ScopeKind::Function), f->params);
        return;
    }
    case NodeKind::ClassDef: {
        const auto *c = cast<ClassDef>(node);
        bindOther(scope, c->name);
        Scope *body = m_tree.createScope(c, scope, ScopeKind::Class);
        bindOther(body, "__module__");
        bindOther(body, "__qualname__");
        return;
    }
    case NodeKind::Lambda:
        bindParams(m_tree.createScope(node, scope, ScopeKind::Lambda), cast<Lambda>(node)->params);
        return;
    case NodeKind::ListComp:
    case NodeKind::SetComp:
    case NodeKind::GeneratorExp:
    case NodeKind::DictComp:
        m_tree.createScope(node, scope, ScopeKind::Comprehension);
        return;
    case NodeKind::Import:
        return visitImport(*cast<Import>(node), scope);
    case NodeKind::ImportFrom:
        return visitImportFrom(*cast<ImportFrom>(node), scope);
    case NodeKind::Global:
        for (const Identifier &id : cast<Global>(node)->names)
            scope->symbols[id.name].declaredGlobal = scope->kind != ScopeKind::Module;
        return;
    case NodeKind::Nonlocal:
        for (const Identifier &id : cast<Nonlocal>(node)->names)
            scope->symbols[id.name].declaredNonlocal = true;
        return;
    case NodeKind::Try:
        for (const ExceptHandler &h : cast<Try>(node)->handlers)
            if (!h.name.name.empty())
                bindOther(scope, h.name.name);
        return;
    default:
        return;
    }
}

void ScopeBuilder::visitImport(const Import &imp, Scope *scope)
{
    for (const Alias &a : imp.names) {
        if (a.name.empty())
            continue;
        if (!a.asname.name.empty()) {
            bindImport(scope, a.asname.name, ImportRef{a.name, {}});
        } else {
            // `import a.b.c` binds `a` to the top-level package.
            const std::string_view full = a.name;
            const std::string_view top = full.substr(0, full.find('.'));
            bindImport(scope, top, ImportRef{std::string(top), {}});
        }
    }
}

void ScopeBuilder::visitImportFrom(const ImportFrom &imp, Scope *scope)
{
    const std::string path
        = std::string(static_cast<std::size_t>(std::max(imp.level, 0)), '.') + imp.module;
    for (const Alias &a : imp.names) {
        if (a.name == "*") {
            m_tree.starImports.push_back(path);
            continue;
        }
        if (a.name.empty())
            continue;
        if (path == "__future__" && a.name == "annotations")
            m_tree.futureAnnotations = true;
        const std::string_view bound
            = a.asname.name.empty() ? std::string_view(a.name) : a.asname.name;
        bindImport(scope, bound, ImportRef{path, a.name});
    }
}

void ScopeBuilder::visitNamedExpr(const NamedExpr &e, Scope *scope)
{
    const auto *target = dynCast<Name>(e.target);
    if (!target)
        return;
    // In a comprehension the walrus binds in the nearest enclosing non-comprehension scope.
    Scope *s = scope;
    while (s->kind == ScopeKind::Comprehension && s->parent)
        s = s->parent;
    bindOther(s, target->id);
    m_handledNames.insert(target);
}

} // namespace

std::unique_ptr<ScopeTree> buildScopeTree(const Module &module)
{
    auto tree = std::make_unique<ScopeTree>();
    ScopeBuilder builder(*tree);
    builder.walkModule(module);
    return tree;
}

} // namespace tsm::check
