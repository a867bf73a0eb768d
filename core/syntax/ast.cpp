#include "core/syntax/ast.h"

#include <array>

namespace tsm::ast {

namespace {
struct KindInfo
{
    std::string_view name;
    bool isExpr;
};
constexpr std::array kKinds = {
#define AST_EXPR(Name) KindInfo{#Name, true},
#define AST_STMT(Name) KindInfo{#Name, false},
#include "core/syntax/ast_nodes.def"
#undef AST_STMT
#undef AST_EXPR
};

using Fn = std::function<void(Node *)>;

void each(const ExprList &l, const Fn &fn)
{
    for (Expr *e : l)
        if (e)
            fn(e);
}
void each(const StmtList &l, const Fn &fn)
{
    for (Stmt *s : l)
        if (s)
            fn(s);
}
void one(Node *n, const Fn &fn)
{
    if (n)
        fn(n);
}
void params(const Parameters &p, const Fn &fn)
{
    for (const Param &q : p.params) {
        one(q.annotation, fn);
        one(q.defaultValue, fn);
    }
}
void comps(const std::vector<Comprehension> &gens, const Fn &fn)
{
    for (const Comprehension &c : gens) {
        one(c.target, fn);
        one(c.iter, fn);
        each(c.ifs, fn);
    }
}
void keywords(const std::vector<Keyword> &kws, const Fn &fn)
{
    for (const Keyword &k : kws)
        one(k.value, fn);
}
} // namespace

std::string_view nodeKindName(NodeKind k) { return kKinds[static_cast<std::size_t>(k)].name; }
bool isExprKind(NodeKind k) { return kKinds[static_cast<std::size_t>(k)].isExpr; }

std::string_view binaryOpSpelling(BinaryOp op)
{
    static constexpr std::array<std::string_view, 13> s = {
        "+", "-", "*", "@", "/", "//", "%", "**", "<<", ">>", "|", "^", "&"};
    return s[static_cast<std::size_t>(op)];
}

std::string_view unaryOpSpelling(UnaryOpKind op)
{
    static constexpr std::array<std::string_view, 4> s = {"~", "not", "+", "-"};
    return s[static_cast<std::size_t>(op)];
}

std::string_view cmpOpSpelling(CmpOp op)
{
    static constexpr std::array<std::string_view, 10> s = {
        "==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
    return s[static_cast<std::size_t>(op)];
}

void forEachChild(Node *n, const Fn &fn)
{
    switch (n->kind) {
    case NodeKind::Name:
    case NodeKind::Constant:
    case NodeKind::ErrorExpr:
    case NodeKind::Pass:
    case NodeKind::Break:
    case NodeKind::Continue:
    case NodeKind::Import:
    case NodeKind::ImportFrom:
    case NodeKind::Global:
    case NodeKind::Nonlocal:
    case NodeKind::ErrorStmt:
        return;
    case NodeKind::JoinedStr:
        return each(cast<JoinedStr>(n)->values, fn);
    case NodeKind::FormattedValue: {
        auto *f = cast<FormattedValue>(n);
        one(f->value, fn);
        return one(f->formatSpec, fn);
    }
    case NodeKind::BinOp:
        one(cast<BinOp>(n)->left, fn);
        return one(cast<BinOp>(n)->right, fn);
    case NodeKind::UnaryOp:
        return one(cast<UnaryOp>(n)->operand, fn);
    case NodeKind::BoolOp:
        return each(cast<BoolOp>(n)->values, fn);
    case NodeKind::Compare:
        one(cast<Compare>(n)->left, fn);
        return each(cast<Compare>(n)->comparators, fn);
    case NodeKind::Call: {
        auto *c = cast<Call>(n);
        one(c->func, fn);
        each(c->args, fn);
        return keywords(c->keywords, fn);
    }
    case NodeKind::Attribute:
        return one(cast<Attribute>(n)->value, fn);
    case NodeKind::Subscript:
        one(cast<Subscript>(n)->value, fn);
        return one(cast<Subscript>(n)->slice, fn);
    case NodeKind::Slice: {
        auto *s = cast<Slice>(n);
        one(s->lower, fn);
        one(s->upper, fn);
        return one(s->step, fn);
    }
    case NodeKind::Starred:
        return one(cast<Starred>(n)->value, fn);
    case NodeKind::Tuple:
        return each(cast<Tuple>(n)->elts, fn);
    case NodeKind::List:
        return each(cast<List>(n)->elts, fn);
    case NodeKind::Set:
        return each(cast<Set>(n)->elts, fn);
    case NodeKind::Dict: {
        auto *d = cast<Dict>(n);
        for (std::size_t i = 0; i < d->values.size(); ++i) {
            if (i < d->keys.size())
                one(d->keys[i], fn);
            one(d->values[i], fn);
        }
        return;
    }
    case NodeKind::ListComp:
        one(cast<ListComp>(n)->elt, fn);
        return comps(cast<ListComp>(n)->generators, fn);
    case NodeKind::SetComp:
        one(cast<SetComp>(n)->elt, fn);
        return comps(cast<SetComp>(n)->generators, fn);
    case NodeKind::GeneratorExp:
        one(cast<GeneratorExp>(n)->elt, fn);
        return comps(cast<GeneratorExp>(n)->generators, fn);
    case NodeKind::DictComp:
        one(cast<DictComp>(n)->key, fn);
        one(cast<DictComp>(n)->value, fn);
        return comps(cast<DictComp>(n)->generators, fn);
    case NodeKind::Lambda:
        params(cast<Lambda>(n)->params, fn);
        return one(cast<Lambda>(n)->body, fn);
    case NodeKind::IfExp: {
        auto *e = cast<IfExp>(n);
        one(e->test, fn);
        one(e->body, fn);
        return one(e->orelse, fn);
    }
    case NodeKind::NamedExpr:
        one(cast<NamedExpr>(n)->target, fn);
        return one(cast<NamedExpr>(n)->value, fn);
    case NodeKind::Await:
        return one(cast<Await>(n)->value, fn);
    case NodeKind::Yield:
        return one(cast<Yield>(n)->value, fn);
    case NodeKind::YieldFrom:
        return one(cast<YieldFrom>(n)->value, fn);
    case NodeKind::ExprStmt:
        return one(cast<ExprStmt>(n)->value, fn);
    case NodeKind::Assign:
        each(cast<Assign>(n)->targets, fn);
        return one(cast<Assign>(n)->value, fn);
    case NodeKind::AugAssign:
        one(cast<AugAssign>(n)->target, fn);
        return one(cast<AugAssign>(n)->value, fn);
    case NodeKind::AnnAssign: {
        auto *a = cast<AnnAssign>(n);
        one(a->target, fn);
        one(a->annotation, fn);
        return one(a->value, fn);
    }
    case NodeKind::FunctionDef: {
        auto *f = cast<FunctionDef>(n);
        each(f->decorators, fn);
        params(f->params, fn);
        one(f->returns, fn);
        return each(f->body, fn);
    }
    case NodeKind::ClassDef: {
        auto *c = cast<ClassDef>(n);
        each(c->decorators, fn);
        each(c->bases, fn);
        keywords(c->keywords, fn);
        return each(c->body, fn);
    }
    case NodeKind::Return:
        return one(cast<Return>(n)->value, fn);
    case NodeKind::Delete:
        return each(cast<Delete>(n)->targets, fn);
    case NodeKind::If:
        one(cast<If>(n)->test, fn);
        each(cast<If>(n)->body, fn);
        return each(cast<If>(n)->orelse, fn);
    case NodeKind::For: {
        auto *f = cast<For>(n);
        one(f->target, fn);
        one(f->iter, fn);
        each(f->body, fn);
        return each(f->orelse, fn);
    }
    case NodeKind::While:
        one(cast<While>(n)->test, fn);
        each(cast<While>(n)->body, fn);
        return each(cast<While>(n)->orelse, fn);
    case NodeKind::With:
        for (const WithItem &i : cast<With>(n)->items) {
            one(i.contextExpr, fn);
            one(i.optionalVars, fn);
        }
        return each(cast<With>(n)->body, fn);
    case NodeKind::Raise:
        one(cast<Raise>(n)->exc, fn);
        return one(cast<Raise>(n)->cause, fn);
    case NodeKind::Try: {
        auto *t = cast<Try>(n);
        each(t->body, fn);
        for (const ExceptHandler &h : t->handlers) {
            one(h.type, fn);
            each(h.body, fn);
        }
        each(t->orelse, fn);
        return each(t->finalbody, fn);
    }
    case NodeKind::Assert:
        one(cast<Assert>(n)->test, fn);
        return one(cast<Assert>(n)->msg, fn);
    }
}

} // namespace tsm::ast
