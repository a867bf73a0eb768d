#pragma once
// A pre-order walk over a module that knows, for every node, the Python scope it is evaluated
// in (decorators, defaults and the first iterable of a comprehension belong to the enclosing
// scope) and whether it sits in code guarded by a version or feature probe. The scope builder
// and the name / API checks are walkers.

#include "core/check/scope_tree.h"

namespace tsm::check {

struct WalkContext
{
    Scope *scope = nullptr;
    /// Inside `try`, or under an `if` / conditional expression whose test probes a version or
    /// a feature (`triton.__version__`, `hasattr(tl, ...)`, `HAS_TMA`): code written for other
    /// Triton versions lives there, so its API use is not checked.
    bool guarded = false;
    /// Inside an annotation Python never evaluates (a local variable's, or any annotation
    /// under `from __future__ import annotations`).
    bool unevaluatedAnnotation = false;
    /// Inside the body of a `try` whose handlers catch NameError (`except NameError:` or a bare
    /// `except:`): names there may be probed on purpose (`get_ipython`).
    bool nameProbe = false;
};

class ScopedWalker
{
public:
    explicit ScopedWalker(const ScopeTree &tree)
        : m_tree(tree)
    {
    }
    virtual ~ScopedWalker() = default;

    /// Visits every node of `module` in source order (children after their parent).
    void walkModule(const ast::Module &module);

protected:
    /// Called for each node before its children.
    virtual void visit(ast::Node *node, const WalkContext &ctx) = 0;
    const ScopeTree &tree() const { return m_tree; }

private:
    void walk(ast::Node *node, const WalkContext &ctx, int depth);
    void walkChildren(ast::Node *node, const WalkContext &ctx, int depth);
    void walkFunction(ast::FunctionDef *f, const WalkContext &ctx, int depth);
    void walkComprehension(ast::Node *node,
                           const std::vector<ast::Comprehension> &gens,
                           std::initializer_list<ast::Expr *> results,
                           const WalkContext &ctx,
                           int depth);
    WalkContext annotationContext(const WalkContext &ctx, bool evaluated) const;

    const ScopeTree &m_tree;
};

/// True if an `if` test looks like a version or feature probe.
bool isFeatureProbe(const ast::Expr *test);

/// Walks deeper than this are cut short (the parser bounds nesting well below it).
inline constexpr int kMaxWalkDepth = 1500;

} // namespace tsm::check
