// parseModule(), the token stream, error reporting, panic-mode recovery and blocks.

#include "core/syntax/parser.h"
#include "core/syntax/parser_impl.h"

#include <algorithm>

namespace tsm {

ParseResult parseModule(const SourceFile &file, DiagnosticSink &sink)
{
    ParseResult result;
    result.module = std::make_unique<ast::Module>();
    result.module->file = &file;
    const std::size_t before = sink.diagnostics().size();
    LexResult lexed = lex(file, sink);
    result.comments = std::move(lexed.comments);
    parser::Parser p(file, sink, *result.module);
    p.noteLexerDiagnostics(sink.diagnostics(), before);
    p.parseFile(std::move(lexed.tokens));
    return result;
}

} // namespace tsm

namespace tsm::parser {

using namespace ast;

Parser::Parser(const SourceFile &file, DiagnosticSink &sink, Module &module)
    : m_file(file)
    , m_text(file.text())
    , m_sink(sink)
    , m_module(module)
{
}

void Parser::noteLexerDiagnostics(const std::vector<Diagnostic> &diags, std::size_t from)
{
    for (std::size_t i = from; i < diags.size(); ++i) {
        const DiagKind k = diags[i].kind;
        if (k == DiagKind::UnclosedBracket || k == DiagKind::MismatchedBracket
            || k == DiagKind::UnmatchedBracket)
            m_reportedBrackets.push_back(diags[i].span.begin);
    }
}

void Parser::parseFile(std::vector<Token> tokens)
{
    if (tokens.empty() || tokens.back().kind != TokenKind::EndOfFile) {
        Token eof;
        eof.begin = eof.end = m_file.size();
        tokens.push_back(eof);
    }
    m_tokens = std::move(tokens);
    m_pos = 0;
    parseStatements(m_module.body, false);
}

// ---------------------------------------------------------------- token stream

const Token &Parser::peek(std::size_t k) const
{
    return m_tokens[std::min(m_pos + k, m_tokens.size() - 1)];
}

bool Parser::atIdentifier(std::string_view word) const
{
    return at(TokenKind::Identifier) && text(tok()) == word;
}

const Token &Parser::advance()
{
    const Token &t = m_tokens[m_pos];
    if (t.kind == TokenKind::EndOfFile)
        return t;
    ++m_pos;
    switch (t.kind) {
    case TokenKind::Newline:
    case TokenKind::Indent:
    case TokenKind::Dedent:
        return t;
    case TokenKind::LParen:
    case TokenKind::LBracket:
    case TokenKind::LBrace:
        m_openBrackets.push_back(t.begin);
        break;
    case TokenKind::RParen:
    case TokenKind::RBracket:
    case TokenKind::RBrace:
        if (!m_openBrackets.empty())
            m_openBrackets.pop_back();
        break;
    default:
        break;
    }
    m_prevEnd = t.end;
    return t;
}

bool Parser::accept(TokenKind k)
{
    if (!at(k))
        return false;
    advance();
    return true;
}

bool Parser::expect(TokenKind k, std::string_view what)
{
    if (accept(k))
        return true;
    if (what.empty())
        errorExpected("'" + std::string(tokenSpelling(k)) + "'");
    else
        errorExpected(what);
    return false;
}

std::string_view Parser::text(const Token &t) const
{
    const std::uint32_t b = std::min<std::uint32_t>(t.begin, m_text.size());
    const std::uint32_t e = std::clamp<std::uint32_t>(t.end, b, m_text.size());
    return m_text.substr(b, e - b);
}

SourceSpan Parser::spanFrom(std::uint32_t begin) const
{
    return {m_file.id(), begin, std::max(begin, m_prevEnd)};
}

// ---------------------------------------------------------------- diagnostics

Diagnostic *Parser::report(DiagKind kind, SourceSpan span, std::vector<std::string> args)
{
    if (m_panic)
        return nullptr;
    return &m_sink.report(kind, span, std::move(args));
}

std::string Parser::describe(const Token &t) const
{
    auto quoted = [](std::string_view s) {
        if (s.size() > 24)
            return "'" + std::string(s.substr(0, 21)) + "...'";
        return "'" + std::string(s) + "'";
    };
    switch (t.kind) {
    case TokenKind::Identifier:
    case TokenKind::Integer:
    case TokenKind::Float:
    case TokenKind::Imaginary:
        return std::string(tokenSpelling(t.kind)) + " " + quoted(text(t));
    case TokenKind::EndOfFile:
    case TokenKind::Newline:
    case TokenKind::Indent:
    case TokenKind::Dedent:
    case TokenKind::String:
    case TokenKind::FString:
    case TokenKind::Error:
        return std::string(tokenSpelling(t.kind));
    default:
        return "'" + std::string(tokenSpelling(t.kind)) + "'";
    }
}

void Parser::errorExpected(std::string_view what)
{
    if (!lexerExplains())
        report(DiagKind::UnexpectedToken, span(tok()), {std::string(what), describe(tok())});
    m_panic = true;
}

bool Parser::lexerExplains() const
{
    // An Error token was reported by the lexer. So were brackets left open (the lexer closes
    // them at a statement keyword or the end of the file) and closers that match nothing: the
    // parser's complaint about the same mistake would only repeat it.
    if (at(TokenKind::Error))
        return true;
    if (!m_openBrackets.empty() && (at(TokenKind::Newline) || at(TokenKind::EndOfFile)))
        return true;
    auto reported = [this](std::uint32_t offset) {
        return std::find(m_reportedBrackets.begin(), m_reportedBrackets.end(), offset)
               != m_reportedBrackets.end();
    };
    if (reported(tok().begin))
        return true;
    return std::any_of(m_openBrackets.begin(), m_openBrackets.end(), reported);
}

void Parser::errorTooDeep(std::string_view what)
{
    const int limit = m_depth > kMaxDepth ? kMaxDepth : kMaxHeight;
    report(DiagKind::UnsupportedSyntax,
           span(tok()),
           {std::string(what) + " nested too deeply (over " + std::to_string(limit) + " levels)"});
    m_panic = true;
}

ErrorExpr *Parser::errorExpr()
{
    const Token &t = tok();
    return make<ErrorExpr>(span(t));
}

// ---------------------------------------------------------------- recovery

void Parser::skipToLineEnd()
{
    while (!at(TokenKind::Newline) && !at(TokenKind::EndOfFile))
        advance();
    m_openBrackets.clear();
}

void Parser::skipIndentedBlock()
{
    int depth = 0;
    do {
        if (at(TokenKind::Indent))
            ++depth;
        else if (at(TokenKind::Dedent))
            --depth;
        advance();
    } while (depth > 0 && !at(TokenKind::EndOfFile));
}

void Parser::recoverStatement()
{
    skipToLineEnd();
    accept(TokenKind::Newline);
    // A continuation indented under a broken line would otherwise be a second error.
    if (at(TokenKind::Indent))
        skipIndentedBlock();
    m_panic = false;
}

// ---------------------------------------------------------------- statements and blocks

void Parser::parseStatements(StmtList &out, bool untilDedent)
{
    while (!at(TokenKind::EndOfFile)) {
        if (at(TokenKind::Dedent)) {
            if (untilDedent)
                return;
            advance();
            continue;
        }
        if (accept(TokenKind::Newline))
            continue;
        if (at(TokenKind::Indent)) {
            // Report once, then parse the over-indented lines as statements of this block.
            report(DiagKind::UnexpectedIndent, span(peek()));
            DepthGuard guard(*this);
            if (!guard.ok()) {
                errorTooDeep("a block");
                skipIndentedBlock();
                m_panic = false;
                continue;
            }
            advance();
            parseStatements(out, true);
            accept(TokenKind::Dedent);
            continue;
        }
        const std::size_t before = m_pos;
        parseStatement(out);
        if (m_panic)
            recoverStatement();
        if (m_pos == before)
            advance();
    }
}

void Parser::parseStatement(StmtList &out)
{
    if (Stmt *s = parseCompound()) {
        out.push_back(s);
        return;
    }
    parseSimpleStatements(out);
}

bool Parser::finishHeader()
{
    if (!m_panic)
        expect(TokenKind::Colon, "':'");
    if (!m_panic)
        return true;
    skipToLineEnd();
    m_panic = false;
    return false;
}

StmtList Parser::parseBlock(bool headerOk, const Token &header, std::string_view what)
{
    StmtList body;
    if (headerOk && !at(TokenKind::Newline) && !at(TokenKind::EndOfFile)) {
        parseSimpleStatements(body); // one-line body: `if x: return y`
        return body;
    }
    accept(TokenKind::Newline);
    if (!at(TokenKind::Indent)) {
        if (headerOk) {
            std::size_t k = 0;
            while (peek(k).kind == TokenKind::Dedent)
                ++k;
            report(DiagKind::ExpectedIndentedBlock,
                   span(peek(k)),
                   {std::string(what) + " on line " + std::to_string(lineOf(header))});
        }
        return body;
    }
    DepthGuard guard(*this);
    if (!guard.ok()) {
        errorTooDeep("a block");
        skipIndentedBlock();
        m_panic = false;
        return body;
    }
    advance();
    parseStatements(body, true);
    accept(TokenKind::Dedent);
    return body;
}

void Parser::parseSimpleStatements(StmtList &out)
{
    for (;;) {
        const std::uint32_t begin = tok().begin;
        Stmt *s = parseSmallStatement();
        if (m_panic) {
            // Keep statements that still say something (an Assign with an ErrorExpr value
            // defines its target); a broken expression statement becomes an ErrorStmt.
            skipToLineEnd();
            if (!s || isa<ExprStmt>(s))
                s = make<ErrorStmt>(spanFrom(begin));
            out.push_back(s);
            recoverStatement();
            return;
        }
        out.push_back(s);
        if (!accept(TokenKind::Semicolon))
            break;
        if (at(TokenKind::Newline) || at(TokenKind::EndOfFile))
            break;
    }
    if (!at(TokenKind::Newline) && !at(TokenKind::EndOfFile)) {
        errorExpected("newline");
        recoverStatement();
        return;
    }
    accept(TokenKind::Newline);
}

} // namespace tsm::parser
