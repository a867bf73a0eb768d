// Simple statements: expressions, assignments, return/raise/del/assert/global/nonlocal and
// imports; assignment-target validation.

#include "core/syntax/parser_impl.h"

#include <optional>

namespace tsm::parser {

using namespace ast;

std::string_view describeExpr(const Expr *e)
{
    switch (e->kind) {
    case NodeKind::Name:
        return "name";
    case NodeKind::Constant:
        switch (cast<Constant>(e)->constKind) {
        case ConstantKind::True:
            return "True";
        case ConstantKind::False:
            return "False";
        case ConstantKind::None:
            return "None";
        case ConstantKind::Ellipsis:
            return "ellipsis";
        default:
            return "literal";
        }
    case NodeKind::JoinedStr:
    case NodeKind::FormattedValue:
        return "f-string expression";
    case NodeKind::BinOp:
    case NodeKind::UnaryOp:
    case NodeKind::BoolOp:
        return "expression";
    case NodeKind::Compare:
        return "comparison";
    case NodeKind::Call:
        return "function call";
    case NodeKind::Attribute:
        return "attribute";
    case NodeKind::Subscript:
        return "subscript";
    case NodeKind::Slice:
        return "slice";
    case NodeKind::Starred:
        return "starred";
    case NodeKind::Tuple:
        return "tuple";
    case NodeKind::List:
        return "list";
    case NodeKind::Set:
        return "set display";
    case NodeKind::Dict:
        return "dict literal";
    case NodeKind::ListComp:
        return "list comprehension";
    case NodeKind::SetComp:
        return "set comprehension";
    case NodeKind::DictComp:
        return "dict comprehension";
    case NodeKind::GeneratorExp:
        return "generator expression";
    case NodeKind::Lambda:
        return "lambda";
    case NodeKind::IfExp:
        return "conditional expression";
    case NodeKind::NamedExpr:
        return "named expression";
    case NodeKind::Await:
        return "await expression";
    case NodeKind::Yield:
    case NodeKind::YieldFrom:
        return "yield expression";
    default:
        return "expression";
    }
}

namespace {

std::optional<BinaryOp> augmentedOp(TokenKind k)
{
    switch (k) {
    case TokenKind::PlusEqual:
        return BinaryOp::Add;
    case TokenKind::MinusEqual:
        return BinaryOp::Sub;
    case TokenKind::StarEqual:
        return BinaryOp::Mult;
    case TokenKind::AtEqual:
        return BinaryOp::MatMult;
    case TokenKind::SlashEqual:
        return BinaryOp::Div;
    case TokenKind::DoubleSlashEqual:
        return BinaryOp::FloorDiv;
    case TokenKind::PercentEqual:
        return BinaryOp::Mod;
    case TokenKind::DoubleStarEqual:
        return BinaryOp::Pow;
    case TokenKind::LeftShiftEqual:
        return BinaryOp::LShift;
    case TokenKind::RightShiftEqual:
        return BinaryOp::RShift;
    case TokenKind::PipeEqual:
        return BinaryOp::BitOr;
    case TokenKind::CaretEqual:
        return BinaryOp::BitXor;
    case TokenKind::AmperEqual:
        return BinaryOp::BitAnd;
    default:
        return std::nullopt;
    }
}

bool isSingleTarget(const Expr *e)
{
    return isa<Name>(e) || isa<Attribute>(e) || isa<Subscript>(e);
}

} // namespace

// ---------------------------------------------------------------- targets

bool Parser::checkTarget(Expr *e, ExprContext ctx)
{
    switch (e->kind) {
    case NodeKind::Name:
        cast<Name>(e)->ctx = ctx;
        return true;
    case NodeKind::Attribute:
        cast<Attribute>(e)->ctx = ctx;
        return true;
    case NodeKind::Subscript:
        cast<Subscript>(e)->ctx = ctx;
        return true;
    case NodeKind::Starred:
        if (ctx == ExprContext::Del)
            break;
        cast<Starred>(e)->ctx = ctx;
        return checkTarget(cast<Starred>(e)->value, ctx);
    case NodeKind::Tuple:
        cast<Tuple>(e)->ctx = ctx;
        for (Expr *elt : cast<Tuple>(e)->elts)
            if (!checkTarget(elt, ctx))
                return false;
        return true;
    case NodeKind::List:
        cast<List>(e)->ctx = ctx;
        for (Expr *elt : cast<List>(e)->elts)
            if (!checkTarget(elt, ctx))
                return false;
        return true;
    case NodeKind::ErrorExpr:
        return false; // already reported
    default:
        break;
    }
    report(DiagKind::InvalidAssignTarget,
           e->span,
           {ctx == ExprContext::Del ? "delete" : "assign to", std::string(describeExpr(e))});
    return false;
}

// ---------------------------------------------------------------- simple statements

Stmt *Parser::parseSmallStatement()
{
    const Token t = tok();
    switch (t.kind) {
    case TokenKind::KwPass:
        advance();
        return make<Pass>(span(t));
    case TokenKind::KwBreak:
    case TokenKind::KwContinue: {
        advance();
        const bool isBreak = t.kind == TokenKind::KwBreak;
        if (m_loopDepth == 0)
            report(DiagKind::StatementOutsideContext,
                   span(t),
                   {isBreak ? "break" : "continue", "loop"});
        if (isBreak)
            return make<Break>(span(t));
        return make<Continue>(span(t));
    }
    case TokenKind::KwReturn:
        return parseReturn();
    case TokenKind::KwRaise:
        return parseRaise();
    case TokenKind::KwDel:
        return parseDel();
    case TokenKind::KwAssert:
        return parseAssert();
    case TokenKind::KwGlobal:
        return parseGlobal(false);
    case TokenKind::KwNonlocal:
        return parseGlobal(true);
    case TokenKind::KwImport:
        return parseImport();
    case TokenKind::KwFrom:
        return parseImportFrom();
    default:
        if (!startsExpression(t.kind) && t.kind != TokenKind::KwYield) {
            errorExpected("statement");
            return nullptr;
        }
        return parseExprOrAssign();
    }
}

Stmt *Parser::parseExprOrAssign()
{
    const std::uint32_t begin = tok().begin;
    Expr *first = at(TokenKind::KwYield) ? parseYieldExpr() : parseExprList();
    if (m_panic) {
        auto *s = make<ExprStmt>(spanFrom(begin));
        s->value = first;
        return s;
    }
    if (at(TokenKind::Equal)) {
        auto *a = make<Assign>(spanFrom(begin));
        a->targets.push_back(first);
        for (;;) {
            advance(); // '='
            Expr *rhs = at(TokenKind::KwYield) ? parseYieldExpr() : parseExprList();
            if (m_panic || !at(TokenKind::Equal)) {
                a->value = rhs;
                break;
            }
            a->targets.push_back(rhs);
        }
        for (Expr *target : a->targets)
            if (!checkTarget(target, ExprContext::Store))
                break;
        a->span = spanFrom(begin);
        return a;
    }
    if (at(TokenKind::Colon))
        return parseAnnAssign(begin, first);
    if (auto op = augmentedOp(kind())) {
        advance();
        auto *a = make<AugAssign>(spanFrom(begin));
        a->target = first;
        a->op = *op;
        if (isSingleTarget(first))
            checkTarget(first, ExprContext::Store);
        else if (!isa<ErrorExpr>(first))
            report(DiagKind::InvalidAssignTarget,
                   first->span,
                   {"use augmented assignment on", std::string(describeExpr(first))});
        a->value = at(TokenKind::KwYield) ? parseYieldExpr() : parseExprList();
        a->span = spanFrom(begin);
        return a;
    }
    auto *s = make<ExprStmt>(spanFrom(begin));
    s->value = first;
    return s;
}

Stmt *Parser::parseAnnAssign(std::uint32_t begin, Expr *target)
{
    advance(); // ':'
    auto *a = make<AnnAssign>(spanFrom(begin));
    a->target = target;
    if (isSingleTarget(target))
        checkTarget(target, ExprContext::Store);
    else if (isa<Tuple>(target) || isa<List>(target))
        report(DiagKind::InvalidAssignTarget,
               target->span,
               {"annotate",
                std::string(describeExpr(target)) + " (only a single target can be annotated)"});
    else
        report(DiagKind::InvalidAssignTarget,
               target->span,
               {"annotate", std::string(describeExpr(target))});
    a->annotation = parseTest();
    if (!m_panic && accept(TokenKind::Equal))
        a->value = at(TokenKind::KwYield) ? parseYieldExpr() : parseExprList();
    a->span = spanFrom(begin);
    return a;
}

Stmt *Parser::parseReturn()
{
    const Token t = advance();
    if (m_func == FuncKind::None)
        report(DiagKind::StatementOutsideContext, span(t), {"return", "function"});
    auto *r = make<Return>(span(t));
    if (startsExpression(kind()))
        r->value = parseExprList();
    r->span = spanFrom(t.begin);
    return r;
}

Stmt *Parser::parseRaise()
{
    const Token t = advance();
    auto *r = make<Raise>(span(t));
    if (startsExpression(kind())) {
        r->exc = parseTest();
        if (!m_panic && accept(TokenKind::KwFrom))
            r->cause = parseTest();
    }
    r->span = spanFrom(t.begin);
    return r;
}

Stmt *Parser::parseDel()
{
    const Token t = advance();
    auto *d = make<Delete>(span(t));
    bool valid = true; // one report per statement
    do {
        if (!startsExpression(kind()) && !d->targets.empty())
            break; // trailing comma
        Expr *target = parseBinary(PrecBitOr);
        d->targets.push_back(target);
        if (m_panic)
            break;
        if (valid)
            valid = checkTarget(target, ExprContext::Del);
    } while (accept(TokenKind::Comma));
    d->span = spanFrom(t.begin);
    return d;
}

Stmt *Parser::parseAssert()
{
    const Token t = advance();
    auto *a = make<Assert>(span(t));
    a->test = parseTest();
    if (!m_panic && accept(TokenKind::Comma))
        a->msg = parseTest();
    a->span = spanFrom(t.begin);
    return a;
}

Stmt *Parser::parseGlobal(bool isNonlocal)
{
    const Token t = advance();
    if (isNonlocal && m_functionDepth == 0)
        report(DiagKind::StatementOutsideContext, span(t), {"nonlocal", "function"});
    std::vector<Identifier> names;
    do {
        if (!at(TokenKind::Identifier)) {
            errorExpected("identifier");
            break;
        }
        const Token &n = advance();
        names.push_back({text(n), span(n)});
    } while (accept(TokenKind::Comma));
    if (isNonlocal) {
        auto *s = make<Nonlocal>(spanFrom(t.begin));
        s->names = std::move(names);
        return s;
    }
    auto *s = make<Global>(spanFrom(t.begin));
    s->names = std::move(names);
    return s;
}

// ---------------------------------------------------------------- imports

bool Parser::parseDottedName(std::string &out, SourceSpan &where)
{
    const std::uint32_t begin = tok().begin;
    if (!at(TokenKind::Identifier)) {
        errorExpected("module name");
        return false;
    }
    out = text(advance());
    while (accept(TokenKind::Dot)) {
        if (!at(TokenKind::Identifier)) {
            errorExpected("identifier");
            return false;
        }
        out += '.';
        out += text(advance());
    }
    where = spanFrom(begin);
    return true;
}

bool Parser::parseAlias(Alias &alias, bool dotted)
{
    const std::uint32_t begin = tok().begin;
    SourceSpan where;
    if (dotted) {
        if (!parseDottedName(alias.name, where))
            return false;
    } else {
        if (!at(TokenKind::Identifier)) {
            errorExpected("identifier");
            return false;
        }
        alias.name = text(advance());
    }
    if (accept(TokenKind::KwAs)) {
        if (!at(TokenKind::Identifier)) {
            errorExpected("identifier");
            return false;
        }
        const Token &n = advance();
        alias.asname = {text(n), span(n)};
    }
    alias.span = spanFrom(begin);
    return true;
}

Stmt *Parser::parseImport()
{
    const Token t = advance();
    auto *imp = make<Import>(span(t));
    do {
        Alias alias;
        if (!parseAlias(alias, true))
            break;
        imp->names.push_back(std::move(alias));
    } while (accept(TokenKind::Comma));
    imp->span = spanFrom(t.begin);
    return imp;
}

Stmt *Parser::parseImportFrom()
{
    const Token t = advance();
    auto *imp = make<ImportFrom>(span(t));
    while (at(TokenKind::Dot) || at(TokenKind::Ellipsis)) {
        imp->level += at(TokenKind::Dot) ? 1 : 3;
        advance();
    }
    SourceSpan where;
    if (at(TokenKind::Identifier) || imp->level == 0)
        parseDottedName(imp->module, where);
    if (!m_panic)
        expect(TokenKind::KwImport, "'import'");
    if (m_panic) {
        imp->span = spanFrom(t.begin);
        return imp;
    }
    if (at(TokenKind::Star)) {
        const Token &star = advance();
        Alias alias;
        alias.name = "*";
        alias.span = span(star);
        imp->names.push_back(std::move(alias));
    } else {
        const bool parens = accept(TokenKind::LParen);
        do {
            if (parens && at(TokenKind::RParen) && !imp->names.empty())
                break; // trailing comma inside parentheses
            Alias alias;
            if (!parseAlias(alias, false))
                break;
            imp->names.push_back(std::move(alias));
        } while (accept(TokenKind::Comma));
        if (parens && !m_panic)
            expect(TokenKind::RParen, "',' or ')'");
    }
    imp->span = spanFrom(t.begin);
    return imp;
}

} // namespace tsm::parser
