#include "editor/definition_lookup.h"

#include "core/syntax/parser.h"

#include <optional>

namespace tsm {
namespace {

bool isWordByte(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_'
           || u >= 0x80;
}

// Where a binding of `name` is, and what kind: a span in the file or an import.
struct Binding
{
    SourceSpan span;
    bool imported = false;
    std::string module;
};

class BindingFinder
{
public:
    explicit BindingFinder(std::string_view name)
        : m_name(name)
    {
    }

    /// The first binding of the name in `body`, in source order; nested function bodies aside.
    std::optional<Binding> inBlock(const ast::StmtList &body) const
    {
        for (const ast::Stmt *s : body)
            if (auto b = inStmt(s))
                return b;
        return std::nullopt;
    }

private:
    std::optional<Binding> inTarget(const ast::Expr *e) const
    {
        if (!e)
            return std::nullopt;
        if (const auto *n = ast::dynCast<ast::Name>(e))
            return n->id == m_name ? std::optional<Binding>(Binding{n->span}) : std::nullopt;
        if (const auto *s = ast::dynCast<ast::Starred>(e))
            return inTarget(s->value);
        const ast::ExprList *elts = nullptr;
        if (const auto *t = ast::dynCast<ast::Tuple>(e))
            elts = &t->elts;
        else if (const auto *l = ast::dynCast<ast::List>(e))
            elts = &l->elts;
        if (elts)
            for (const ast::Expr *x : *elts)
                if (auto b = inTarget(x))
                    return b;
        return std::nullopt;
    }

    std::optional<Binding> inImport(const ast::Alias &a, std::string module, bool from) const
    {
        const std::string_view full = a.name;
        const std::string_view bound = !a.asname.name.empty() ? a.asname.name
                                       : from                 ? full
                                                              : full.substr(0, full.find('.'));
        if (bound != m_name)
            return std::nullopt;
        return Binding{a.span, true, std::move(module)};
    }

    std::optional<Binding> inStmt(const ast::Stmt *s) const
    {
        switch (s->kind) {
        case ast::NodeKind::FunctionDef: {
            const auto *f = ast::cast<ast::FunctionDef>(s);
            return f->name == m_name ? std::optional<Binding>(Binding{f->nameSpan}) : std::nullopt;
        }
        case ast::NodeKind::ClassDef: {
            const auto *c = ast::cast<ast::ClassDef>(s);
            return c->name == m_name ? std::optional<Binding>(Binding{c->nameSpan}) : std::nullopt;
        }
        case ast::NodeKind::Assign:
            for (const ast::Expr *t : ast::cast<ast::Assign>(s)->targets)
                if (auto b = inTarget(t))
                    return b;
            return std::nullopt;
        case ast::NodeKind::AnnAssign:
            return inTarget(ast::cast<ast::AnnAssign>(s)->target);
        case ast::NodeKind::AugAssign:
            return inTarget(ast::cast<ast::AugAssign>(s)->target);
        case ast::NodeKind::Import:
            for (const ast::Alias &a : ast::cast<ast::Import>(s)->names) {
                const std::string_view full = a.name;
                const std::string module(a.asname.name.empty() ? full.substr(0, full.find('.'))
                                                               : full);
                if (auto b = inImport(a, module, false))
                    return b;
            }
            return std::nullopt;
        case ast::NodeKind::ImportFrom: {
            const auto *i = ast::cast<ast::ImportFrom>(s);
            for (const ast::Alias &a : i->names)
                if (auto b = inImport(a, std::string(std::size_t(i->level), '.') + i->module, true))
                    return b;
            return std::nullopt;
        }
        case ast::NodeKind::If: {
            const auto *i = ast::cast<ast::If>(s);
            if (auto b = inBlock(i->body))
                return b;
            return inBlock(i->orelse);
        }
        case ast::NodeKind::For: {
            const auto *f = ast::cast<ast::For>(s);
            if (auto b = inTarget(f->target))
                return b;
            if (auto b = inBlock(f->body))
                return b;
            return inBlock(f->orelse);
        }
        case ast::NodeKind::While: {
            const auto *w = ast::cast<ast::While>(s);
            if (auto b = inBlock(w->body))
                return b;
            return inBlock(w->orelse);
        }
        case ast::NodeKind::With: {
            const auto *w = ast::cast<ast::With>(s);
            for (const ast::WithItem &item : w->items)
                if (auto b = inTarget(item.optionalVars))
                    return b;
            return inBlock(w->body);
        }
        case ast::NodeKind::Try: {
            const auto *t = ast::cast<ast::Try>(s);
            if (auto b = inBlock(t->body))
                return b;
            for (const ast::ExceptHandler &h : t->handlers) {
                if (h.name.name == m_name)
                    return Binding{h.name.span};
                if (auto b = inBlock(h.body))
                    return b;
            }
            if (auto b = inBlock(t->orelse))
                return b;
            return inBlock(t->finalbody);
        }
        default:
            return std::nullopt;
        }
    }

    std::string_view m_name;
};

// The parameters and locals of the module-level function around `offset`.
std::optional<Binding>
inEnclosingFunction(const ast::Module &module, std::string_view name, std::uint32_t offset)
{
    for (const ast::Stmt *s : module.body) {
        const auto *f = ast::dynCast<ast::FunctionDef>(s);
        if (!f || offset < f->span.begin || offset >= f->span.end)
            continue;
        for (const ast::Param &p : f->params.params)
            if (p.name == name)
                return Binding{p.nameSpan};
        return BindingFinder(name).inBlock(f->body);
    }
    return std::nullopt;
}

} // namespace

Definition findDefinition(const QByteArray &text, int offset)
{
    Definition def;
    if (offset < 0 || offset > text.size())
        return def;
    int begin = offset, end = offset;
    while (begin > 0 && isWordByte(text[begin - 1]))
        --begin;
    while (end < text.size() && isWordByte(text[end]))
        ++end;
    if (begin == end || (text[begin] >= '0' && text[begin] <= '9'))
        return def;
    // `tl.load`: the chain's first name decides.
    int root = begin;
    while (root > 1 && text[root - 1] == '.' && isWordByte(text[root - 2])) {
        root -= 2;
        while (root > 0 && isWordByte(text[root - 1]))
            --root;
    }
    int rootEnd = root;
    while (rootEnd < text.size() && isWordByte(text[rootEnd]))
        ++rootEnd;
    def.name = QString::fromUtf8(text.mid(root, end - root));

    const SourceFile file(
        0, "definition.py", std::string(text.constData(), std::size_t(text.size())));
    DiagnosticSink sink;
    const ParseResult parsed = parseModule(file, sink);
    const std::string rootName(text.constData() + root, std::size_t(rootEnd - root));
    std::optional<Binding> b = inEnclosingFunction(*parsed.module, rootName, std::uint32_t(offset));
    if (!b)
        b = BindingFinder(rootName).inBlock(parsed.module->body);
    if (!b || (!b->imported && root != begin)) // an attribute of a value: not followed
        return def;
    if (b->imported) {
        def.kind = Definition::Kind::Imported;
        def.module = QString::fromStdString(b->module);
        return def;
    }
    def.kind = Definition::Kind::InFile;
    def.begin = int(b->span.begin);
    def.end = int(b->span.end);
    return def;
}

} // namespace tsm
