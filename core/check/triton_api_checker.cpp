#include "core/check/triton_api_checker.h"

#include "core/check/call_checker.h"
#include "core/check/scoped_walker.h"

#include <algorithm>
#include <string>
#include <unordered_set>

namespace tsm::check {

using namespace ast;

namespace {

/// Collects the attribute names probed with hasattr(x, "name") / getattr(x, "name", ...).
class ProbeCollector final : public ScopedWalker
{
public:
    using ScopedWalker::ScopedWalker;
    std::unordered_set<std::string_view> probed;

protected:
    void visit(Node *node, const WalkContext &) override
    {
        const auto *call = dynCast<Call>(node);
        if (!call || call->args.size() < 2)
            return;
        const auto *fn = dynCast<Name>(call->func);
        if (!fn || (fn->id != "hasattr" && fn->id != "getattr"))
            return;
        if (const auto *c = dynCast<Constant>(call->args[1]);
            c && c->constKind == ConstantKind::String)
            probed.insert(c->str);
    }
};

class ApiChecker final : public ScopedWalker
{
public:
    ApiChecker(const ScopeTree &tree,
               const ModuleAliases &aliases,
               const std::unordered_set<std::string_view> &probed,
               DiagnosticSink &sink)
        : ScopedWalker(tree)
        , m_aliases(aliases)
        , m_probed(probed)
        , m_sink(sink)
    {
    }

protected:
    void visit(Node *node, const WalkContext &ctx) override
    {
        if (ctx.guarded)
            return;
        switch (node->kind) {
        case NodeKind::Attribute:
            return visitAttribute(*cast<Attribute>(node), ctx);
        case NodeKind::Call:
            return visitCall(*cast<Call>(node), ctx);
        case NodeKind::ImportFrom:
            return visitImportFrom(*cast<ImportFrom>(node));
        default:
            return;
        }
    }

private:
    void visitAttribute(const Attribute &attr, const WalkContext &ctx)
    {
        if (attr.ctx != ExprContext::Load)
            return; // assigning to a module attribute is monkey-patching, not a lookup
        const Resolved r = m_aliases.resolve(&attr, ctx.scope);
        if (r.kind == Resolved::Kind::Unknown)
            reportUnknown(r.modulePath, r.missing, attr.attrSpan);
    }

    void visitCall(const Call &call, const WalkContext &ctx)
    {
        const Resolved r = m_aliases.resolve(call.func, ctx.scope);
        if (r.kind != Resolved::Kind::Builtin)
            return;
        const BuiltinKind k = r.builtin->kind;
        if (k == BuiltinKind::Function || k == BuiltinKind::Class || k == BuiltinKind::Decorator)
            checkCallArguments(call, *r.builtin, m_sink);
    }

    void visitImportFrom(const ImportFrom &imp)
    {
        if (imp.level != 0)
            return;
        for (const Alias &a : imp.names) {
            if (a.name.empty() || a.name == "*")
                continue;
            const Resolved r = ModuleAliases::member(imp.module, a.name);
            if (r.kind != Resolved::Kind::Unknown)
                continue;
            SourceSpan nameSpan = a.span;
            nameSpan.end = std::min<std::uint32_t>(
                a.span.end, a.span.begin + static_cast<std::uint32_t>(a.name.size()));
            reportUnknown(r.modulePath, r.missing, nameSpan);
        }
    }

    void reportUnknown(const std::string &module, std::string_view name, SourceSpan span)
    {
        if (m_probed.count(name))
            return;
        Diagnostic &d
            = m_sink.report(DiagKind::UnknownTritonFunction, span, {module, std::string(name)});
        const std::string_view close = ModuleAliases::suggestion(module, name);
        if (!close.empty())
            addNote(d, span, "did you mean '" + std::string(close) + "'?");
        else if (module != builtinModulePath(BuiltinModule::Libdevice)
                 && findBuiltin(BuiltinModule::Libdevice, name))
            // Triton 2.x had libdevice's functions in tl.math; 3.x moved them.
            addNote(d, span, "'" + std::string(name) + "' is in triton.language.extra.libdevice");
    }

    const ModuleAliases &m_aliases;
    const std::unordered_set<std::string_view> &m_probed;
    DiagnosticSink &m_sink;
};

} // namespace

void checkTritonApi(const Module &module,
                    const ScopeTree &tree,
                    const ModuleAliases &aliases,
                    DiagnosticSink &sink)
{
    ProbeCollector probes(tree);
    probes.walkModule(module);
    ApiChecker checker(tree, aliases, probes.probed, sink);
    checker.walkModule(module);
}

} // namespace tsm::check
