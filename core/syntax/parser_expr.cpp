// Expressions by precedence climbing: lambda < if-else < or < and < not < comparisons < | < ^ <
// & < shifts < + - < * @ / // % < unary + - ~ < ** < await < primary.

#include "core/syntax/parser_impl.h"

#include <optional>

namespace tsm::parser {

using namespace ast;

namespace {

struct BinaryInfo
{
    int prec;
    BinaryOp op;
};

std::optional<BinaryInfo> binaryInfo(TokenKind k)
{
    switch (k) {
    case TokenKind::Pipe:
        return BinaryInfo{PrecBitOr, BinaryOp::BitOr};
    case TokenKind::Caret:
        return BinaryInfo{PrecBitXor, BinaryOp::BitXor};
    case TokenKind::Amper:
        return BinaryInfo{PrecBitAnd, BinaryOp::BitAnd};
    case TokenKind::LeftShift:
        return BinaryInfo{PrecShift, BinaryOp::LShift};
    case TokenKind::RightShift:
        return BinaryInfo{PrecShift, BinaryOp::RShift};
    case TokenKind::Plus:
        return BinaryInfo{PrecArith, BinaryOp::Add};
    case TokenKind::Minus:
        return BinaryInfo{PrecArith, BinaryOp::Sub};
    case TokenKind::Star:
        return BinaryInfo{PrecTerm, BinaryOp::Mult};
    case TokenKind::At:
        return BinaryInfo{PrecTerm, BinaryOp::MatMult};
    case TokenKind::Slash:
        return BinaryInfo{PrecTerm, BinaryOp::Div};
    case TokenKind::DoubleSlash:
        return BinaryInfo{PrecTerm, BinaryOp::FloorDiv};
    case TokenKind::Percent:
        return BinaryInfo{PrecTerm, BinaryOp::Mod};
    default:
        return std::nullopt;
    }
}

std::optional<CmpOp> simpleCmpOp(TokenKind k)
{
    switch (k) {
    case TokenKind::EqEqual:
        return CmpOp::Eq;
    case TokenKind::NotEqual:
        return CmpOp::NotEq;
    case TokenKind::Less:
        return CmpOp::Lt;
    case TokenKind::LessEqual:
        return CmpOp::LtE;
    case TokenKind::Greater:
        return CmpOp::Gt;
    case TokenKind::GreaterEqual:
        return CmpOp::GtE;
    case TokenKind::KwIn:
        return CmpOp::In;
    default:
        return std::nullopt;
    }
}

} // namespace

bool Parser::startsExpression(TokenKind k) const
{
    switch (k) {
    case TokenKind::Identifier:
    case TokenKind::Integer:
    case TokenKind::Float:
    case TokenKind::Imaginary:
    case TokenKind::String:
    case TokenKind::FString:
    case TokenKind::LParen:
    case TokenKind::LBracket:
    case TokenKind::LBrace:
    case TokenKind::Minus:
    case TokenKind::Plus:
    case TokenKind::Tilde:
    case TokenKind::Star:
    case TokenKind::Ellipsis:
    case TokenKind::KwNot:
    case TokenKind::KwLambda:
    case TokenKind::KwAwait:
    case TokenKind::KwNone:
    case TokenKind::KwTrue:
    case TokenKind::KwFalse:
        return true;
    default:
        return false;
    }
}

void Parser::checkContext(const Token &t, std::string_view what)
{
    // `await` in a plain def is an error only outside generator expressions, which the parser
    // cannot tell yet when it meets the `await`: only the unambiguous case is reported.
    if (m_func == FuncKind::None)
        report(DiagKind::StatementOutsideContext, span(t), {std::string(what), "function"});
}

Expr *Parser::parseNamedExpr()
{
    const std::uint32_t begin = tok().begin;
    Expr *target = nullptr;
    if (at(TokenKind::Identifier) && peek().kind == TokenKind::ColonEqual) {
        const Token &n = advance();
        auto *name = make<Name>(span(n));
        name->id = text(n);
        name->ctx = ExprContext::Store;
        target = name;
    } else {
        target = parseTest();
        if (m_panic || !at(TokenKind::ColonEqual))
            return target;
        report(DiagKind::InvalidAssignTarget,
               target->span,
               {"use assignment expressions with", std::string(describeExpr(target))});
    }
    advance(); // ':='
    auto *e = make<NamedExpr>(span(tok()));
    e->target = target;
    e->value = parseTest();
    e->span = spanFrom(begin);
    return e;
}

Expr *Parser::parseTest()
{
    if (at(TokenKind::KwLambda))
        return parseLambda();
    const std::uint32_t begin = tok().begin;
    Expr *body = parseBinary(PrecOr);
    if (m_panic || !at(TokenKind::KwIf))
        return body;
    advance();
    auto *e = make<IfExp>(body->span);
    e->body = body;
    e->test = parseBinary(PrecOr);
    if (!m_panic && expect(TokenKind::KwElse, "'else'")) {
        DepthGuard guard(*this);
        if (!guard.exceeded("an expression"))
            e->orelse = parseTest();
    }
    if (!e->orelse)
        e->orelse = errorExpr();
    e->span = spanFrom(begin);
    return e;
}

template<class ParseOperand>
Expr *Parser::finishUnary(const Token &t, UnaryOpKind op, ParseOperand operand)
{
    DepthGuard guard(*this);
    if (guard.exceeded("an expression"))
        return errorExpr();
    auto *u = make<UnaryOp>(span(t));
    u->op = op;
    u->operand = operand();
    u->span = spanFrom(t.begin);
    return u;
}

Expr *Parser::parseBinary(int minPrec)
{
    const std::uint32_t begin = tok().begin;
    ChainDepth chain(*this);
    Expr *left = nullptr;
    if (at(TokenKind::KwNot) && minPrec <= PrecNot) {
        left = finishUnary(advance(), UnaryOpKind::Not, [this] { return parseBinary(PrecNot); });
        if (isa<ErrorExpr>(left))
            return left;
    } else {
        left = parseUnary();
    }
    chain.afterFirst();
    while (!m_panic) {
        const TokenKind k = kind();
        if ((k == TokenKind::KwOr && minPrec <= PrecOr)
            || (k == TokenKind::KwAnd && minPrec <= PrecAnd)) {
            if (!chain.link()) {
                errorTooDeep("an expression");
                break;
            }
            auto *b = make<BoolOp>(left->span);
            b->op = k == TokenKind::KwOr ? BoolOpKind::Or : BoolOpKind::And;
            b->values.push_back(left);
            const int operandPrec = (k == TokenKind::KwOr ? PrecOr : PrecAnd) + 1;
            while (!m_panic && accept(k))
                b->values.push_back(parseBinary(operandPrec));
            b->span = spanFrom(begin);
            left = b;
            continue;
        }
        const bool notIn = k == TokenKind::KwNot && peek().kind == TokenKind::KwIn;
        if ((simpleCmpOp(k) || k == TokenKind::KwIs || notIn) && minPrec <= PrecCompare) {
            if (!chain.link()) {
                errorTooDeep("an expression");
                break;
            }
            auto *c = make<Compare>(left->span);
            c->left = left;
            for (;;) {
                CmpOp op;
                if (auto simple = simpleCmpOp(kind())) {
                    op = *simple;
                    advance();
                } else if (at(TokenKind::KwIs)) {
                    advance();
                    op = accept(TokenKind::KwNot) ? CmpOp::IsNot : CmpOp::Is;
                } else if (at(TokenKind::KwNot) && peek().kind == TokenKind::KwIn) {
                    advance();
                    advance();
                    op = CmpOp::NotIn;
                } else {
                    break;
                }
                c->ops.push_back(op);
                c->comparators.push_back(parseBinary(PrecCompare + 1));
                if (m_panic)
                    break;
            }
            c->span = spanFrom(begin);
            left = c;
            continue;
        }
        const auto info = binaryInfo(k);
        if (!info || info->prec < minPrec)
            break;
        const Token opTok = advance();
        if (!chain.link()) {
            errorTooDeep("an expression");
            break;
        }
        auto *b = make<BinOp>(left->span);
        b->op = info->op;
        b->opSpan = span(opTok);
        b->left = left;
        b->right = parseBinary(info->prec + 1);
        b->span = spanFrom(begin);
        left = b;
    }
    return left;
}

Expr *Parser::parseUnary()
{
    UnaryOpKind op;
    switch (kind()) {
    case TokenKind::Minus:
        op = UnaryOpKind::USub;
        break;
    case TokenKind::Plus:
        op = UnaryOpKind::UAdd;
        break;
    case TokenKind::Tilde:
        op = UnaryOpKind::Invert;
        break;
    default:
        return parsePower();
    }
    return finishUnary(advance(), op, [this] { return parseUnary(); });
}

Expr *Parser::parsePower()
{
    const std::uint32_t begin = tok().begin;
    Expr *base = parsePrimary();
    if (m_panic || !at(TokenKind::DoubleStar))
        return base;
    const Token opTok = advance();
    DepthGuard guard(*this);
    if (guard.exceeded("an expression"))
        return base;
    auto *b = make<BinOp>(base->span);
    b->op = BinaryOp::Pow;
    b->opSpan = span(opTok);
    b->left = base;
    b->right = parseUnary(); // right-associative, and `2 ** -1` is allowed
    b->span = spanFrom(begin);
    return b;
}

Expr *Parser::parsePrimary()
{
    std::optional<Token> awaitTok;
    if (at(TokenKind::KwAwait)) {
        awaitTok = advance();
        checkContext(*awaitTok, "await");
    }
    const std::uint32_t begin = tok().begin;
    ChainDepth chain(*this);
    Expr *e = parseAtom();
    chain.afterFirst();
    while (!m_panic) {
        const TokenKind k = kind();
        if (k != TokenKind::Dot && k != TokenKind::LParen && k != TokenKind::LBracket)
            break;
        if (!chain.link()) {
            errorTooDeep("an expression");
            break;
        }
        if (k == TokenKind::LParen) {
            e = parseCall(e, begin);
        } else if (k == TokenKind::LBracket) {
            e = parseSubscript(e, begin);
        } else {
            advance();
            if (!at(TokenKind::Identifier)) {
                errorExpected("attribute name");
                break;
            }
            const Token &name = advance();
            auto *a = make<Attribute>(spanFrom(begin));
            a->value = e;
            a->attr = text(name);
            a->attrSpan = span(name);
            e = a;
        }
    }
    if (awaitTok) {
        auto *a = make<Await>(spanFrom(awaitTok->begin));
        a->value = e;
        return a;
    }
    return e;
}

Expr *Parser::parseStarOrTest(bool named)
{
    if (!at(TokenKind::Star))
        return named ? parseNamedExpr() : parseTest();
    const Token t = advance();
    auto *s = make<Starred>(span(t));
    s->value = parseBinary(PrecBitOr);
    s->span = spanFrom(t.begin);
    return s;
}

Expr *Parser::parseExprList()
{
    const std::uint32_t begin = tok().begin;
    Expr *first = parseStarOrTest(false);
    if (m_panic || !at(TokenKind::Comma))
        return first;
    auto *t = make<Tuple>(first->span);
    t->elts.push_back(first);
    while (accept(TokenKind::Comma)) {
        if (!startsExpression(kind()))
            break; // trailing comma
        t->elts.push_back(parseStarOrTest(false));
        if (m_panic)
            break;
    }
    t->span = spanFrom(begin);
    return t;
}

Expr *Parser::parseTargetList()
{
    const std::uint32_t begin = tok().begin;
    auto element = [this] {
        if (!at(TokenKind::Star))
            return parseBinary(PrecBitOr);
        const Token t = advance();
        auto *s = make<Starred>(span(t));
        s->value = parseBinary(PrecBitOr);
        s->span = spanFrom(t.begin);
        return static_cast<Expr *>(s);
    };
    Expr *first = element();
    if (m_panic || !at(TokenKind::Comma))
        return first;
    auto *t = make<Tuple>(first->span);
    t->elts.push_back(first);
    while (accept(TokenKind::Comma)) {
        if (!startsExpression(kind()))
            break;
        t->elts.push_back(element());
        if (m_panic)
            break;
    }
    t->span = spanFrom(begin);
    return t;
}

Expr *Parser::parseYieldExpr()
{
    const Token t = advance();
    checkContext(t, "yield");
    if (accept(TokenKind::KwFrom)) {
        auto *y = make<YieldFrom>(span(t));
        y->value = parseTest();
        y->span = spanFrom(t.begin);
        return y;
    }
    auto *y = make<Yield>(span(t));
    if (startsExpression(kind()))
        y->value = parseExprList();
    y->span = spanFrom(t.begin);
    return y;
}

Expr *Parser::parseLambda()
{
    const Token t = advance();
    auto *l = make<Lambda>(span(t));
    parseParameters(l->params, TokenKind::Colon, false);
    if (!m_panic)
        expect(TokenKind::Colon, "':'");
    DepthGuard guard(*this);
    if (!m_panic && !guard.ok())
        errorTooDeep("an expression");
    if (m_panic) {
        l->body = errorExpr();
    } else {
        FunctionScope scope(*this, FuncKind::Sync);
        l->body = parseTest();
    }
    l->span = spanFrom(t.begin);
    return l;
}

} // namespace tsm::parser
