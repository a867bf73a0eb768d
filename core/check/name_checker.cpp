#include "core/check/name_checker.h"

#include "core/check/module_aliases.h"
#include "core/check/python_builtins.h"
#include "core/check/scoped_walker.h"

#include <algorithm>
#include <map>
#include <string>

namespace tsm::check {

using namespace ast;

namespace {

/// Later uses of one undefined name listed as notes before they are only counted.
constexpr std::size_t kMaxUseNotes = 4;

struct Use
{
    const Scope *scope;
    std::string_view name;
    SourceSpan span;
};

class NameChecker final : public ScopedWalker
{
public:
    using ScopedWalker::ScopedWalker;
    std::vector<Use> uses;

protected:
    void visit(Node *node, const WalkContext &ctx) override
    {
        const auto *n = dynCast<Name>(node);
        if (!n || n->ctx != ExprContext::Load || ctx.unevaluatedAnnotation || ctx.nameProbe
            || n->id.empty())
            return;
        if (tree().lookup(ctx.scope, n->id).symbol || isPythonBuiltinName(n->id))
            return;
        uses.push_back({ctx.scope, n->id, n->span});
    }
};

/// A visible name close to `name` (a typo's likely intent), or empty.
std::string_view closestVisibleName(const ScopeTree &tree, const Scope *from, std::string_view name)
{
    if (name.size() < 3)
        return {}; // one- and two-letter names are close to far too much
    const std::size_t limit = name.size() <= 3 ? 1 : 2;
    std::string_view best;
    std::size_t bestDistance = limit + 1;
    auto consider = [&](std::string_view candidate) {
        if (candidate == name || candidate.empty() || candidate.front() == '_')
            return;
        const std::size_t d = editDistance(name, candidate, limit);
        if (d < bestDistance || (d == bestDistance && d <= limit && candidate < best)) {
            best = candidate;
            bestDistance = d;
        }
    };
    bool innermost = true;
    for (const Scope *s = from; s; s = s->parent, innermost = false) {
        if (s->kind == ScopeKind::Class && !innermost)
            continue;
        for (const auto &[candidate, sym] : s->symbols)
            if (sym.bound && tree.lookup(from, candidate).symbol)
                consider(candidate);
    }
    for (std::string_view builtin : pythonBuiltinNames())
        consider(builtin);
    return best;
}

} // namespace

void checkNames(const Module &module, const ScopeTree &tree, DiagnosticSink &sink)
{
    if (!tree.starImports.empty())
        return;
    NameChecker checker(tree);
    checker.walkModule(module);
    std::vector<Use> &uses = checker.uses;
    std::stable_sort(uses.begin(), uses.end(), [](const Use &a, const Use &b) {
        return a.span.begin < b.span.begin;
    });
    // Group the uses of each (scope, name), first use first.
    std::map<std::pair<const Scope *, std::string_view>, std::size_t> groupOf;
    std::vector<std::vector<const Use *>> groups;
    for (const Use &u : uses) {
        const auto [it, inserted] = groupOf.try_emplace({u.scope, u.name}, groups.size());
        if (inserted)
            groups.emplace_back();
        groups[it->second].push_back(&u);
    }
    for (const auto &group : groups) {
        const Use &firstUse = *group.front();
        Diagnostic &d
            = sink.report(DiagKind::UndefinedName, firstUse.span, {std::string(firstUse.name)});
        const std::string_view close = closestVisibleName(tree, firstUse.scope, firstUse.name);
        if (!close.empty())
            addNote(d, firstUse.span, "did you mean '" + std::string(close) + "'?");
        for (std::size_t i = 1; i < group.size() && i <= kMaxUseNotes; ++i)
            addNote(d, group[i]->span, "'" + std::string(firstUse.name) + "' is also used here");
        if (group.size() > kMaxUseNotes + 1)
            d.notes.push_back(
                {{},
                 false,
                 "and " + std::to_string(group.size() - kMaxUseNotes - 1) + " more uses"});
    }
}

} // namespace tsm::check
