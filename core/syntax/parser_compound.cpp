// Compound statements: if/while/for/with/try, def/class with decorators, async, and the
// `match` / `type` soft-keyword statements that are recognised only to be rejected.

#include "core/syntax/parser_impl.h"

namespace tsm::parser {

using namespace ast;

Stmt *Parser::parseCompound()
{
    switch (kind()) {
    case TokenKind::KwIf:
        return parseIf();
    case TokenKind::KwWhile:
        return parseWhile();
    case TokenKind::KwFor:
        return parseFor(tok().begin, false);
    case TokenKind::KwTry:
        return parseTry();
    case TokenKind::KwWith:
        return parseWith(tok().begin, false);
    case TokenKind::KwDef:
        return parseFunctionDef(tok().begin, {}, false);
    case TokenKind::KwClass:
        return parseClassDef(tok().begin, {});
    case TokenKind::At:
        return parseDecorated();
    case TokenKind::KwAsync:
        return parseAsync();
    case TokenKind::Identifier:
        if (isMatchStatement())
            return skipMatchStatement();
        if (isTypeAlias()) {
            const std::uint32_t begin = tok().begin;
            report(DiagKind::UnsupportedSyntax, span(tok()), {"the 'type' alias statement"});
            skipToLineEnd();
            return make<ErrorStmt>(spanFrom(begin));
        }
        return nullptr;
    default:
        return nullptr;
    }
}

Stmt *Parser::parseIf()
{
    // An elif chain nests each If in the orelse of the previous one. Built iteratively so that
    // a long chain costs no stack; each link still counts as one level of nesting.
    ChainDepth depth(*this);
    std::vector<If *> chain;
    std::vector<std::uint32_t> begins;
    for (;;) {
        const Token t = advance(); // 'if' / 'elif'
        auto *node = make<If>(span(t));
        node->isElif = t.kind == TokenKind::KwElif;
        node->test = parseNamedExpr();
        const bool ok = finishHeader();
        node->body = parseBlock(ok, t, node->isElif ? "'elif' statement" : "'if' statement");
        chain.push_back(node);
        begins.push_back(t.begin);
        if (!at(TokenKind::KwElif))
            break;
        if (!depth.link(1)) { // the elif's body nests one level deeper still
            errorTooDeep("an 'elif' chain");
            while (at(TokenKind::KwElif) || at(TokenKind::KwElse)) {
                skipToLineEnd();
                accept(TokenKind::Newline);
                if (at(TokenKind::Indent))
                    skipIndentedBlock();
            }
            m_panic = false;
            break;
        }
    }
    if (at(TokenKind::KwElse)) {
        const Token e = advance();
        const bool ok = finishHeader();
        chain.back()->orelse = parseBlock(ok, e, "'else' statement");
    }
    for (std::size_t i = 0; i < chain.size(); ++i) {
        chain[i]->span = spanFrom(begins[i]);
        if (i + 1 < chain.size())
            chain[i]->orelse.push_back(chain[i + 1]);
    }
    return chain.front();
}

Stmt *Parser::parseWhile()
{
    const Token t = advance();
    auto *w = make<While>(span(t));
    w->test = parseNamedExpr();
    const bool ok = finishHeader();
    ++m_loopDepth;
    w->body = parseBlock(ok, t, "'while' statement");
    --m_loopDepth;
    if (at(TokenKind::KwElse)) {
        const Token e = advance();
        const bool elseOk = finishHeader();
        w->orelse = parseBlock(elseOk, e, "'else' statement");
    }
    w->span = spanFrom(t.begin);
    return w;
}

Stmt *Parser::parseFor(std::uint32_t begin, bool isAsync)
{
    const Token t = advance(); // 'for'
    auto *f = make<For>(span(t));
    f->isAsync = isAsync;
    if (isAsync && m_func != FuncKind::Async)
        report(DiagKind::StatementOutsideContext, span(t), {"async for", "async function"});
    f->target = parseTargetList();
    if (!m_panic)
        checkTarget(f->target, ExprContext::Store);
    if (!m_panic)
        expect(TokenKind::KwIn, "'in'");
    f->iter = m_panic ? errorExpr() : parseExprList();
    const bool ok = finishHeader();
    ++m_loopDepth;
    f->body = parseBlock(ok, t, "'for' statement");
    --m_loopDepth;
    if (at(TokenKind::KwElse)) {
        const Token e = advance();
        const bool elseOk = finishHeader();
        f->orelse = parseBlock(elseOk, e, "'else' statement");
    }
    f->span = spanFrom(begin);
    return f;
}

namespace {
bool isOpenBracket(TokenKind k)
{
    return k == TokenKind::LParen || k == TokenKind::LBracket || k == TokenKind::LBrace;
}
bool isCloseBracket(TokenKind k)
{
    return k == TokenKind::RParen || k == TokenKind::RBracket || k == TokenKind::RBrace;
}
} // namespace

Stmt *Parser::parseWith(std::uint32_t begin, bool isAsync)
{
    const Token t = advance(); // 'with'
    auto *w = make<With>(span(t));
    w->isAsync = isAsync;
    if (isAsync && m_func != FuncKind::Async)
        report(DiagKind::StatementOutsideContext, span(t), {"async with", "async function"});
    // `with (a as b, c):` lists items in parentheses; `with (a, b) as c:` does not. The first
    // form is recognised by the ':' right after the matching ')'.
    bool parenthesized = false;
    if (at(TokenKind::LParen) && peek().kind != TokenKind::KwYield) {
        int depth = 0;
        std::size_t i = m_pos;
        for (; i < m_tokens.size(); ++i) {
            const TokenKind k = m_tokens[i].kind;
            if (isOpenBracket(k))
                ++depth;
            else if (isCloseBracket(k) && --depth == 0)
                break;
            else if (k == TokenKind::Newline || k == TokenKind::EndOfFile)
                break;
        }
        parenthesized = i + 1 < m_tokens.size() && isCloseBracket(m_tokens[i].kind)
                        && m_tokens[i + 1].kind == TokenKind::Colon;
    }
    if (parenthesized) {
        advance();
        do {
            if (at(TokenKind::RParen) && !w->items.empty())
                break;
            parseWithItem(w->items);
        } while (!m_panic && accept(TokenKind::Comma));
        if (!m_panic)
            expect(TokenKind::RParen, "',' or ')'");
    } else {
        do {
            parseWithItem(w->items);
        } while (!m_panic && accept(TokenKind::Comma));
    }
    const bool ok = finishHeader();
    w->body = parseBlock(ok, t, "'with' statement");
    w->span = spanFrom(begin);
    return w;
}

void Parser::parseWithItem(std::vector<WithItem> &items)
{
    WithItem item;
    item.contextExpr = parseTest();
    if (!m_panic && accept(TokenKind::KwAs)) {
        item.optionalVars = parseBinary(PrecBitOr);
        if (!m_panic)
            checkTarget(item.optionalVars, ExprContext::Store);
    }
    items.push_back(item);
}

Stmt *Parser::parseTry()
{
    const Token t = advance();
    auto *tr = make<Try>(span(t));
    tr->body = parseBlock(finishHeader(), t, "'try' statement");
    while (at(TokenKind::KwExcept)) {
        const Token e = advance();
        ExceptHandler h;
        h.isStar = accept(TokenKind::Star);
        if (!at(TokenKind::Colon)) {
            h.type = parseExprList();
            if (!m_panic && accept(TokenKind::KwAs)) {
                if (at(TokenKind::Identifier)) {
                    const Token &n = advance();
                    h.name = {text(n), span(n)};
                } else {
                    errorExpected("identifier");
                }
            }
        }
        const bool ok = finishHeader();
        h.body = parseBlock(ok, e, h.isStar ? "'except*' statement" : "'except' statement");
        h.span = spanFrom(e.begin);
        tr->handlers.push_back(std::move(h));
    }
    if (at(TokenKind::KwElse) && !tr->handlers.empty()) {
        const Token e = advance();
        tr->orelse = parseBlock(finishHeader(), e, "'else' statement");
    }
    bool hasFinally = false;
    if (at(TokenKind::KwFinally)) {
        const Token f = advance();
        hasFinally = true;
        tr->finalbody = parseBlock(finishHeader(), f, "'finally' statement");
    }
    if (tr->handlers.empty() && !hasFinally)
        report(DiagKind::UnexpectedToken,
               span(tok()),
               {"'except' or 'finally' block", describe(tok())});
    tr->span = spanFrom(t.begin);
    return tr;
}

Stmt *Parser::parseAsync()
{
    const std::uint32_t begin = tok().begin;
    advance();
    if (at(TokenKind::KwDef))
        return parseFunctionDef(begin, {}, true);
    if (at(TokenKind::KwFor))
        return parseFor(begin, true);
    if (at(TokenKind::KwWith))
        return parseWith(begin, true);
    errorExpected("'def', 'for' or 'with'");
    skipToLineEnd();
    return make<ErrorStmt>(spanFrom(begin));
}

Stmt *Parser::parseDecorated()
{
    const std::uint32_t begin = tok().begin;
    ExprList decorators;
    while (at(TokenKind::At)) {
        advance();
        Expr *d = parseNamedExpr();
        if (!m_panic && !at(TokenKind::Newline))
            errorExpected("newline");
        if (m_panic) {
            skipToLineEnd();
            m_panic = false;
        }
        accept(TokenKind::Newline);
        decorators.push_back(d);
    }
    if (at(TokenKind::KwDef))
        return parseFunctionDef(begin, std::move(decorators), false);
    if (at(TokenKind::KwAsync) && peek().kind == TokenKind::KwDef) {
        advance();
        return parseFunctionDef(begin, std::move(decorators), true);
    }
    if (at(TokenKind::KwClass))
        return parseClassDef(begin, std::move(decorators));
    errorExpected("'def' or 'class' after a decorator");
    skipToLineEnd();
    return make<ErrorStmt>(spanFrom(begin));
}

Stmt *Parser::parseFunctionDef(std::uint32_t begin, ExprList decorators, bool isAsync)
{
    const Token d = advance(); // 'def'
    auto *f = make<FunctionDef>(span(d));
    f->decorators = std::move(decorators);
    f->isAsync = isAsync;
    if (at(TokenKind::Identifier)) {
        const Token &n = advance();
        f->name = text(n);
        f->nameSpan = span(n);
    } else {
        errorExpected("function name");
    }
    if (!m_panic && at(TokenKind::LBracket))
        skipTypeParams();
    if (!m_panic && expect(TokenKind::LParen)) {
        parseParameters(f->params, TokenKind::RParen, true);
        if (!m_panic)
            expect(TokenKind::RParen, "',' or ')'");
    }
    if (!m_panic && accept(TokenKind::Arrow))
        f->returns = parseTest();
    const bool ok = finishHeader();
    FunctionScope scope(*this, isAsync ? FuncKind::Async : FuncKind::Sync);
    if (ok) {
        f->body = parseBlock(true, d, "function definition");
    } else {
        // The parameters are incomplete: checking the body against them would only produce
        // follow-on errors, so it is skipped.
        accept(TokenKind::Newline);
        if (at(TokenKind::Indent)) {
            const std::uint32_t bodyBegin = peek().begin;
            skipIndentedBlock();
            f->body.push_back(make<ErrorStmt>(spanFrom(bodyBegin)));
        }
    }
    f->span = spanFrom(begin);
    return f;
}

Stmt *Parser::parseClassDef(std::uint32_t begin, ExprList decorators)
{
    const Token c = advance(); // 'class'
    auto *cd = make<ClassDef>(span(c));
    cd->decorators = std::move(decorators);
    if (at(TokenKind::Identifier)) {
        const Token &n = advance();
        cd->name = text(n);
        cd->nameSpan = span(n);
    } else {
        errorExpected("class name");
    }
    if (!m_panic && at(TokenKind::LBracket))
        skipTypeParams();
    if (!m_panic && at(TokenKind::LParen)) {
        const std::uint32_t lparen = advance().begin;
        parseArguments(lparen, cd->bases, cd->keywords);
    }
    const bool ok = finishHeader();
    FunctionScope scope(*this, FuncKind::None);
    cd->body = parseBlock(ok, c, "class definition");
    cd->span = spanFrom(begin);
    return cd;
}

void Parser::skipTypeParams()
{
    report(DiagKind::UnsupportedSyntax, span(tok()), {"a type parameter list"});
    int depth = 0;
    do {
        if (isOpenBracket(kind()))
            ++depth;
        else if (isCloseBracket(kind()))
            --depth;
        advance();
    } while (depth > 0 && !at(TokenKind::Newline) && !at(TokenKind::EndOfFile));
}

bool Parser::isMatchStatement() const
{
    // `match <subject>:` NEWLINE INDENT `case` — anything else is the name `match`.
    if (!atIdentifier("match"))
        return false;
    const TokenKind next = peek().kind;
    if (next == TokenKind::Colon || next == TokenKind::Equal || !startsExpression(next))
        return false;
    std::size_t i = m_pos + 1;
    while (i < m_tokens.size() && m_tokens[i].kind != TokenKind::Newline
           && m_tokens[i].kind != TokenKind::EndOfFile)
        ++i;
    if (i + 2 >= m_tokens.size() || m_tokens[i - 1].kind != TokenKind::Colon
        || m_tokens[i].kind != TokenKind::Newline || m_tokens[i + 1].kind != TokenKind::Indent)
        return false;
    const Token &c = m_tokens[i + 2];
    return c.kind == TokenKind::Identifier && text(c) == "case";
}

Stmt *Parser::skipMatchStatement()
{
    const std::uint32_t begin = tok().begin;
    report(DiagKind::UnsupportedSyntax, span(tok()), {"the 'match' statement"});
    skipToLineEnd();
    accept(TokenKind::Newline);
    if (at(TokenKind::Indent))
        skipIndentedBlock();
    return make<ErrorStmt>(spanFrom(begin));
}

bool Parser::isTypeAlias() const
{
    return atIdentifier("type") && peek().kind == TokenKind::Identifier
           && (peek(2).kind == TokenKind::Equal || peek(2).kind == TokenKind::LBracket);
}

} // namespace tsm::parser
