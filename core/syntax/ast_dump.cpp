// One node per line: `Kind [line:col-line:col] attributes`, children indented two spaces.
// Children that every node of a kind has (a BinOp's operands, an Attribute's value) come
// first, unlabelled and in source order; lists and optional children come under a label line
// (`body:`, `orelse:`, `args:` ...) so that an absent one cannot be mistaken for another.

#include "core/syntax/ast_dump.h"

#include <cstdio>

namespace tsm::ast {

namespace {

std::string_view contextName(ExprContext c)
{
    switch (c) {
    case ExprContext::Load:
        return "Load";
    case ExprContext::Store:
        return "Store";
    case ExprContext::Del:
        return "Del";
    }
    return "Load";
}

std::string_view paramKindName(ParamKind k)
{
    switch (k) {
    case ParamKind::PositionalOnly:
        return "PositionalOnly";
    case ParamKind::Normal:
        return "Normal";
    case ParamKind::VarPositional:
        return "VarPositional";
    case ParamKind::KeywordOnly:
        return "KeywordOnly";
    case ParamKind::VarKeyword:
        return "VarKeyword";
    }
    return "Normal";
}

/// A double-quoted rendering of decoded string contents; bytes >= 0x80 are escaped for Bytes.
std::string quoted(std::string_view s, bool escapeHigh)
{
    std::string out = "\"";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (ch) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20 || c == 0x7F || (escapeHigh && c >= 0x80)) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", c);
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    return out + "\"";
}

class Dumper
{
public:
    explicit Dumper(const SourceFile *file)
        : m_file(file)
    {
    }

    std::string take() { return std::move(m_out); }

    void node(const Node *n, int depth)
    {
        if (!n) {
            line(depth, "<null>");
            return;
        }
        if (isExprKind(n->kind))
            expr(static_cast<const Expr *>(n), depth);
        else
            stmt(static_cast<const Stmt *>(n), depth);
    }

    void stmts(const StmtList &list, int depth)
    {
        for (const Stmt *s : list)
            node(s, depth);
    }

private:
    void line(int depth, std::string_view s)
    {
        m_out.append(static_cast<std::size_t>(depth) * 2, ' ');
        m_out += s;
        m_out += '\n';
    }

    std::string spanText(SourceSpan s) const
    {
        if (!m_file)
            return "[" + std::to_string(s.begin) + "-" + std::to_string(s.end) + "]";
        const LineCol b = m_file->lineCol(s.begin);
        const LineCol e = m_file->lineCol(s.end);
        return "[" + std::to_string(b.line) + ":" + std::to_string(b.displayColumn) + "-"
               + std::to_string(e.line) + ":" + std::to_string(e.displayColumn) + "]";
    }

    void header(const Node *n, int depth, std::string_view attrs)
    {
        std::string s(nodeKindName(n->kind));
        s += ' ';
        s += spanText(n->span);
        if (!attrs.empty()) {
            s += ' ';
            s += attrs;
        }
        line(depth, s);
    }

    void labelled(std::string_view label, const Node *n, int depth)
    {
        if (!n)
            return;
        line(depth, std::string(label) + ":");
        node(n, depth + 1);
    }

    void list(std::string_view label, const ExprList &l, int depth)
    {
        if (l.empty())
            return;
        line(depth, std::string(label) + ":");
        for (const Expr *e : l)
            node(e, depth + 1);
    }

    void list(std::string_view label, const StmtList &l, int depth)
    {
        if (l.empty())
            return;
        line(depth, std::string(label) + ":");
        stmts(l, depth + 1);
    }

    void params(const Parameters &p, int depth)
    {
        if (p.params.empty())
            return;
        line(depth, "args:");
        for (const Param &q : p.params) {
            line(depth + 1,
                 "Param " + spanText(q.span) + " name=" + std::string(q.name)
                     + " kind=" + std::string(paramKindName(q.kind)));
            labelled("annotation", q.annotation, depth + 2);
            labelled("default", q.defaultValue, depth + 2);
        }
    }

    void keywords(const std::vector<Keyword> &kws, int depth)
    {
        if (kws.empty())
            return;
        line(depth, "keywords:");
        for (const Keyword &k : kws) {
            line(depth + 1,
                 "Keyword " + spanText(k.span)
                     + (k.name.empty() ? std::string(" **") : " name=" + std::string(k.name)));
            node(k.value, depth + 2);
        }
    }

    void generators(const std::vector<Comprehension> &gens, int depth)
    {
        for (const Comprehension &c : gens) {
            line(depth, c.isAsync ? "async comprehension:" : "comprehension:");
            node(c.target, depth + 1);
            node(c.iter, depth + 1);
            list("ifs", c.ifs, depth + 1);
        }
    }

    void aliases(const std::vector<Alias> &names, int depth)
    {
        for (const Alias &a : names) {
            std::string s = "Alias " + spanText(a.span) + " name=" + a.name;
            if (!a.asname.name.empty())
                s += " asname=" + std::string(a.asname.name);
            line(depth, s);
        }
    }

    void expr(const Expr *e, int depth);
    void stmt(const Stmt *s, int depth);
    std::string constantText(const Constant *c) const;

    const SourceFile *m_file;
    std::string m_out;
};

std::string Dumper::constantText(const Constant *c) const
{
    switch (c->constKind) {
    case ConstantKind::Int:
        return "Int " + std::string(c->raw);
    case ConstantKind::Float:
        return "Float " + std::string(c->raw);
    case ConstantKind::Imaginary:
        return "Imaginary " + std::string(c->raw);
    case ConstantKind::String:
        return "String " + quoted(c->str, false);
    case ConstantKind::Bytes:
        return "Bytes b" + quoted(c->str, true);
    case ConstantKind::True:
        return "True";
    case ConstantKind::False:
        return "False";
    case ConstantKind::None:
        return "None";
    case ConstantKind::Ellipsis:
        return "Ellipsis";
    }
    return {};
}

void Dumper::expr(const Expr *e, int depth)
{
    const int in = depth + 1;
    switch (e->kind) {
    case NodeKind::Name: {
        const auto *n = cast<Name>(e);
        header(e, depth, "id=" + std::string(n->id) + " ctx=" + std::string(contextName(n->ctx)));
        return;
    }
    case NodeKind::Constant:
        header(e, depth, constantText(cast<Constant>(e)));
        return;
    case NodeKind::JoinedStr:
        header(e, depth, {});
        for (const Expr *v : cast<JoinedStr>(e)->values)
            node(v, in);
        return;
    case NodeKind::FormattedValue: {
        const auto *f = cast<FormattedValue>(e);
        std::string attrs;
        if (f->conversion)
            attrs += std::string("conv=") + f->conversion;
        if (f->selfDocumenting)
            attrs += attrs.empty() ? "selfdoc" : " selfdoc";
        header(e, depth, attrs);
        node(f->value, in);
        labelled("spec", f->formatSpec, in);
        return;
    }
    case NodeKind::BinOp: {
        const auto *b = cast<BinOp>(e);
        header(e, depth, "op=" + std::string(binaryOpSpelling(b->op)));
        node(b->left, in);
        node(b->right, in);
        return;
    }
    case NodeKind::UnaryOp: {
        const auto *u = cast<UnaryOp>(e);
        header(e, depth, "op=" + std::string(unaryOpSpelling(u->op)));
        node(u->operand, in);
        return;
    }
    case NodeKind::BoolOp: {
        const auto *b = cast<BoolOp>(e);
        header(e, depth, b->op == BoolOpKind::And ? "op=and" : "op=or");
        for (const Expr *v : b->values)
            node(v, in);
        return;
    }
    case NodeKind::Compare: {
        const auto *c = cast<Compare>(e);
        std::string ops = "ops=[";
        for (std::size_t i = 0; i < c->ops.size(); ++i)
            ops += (i ? ", " : "") + std::string(cmpOpSpelling(c->ops[i]));
        header(e, depth, ops + "]");
        node(c->left, in);
        for (const Expr *v : c->comparators)
            node(v, in);
        return;
    }
    case NodeKind::Call: {
        const auto *c = cast<Call>(e);
        header(e, depth, {});
        node(c->func, in);
        list("args", c->args, in);
        keywords(c->keywords, in);
        return;
    }
    case NodeKind::Attribute: {
        const auto *a = cast<Attribute>(e);
        header(
            e, depth, "attr=" + std::string(a->attr) + " ctx=" + std::string(contextName(a->ctx)));
        node(a->value, in);
        return;
    }
    case NodeKind::Subscript: {
        const auto *s = cast<Subscript>(e);
        header(e, depth, "ctx=" + std::string(contextName(s->ctx)));
        node(s->value, in);
        node(s->slice, in);
        return;
    }
    case NodeKind::Slice: {
        const auto *s = cast<Slice>(e);
        header(e, depth, {});
        labelled("lower", s->lower, in);
        labelled("upper", s->upper, in);
        labelled("step", s->step, in);
        return;
    }
    case NodeKind::Starred: {
        const auto *s = cast<Starred>(e);
        header(e, depth, "ctx=" + std::string(contextName(s->ctx)));
        node(s->value, in);
        return;
    }
    case NodeKind::Tuple: {
        const auto *t = cast<Tuple>(e);
        header(e,
               depth,
               "ctx=" + std::string(contextName(t->ctx))
                   + (t->parenthesized ? " parenthesized" : ""));
        for (const Expr *v : t->elts)
            node(v, in);
        return;
    }
    case NodeKind::List: {
        const auto *l = cast<List>(e);
        header(e, depth, "ctx=" + std::string(contextName(l->ctx)));
        for (const Expr *v : l->elts)
            node(v, in);
        return;
    }
    case NodeKind::Set:
        header(e, depth, {});
        for (const Expr *v : cast<Set>(e)->elts)
            node(v, in);
        return;
    case NodeKind::Dict: {
        // Entries in order: a key then its value; `**d` shows as a `**:` label over d.
        const auto *d = cast<Dict>(e);
        header(e, depth, {});
        for (std::size_t i = 0; i < d->values.size(); ++i) {
            const Expr *key = i < d->keys.size() ? d->keys[i] : nullptr;
            if (key) {
                node(key, in);
                node(d->values[i], in);
            } else {
                labelled("**", d->values[i], in);
            }
        }
        return;
    }
    case NodeKind::ListComp:
        header(e, depth, {});
        node(cast<ListComp>(e)->elt, in);
        generators(cast<ListComp>(e)->generators, in);
        return;
    case NodeKind::SetComp:
        header(e, depth, {});
        node(cast<SetComp>(e)->elt, in);
        generators(cast<SetComp>(e)->generators, in);
        return;
    case NodeKind::GeneratorExp:
        header(e, depth, {});
        node(cast<GeneratorExp>(e)->elt, in);
        generators(cast<GeneratorExp>(e)->generators, in);
        return;
    case NodeKind::DictComp: {
        const auto *d = cast<DictComp>(e);
        header(e, depth, {});
        node(d->key, in);
        node(d->value, in);
        generators(d->generators, in);
        return;
    }
    case NodeKind::Lambda: {
        const auto *l = cast<Lambda>(e);
        header(e, depth, {});
        params(l->params, in);
        labelled("body", l->body, in);
        return;
    }
    case NodeKind::IfExp: {
        const auto *i = cast<IfExp>(e);
        header(e, depth, {});
        labelled("test", i->test, in);
        labelled("body", i->body, in);
        labelled("orelse", i->orelse, in);
        return;
    }
    case NodeKind::NamedExpr:
        header(e, depth, {});
        node(cast<NamedExpr>(e)->target, in);
        node(cast<NamedExpr>(e)->value, in);
        return;
    case NodeKind::Await:
        header(e, depth, {});
        node(cast<Await>(e)->value, in);
        return;
    case NodeKind::Yield:
        header(e, depth, {});
        if (cast<Yield>(e)->value)
            node(cast<Yield>(e)->value, in);
        return;
    case NodeKind::YieldFrom:
        header(e, depth, {});
        node(cast<YieldFrom>(e)->value, in);
        return;
    default:
        header(e, depth, {});
        return;
    }
}

void Dumper::stmt(const Stmt *s, int depth)
{
    const int in = depth + 1;
    switch (s->kind) {
    case NodeKind::ExprStmt:
        header(s, depth, {});
        node(cast<ExprStmt>(s)->value, in);
        return;
    case NodeKind::Assign:
        header(s, depth, {});
        list("targets", cast<Assign>(s)->targets, in);
        labelled("value", cast<Assign>(s)->value, in);
        return;
    case NodeKind::AugAssign: {
        const auto *a = cast<AugAssign>(s);
        header(s, depth, "op=" + std::string(binaryOpSpelling(a->op)) + "=");
        node(a->target, in);
        node(a->value, in);
        return;
    }
    case NodeKind::AnnAssign: {
        const auto *a = cast<AnnAssign>(s);
        header(s, depth, {});
        node(a->target, in);
        node(a->annotation, in);
        labelled("value", a->value, in);
        return;
    }
    case NodeKind::FunctionDef: {
        const auto *f = cast<FunctionDef>(s);
        header(s, depth, "name=" + std::string(f->name) + (f->isAsync ? " async" : ""));
        list("decorators", f->decorators, in);
        params(f->params, in);
        labelled("returns", f->returns, in);
        list("body", f->body, in);
        return;
    }
    case NodeKind::ClassDef: {
        const auto *c = cast<ClassDef>(s);
        header(s, depth, "name=" + std::string(c->name));
        list("decorators", c->decorators, in);
        list("bases", c->bases, in);
        keywords(c->keywords, in);
        list("body", c->body, in);
        return;
    }
    case NodeKind::Return:
        header(s, depth, {});
        if (cast<Return>(s)->value)
            node(cast<Return>(s)->value, in);
        return;
    case NodeKind::Delete:
        header(s, depth, {});
        for (const Expr *t : cast<Delete>(s)->targets)
            node(t, in);
        return;
    case NodeKind::If: {
        const auto *i = cast<If>(s);
        header(s, depth, i->isElif ? "elif" : "");
        node(i->test, in);
        list("body", i->body, in);
        list("orelse", i->orelse, in);
        return;
    }
    case NodeKind::For: {
        const auto *f = cast<For>(s);
        header(s, depth, f->isAsync ? "async" : "");
        node(f->target, in);
        node(f->iter, in);
        list("body", f->body, in);
        list("orelse", f->orelse, in);
        return;
    }
    case NodeKind::While: {
        const auto *w = cast<While>(s);
        header(s, depth, {});
        node(w->test, in);
        list("body", w->body, in);
        list("orelse", w->orelse, in);
        return;
    }
    case NodeKind::With: {
        const auto *w = cast<With>(s);
        header(s, depth, w->isAsync ? "async" : "");
        for (const WithItem &item : w->items) {
            line(in, "item:");
            node(item.contextExpr, in + 1);
            labelled("as", item.optionalVars, in + 1);
        }
        list("body", w->body, in);
        return;
    }
    case NodeKind::Raise:
        header(s, depth, {});
        labelled("exc", cast<Raise>(s)->exc, in);
        labelled("cause", cast<Raise>(s)->cause, in);
        return;
    case NodeKind::Try: {
        const auto *t = cast<Try>(s);
        header(s, depth, {});
        list("body", t->body, in);
        if (!t->handlers.empty())
            line(in, "handlers:");
        for (const ExceptHandler &h : t->handlers) {
            std::string attrs;
            if (!h.name.name.empty())
                attrs += " name=" + std::string(h.name.name);
            if (h.isStar)
                attrs += " star";
            line(in + 1, "ExceptHandler " + spanText(h.span) + attrs);
            labelled("type", h.type, in + 2);
            list("body", h.body, in + 2);
        }
        list("orelse", t->orelse, in);
        list("finalbody", t->finalbody, in);
        return;
    }
    case NodeKind::Assert:
        header(s, depth, {});
        node(cast<Assert>(s)->test, in);
        labelled("msg", cast<Assert>(s)->msg, in);
        return;
    case NodeKind::Import:
        header(s, depth, {});
        aliases(cast<Import>(s)->names, in);
        return;
    case NodeKind::ImportFrom: {
        const auto *i = cast<ImportFrom>(s);
        std::string attrs;
        if (!i->module.empty())
            attrs = "module=" + i->module;
        if (i->level > 0)
            attrs += (attrs.empty() ? "level=" : " level=") + std::to_string(i->level);
        header(s, depth, attrs);
        aliases(i->names, in);
        return;
    }
    case NodeKind::Global:
    case NodeKind::Nonlocal: {
        const auto &names
            = s->kind == NodeKind::Global ? cast<Global>(s)->names : cast<Nonlocal>(s)->names;
        std::string attrs = "names=";
        for (std::size_t i = 0; i < names.size(); ++i)
            attrs += (i ? "," : "") + std::string(names[i].name);
        header(s, depth, attrs);
        return;
    }
    default:
        header(s, depth, {});
        return;
    }
}

} // namespace

std::string dumpModule(const Module &m)
{
    Dumper d(m.file);
    std::string out = "Module\n";
    d.stmts(m.body, 1);
    return out + d.take();
}

std::string dumpNode(const Node &n, const SourceFile &file, int depth)
{
    Dumper d(&file);
    d.node(&n, depth);
    return d.take();
}

} // namespace tsm::ast
