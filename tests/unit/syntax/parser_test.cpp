#include "core/syntax/parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <memory>
#include <random>
#include <string>

using namespace tsm;
using namespace tsm::ast;

namespace {

struct Parsed
{
    SourceManager sm;
    const SourceFile *file = nullptr;
    ParseResult result;
    std::vector<Diagnostic> diags;

    const StmtList &body() const { return result.module->body; }
    std::string_view text(SourceSpan s) const { return file->slice(s); }
    std::size_t count(DiagKind k) const
    {
        std::size_t n = 0;
        for (const Diagnostic &d : diags)
            n += d.kind == k;
        return n;
    }
    std::string messages() const
    {
        std::string out;
        for (const Diagnostic &d : diags)
            out += std::string(diagKindName(d.kind)) + ": " + d.message + "\n";
        return out;
    }
};

std::unique_ptr<Parsed> parse(std::string text)
{
    auto p = std::make_unique<Parsed>();
    p->file = &p->sm.add("test.py", std::move(text));
    DiagnosticSink sink;
    p->result = parseModule(*p->file, sink);
    p->diags = sink.takeDiagnostics();
    return p;
}

// A compact S-expression of an expression tree, for precedence expectations.
std::string sx(const Expr *e)
{
    if (!e)
        return "_";
    switch (e->kind) {
    case NodeKind::Name:
        return std::string(cast<Name>(e)->id);
    case NodeKind::Constant: {
        const auto *c = cast<Constant>(e);
        if (c->constKind == ConstantKind::String)
            return "'" + c->str + "'";
        return std::string(c->raw);
    }
    case NodeKind::BinOp: {
        const auto *b = cast<BinOp>(e);
        return "(" + std::string(binaryOpSpelling(b->op)) + " " + sx(b->left) + " " + sx(b->right)
               + ")";
    }
    case NodeKind::UnaryOp: {
        const auto *u = cast<UnaryOp>(e);
        return "(" + std::string(unaryOpSpelling(u->op)) + " " + sx(u->operand) + ")";
    }
    case NodeKind::BoolOp: {
        const auto *b = cast<BoolOp>(e);
        std::string s = b->op == BoolOpKind::And ? "(and" : "(or";
        for (const Expr *v : b->values)
            s += " " + sx(v);
        return s + ")";
    }
    case NodeKind::Compare: {
        const auto *c = cast<Compare>(e);
        std::string s = "(cmp " + sx(c->left);
        for (std::size_t i = 0; i < c->ops.size(); ++i)
            s += " " + std::string(cmpOpSpelling(c->ops[i])) + " " + sx(c->comparators[i]);
        return s + ")";
    }
    case NodeKind::Call: {
        const auto *c = cast<Call>(e);
        std::string s = "(call " + sx(c->func);
        for (const Expr *a : c->args)
            s += " " + sx(a);
        for (const Keyword &k : c->keywords)
            s += " " + (k.name.empty() ? std::string("**") : std::string(k.name) + "=")
                 + sx(k.value);
        return s + ")";
    }
    case NodeKind::Attribute:
        return "(. " + sx(cast<Attribute>(e)->value) + " " + std::string(cast<Attribute>(e)->attr)
               + ")";
    case NodeKind::Subscript:
        return "([] " + sx(cast<Subscript>(e)->value) + " " + sx(cast<Subscript>(e)->slice) + ")";
    case NodeKind::Slice: {
        const auto *s = cast<Slice>(e);
        return "(: " + sx(s->lower) + " " + sx(s->upper) + " " + sx(s->step) + ")";
    }
    case NodeKind::Starred:
        return "(* " + sx(cast<Starred>(e)->value) + ")";
    case NodeKind::Tuple: {
        std::string s = "(tuple";
        for (const Expr *v : cast<Tuple>(e)->elts)
            s += " " + sx(v);
        return s + ")";
    }
    case NodeKind::List: {
        std::string s = "(list";
        for (const Expr *v : cast<List>(e)->elts)
            s += " " + sx(v);
        return s + ")";
    }
    case NodeKind::IfExp: {
        const auto *i = cast<IfExp>(e);
        return "(if " + sx(i->test) + " " + sx(i->body) + " " + sx(i->orelse) + ")";
    }
    case NodeKind::Lambda:
        return "(lambda " + std::to_string(cast<Lambda>(e)->params.params.size()) + " "
               + sx(cast<Lambda>(e)->body) + ")";
    case NodeKind::NamedExpr:
        return "(:= " + sx(cast<NamedExpr>(e)->target) + " " + sx(cast<NamedExpr>(e)->value) + ")";
    case NodeKind::Await:
        return "(await " + sx(cast<Await>(e)->value) + ")";
    case NodeKind::Yield:
        return "(yield " + sx(cast<Yield>(e)->value) + ")";
    case NodeKind::YieldFrom:
        return "(yield-from " + sx(cast<YieldFrom>(e)->value) + ")";
    default:
        return std::string(nodeKindName(e->kind));
    }
}

/// The S-expression of the value of the single expression statement in `src`.
std::string exprOf(const std::string &src)
{
    auto p = parse(src + "\n");
    EXPECT_TRUE(p->diags.empty()) << src << "\n" << p->messages();
    if (p->body().size() != 1 || !isa<ExprStmt>(p->body()[0]))
        return "<not one expression statement>";
    return sx(cast<ExprStmt>(p->body()[0])->value);
}

template <class T> T *only(const Parsed &p)
{
    EXPECT_EQ(p.body().size(), 1u) << p.messages();
    return p.body().empty() ? nullptr : dynCast<T>(p.body()[0]);
}

// Every node span lies inside the file, and no tree is taller than later phases can walk
// recursively. Iterative, so that the check itself needs no deep stack.
void checkSpans(Node *root, std::uint32_t size)
{
    std::vector<std::pair<Node *, int>> stack{{root, 1}};
    while (!stack.empty()) {
        auto [n, height] = stack.back();
        stack.pop_back();
        ASSERT_LE(n->span.begin, n->span.end) << nodeKindName(n->kind);
        ASSERT_LE(n->span.end, size) << nodeKindName(n->kind);
        ASSERT_LE(height, 1100) << "tree too tall";
        forEachChild(n, [&, h = height](Node *c) { stack.push_back({c, h + 1}); });
    }
}

} // namespace

// ---------------------------------------------------------------- precedence

TEST(ParserPrecedence, ArithmeticFollowsPython)
{
    EXPECT_EQ(exprOf("a + b * c"), "(+ a (* b c))");
    EXPECT_EQ(exprOf("a * b + c"), "(+ (* a b) c)");
    EXPECT_EQ(exprOf("a - b - c"), "(- (- a b) c)");
    EXPECT_EQ(exprOf("a // b % c @ d / e"), "(/ (@ (% (// a b) c) d) e)");
    EXPECT_EQ(exprOf("a | b ^ c & d << e + f"), "(| a (^ b (& c (<< d (+ e f)))))");
    EXPECT_EQ(exprOf("a >> b | c"), "(| (>> a b) c)");
}

TEST(ParserPrecedence, PowerIsRightAssociativeAndBindsTighterThanUnaryOnItsLeft)
{
    EXPECT_EQ(exprOf("a ** b ** c"), "(** a (** b c))");
    EXPECT_EQ(exprOf("-2 ** 2"), "(- (** 2 2))");
    EXPECT_EQ(exprOf("2 ** -1"), "(** 2 (- 1))");
    EXPECT_EQ(exprOf("~a ** 2"), "(~ (** a 2))");
    EXPECT_EQ(exprOf("-a.b ** c[0]"), "(- (** (. a b) ([] c 0)))");
    EXPECT_EQ(exprOf("- - +x"), "(- (- (+ x)))");
}

TEST(ParserPrecedence, BooleanAndComparison)
{
    EXPECT_EQ(exprOf("a or b and c"), "(or a (and b c))");
    EXPECT_EQ(exprOf("a and b or c and d"), "(or (and a b) (and c d))");
    EXPECT_EQ(exprOf("a or b or c"), "(or a b c)");
    EXPECT_EQ(exprOf("not a == b"), "(not (cmp a == b))");
    EXPECT_EQ(exprOf("not a and not b"), "(and (not a) (not b))");
    EXPECT_EQ(exprOf("a < b <= c != d"), "(cmp a < b <= c != d)");
    EXPECT_EQ(exprOf("a is not b is c"), "(cmp a is not b is c)");
    EXPECT_EQ(exprOf("a not in b in c"), "(cmp a not in b in c)");
    EXPECT_EQ(exprOf("a + 1 < b | c"), "(cmp (+ a 1) < (| b c))");
}

TEST(ParserPrecedence, ConditionalLambdaAndWalrus)
{
    EXPECT_EQ(exprOf("x if c else y if d else z"), "(if c x (if d y z))");
    EXPECT_EQ(exprOf("a or b if c and d else e"), "(if (and c d) (or a b) e)");
    EXPECT_EQ(exprOf("lambda x, y=1: x + y if x else y"), "(lambda 2 (if x (+ x y) y))");
    EXPECT_EQ(exprOf("lambda: 0"), "(lambda 0 0)");
    EXPECT_EQ(exprOf("(n := len(a)) > 10"), "(cmp (:= n (call len a)) > 10)");
}

TEST(ParserPrecedence, PrimaryChains)
{
    EXPECT_EQ(exprOf("a.b.c(d)[e]"), "([] (call (. (. a b) c) d) e)");
    EXPECT_EQ(exprOf("f(x)(y).z"), "(. (call (call f x) y) z)");
    EXPECT_EQ(exprOf("kernel[grid](x, BLOCK=1024)"), "(call ([] kernel grid) x BLOCK=1024)");
}

TEST(ParserPrecedence, AwaitInsideAsyncDef)
{
    auto p = parse("async def f():\n    return -await g() ** 2\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    auto *f = only<FunctionDef>(*p);
    ASSERT_TRUE(f && f->isAsync);
    EXPECT_EQ(sx(cast<Return>(f->body[0])->value), "(- (** (await (call g)) 2))");
}

// ---------------------------------------------------------------- expressions

TEST(ParserExpr, SubscriptsAndSlices)
{
    EXPECT_EQ(exprOf("x[:, None]"), "([] x (tuple (: _ _ _) None))");
    EXPECT_EQ(exprOf("x[None, :]"), "([] x (tuple None (: _ _ _)))");
    EXPECT_EQ(exprOf("a[1:2, ::3]"), "([] a (tuple (: 1 2 _) (: _ _ 3)))");
    EXPECT_EQ(exprOf("x[...]"), "([] x ...)");
    EXPECT_EQ(exprOf("x[i]"), "([] x i)");
    EXPECT_EQ(exprOf("x[i,]"), "([] x (tuple i))");
    EXPECT_EQ(exprOf("x[a:b:c]"), "([] x (: a b c))");
    EXPECT_EQ(exprOf("x[::-1]"), "([] x (: _ _ (- 1)))");
    EXPECT_EQ(exprOf("x[lo:]"), "([] x (: lo _ _))");
}

TEST(ParserExpr, CallArguments)
{
    EXPECT_EQ(exprOf("f(a, *b, k=c, **d)"), "(call f a (* b) k=c **d)");
    EXPECT_EQ(exprOf("f(a,)"), "(call f a)");
    EXPECT_EQ(exprOf("f()"), "(call f)");
    EXPECT_EQ(exprOf("f(x for x in y)"), "(call f GeneratorExp)");
    EXPECT_EQ(exprOf("f(k=1, *a)"), "(call f (* a) k=1)");
    EXPECT_EQ(exprOf("f(y := 2)"), "(call f (:= y 2))");
}

TEST(ParserExpr, DisplaysAndComprehensions)
{
    EXPECT_EQ(exprOf("()"), "(tuple)");
    EXPECT_EQ(exprOf("(a,)"), "(tuple a)");
    EXPECT_EQ(exprOf("(a)"), "a");
    EXPECT_EQ(exprOf("[a, *b]"), "(list a (* b))");
    EXPECT_EQ(exprOf("{}"), "Dict");
    EXPECT_EQ(exprOf("{a, *b}"), "Set");
    EXPECT_EQ(exprOf("{'a': 1, **d}"), "Dict");

    auto p = parse("r = [x * y for x in a if x if x > 1 async for y in b]\n");
    auto *comp = dynCast<ListComp>(only<Assign>(*p)->value);
    ASSERT_TRUE(comp);
    ASSERT_EQ(comp->generators.size(), 2u);
    EXPECT_EQ(comp->generators[0].ifs.size(), 2u);
    EXPECT_FALSE(comp->generators[0].isAsync);
    EXPECT_TRUE(comp->generators[1].isAsync);
    EXPECT_EQ(cast<Name>(comp->generators[0].target)->ctx, ExprContext::Store);

    p = parse("d = {k: v for k, v in items.items()}\ns = {x for x in y}\ng = (i for i in r)\n");
    ASSERT_EQ(p->body().size(), 3u);
    auto *dc = dynCast<DictComp>(cast<Assign>(p->body()[0])->value);
    ASSERT_TRUE(dc);
    EXPECT_EQ(sx(dc->generators[0].target), "(tuple k v)");
    EXPECT_TRUE(isa<SetComp>(cast<Assign>(p->body()[1])->value));
    EXPECT_TRUE(isa<GeneratorExp>(cast<Assign>(p->body()[2])->value));

    p = parse("d = {'a': 1, **e}\n");
    auto *d = dynCast<Dict>(only<Assign>(*p)->value);
    ASSERT_TRUE(d);
    ASSERT_EQ(d->keys.size(), 2u);
    EXPECT_EQ(d->keys[1], nullptr);
    EXPECT_EQ(sx(d->values[1]), "e");
}

TEST(ParserExpr, LambdaParameters)
{
    auto p = parse("f = lambda a, /, b=2, *args, c, d=4, **kw: a\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    auto *l = dynCast<Lambda>(only<Assign>(*p)->value);
    ASSERT_TRUE(l);
    const auto &ps = l->params.params;
    ASSERT_EQ(ps.size(), 6u);
    EXPECT_EQ(ps[0].kind, ParamKind::PositionalOnly);
    EXPECT_EQ(ps[1].kind, ParamKind::Normal);
    EXPECT_EQ(ps[2].kind, ParamKind::VarPositional);
    EXPECT_EQ(ps[3].kind, ParamKind::KeywordOnly);
    EXPECT_EQ(ps[4].kind, ParamKind::KeywordOnly);
    EXPECT_EQ(ps[5].kind, ParamKind::VarKeyword);
    EXPECT_EQ(sx(ps[1].defaultValue), "2");
}

TEST(ParserExpr, StringsAndEscapes)
{
    EXPECT_EQ(exprOf(R"('a' "b" '''c''')"), "'abc'");
    EXPECT_EQ(exprOf(R"('\n\t\\\'\"\x41\u00e9\U0001F600\101\0')"),
              std::string("'\n\t\\'\"A\xC3\xA9\xF0\x9F\x98\x80") + "A" + std::string(1, '\0')
                  + "'");
    EXPECT_EQ(exprOf(R"(r'\n\x')"), R"('\n\x')");
    EXPECT_EQ(exprOf(R"('\N{DASH}\q')"), R"('\N{DASH}\q')");
    EXPECT_EQ(exprOf("'a\\\nb'"), "'ab'");

    auto p = parse("b = b'\\x80\\n' rb'\\x'\n");
    auto *c = dynCast<Constant>(only<Assign>(*p)->value);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->constKind, ConstantKind::Bytes);
    EXPECT_EQ(c->str, std::string("\x80\n\\x"));
    EXPECT_EQ(c->raw, "b'\\x80\\n' rb'\\x'");
}

TEST(ParserExpr, StringErrors)
{
    auto p = parse("a = '\\x4'\nb = 'x' b'y'\nc = b'\xC3\xA9'\nd = '\\U00110000'\n");
    EXPECT_EQ(p->count(DiagKind::InvalidStringLiteral), 4u) << p->messages();
    EXPECT_EQ(p->body().size(), 4u);
}

// ---------------------------------------------------------------- f-strings

TEST(ParserFString, SplitsIntoConstantsAndFormattedValuesWithSourceSpans)
{
    const std::string src = "s = f'ab{val!r:>{width}.{prec}f}cd{{}}' 'tail'\n";
    auto p = parse(src);
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    auto *j = dynCast<JoinedStr>(only<Assign>(*p)->value);
    ASSERT_TRUE(j);
    ASSERT_EQ(j->values.size(), 3u);
    auto *head = dynCast<Constant>(j->values[0]);
    auto *fv = dynCast<FormattedValue>(j->values[1]);
    auto *tail = dynCast<Constant>(j->values[2]);
    ASSERT_TRUE(head && fv && tail);
    EXPECT_EQ(head->str, "ab");
    EXPECT_EQ(tail->str, "cd{}tail");
    EXPECT_EQ(fv->conversion, 'r');
    EXPECT_EQ(p->text(fv->span), "{val!r:>{width}.{prec}f}");
    EXPECT_EQ(p->text(fv->value->span), "val");
    EXPECT_EQ(fv->value->span.begin, src.find("val"));
    auto *spec = dynCast<JoinedStr>(fv->formatSpec);
    ASSERT_TRUE(spec);
    ASSERT_EQ(spec->values.size(), 5u);
    EXPECT_EQ(p->text(cast<FormattedValue>(spec->values[1])->value->span), "width");
    EXPECT_EQ(p->text(cast<FormattedValue>(spec->values[3])->value->span), "prec");
    EXPECT_EQ(cast<Constant>(spec->values[4])->str, "f");
}

TEST(ParserFString, NestedExpressionsAreRealExpressions)
{
    const std::string src = "s = f\"{a + b * 2:x} {d['k']} {g(h, i=1)!s} {'}'}\"\n";
    auto p = parse(src);
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    auto *j = dynCast<JoinedStr>(only<Assign>(*p)->value);
    ASSERT_TRUE(j);
    std::vector<std::string> fields;
    for (const Expr *v : j->values)
        if (const auto *f = dynCast<FormattedValue>(v))
            fields.push_back(sx(f->value));
    EXPECT_EQ(fields,
              (std::vector<std::string>{"(+ a (* b 2))", "([] d 'k')", "(call g h i=1)", "'}'"}));
    const auto *bin = cast<BinOp>(cast<FormattedValue>(j->values[0])->value);
    EXPECT_EQ(p->text(bin->span), "a + b * 2");
    EXPECT_EQ(p->text(bin->opSpan), "+");
}

TEST(ParserFString, SelfDocumentingAndConversions)
{
    auto p = parse("s = f'{x = }{y=!s}{z=:4}{a!a}'\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    auto *j = dynCast<JoinedStr>(only<Assign>(*p)->value);
    ASSERT_TRUE(j);
    ASSERT_EQ(j->values.size(), 7u);
    EXPECT_EQ(cast<Constant>(j->values[0])->str, "x = ");
    const auto *x = cast<FormattedValue>(j->values[1]);
    EXPECT_TRUE(x->selfDocumenting);
    EXPECT_EQ(x->conversion, 'r');
    EXPECT_EQ(cast<Constant>(j->values[2])->str, "y=");
    EXPECT_EQ(cast<FormattedValue>(j->values[3])->conversion, 's');
    EXPECT_EQ(cast<FormattedValue>(j->values[5])->conversion, 0);
    EXPECT_EQ(cast<FormattedValue>(j->values[6])->conversion, 'a');
}

TEST(ParserFString, ComparisonsInsideFieldsAreNotSelfDocumenting)
{
    auto p = parse("s = f'{a == b}{a != b}{a <= b}{a >= b}'\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    auto *j = dynCast<JoinedStr>(only<Assign>(*p)->value);
    ASSERT_TRUE(j);
    ASSERT_EQ(j->values.size(), 4u);
    EXPECT_EQ(sx(cast<FormattedValue>(j->values[1])->value), "(cmp a != b)");
    EXPECT_FALSE(cast<FormattedValue>(j->values[0])->selfDocumenting);
}

TEST(ParserFString, Python312Forms)
{
    auto p = parse("a = f\"{3!s  }{3.14!s  :10.10}\"\nb = f'{3:{\"}\"}>10}'\n"
                   "c = f'''{1+2 = # note\n  }'''\nd = f'{\"a\" if x else \"b\"}'\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    auto *a = cast<JoinedStr>(cast<Assign>(p->body()[0])->value);
    EXPECT_EQ(cast<FormattedValue>(a->values[0])->conversion, 's');
    EXPECT_TRUE(cast<FormattedValue>(a->values[1])->formatSpec);
    auto *b = cast<JoinedStr>(cast<Assign>(p->body()[1])->value);
    auto *spec = cast<JoinedStr>(cast<FormattedValue>(b->values[0])->formatSpec);
    EXPECT_EQ(sx(cast<FormattedValue>(spec->values[0])->value), "'}'");
    auto *c = cast<JoinedStr>(cast<Assign>(p->body()[2])->value);
    EXPECT_EQ(cast<Constant>(c->values[0])->str, "1+2 = \n  ");
}

TEST(ParserFString, ErrorsAreReportedAtTheField)
{
    const std::string src = "a = f'{}'\nb = f'{x!q}'\nc = f'x}'\nd = f'{!r}'\ne = f'{a b}'\n"
                            "g = f'{x!r z}'\n";
    auto p = parse(src);
    EXPECT_EQ(p->count(DiagKind::InvalidFString), 5u) << p->messages();
    EXPECT_EQ(p->count(DiagKind::UnexpectedToken), 1u) << p->messages();
    EXPECT_EQ(p->diags.size(), 6u) << p->messages();
    EXPECT_EQ(p->body().size(), 6u);
    EXPECT_EQ(p->diags[3].message, "f-string: valid expression required before '!'");
    EXPECT_EQ(p->diags[5].message, "f-string: expecting '}'");
    for (const Diagnostic &d : p->diags)
        if (d.kind == DiagKind::UnexpectedToken)
            EXPECT_EQ(p->text(d.span), "b");
}

// ---------------------------------------------------------------- statements

TEST(ParserStmt, Assignments)
{
    auto p
        = parse("a = b = c\nx, *y = z\n[p, q] = r\no.attr = s[i] = 1\nn += 1\nm: int = 3\nk: T\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    ASSERT_EQ(p->body().size(), 7u);
    auto *chain = dynCast<Assign>(p->body()[0]);
    ASSERT_TRUE(chain);
    EXPECT_EQ(chain->targets.size(), 2u);
    EXPECT_EQ(cast<Name>(chain->targets[1])->ctx, ExprContext::Store);
    auto *unpack = dynCast<Assign>(p->body()[1]);
    ASSERT_TRUE(unpack);
    auto *tuple = cast<Tuple>(unpack->targets[0]);
    EXPECT_EQ(tuple->ctx, ExprContext::Store);
    EXPECT_EQ(cast<Starred>(tuple->elts[1])->ctx, ExprContext::Store);
    EXPECT_EQ(cast<Name>(cast<Starred>(tuple->elts[1])->value)->ctx, ExprContext::Store);
    EXPECT_EQ(cast<List>(cast<Assign>(p->body()[2])->targets[0])->ctx, ExprContext::Store);
    EXPECT_EQ(cast<Subscript>(cast<Assign>(p->body()[3])->targets[1])->ctx, ExprContext::Store);
    auto *aug = dynCast<AugAssign>(p->body()[4]);
    ASSERT_TRUE(aug);
    EXPECT_EQ(aug->op, BinaryOp::Add);
    auto *ann = dynCast<AnnAssign>(p->body()[5]);
    ASSERT_TRUE(ann && ann->value);
    EXPECT_EQ(sx(ann->annotation), "int");
    EXPECT_EQ(cast<AnnAssign>(p->body()[6])->value, nullptr);
}

TEST(ParserStmt, InvalidTargetsNameWhatTheyAre)
{
    auto p = parse("f() = 1\n1 = x\nNone = 2\na + b = 3\n(a, f()) = 4\ndel f()\nx, y += 1\n[x for "
                   "x in y] = 1\n");
    ASSERT_EQ(p->count(DiagKind::InvalidAssignTarget), 8u) << p->messages();
    EXPECT_EQ(p->diags[0].message, "cannot assign to function call");
    EXPECT_EQ(p->text(p->diags[0].span), "f()");
    EXPECT_EQ(p->diags[1].message, "cannot assign to literal");
    EXPECT_EQ(p->diags[2].message, "cannot assign to None");
    EXPECT_EQ(p->diags[3].message, "cannot assign to expression");
    EXPECT_EQ(p->diags[4].message, "cannot assign to function call");
    EXPECT_EQ(p->diags[5].message, "cannot delete function call");
    EXPECT_EQ(p->diags[6].message, "cannot use augmented assignment on tuple");
    EXPECT_EQ(p->diags[7].message, "cannot assign to list comprehension");
    EXPECT_EQ(p->body().size(), 8u);
}

TEST(ParserStmt, FunctionDefinitions)
{
    auto p = parse("@triton.jit\n@triton.autotune(configs=[], key=['n'])\n"
                   "def k(a, b: int, /, c=1, *args: T, d, e: tl.constexpr = 2, **kw) -> None:\n"
                   "    return a\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    auto *f = only<FunctionDef>(*p);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->name, "k");
    EXPECT_EQ(p->text(f->nameSpan), "k");
    ASSERT_EQ(f->decorators.size(), 2u);
    EXPECT_EQ(sx(f->decorators[0]), "(. triton jit)");
    EXPECT_EQ(sx(f->returns), "None");
    const auto &ps = f->params.params;
    ASSERT_EQ(ps.size(), 7u);
    EXPECT_EQ(ps[0].kind, ParamKind::PositionalOnly);
    EXPECT_EQ(ps[1].kind, ParamKind::PositionalOnly);
    EXPECT_EQ(sx(ps[1].annotation), "int");
    EXPECT_EQ(ps[2].kind, ParamKind::Normal);
    EXPECT_EQ(ps[3].kind, ParamKind::VarPositional);
    EXPECT_EQ(ps[4].kind, ParamKind::KeywordOnly);
    EXPECT_EQ(p->text(ps[5].span), "e: tl.constexpr = 2");
    EXPECT_EQ(ps[6].kind, ParamKind::VarKeyword);
    EXPECT_EQ(p->text(f->span).substr(0, 11), "@triton.jit");
    EXPECT_EQ(p->text(f->span).substr(p->text(f->span).size() - 8), "return a");
}

TEST(ParserStmt, InvalidParameterLists)
{
    const char *cases[] = {
        "def f(a=1, b): pass\n",
        "def f(*a, *b): pass\n",
        "def f(a, a): pass\n",
        "def f(*): pass\n",
        "def f(**k, a): pass\n",
        "def f(/, a): pass\n",
        "def f(a, /, b, /): pass\n",
        "def f(*, **k): pass\n",
        "def f(*a, /): pass\n",
    };
    for (const char *src : cases) {
        auto p = parse(src);
        EXPECT_EQ(p->count(DiagKind::InvalidParameters), 1u) << src << p->messages();
        EXPECT_EQ(p->diags.size(), 1u) << src << p->messages();
        EXPECT_TRUE(only<FunctionDef>(*p)) << src;
    }
    EXPECT_TRUE(parse("def f(a, *, b, c=1, d): pass\n")->diags.empty());
}

TEST(ParserStmt, ClassesAndControlFlow)
{
    auto p = parse("class C(Base, metaclass=M):\n    x = 1\n"
                   "if a:\n    pass\nelif b:\n    pass\nelse:\n    pass\n"
                   "for i, j in pairs:\n    break\nelse:\n    pass\n"
                   "while x:\n    continue\nelse:\n    pass\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    ASSERT_EQ(p->body().size(), 4u);
    auto *c = dynCast<ClassDef>(p->body()[0]);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->bases.size(), 1u);
    ASSERT_EQ(c->keywords.size(), 1u);
    EXPECT_EQ(c->keywords[0].name, "metaclass");
    auto *i = dynCast<If>(p->body()[1]);
    ASSERT_TRUE(i && i->orelse.size() == 1);
    auto *elif = dynCast<If>(i->orelse[0]);
    ASSERT_TRUE(elif && elif->isElif);
    EXPECT_EQ(elif->orelse.size(), 1u);
    EXPECT_EQ(p->text(elif->span).substr(0, 4), "elif");
    EXPECT_EQ(i->span.end, elif->span.end);
    auto *f = dynCast<For>(p->body()[2]);
    ASSERT_TRUE(f);
    EXPECT_EQ(sx(f->target), "(tuple i j)");
    EXPECT_EQ(f->orelse.size(), 1u);
    EXPECT_EQ(cast<While>(p->body()[3])->orelse.size(), 1u);
}

TEST(ParserStmt, WithTryRaiseAssertDel)
{
    auto p = parse("with a as b, c:\n    pass\n"
                   "with (open(x) as f, open(y) as g,):\n    pass\n"
                   "with (a, b) as c:\n    pass\n"
                   "try:\n    pass\nexcept (A, B) as e:\n    raise X from e\nexcept:\n    raise\n"
                   "else:\n    pass\nfinally:\n    pass\n"
                   "try:\n    pass\nexcept* E:\n    pass\n"
                   "assert x, 'msg'\ndel a, b[0], c.d\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    ASSERT_EQ(p->body().size(), 7u);
    auto *w1 = cast<With>(p->body()[0]);
    ASSERT_EQ(w1->items.size(), 2u);
    EXPECT_EQ(sx(w1->items[0].optionalVars), "b");
    EXPECT_EQ(w1->items[1].optionalVars, nullptr);
    EXPECT_EQ(cast<With>(p->body()[1])->items.size(), 2u);
    auto *w3 = cast<With>(p->body()[2]);
    ASSERT_EQ(w3->items.size(), 1u);
    EXPECT_EQ(sx(w3->items[0].contextExpr), "(tuple a b)");
    auto *t = cast<Try>(p->body()[3]);
    ASSERT_EQ(t->handlers.size(), 2u);
    EXPECT_EQ(t->handlers[0].name.name, "e");
    EXPECT_EQ(t->handlers[1].type, nullptr);
    EXPECT_EQ(t->orelse.size(), 1u);
    EXPECT_EQ(t->finalbody.size(), 1u);
    auto *r = cast<Raise>(t->handlers[0].body[0]);
    EXPECT_EQ(sx(r->cause), "e");
    EXPECT_TRUE(cast<Try>(p->body()[4])->handlers[0].isStar);
    EXPECT_EQ(sx(cast<Assert>(p->body()[5])->msg), "'msg'");
    auto *d = cast<Delete>(p->body()[6]);
    ASSERT_EQ(d->targets.size(), 3u);
    EXPECT_EQ(cast<Attribute>(d->targets[2])->ctx, ExprContext::Del);
}

TEST(ParserStmt, Imports)
{
    auto p = parse("import a.b as c, d\nfrom ..m import (a as b, c,)\nfrom m import *\n"
                   "from . import x\nfrom .mod.sub import y as z\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    ASSERT_EQ(p->body().size(), 5u);
    auto *i = cast<Import>(p->body()[0]);
    ASSERT_EQ(i->names.size(), 2u);
    EXPECT_EQ(i->names[0].name, "a.b");
    EXPECT_EQ(i->names[0].asname.name, "c");
    EXPECT_EQ(p->text(i->names[0].span), "a.b as c");
    auto *f = cast<ImportFrom>(p->body()[1]);
    EXPECT_EQ(f->level, 2);
    EXPECT_EQ(f->module, "m");
    ASSERT_EQ(f->names.size(), 2u);
    EXPECT_EQ(f->names[1].name, "c");
    EXPECT_EQ(cast<ImportFrom>(p->body()[2])->names[0].name, "*");
    auto *rel = cast<ImportFrom>(p->body()[3]);
    EXPECT_EQ(rel->level, 1);
    EXPECT_EQ(rel->module, "");
    EXPECT_EQ(cast<ImportFrom>(p->body()[4])->module, "mod.sub");
}

TEST(ParserStmt, SimpleStatementsOnOneLineAndOneLineBodies)
{
    auto p = parse("a = 1; b = 2;\nif x: return_ = y; pass\ndef f(): return 1\nglobal g, h\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    ASSERT_EQ(p->body().size(), 5u);
    EXPECT_EQ(cast<If>(p->body()[2])->body.size(), 2u);
    EXPECT_TRUE(isa<Return>(cast<FunctionDef>(p->body()[3])->body[0]));
    EXPECT_EQ(cast<Global>(p->body()[4])->names.size(), 2u);
}

TEST(ParserStmt, ContextErrors)
{
    auto p = parse("return 1\nbreak\ncontinue\nyield x\nnonlocal q\n"
                   "def f():\n    break\n    for i in r:\n        def g():\n            continue\n"
                   "    yield 1\n    return\n"
                   "class C:\n    return 2\n"
                   "while True:\n    break\nelse:\n    continue\n");
    EXPECT_EQ(p->count(DiagKind::StatementOutsideContext), 9u) << p->messages();
    EXPECT_EQ(p->diags.size(), 9u) << p->messages();
    EXPECT_EQ(p->diags[0].message, "'return' outside function");
    EXPECT_EQ(p->diags[1].message, "'break' outside loop");
    EXPECT_EQ(p->diags[3].message, "'yield' outside function");
    EXPECT_EQ(p->text(p->diags[3].span), "yield");
}

TEST(ParserStmt, ContextsPythonAccepts)
{
    auto p = parse("def f():\n    x = 1\n    class C:\n        nonlocal x\n"
                   "    return (await g(i) for i in r), (i async for i in s)\n"
                   "def gen():\n    with (yield x):\n        pass\n    z = yield\n");
    EXPECT_TRUE(p->diags.empty()) << p->messages();
}

TEST(ParserStmt, MatchIsRejectedOnceButTheNameStillWorks)
{
    auto p = parse("match = re.match(a, b)\nmatch x:\n    case 1:\n        pass\n    case _:\n"
                   "        pass\nmatch.group(1)\nprint(match)\n");
    EXPECT_EQ(p->count(DiagKind::UnsupportedSyntax), 1u) << p->messages();
    EXPECT_EQ(p->diags.size(), 1u) << p->messages();
    EXPECT_EQ(p->text(p->diags[0].span), "match");
    ASSERT_EQ(p->body().size(), 4u);
    EXPECT_TRUE(isa<Assign>(p->body()[0]));
    EXPECT_TRUE(isa<ErrorStmt>(p->body()[1]));
    EXPECT_TRUE(isa<ExprStmt>(p->body()[2]));
}

// ---------------------------------------------------------------- spans

TEST(ParserSpans, RepresentativeNodes)
{
    const std::string src = "y = (a + b) * f(x, k=1)[0]\nt = (1, 2)\nu = 1, 2\n";
    auto p = parse(src);
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    auto *assign = cast<Assign>(p->body()[0]);
    EXPECT_EQ(p->text(assign->span), "y = (a + b) * f(x, k=1)[0]");
    auto *mul = cast<BinOp>(assign->value);
    EXPECT_EQ(p->text(mul->span), "(a + b) * f(x, k=1)[0]");
    EXPECT_EQ(p->text(mul->left->span), "a + b"); // parentheses belong to no node
    auto *sub = cast<Subscript>(mul->right);
    EXPECT_EQ(p->text(sub->span), "f(x, k=1)[0]");
    auto *call = cast<Call>(sub->value);
    EXPECT_EQ(p->text(call->span), "f(x, k=1)");
    EXPECT_EQ(p->text(call->keywords[0].span), "k=1");
    EXPECT_EQ(p->text(call->keywords[0].nameSpan), "k");
    auto *paren = cast<Tuple>(cast<Assign>(p->body()[1])->value);
    EXPECT_TRUE(paren->parenthesized);
    EXPECT_EQ(p->text(paren->span), "(1, 2)");
    auto *bare = cast<Tuple>(cast<Assign>(p->body()[2])->value);
    EXPECT_FALSE(bare->parenthesized);
    EXPECT_EQ(p->text(bare->span), "1, 2");
}

TEST(ParserSpans, CompoundStatementsEndAtTheirLastToken)
{
    const std::string src = "def f(x):\n    if x:\n        return x  # done\n\n\nz = 1\n";
    auto p = parse(src);
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    auto *f = cast<FunctionDef>(p->body()[0]);
    EXPECT_EQ(p->text(f->span), "def f(x):\n    if x:\n        return x");
    EXPECT_EQ(p->text(f->body[0]->span), "if x:\n        return x");
    EXPECT_EQ(p->text(f->params.params[0].nameSpan), "x");
    EXPECT_EQ(p->text(p->body()[1]->span), "z = 1");
}

TEST(ParserSpans, EveryNodeLiesInsideTheFile)
{
    auto p = parse("@d\nclass A:\n    def m(self, *a, **k):\n        return [i for i in a if i], "
                   "{**k}, f'{self!r:{k}}', lambda q=1: q\n");
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    for (Stmt *s : p->body())
        checkSpans(s, p->file->size());
}

// ---------------------------------------------------------------- recovery

TEST(ParserRecovery, ThreeMistakesInThreeFunctionsGiveThreeErrors)
{
    auto p = parse("def a(x):\n    y = x +\n    return y\n\n"
                   "def b(x):\n    z = foo(x y)\n    return z\n\n"
                   "def c(x):\n    if x\n        return 1\n    return 2\n\n"
                   "def d(x):\n    return x\n");
    EXPECT_EQ(p->diags.size(), 3u) << p->messages();
    EXPECT_EQ(p->count(DiagKind::UnexpectedToken), 3u) << p->messages();
    ASSERT_EQ(p->body().size(), 4u);
    for (Stmt *s : p->body())
        EXPECT_TRUE(isa<FunctionDef>(s));
    EXPECT_EQ(p->diags[0].message, "expected expression, found newline");
    EXPECT_EQ(p->diags[1].message, "expected ',' or ')', found identifier 'y'");
    EXPECT_EQ(p->diags[2].message, "expected ':', found newline");
    EXPECT_EQ(cast<FunctionDef>(p->body()[3])->body.size(), 1u);
}

TEST(ParserRecovery, BrokenStatementsKeepWhatTheyDefine)
{
    // The lexer reports the '(' left open (and ends the line at `def`); the parser stays quiet.
    auto p = parse("x = 1 +\ny = foo(2,\ndef z():\n    pass\nw = 3\n");
    EXPECT_EQ(p->count(DiagKind::UnexpectedToken), 1u) << p->messages();
    EXPECT_EQ(p->count(DiagKind::UnclosedBracket), 1u) << p->messages();
    EXPECT_EQ(p->diags.size(), 2u) << p->messages();
    ASSERT_EQ(p->body().size(), 4u) << p->messages();
    auto *x = dynCast<Assign>(p->body()[0]);
    ASSERT_TRUE(x);
    EXPECT_EQ(sx(x->value), "(+ 1 ErrorExpr)");
    EXPECT_TRUE(isa<Assign>(p->body()[1]));
    EXPECT_TRUE(isa<FunctionDef>(p->body()[2]));
    EXPECT_TRUE(isa<Assign>(p->body()[3]));
}

TEST(ParserRecovery, IndentationErrors)
{
    auto p = parse("def f():\nreturn 1\n  x = 2\nif y:\n\nz = 3\n");
    EXPECT_EQ(p->count(DiagKind::ExpectedIndentedBlock), 2u) << p->messages();
    EXPECT_EQ(p->count(DiagKind::UnexpectedIndent), 1u) << p->messages();
    EXPECT_EQ(p->count(DiagKind::StatementOutsideContext), 1u) << p->messages();
    EXPECT_EQ(p->diags[0].message,
              "expected an indented block after function definition on line 1");
    EXPECT_TRUE(isa<Assign>(p->body().back()));
}

TEST(ParserRecovery, ABrokenDefHeaderDoesNotCascade)
{
    auto p = parse("def f(a, b c):\n    return a + b +\n    y = 2\nf(1)\n");
    EXPECT_EQ(p->diags.size(), 1u) << p->messages();
    auto *f = dynCast<FunctionDef>(p->body()[0]);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->name, "f");
    EXPECT_TRUE(isa<ExprStmt>(p->body().back()));
}

TEST(ParserRecovery, ArgumentOrderAndStrayTokens)
{
    auto p
        = parse("f(a=1, b)\nf(**k, *a)\nf(**k, b)\nf(a=1, a=2)\nf(x for x in y, 1)\nx = 1 2\n)\n");
    EXPECT_EQ(p->count(DiagKind::InvalidArgumentOrder), 5u) << p->messages();
    EXPECT_EQ(p->count(DiagKind::UnmatchedBracket), 1u) << p->messages(); // the lone ')'
    EXPECT_EQ(p->count(DiagKind::UnexpectedToken), 1u) << p->messages();
    EXPECT_EQ(p->diags.size(), 7u) << p->messages();
    std::vector<std::string> messages;
    for (const Diagnostic &d : p->diags)
        if (d.kind != DiagKind::UnmatchedBracket)
            messages.push_back(d.message);
    EXPECT_EQ(
        messages,
        (std::vector<std::string>{"positional argument follows keyword argument",
                                  "iterable argument unpacking follows keyword argument unpacking",
                                  "positional argument follows keyword argument unpacking",
                                  "keyword argument repeated: a",
                                  "generator expression must be parenthesized",
                                  "expected newline, found integer '2'"}));
}

// ---------------------------------------------------------------- limits

TEST(ParserLimits, DeepNestingIsReportedNotOverflowed)
{
    const std::string cases[] = {
        std::string(100000, '(') + "x" + std::string(100000, ')') + "\n",
        "y = " + std::string(100000, '-') + "x\n",
        "y = " + std::string(100000, '[') + "\n",
        "y = " + std::string(100000, '{') + "\n",
        [] {
            std::string s = "y = ";
            for (int i = 0; i < 50000; ++i)
                s += "not ";
            return s + "x\n";
        }(),
        [] {
            std::string s = "y = x";
            for (int i = 0; i < 50000; ++i)
                s += " ** x";
            return s + "\n";
        }(),
        [] {
            std::string s = "y = x";
            for (int i = 0; i < 50000; ++i)
                s += " if c else x";
            return s + "\n";
        }(),
        [] {
            std::string s = "y = ";
            for (int i = 0; i < 50000; ++i)
                s += "lambda: ";
            return s + "x\n";
        }(),
        [] {
            std::string s = "y = x";
            for (int i = 0; i < 100000; ++i)
                s += ".a";
            return s + "\n";
        }(),
        [] {
            std::string s = "y = x";
            for (int i = 0; i < 100000; ++i)
                s += " + x";
            return s + "\n";
        }(),
        [] {
            std::string s = "y = f";
            for (int i = 0; i < 100000; ++i)
                s += "()";
            return s + "\n";
        }(),
        [] {
            std::string s = "y = ";
            for (int i = 0; i < 100000; ++i)
                s += "f(";
            return s + "\n";
        }(),
        [] { // chains inside parentheses inside chains: the tree height is what counts
            std::string s = "x";
            for (int i = 0; i < 150; ++i) {
                s = "(" + s;
                for (int k = 0; k < 50; ++k)
                    s += " + x";
                s += ")";
            }
            return "y = " + s + "\n";
        }(),
        [] {
            std::string s = "x";
            for (int i = 0; i < 150; ++i) {
                std::string chain = "x";
                for (int k = 0; k < 50; ++k)
                    chain += ".a + x";
                s = chain + " * (" + s + ")";
            }
            return "y = " + s + "\n";
        }(),
    };
    for (const std::string &src : cases) {
        auto p = parse(src);
        EXPECT_EQ(p->count(DiagKind::UnsupportedSyntax), 1u) << src.substr(0, 40) << p->messages();
        bool found = false;
        for (const Diagnostic &d : p->diags)
            found |= d.message.find("nested too deeply") != std::string::npos;
        EXPECT_TRUE(found) << src.substr(0, 40) << p->messages();
        for (Stmt *s : p->body())
            checkSpans(s, p->file->size());
    }
}

TEST(ParserLimits, DeepBlocksAndElifChains)
{
    std::string blocks;
    for (int i = 0; i < 3000; ++i)
        blocks += std::string(static_cast<std::size_t>(i), ' ') + "if x:\n";
    blocks += std::string(3000, ' ') + "pass\nz = 1\n";
    auto p = parse(blocks);
    EXPECT_EQ(p->count(DiagKind::UnsupportedSyntax), 1u) << p->messages().substr(0, 500);
    EXPECT_EQ(p->diags.size(), 1u) << p->messages().substr(0, 500);
    EXPECT_TRUE(isa<Assign>(p->body().back()));

    std::string chain = "if a:\n    pass\n";
    for (int i = 0; i < 50000; ++i)
        chain += "elif a:\n    pass\n";
    chain += "else:\n    pass\nz = 1\n";
    p = parse(chain);
    EXPECT_EQ(p->count(DiagKind::UnsupportedSyntax), 1u) << p->messages();
    EXPECT_EQ(p->diags.size(), 1u) << p->messages();
    EXPECT_TRUE(isa<Assign>(p->body().back()));
}

TEST(ParserLimits, ReasonableNestingIsFine)
{
    std::string src = "y = " + std::string(150, '(') + "x" + std::string(150, ')') + "\n";
    src += "z = " + std::string(100, '-') + "x\n";
    std::string sum = "w = x";
    for (int i = 0; i < 900; ++i) // long generated sums are real: sympy has 400-term ones
        sum += " + x";
    src += sum + "\n";
    auto p = parse(src);
    EXPECT_TRUE(p->diags.empty()) << p->messages();
}

TEST(ParserLimits, RandomTokenSoupNeverBreaksTheTree)
{
    const char *pieces[]
        = {"(",   ")",  "[",     "]",     "{",      "}",     "x",   "1",      "'s'", "f'{a}'",
           ",",   ":",  "=",     "+",     "*",      "**",    "not", "lambda", "if",  "else",
           "for", "in", "def",   "class", "return", "yield", "\n",  "\n    ", "@",   ".",
           "->",  ";",  "async", "await", "match",  "case",  "f'{", "}'",     "\\",  "#"};
    std::mt19937 rng(12345);
    for (int iter = 0; iter < 2000; ++iter) {
        std::string src;
        const int n = static_cast<int>(rng() % 60);
        for (int i = 0; i < n; ++i) {
            src += pieces[rng() % std::size(pieces)];
            src += ' ';
        }
        auto p = parse(src);
        ASSERT_TRUE(p->result.module) << src;
        for (Stmt *s : p->body())
            checkSpans(s, p->file->size());
    }
}

TEST(ParserLimits, FiveThousandLinesParse)
{
    std::string unit
        = "@triton.jit\n"
          "def kernel_N(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):\n"
          "    pid = tl.program_id(axis=0)\n"
          "    block_start = pid * BLOCK_SIZE\n"
          "    offsets = block_start + tl.arange(0, BLOCK_SIZE)\n"
          "    mask = offsets < n_elements\n"
          "    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)\n"
          "    y = tl.load(y_ptr + offsets[:, None] * 4, mask=mask)\n"
          "    acc = tl.zeros((BLOCK_SIZE, BLOCK_SIZE), dtype=tl.float32)\n"
          "    for k in range(0, tl.cdiv(n_elements, BLOCK_SIZE)):\n"
          "        acc += tl.dot(x, y) if k > 0 else -x ** 2\n"
          "    print(f\"kernel {pid=} {x.shape!r:>10}\")\n"
          "    tl.store(out_ptr + offsets, x + y, mask=mask)\n\n";
    std::string src;
    while (std::count(src.begin(), src.end(), '\n') < 5000)
        src += unit;
    auto p = parse(src);
    ASSERT_TRUE(p->diags.empty()) << p->messages();
    // Speed is measured by bench/check_bench (BM_Parse5000Lines), not asserted here.
    EXPECT_GT(p->body().size(), 300u);
}
