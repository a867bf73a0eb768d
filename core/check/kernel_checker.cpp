#include "core/check/kernel_checker.h"

#include "core/check/keyword_spans.h"
#include "core/check/python_builtins.h"
#include "core/check/scoped_walker.h"

#include <string>

namespace tsm::check {

using namespace ast;

namespace {

// ---------------------------------------------------------------- finding kernels

class KernelFinder final : public ScopedWalker
{
public:
    KernelFinder(const ScopeTree &tree, const ModuleAliases &aliases)
        : ScopedWalker(tree)
        , m_aliases(aliases)
    {
    }
    std::vector<const FunctionDef *> kernels;

protected:
    void visit(Node *node, const WalkContext &ctx) override
    {
        const auto *f = dynCast<FunctionDef>(node);
        if (!f)
            return;
        for (const Expr *d : f->decorators) {
            if (isJit(d, ctx.scope)) {
                kernels.push_back(f);
                return;
            }
        }
    }

private:
    bool isJit(const Expr *decorator, const Scope *scope) const
    {
        const Expr *e = decorator;
        if (const auto *call = dynCast<Call>(e))
            e = call->func;
        const Resolved r = m_aliases.resolve(e, scope);
        if (r.kind == Resolved::Kind::Builtin)
            return r.builtin->name == "jit"
                   && (r.builtin->module == BuiltinModule::Triton
                       || r.builtin->module == BuiltinModule::TritonRuntime);
        // Unresolvable (triton not imported, bound several ways as in `try: import triton
        // except ImportError: triton = None`, or imported from a triton module the registry
        // does not list, like triton.runtime.jit): go by the spelling.
        const Expr *base = e;
        while (const auto *a = dynCast<Attribute>(base))
            base = a->value;
        const auto *baseName = dynCast<Name>(base);
        if (!baseName)
            return false;
        const ScopeTree::Lookup found = tree().lookup(scope, baseName->id);
        if (found.symbol && !found.symbol->aliasConflict
            && !(found.symbol->import && found.symbol->import->modulePath.starts_with("triton")))
            return false; // a clean binding to something that is not triton (numba.jit)
        if (const auto *n = dynCast<Name>(e))
            return n->id == "jit";
        const auto *a = dynCast<Attribute>(e);
        return a && a->attr == "jit" && isa<Name>(a->value) && cast<Name>(a->value)->id == "triton";
    }

    const ModuleAliases &m_aliases;
};

// ---------------------------------------------------------------- checking their bodies

class KernelBodyChecker
{
public:
    KernelBodyChecker(const SourceFile &file,
                      const ScopeTree &tree,
                      const ModuleAliases &aliases,
                      const Scope *scope,
                      DiagnosticSink &sink)
        : m_file(file)
        , m_tree(tree)
        , m_aliases(aliases)
        , m_scope(scope)
        , m_sink(sink)
    {
    }

    void checkKernel(const FunctionDef &f)
    {
        if (f.isAsync)
            report(keywordBeforeName(f, "async"), "'async' functions");
        for (Stmt *s : f.body)
            walk(s, 0);
    }

private:
    void report(SourceSpan span, std::string_view what)
    {
        m_sink.report(DiagKind::UnsupportedInKernel, span, {std::string(what)});
    }
    SourceSpan keywordSpan(const Node &n, std::string_view keyword) const
    {
        return keywordAt(m_file, n.span.begin, keyword).value_or(n.span);
    }
    SourceSpan braceSpan(const Node &n) const
    {
        return punctuationAt(m_file, n.span.begin, "{").value_or(n.span);
    }
    SourceSpan keywordBeforeName(const FunctionDef &f, std::string_view keyword) const
    {
        const auto def = keywordBefore(m_file, f.nameSpan.begin, "def");
        if (!def)
            return f.span;
        if (keyword == "def")
            return *def;
        return keywordBefore(m_file, def->begin, keyword).value_or(*def);
    }

    void walk(Node *node, int depth);
    /// Reports `node` if it is unsupported; false if its children must not be visited.
    bool checkStatement(Node *node);
    bool checkExpression(Node *node);
    void checkTarget(const Expr *target);
    void checkFor(const For &f);
    void checkLoopElse(const StmtList &body,
                       const StmtList &orelse,
                       const Node &loop,
                       std::string_view what);
    void checkCompare(const Compare &c);
    void checkListComprehension(const Node &node, const std::vector<Comprehension> &gens);
    bool isRangeCall(const Expr *iter) const;
    bool isKnownNonTuple(const Expr *iter) const;

    const SourceFile &m_file;
    const ScopeTree &m_tree;
    const ModuleAliases &m_aliases;
    const Scope *m_scope;
    DiagnosticSink &m_sink;
    int m_ifDepth = 0; ///< `if` statements around the node being checked
};

void KernelBodyChecker::walk(Node *node, int depth)
{
    if (!node || depth > kMaxWalkDepth)
        return;
    const bool descend = isExprKind(node->kind) ? checkExpression(node) : checkStatement(node);
    if (!descend)
        return;
    const bool isIf = node->kind == NodeKind::If;
    m_ifDepth += isIf;
    forEachChild(node, [this, depth](Node *c) { walk(c, depth + 1); });
    m_ifDepth -= isIf;
}

bool KernelBodyChecker::checkStatement(Node *node)
{
    switch (node->kind) {
    case NodeKind::ClassDef: {
        const auto *c = cast<ClassDef>(node);
        report(keywordBefore(m_file, c->nameSpan.begin, "class").value_or(c->span),
               "'class' definitions");
        return false;
    }
    case NodeKind::FunctionDef:
        report(keywordBeforeName(*cast<FunctionDef>(node), "def"), "nested function definitions");
        return false;
    case NodeKind::Try:
        report(keywordSpan(*node, "try"), "'try' statements");
        return true;
    case NodeKind::With:
        if (cast<With>(node)->isAsync)
            report(keywordSpan(*node, "async"), "'async with' statements");
        return true;
    case NodeKind::Raise:
        // A `raise` under an `if` is usually the untaken branch of a constexpr dispatch, which
        // Triton never visits; only an unconditional one certainly fails to compile.
        if (m_ifDepth == 0)
            report(keywordSpan(*node, "raise"), "'raise' statements");
        return true;
    case NodeKind::Delete:
        report(keywordSpan(*node, "del"), "'del' statements");
        return false;
    case NodeKind::Import:
        report(keywordSpan(*node, "import"), "'import' statements");
        return false;
    case NodeKind::ImportFrom:
        report(keywordSpan(*node, "from"), "'import' statements");
        return false;
    case NodeKind::Global:
        report(keywordSpan(*node, "global"), "'global' declarations");
        return false;
    case NodeKind::Nonlocal:
        report(keywordSpan(*node, "nonlocal"), "'nonlocal' declarations");
        return false;
    case NodeKind::Break:
        report(keywordSpan(*node, "break"), "'break' statements");
        return false;
    case NodeKind::Continue:
        report(keywordSpan(*node, "continue"), "'continue' statements");
        return false;
    case NodeKind::For:
        checkFor(*cast<For>(node));
        return true;
    case NodeKind::While: {
        const auto *w = cast<While>(node);
        checkLoopElse(w->body, w->orelse, *w, "'else' clauses on 'while' loops");
        return true;
    }
    case NodeKind::Assign: {
        const auto *a = cast<Assign>(node);
        if (a->targets.size() > 1 && a->targets[1])
            report(a->targets[1]->span, "chained assignments (a = b = ...)");
        for (const Expr *t : a->targets)
            checkTarget(t);
        return true;
    }
    case NodeKind::AugAssign:
        checkTarget(cast<AugAssign>(node)->target);
        return true;
    case NodeKind::AnnAssign:
        checkTarget(cast<AnnAssign>(node)->target);
        return true;
    default:
        return true;
    }
}

void KernelBodyChecker::checkTarget(const Expr *target)
{
    if (!target)
        return;
    switch (target->kind) {
    case NodeKind::Subscript:
        return report(target->span, "item assignments (x[i] = ...)");
    case NodeKind::Attribute:
        return report(target->span, "attribute assignments (x.a = ...)");
    case NodeKind::Starred:
        return report(target->span, "starred assignment targets");
    case NodeKind::List:
        return report(target->span, "list assignment targets ([a, b] = ...)");
    case NodeKind::Tuple:
        for (const Expr *e : cast<Tuple>(target)->elts) {
            if (e && isa<Tuple>(e))
                report(e->span, "nested tuple assignment targets (a, (b, c) = ...)");
            else
                checkTarget(e);
        }
        return;
    default:
        return;
    }
}

void KernelBodyChecker::checkFor(const For &f)
{
    if (f.isAsync)
        report(keywordSpan(f, "async"), "'async for' loops");
    if (f.target && !isa<Name>(f.target))
        report(f.target->span, "'for' loop targets other than a single name");
    if (f.iter && !isRangeCall(f.iter))
        report(f.iter->span,
               "'for' loops over anything but range(), tl.range() or tl.static_range()");
    checkLoopElse(f.body, f.orelse, f, "'else' clauses on 'for' loops");
}

bool KernelBodyChecker::isKnownNonTuple(const Expr *iter) const
{
    // Triton unrolls `[f(x) for x in t]` over a tuple t; a range or an iterator is certainly not
    // one. Anything else (a name, a helper's result) may be a tuple.
    const auto *call = dynCast<Call>(iter);
    if (!call)
        return false;
    const Resolved r = m_aliases.resolve(call->func, m_scope);
    if (r.kind == Resolved::Kind::Builtin)
        return r.builtin->name == "range" || r.builtin->name == "static_range"
               || r.builtin->name == "arange";
    const auto *name = dynCast<Name>(call->func);
    return name && !m_tree.lookup(m_scope, name->id).symbol && isPythonBuiltinName(name->id)
           && name->id != "tuple";
}

bool KernelBodyChecker::isRangeCall(const Expr *iter) const
{
    const auto *call = dynCast<Call>(iter);
    if (!call)
        return false;
    const Resolved r = m_aliases.resolve(call->func, m_scope);
    if (r.kind == Resolved::Kind::Builtin)
        return r.builtin->name == "range" || r.builtin->name == "static_range";
    // A Python builtin other than range (enumerate, zip, reversed, ...) is certainly wrong;
    // anything else (an unknown helper) cannot be judged here.
    if (const auto *name = dynCast<Name>(call->func))
        if (!m_tree.lookup(m_scope, name->id).symbol && isPythonBuiltinName(name->id))
            return name->id == "range";
    return true;
}

void KernelBodyChecker::checkLoopElse(const StmtList &body,
                                      const StmtList &orelse,
                                      const Node &loop,
                                      std::string_view what)
{
    if (orelse.empty())
        return;
    std::uint32_t bodyEnd = loop.span.begin;
    for (const Stmt *s : body)
        if (s)
            bodyEnd = std::max(bodyEnd, s->span.end);
    report(keywordAfter(m_file, bodyEnd, "else").value_or(loop.span), what);
}

bool KernelBodyChecker::checkExpression(Node *node)
{
    switch (node->kind) {
    case NodeKind::Lambda:
        report(keywordSpan(*node, "lambda"), "lambda expressions");
        return false;
    case NodeKind::Dict:
        report(braceSpan(*node), "dict literals");
        return false;
    case NodeKind::Set:
        report(braceSpan(*node), "set literals");
        return false;
    case NodeKind::DictComp:
        report(braceSpan(*node), "dict comprehensions");
        return false;
    case NodeKind::SetComp:
        report(braceSpan(*node), "set comprehensions");
        return false;
    case NodeKind::GeneratorExp: {
        const auto &gens = cast<GeneratorExp>(node)->generators;
        const std::optional<SourceSpan> kw
            = gens.empty() || !gens[0].target
                  ? std::nullopt
                  : keywordBefore(m_file, gens[0].target->span.begin, "for");
        report(kw.value_or(node->span), "generator expressions");
        return false;
    }
    case NodeKind::ListComp:
        checkListComprehension(*node, cast<ListComp>(node)->generators);
        return true;
    case NodeKind::NamedExpr: {
        // Triton 3.6's code generator has no visitor for `:=` (later versions add one).
        const auto *e = cast<NamedExpr>(node);
        const std::optional<SourceSpan> op
            = e->target && e->value
                  ? operatorBetween(m_file, e->target->span.end, e->value->span.begin)
                  : std::nullopt;
        report(op.value_or(node->span), "assignment expressions (:=)");
        return true;
    }
    case NodeKind::Await:
        report(keywordSpan(*node, "await"), "'await' expressions");
        return true;
    case NodeKind::Yield:
        report(keywordSpan(*node, "yield"), "'yield' expressions");
        return true;
    case NodeKind::YieldFrom:
        report(keywordSpan(*node, "yield"), "'yield from' expressions");
        return true;
    case NodeKind::Compare:
        checkCompare(*cast<Compare>(node));
        return true;
    case NodeKind::BinOp: {
        const auto *b = cast<BinOp>(node);
        if (b->op == BinaryOp::MatMult)
            report(b->opSpan.size() ? b->opSpan : b->span, "'@' matrix products (use tl.dot)");
        return true;
    }
    case NodeKind::Call:
        for (const Keyword &k : cast<Call>(node)->keywords)
            if (k.name.empty())
                report(k.span, "calls with '**' keyword unpacking");
        return true;
    default:
        return true;
    }
}

void KernelBodyChecker::checkCompare(const Compare &c)
{
    const std::size_t n = std::min(c.ops.size(), c.comparators.size());
    auto opSpan = [&](std::size_t i) {
        const Expr *left = i == 0 ? c.left : c.comparators[i - 1];
        const Expr *right = c.comparators[i];
        if (!left || !right)
            return c.span;
        return operatorBetween(m_file, left->span.end, right->span.begin).value_or(c.span);
    };
    if (n > 1)
        report(opSpan(1), "chained comparisons (a < b < c)");
    for (std::size_t i = 0; i < n; ++i) {
        if (c.ops[i] == CmpOp::In)
            report(opSpan(i), "'in' comparisons");
        else if (c.ops[i] == CmpOp::NotIn)
            report(opSpan(i), "'not in' comparisons");
    }
}

void KernelBodyChecker::checkListComprehension(const Node &node,
                                               const std::vector<Comprehension> &gens)
{
    // Triton evaluates `[f(x) for x in t]` over a tuple; more than that it cannot.
    for (std::size_t i = 0; i < gens.size(); ++i) {
        const Comprehension &g = gens[i];
        const std::optional<SourceSpan> forKw
            = g.target ? keywordBefore(m_file, g.target->span.begin, "for") : std::nullopt;
        if (g.isAsync)
            report(forKw.value_or(node.span), "asynchronous comprehensions");
        if (i == 1)
            report(forKw.value_or(node.span), "list comprehensions with more than one 'for'");
        if (i == 0 && g.iter && isKnownNonTuple(g.iter))
            report(g.iter->span, "list comprehensions over anything but a tuple");
        for (const Expr *cond : g.ifs)
            if (cond)
                report(keywordBefore(m_file, cond->span.begin, "if").value_or(cond->span),
                       "'if' clauses in list comprehensions");
    }
}

} // namespace

std::vector<const FunctionDef *>
findKernels(const Module &module, const ScopeTree &tree, const ModuleAliases &aliases)
{
    KernelFinder finder(tree, aliases);
    finder.walkModule(module);
    return std::move(finder.kernels);
}

void checkKernels(const std::vector<const FunctionDef *> &kernels,
                  const SourceFile &file,
                  const ScopeTree &tree,
                  const ModuleAliases &aliases,
                  DiagnosticSink &sink)
{
    for (const FunctionDef *k : kernels) {
        const Scope *scope = tree.scopeOf(k);
        KernelBodyChecker checker(file, tree, aliases, scope ? scope : tree.moduleScope(), sink);
        checker.checkKernel(*k);
    }
}

} // namespace tsm::check
