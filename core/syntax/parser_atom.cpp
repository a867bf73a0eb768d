// Atoms and trailers: names, numbers, parenthesized forms, list/set/dict displays and
// comprehensions, call arguments, subscripts and slices.

#include "core/syntax/parser_impl.h"

namespace tsm::parser {

using namespace ast;

Expr *Parser::parseAtom()
{
    const Token t = tok();
    switch (t.kind) {
    case TokenKind::Identifier: {
        advance();
        auto *n = make<Name>(span(t));
        n->id = text(t);
        return n;
    }
    case TokenKind::Integer:
    case TokenKind::Float:
    case TokenKind::Imaginary:
    case TokenKind::KwTrue:
    case TokenKind::KwFalse:
    case TokenKind::KwNone:
    case TokenKind::Ellipsis: {
        advance();
        auto *c = make<Constant>(span(t));
        c->raw = text(t);
        switch (t.kind) {
        case TokenKind::Integer:
            c->constKind = ConstantKind::Int;
            break;
        case TokenKind::Float:
            c->constKind = ConstantKind::Float;
            break;
        case TokenKind::Imaginary:
            c->constKind = ConstantKind::Imaginary;
            break;
        case TokenKind::KwTrue:
            c->constKind = ConstantKind::True;
            break;
        case TokenKind::KwFalse:
            c->constKind = ConstantKind::False;
            break;
        case TokenKind::KwNone:
            c->constKind = ConstantKind::None;
            break;
        default:
            c->constKind = ConstantKind::Ellipsis;
            break;
        }
        return c;
    }
    case TokenKind::String:
    case TokenKind::FString:
        return parseStrings();
    case TokenKind::LParen:
        return parseParen();
    case TokenKind::LBracket:
        return parseListDisplay();
    case TokenKind::LBrace:
        return parseBraceDisplay();
    default:
        errorExpected("expression");
        return errorExpr();
    }
}

bool Parser::atComprehension() const
{
    return at(TokenKind::KwFor) || (at(TokenKind::KwAsync) && peek().kind == TokenKind::KwFor);
}

Expr *Parser::parseParen()
{
    DepthGuard guard(*this);
    if (guard.exceeded("an expression"))
        return errorExpr();
    const std::uint32_t begin = advance().begin;
    if (accept(TokenKind::RParen)) {
        auto *t = make<Tuple>(spanFrom(begin));
        t->parenthesized = true;
        return t;
    }
    if (at(TokenKind::KwYield)) {
        Expr *y = parseYieldExpr();
        if (!m_panic)
            expect(TokenKind::RParen, "')'");
        return y;
    }
    Expr *first = parseStarOrTest(true);
    if (!m_panic && atComprehension()) {
        auto *g = make<GeneratorExp>(first->span);
        g->elt = first;
        parseComprehensions(g->generators);
        if (!m_panic)
            expect(TokenKind::RParen, "')'");
        g->span = spanFrom(begin);
        return g;
    }
    if (m_panic || !at(TokenKind::Comma)) {
        if (!m_panic)
            expect(TokenKind::RParen, "')'");
        return first;
    }
    auto *t = make<Tuple>(first->span);
    t->parenthesized = true;
    t->elts.push_back(first);
    while (accept(TokenKind::Comma)) {
        if (at(TokenKind::RParen))
            break;
        t->elts.push_back(parseStarOrTest(true));
        if (m_panic)
            break;
    }
    if (!m_panic)
        expect(TokenKind::RParen, "',' or ')'");
    t->span = spanFrom(begin);
    return t;
}

Expr *Parser::parseListDisplay()
{
    DepthGuard guard(*this);
    if (guard.exceeded("an expression"))
        return errorExpr();
    const std::uint32_t begin = advance().begin;
    if (accept(TokenKind::RBracket))
        return make<List>(spanFrom(begin));
    Expr *first = parseStarOrTest(true);
    if (!m_panic && atComprehension()) {
        auto *c = make<ListComp>(first->span);
        c->elt = first;
        parseComprehensions(c->generators);
        if (!m_panic)
            expect(TokenKind::RBracket, "']'");
        c->span = spanFrom(begin);
        return c;
    }
    auto *l = make<List>(first->span);
    l->elts.push_back(first);
    while (!m_panic && accept(TokenKind::Comma)) {
        if (at(TokenKind::RBracket))
            break;
        l->elts.push_back(parseStarOrTest(true));
    }
    if (!m_panic)
        expect(TokenKind::RBracket, "',' or ']'");
    l->span = spanFrom(begin);
    return l;
}

Expr *Parser::parseBraceDisplay()
{
    DepthGuard guard(*this);
    if (guard.exceeded("an expression"))
        return errorExpr();
    const std::uint32_t begin = advance().begin;
    if (accept(TokenKind::RBrace))
        return make<Dict>(spanFrom(begin));
    if (at(TokenKind::DoubleStar))
        return parseDictRest(begin, make<Dict>(span(tok())));
    Expr *first = parseStarOrTest(true);
    if (!m_panic && at(TokenKind::Colon) && !isa<Starred>(first)) {
        advance();
        Expr *value = parseTest();
        if (!m_panic && atComprehension()) {
            auto *c = make<DictComp>(first->span);
            c->key = first;
            c->value = value;
            parseComprehensions(c->generators);
            if (!m_panic)
                expect(TokenKind::RBrace, "'}'");
            c->span = spanFrom(begin);
            return c;
        }
        auto *d = make<Dict>(first->span);
        d->keys.push_back(first);
        d->values.push_back(value);
        return parseDictRest(begin, d);
    }
    if (!m_panic && atComprehension()) {
        auto *c = make<SetComp>(first->span);
        c->elt = first;
        parseComprehensions(c->generators);
        if (!m_panic)
            expect(TokenKind::RBrace, "'}'");
        c->span = spanFrom(begin);
        return c;
    }
    auto *s = make<Set>(first->span);
    s->elts.push_back(first);
    while (!m_panic && accept(TokenKind::Comma)) {
        if (at(TokenKind::RBrace))
            break;
        s->elts.push_back(parseStarOrTest(true));
    }
    if (!m_panic)
        expect(TokenKind::RBrace, "',' or '}'");
    s->span = spanFrom(begin);
    return s;
}

Expr *Parser::parseDictRest(std::uint32_t begin, Dict *dict)
{
    auto entry = [&] {
        if (accept(TokenKind::DoubleStar)) {
            dict->keys.push_back(nullptr);
            dict->values.push_back(parseBinary(PrecBitOr));
            return;
        }
        dict->keys.push_back(parseTest());
        if (!m_panic)
            expect(TokenKind::Colon, "':'");
        dict->values.push_back(m_panic ? errorExpr() : parseTest());
    };
    if (dict->values.empty())
        entry();
    while (!m_panic && accept(TokenKind::Comma)) {
        if (at(TokenKind::RBrace))
            break;
        entry();
    }
    if (!m_panic)
        expect(TokenKind::RBrace, "',' or '}'");
    dict->span = spanFrom(begin);
    return dict;
}

void Parser::parseComprehensions(std::vector<Comprehension> &out)
{
    do {
        Comprehension c;
        c.isAsync = accept(TokenKind::KwAsync); // valid in generator expressions of any def
        advance();                              // 'for'
        c.target = parseTargetList();
        if (!m_panic)
            checkTarget(c.target, ExprContext::Store);
        if (!m_panic)
            expect(TokenKind::KwIn, "'in'");
        c.iter = m_panic ? errorExpr() : parseBinary(PrecOr);
        while (!m_panic && accept(TokenKind::KwIf))
            c.ifs.push_back(parseBinary(PrecOr));
        out.push_back(std::move(c));
    } while (!m_panic && atComprehension());
}

// ---------------------------------------------------------------- trailers

Expr *Parser::parseCall(Expr *func, std::uint32_t begin)
{
    DepthGuard guard(*this); // the arguments recurse: f(g(h(...)))
    if (guard.exceeded("an expression"))
        return func;
    const std::uint32_t lparen = advance().begin;
    auto *c = make<Call>(func->span);
    c->func = func;
    parseArguments(lparen, c->args, c->keywords);
    c->span = spanFrom(begin);
    return c;
}

void Parser::parseArguments(std::uint32_t lparen, ExprList &args, std::vector<Keyword> &keywords)
{
    bool sawKeyword = false;
    bool sawKeywordUnpack = false;
    bool reported = false;
    auto misordered = [&](SourceSpan where, std::string message) {
        if (!reported)
            report(DiagKind::InvalidArgumentOrder, where, {std::move(message)});
        reported = true;
    };
    while (!at(TokenKind::RParen)) {
        const Token t = tok();
        if (accept(TokenKind::Star)) {
            auto *s = make<Starred>(span(t));
            s->value = parseTest();
            s->span = spanFrom(t.begin);
            if (sawKeywordUnpack)
                misordered(s->span,
                           "iterable argument unpacking follows keyword argument unpacking");
            args.push_back(s);
        } else if (accept(TokenKind::DoubleStar)) {
            Keyword k;
            k.value = parseTest();
            k.span = spanFrom(t.begin);
            keywords.push_back(k);
            sawKeywordUnpack = true;
        } else if (at(TokenKind::Identifier) && peek().kind == TokenKind::Equal) {
            advance();
            advance();
            Keyword k;
            k.name = text(t);
            k.nameSpan = span(t);
            k.value = parseTest();
            k.span = spanFrom(t.begin);
            for (const Keyword &other : keywords)
                if (other.name == k.name)
                    misordered(k.nameSpan, "keyword argument repeated: " + std::string(k.name));
            keywords.push_back(k);
            sawKeyword = true;
        } else {
            Expr *a = parseNamedExpr();
            if (!m_panic && atComprehension()) {
                auto *g = make<GeneratorExp>(a->span);
                g->elt = a;
                parseComprehensions(g->generators);
                g->span = spanFrom(t.begin);
                if (!m_panic && at(TokenKind::RParen) && args.empty() && keywords.empty())
                    g->span
                        = {m_file.id(), lparen, tok().end}; // the call's parentheses are its own
                else
                    misordered(g->span, "generator expression must be parenthesized");
                a = g;
            } else if (!m_panic && at(TokenKind::Equal)) {
                report(DiagKind::InvalidAssignTarget,
                       a->span,
                       {"assign to", std::string(describeExpr(a)) + " in a keyword argument"});
                advance();
                parseTest();
            }
            if (sawKeywordUnpack)
                misordered(a->span, "positional argument follows keyword argument unpacking");
            else if (sawKeyword)
                misordered(a->span, "positional argument follows keyword argument");
            args.push_back(a);
        }
        if (m_panic || !accept(TokenKind::Comma))
            break;
    }
    if (!m_panic)
        expect(TokenKind::RParen, "',' or ')'");
}

Expr *Parser::parseSubscript(Expr *value, std::uint32_t begin)
{
    DepthGuard guard(*this); // the index recurses: a[b[c[...]]]
    if (guard.exceeded("an expression"))
        return value;
    advance(); // '['
    const std::uint32_t sliceBegin = tok().begin;
    Expr *slice = parseSliceItem();
    if (!m_panic && at(TokenKind::Comma)) {
        auto *t = make<Tuple>(slice->span);
        t->elts.push_back(slice);
        while (accept(TokenKind::Comma)) {
            if (at(TokenKind::RBracket))
                break;
            t->elts.push_back(parseSliceItem());
            if (m_panic)
                break;
        }
        t->span = spanFrom(sliceBegin);
        slice = t;
    }
    if (!m_panic)
        expect(TokenKind::RBracket, "']'");
    auto *s = make<Subscript>(spanFrom(begin));
    s->value = value;
    s->slice = slice;
    return s;
}

Expr *Parser::parseSliceItem()
{
    const std::uint32_t begin = tok().begin;
    Expr *lower = nullptr;
    if (!at(TokenKind::Colon)) {
        lower = parseStarOrTest(true);
        if (m_panic || !at(TokenKind::Colon))
            return lower;
    }
    advance(); // ':'
    auto *s = make<Slice>(span(tok()));
    s->lower = lower;
    auto startsBound = [this] { return startsExpression(kind()) && !at(TokenKind::Star); };
    if (startsBound())
        s->upper = parseTest();
    if (!m_panic && accept(TokenKind::Colon) && startsBound())
        s->step = parseTest();
    s->span = spanFrom(begin);
    return s;
}

} // namespace tsm::parser
