#include "core/check/scoped_walker.h"

#include <algorithm>
#include <cctype>

namespace tsm::check {

using namespace ast;

namespace {

bool containsNoCase(std::string_view haystack, std::string_view needle)
{
    return std::search(haystack.begin(),
                       haystack.end(),
                       needle.begin(),
                       needle.end(),
                       [](char a, char b) {
                           return std::tolower(static_cast<unsigned char>(a))
                                  == std::tolower(static_cast<unsigned char>(b));
                       })
           != haystack.end();
}

/// A flag or helper whose name says it describes the installed Triton or a feature of it.
bool isProbeName(std::string_view id)
{
    if (containsNoCase(id, "version"))
        return true;
    if (id == "hasattr" || id == "getattr" || id == "inspect" || containsNoCase(id, "signature"))
        return true;
    for (std::string_view prefix :
         {"has_", "HAS_", "_has_", "_HAS_", "is_triton", "IS_TRITON", "TRITON_", "_TRITON_"})
        if (id.starts_with(prefix))
            return true;
    return false;
}

bool probes(const Node *n, int depth)
{
    if (!n || depth > 64)
        return false;
    if (const auto *name = dynCast<Name>(n))
        return isProbeName(name->id);
    if (const auto *attr = dynCast<Attribute>(n)) {
        // `triton.__version__`, `inspect.signature(f).parameters`
        if (containsNoCase(attr->attr, "version") || containsNoCase(attr->attr, "signature"))
            return true;
    }
    bool found = false;
    forEachChild(const_cast<Node *>(n), [&](Node *c) { found = found || probes(c, depth + 1); });
    return found;
}

bool catchesNameErrorType(const Expr *type)
{
    if (!type)
        return true; // bare `except:`
    if (const auto *n = dynCast<Name>(type))
        return n->id == "NameError";
    if (const auto *t = dynCast<Tuple>(type))
        for (const Expr *e : t->elts)
            if (e && catchesNameErrorType(e))
                return true;
    return false;
}

bool catchesNameError(const Try &t)
{
    for (const ExceptHandler &h : t.handlers)
        if (catchesNameErrorType(h.type))
            return true;
    return false;
}

} // namespace

bool isFeatureProbe(const Expr *test)
{
    return probes(test, 0);
}

void ScopedWalker::walkModule(const Module &module)
{
    WalkContext ctx;
    ctx.scope = m_tree.moduleScope();
    for (Stmt *s : module.body)
        walk(s, ctx, 0);
}

WalkContext ScopedWalker::annotationContext(const WalkContext &ctx, bool evaluated) const
{
    WalkContext inner = ctx;
    inner.unevaluatedAnnotation
        = ctx.unevaluatedAnnotation || !evaluated || m_tree.futureAnnotations;
    return inner;
}

void ScopedWalker::walk(Node *node, const WalkContext &ctx, int depth)
{
    if (!node || depth > kMaxWalkDepth)
        return;
    visit(node, ctx);
    ++depth;
    switch (node->kind) {
    case NodeKind::FunctionDef:
        return walkFunction(cast<FunctionDef>(node), ctx, depth);
    case NodeKind::ClassDef: {
        auto *c = cast<ClassDef>(node);
        for (Expr *d : c->decorators)
            walk(d, ctx, depth);
        for (Expr *b : c->bases)
            walk(b, ctx, depth);
        for (const Keyword &k : c->keywords)
            walk(k.value, ctx, depth);
        WalkContext inner = ctx;
        if (Scope *s = m_tree.scopeOf(c))
            inner.scope = s;
        for (Stmt *s : c->body)
            walk(s, inner, depth);
        return;
    }
    case NodeKind::Lambda: {
        auto *l = cast<Lambda>(node);
        for (const Param &p : l->params.params)
            walk(p.defaultValue, ctx, depth);
        WalkContext inner = ctx;
        if (Scope *s = m_tree.scopeOf(l))
            inner.scope = s;
        return walk(l->body, inner, depth);
    }
    case NodeKind::ListComp:
        return walkComprehension(
            node, cast<ListComp>(node)->generators, {cast<ListComp>(node)->elt}, ctx, depth);
    case NodeKind::SetComp:
        return walkComprehension(
            node, cast<SetComp>(node)->generators, {cast<SetComp>(node)->elt}, ctx, depth);
    case NodeKind::GeneratorExp:
        return walkComprehension(node,
                                 cast<GeneratorExp>(node)->generators,
                                 {cast<GeneratorExp>(node)->elt},
                                 ctx,
                                 depth);
    case NodeKind::DictComp:
        return walkComprehension(node,
                                 cast<DictComp>(node)->generators,
                                 {cast<DictComp>(node)->key, cast<DictComp>(node)->value},
                                 ctx,
                                 depth);
    case NodeKind::If: {
        auto *i = cast<If>(node);
        walk(i->test, ctx, depth);
        WalkContext inner = ctx;
        inner.guarded = ctx.guarded || isFeatureProbe(i->test);
        for (Stmt *s : i->body)
            walk(s, inner, depth);
        for (Stmt *s : i->orelse)
            walk(s, inner, depth);
        return;
    }
    case NodeKind::IfExp: {
        auto *e = cast<IfExp>(node);
        walk(e->test, ctx, depth);
        WalkContext inner = ctx;
        inner.guarded = ctx.guarded || isFeatureProbe(e->test);
        walk(e->body, inner, depth);
        return walk(e->orelse, inner, depth);
    }
    case NodeKind::Try: {
        const auto *t = cast<Try>(node);
        WalkContext inner = ctx;
        inner.guarded = true;
        WalkContext body = inner;
        body.nameProbe = ctx.nameProbe || catchesNameError(*t);
        for (Stmt *s : t->body)
            walk(s, body, depth);
        for (const ExceptHandler &h : t->handlers) {
            walk(h.type, inner, depth);
            for (Stmt *s : h.body)
                walk(s, inner, depth);
        }
        for (Stmt *s : t->orelse)
            walk(s, inner, depth);
        for (Stmt *s : t->finalbody)
            walk(s, inner, depth);
        return;
    }
    case NodeKind::AnnAssign: {
        auto *a = cast<AnnAssign>(node);
        walk(a->target, ctx, depth);
        // A local variable's annotation is never evaluated; module and class ones are.
        const bool local = ctx.scope && ctx.scope->kind != ScopeKind::Module
                           && ctx.scope->kind != ScopeKind::Class;
        walk(a->annotation, annotationContext(ctx, !local), depth);
        return walk(a->value, ctx, depth);
    }
    default:
        return walkChildren(node, ctx, depth);
    }
}

void ScopedWalker::walkChildren(Node *node, const WalkContext &ctx, int depth)
{
    struct Frame
    {
        ScopedWalker *self;
        const WalkContext *ctx;
        int depth;
    } frame{this, &ctx, depth};
    const Frame *f = &frame; // one pointer: the callback stays in std::function's local buffer
    forEachChild(node, [f](Node *c) { f->self->walk(c, *f->ctx, f->depth); });
}

void ScopedWalker::walkFunction(FunctionDef *f, const WalkContext &ctx, int depth)
{
    for (Expr *d : f->decorators)
        walk(d, ctx, depth);
    const WalkContext annotation = annotationContext(ctx, true);
    for (const Param &p : f->params.params) {
        walk(p.annotation, annotation, depth);
        walk(p.defaultValue, ctx, depth);
    }
    walk(f->returns, annotation, depth);
    WalkContext inner = ctx;
    if (Scope *s = m_tree.scopeOf(f))
        inner.scope = s;
    for (Stmt *s : f->body)
        walk(s, inner, depth);
}

void ScopedWalker::walkComprehension(Node *node,
                                     const std::vector<Comprehension> &gens,
                                     std::initializer_list<Expr *> results,
                                     const WalkContext &ctx,
                                     int depth)
{
    WalkContext inner = ctx;
    if (Scope *s = m_tree.scopeOf(node))
        inner.scope = s;
    for (std::size_t i = 0; i < gens.size(); ++i) {
        // The first iterable is evaluated in the enclosing scope, the rest inside.
        walk(gens[i].iter, i == 0 ? ctx : inner, depth);
        walk(gens[i].target, inner, depth);
        for (Expr *cond : gens[i].ifs)
            walk(cond, inner, depth);
    }
    for (Expr *r : results)
        walk(r, inner, depth);
}

} // namespace tsm::check
