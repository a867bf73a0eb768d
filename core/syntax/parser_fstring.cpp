// String literals: implicit concatenation, escape decoding into Constant::str, and f-strings
// split into a JoinedStr whose replacement fields are parsed as real expressions. A field's
// text is lexed on its own (wrapped in parentheses, as CPython does) and its tokens are shifted
// to the field's byte offsets in this file, so every span points into the original source.

#include "core/syntax/parser_impl.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace tsm::parser {

using namespace ast;

namespace {

/// Prefix flags and body bounds of one String / FString token.
struct Literal
{
    bool raw = false;
    bool bytes = false;
    std::uint32_t bodyBegin = 0;
    std::uint32_t bodyEnd = 0;
};

Literal splitLiteral(std::string_view text, const Token &t)
{
    Literal lit;
    std::uint32_t i = t.begin;
    for (; i < t.end && std::isalpha(static_cast<unsigned char>(text[i])); ++i) {
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
        lit.raw |= c == 'r';
        lit.bytes |= c == 'b';
    }
    if (i >= t.end) {
        lit.bodyBegin = lit.bodyEnd = t.end;
        return lit;
    }
    const char q = text[i];
    const std::uint32_t quoteLen = t.end - i >= 6 && text[i + 1] == q && text[i + 2] == q ? 3 : 1;
    lit.bodyBegin = i + quoteLen;
    lit.bodyEnd = t.end;
    if (lit.bodyEnd - lit.bodyBegin >= quoteLen
        && text.substr(lit.bodyEnd - quoteLen, quoteLen) == std::string(quoteLen, q))
        lit.bodyEnd -= quoteLen; // unterminated literals (already reported) keep their tail
    return lit;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void appendUtf8(std::string &out, std::uint32_t cp)
{
    if (cp >= 0xD800 && cp <= 0xDFFF)
        cp = 0xFFFD; // a lone surrogate has no UTF-8 form
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

/// Appends text[i] to `out` with CR LF and lone CR read as LF (Python's universal newlines);
/// returns the index after it.
std::uint32_t copyChar(std::string_view text, std::uint32_t i, std::uint32_t end, std::string &out)
{
    if (text[i] == '\r') {
        out += '\n';
        return i + 1 < end && text[i + 1] == '\n' ? i + 2 : i + 1;
    }
    out += text[i];
    return i + 1;
}

/// Decodes the escape sequence starting at the backslash text[i]; returns the index after it.
/// A malformed escape sets `error` and is copied through unchanged.
std::uint32_t decodeEscape(std::string_view text,
                           std::uint32_t i,
                           std::uint32_t end,
                           bool bytes,
                           std::string &out,
                           std::string &error)
{
    if (i + 1 >= end) {
        out += '\\';
        return end;
    }
    const char c = text[i + 1];
    auto hex = [&](int digits, const char *what) -> std::uint32_t {
        std::uint32_t value = 0;
        for (int k = 0; k < digits; ++k) {
            const std::uint32_t at = i + 2 + static_cast<std::uint32_t>(k);
            const int h = at < end ? hexValue(text[at]) : -1;
            if (h < 0) {
                error = std::string("truncated ") + what + " escape";
                out.append(text.substr(i, 2));
                return i + 2;
            }
            value = value * 16 + static_cast<std::uint32_t>(h);
        }
        if (c == 'x' && bytes)
            out += static_cast<char>(value);
        else if (value > 0x10FFFF)
            error = "illegal Unicode character in escape sequence";
        else
            appendUtf8(out, value);
        return i + 2 + static_cast<std::uint32_t>(digits);
    };
    switch (c) {
    case '\n':
        return i + 2; // line continuation inside the literal
    case '\r':
        return i + 2 < end && text[i + 2] == '\n' ? i + 3 : i + 2;
    case '\\':
    case '\'':
    case '"':
        out += c;
        return i + 2;
    case 'a':
        out += '\a';
        return i + 2;
    case 'b':
        out += '\b';
        return i + 2;
    case 'f':
        out += '\f';
        return i + 2;
    case 'n':
        out += '\n';
        return i + 2;
    case 'r':
        out += '\r';
        return i + 2;
    case 't':
        out += '\t';
        return i + 2;
    case 'v':
        out += '\v';
        return i + 2;
    case 'x':
        return hex(2, "\\xXX");
    case 'u':
        if (!bytes)
            return hex(4, "\\uXXXX");
        break;
    case 'U':
        if (!bytes)
            return hex(8, "\\UXXXXXXXX");
        break;
    case 'N':
        if (!bytes) {
            // Named characters are kept as written: there is no Unicode name table here.
            const std::size_t close = text.find('}', i);
            if (i + 2 >= end || text[i + 2] != '{' || close == std::string_view::npos
                || close >= end) {
                error = "malformed \\N character escape";
                out.append(text.substr(i, 2));
                return i + 2;
            }
            out.append(text.substr(i, close + 1 - i));
            return static_cast<std::uint32_t>(close + 1);
        }
        break;
    default:
        if (c >= '0' && c <= '7') {
            std::uint32_t value = 0;
            std::uint32_t k = i + 1;
            for (; k < end && k < i + 4 && text[k] >= '0' && text[k] <= '7'; ++k)
                value = value * 8 + static_cast<std::uint32_t>(text[k] - '0');
            if (bytes)
                out += static_cast<char>(value & 0xFF);
            else
                appendUtf8(out, value);
            return k;
        }
        break;
    }
    out += '\\'; // unknown escapes keep their backslash, as in Python
    return i + 1;
}

std::uint32_t skipQuoted(std::string_view text, std::uint32_t i, std::uint32_t end)
{
    const char q = text[i];
    const bool triple = i + 2 < end && text[i + 1] == q && text[i + 2] == q;
    i += triple ? 3 : 1;
    while (i < end) {
        if (text[i] == '\\') {
            i += 2;
            continue;
        }
        if (text[i] == q && (!triple || (i + 2 < end && text[i + 1] == q && text[i + 2] == q)))
            return i + (triple ? 3 : 1);
        ++i;
    }
    return end;
}

} // namespace

// ---------------------------------------------------------------- plain strings

void Parser::decodeLiteral(
    std::uint32_t begin, std::uint32_t end, bool raw, bool bytes, std::string &out)
{
    std::uint32_t i = begin;
    bool reportedAscii = false;
    while (i < end) {
        const char c = m_text[i];
        if (bytes && static_cast<unsigned char>(c) >= 0x80 && !reportedAscii) {
            report(DiagKind::InvalidStringLiteral,
                   {m_file.id(), i, i + 1},
                   {"bytes can only contain ASCII literal characters"});
            reportedAscii = true;
        }
        if (c != '\\' || raw) {
            i = copyChar(m_text, i, end, out);
            continue;
        }
        std::string error;
        const std::uint32_t next = decodeEscape(m_text, i, end, bytes, out, error);
        if (!error.empty())
            report(DiagKind::InvalidStringLiteral, {m_file.id(), i, next}, {error});
        i = next;
    }
}

Expr *Parser::parseStrings()
{
    const std::uint32_t begin = tok().begin;
    const std::size_t first = m_pos;
    bool anyF = false;
    while (at(TokenKind::String) || at(TokenKind::FString)) {
        anyF |= at(TokenKind::FString);
        advance();
    }
    // A copy: f-string fields are parsed on a token stream of their own.
    const std::vector<Token> toks(m_tokens.begin() + static_cast<std::ptrdiff_t>(first),
                                  m_tokens.begin() + static_cast<std::ptrdiff_t>(m_pos));
    const SourceSpan whole = spanFrom(begin);
    const bool bytes = splitLiteral(m_text, toks.front()).bytes;
    bool mixReported = false;
    auto checkMix = [&](const Literal &lit, const Token &t) {
        if (lit.bytes != bytes && !mixReported) {
            report(DiagKind::InvalidStringLiteral,
                   span(t),
                   {"cannot mix bytes and nonbytes literals"});
            mixReported = true;
        }
    };
    if (!anyF) {
        auto *c = make<Constant>(whole);
        c->constKind = bytes ? ConstantKind::Bytes : ConstantKind::String;
        c->raw = m_file.slice(whole);
        for (const Token &t : toks) {
            const Literal lit = splitLiteral(m_text, t);
            checkMix(lit, t);
            decodeLiteral(lit.bodyBegin, lit.bodyEnd, lit.raw, lit.bytes, c->str);
        }
        return c;
    }
    ExprList parts;
    for (const Token &t : toks) {
        const Literal lit = splitLiteral(m_text, t);
        checkMix(lit, t);
        if (t.kind == TokenKind::FString) {
            parseFStringBody(lit.bodyBegin, lit.bodyEnd, lit.raw, parts);
            continue;
        }
        auto *c = make<Constant>(span(t));
        c->constKind = ConstantKind::String;
        c->raw = text(t);
        decodeLiteral(lit.bodyBegin, lit.bodyEnd, lit.raw, false, c->str);
        parts.push_back(c);
    }
    // Adjacent literal pieces become one Constant; empty ones disappear (as in CPython). The
    // "x=" text of a `{x=}` field (it lies inside the field's braces) stays on its own.
    auto *joined = make<JoinedStr>(whole);
    for (std::size_t i = 0; i < parts.size(); ++i) {
        Expr *p = parts[i];
        auto *c = dynCast<Constant>(p);
        auto *prev = joined->values.empty() ? nullptr : dynCast<Constant>(joined->values.back());
        const bool selfDocText = c && i + 1 < parts.size() && isa<FormattedValue>(parts[i + 1])
                                 && c->span.begin > parts[i + 1]->span.begin;
        if (c && prev && !selfDocText) {
            prev->str += c->str;
            prev->span = SourceSpan::cover(prev->span, c->span);
            prev->raw = m_file.slice(prev->span);
        } else {
            joined->values.push_back(p);
        }
    }
    std::erase_if(joined->values, [](Expr *e) {
        auto *c = dynCast<Constant>(e);
        return c && c->str.empty();
    });
    return joined;
}

// ---------------------------------------------------------------- f-strings

void Parser::parseFStringBody(std::uint32_t begin, std::uint32_t end, bool raw, ExprList &parts)
{
    std::uint32_t litBegin = begin;
    std::string lit;
    auto flush = [&](std::uint32_t upTo) {
        if (upTo > litBegin) {
            auto *c = make<Constant>(SourceSpan{m_file.id(), litBegin, upTo});
            c->constKind = ConstantKind::String;
            c->raw = m_text.substr(litBegin, upTo - litBegin);
            c->str = std::move(lit);
            parts.push_back(c);
        }
        lit.clear();
    };
    std::uint32_t i = begin;
    while (i < end) {
        const char c = m_text[i];
        if (c == '{' || c == '}') {
            if (i + 1 < end && m_text[i + 1] == c) {
                lit += c; // `{{` and `}}`
                i += 2;
                continue;
            }
            if (c == '}') {
                report(DiagKind::InvalidFString,
                       {m_file.id(), i, i + 1},
                       {"single '}' is not allowed"});
                ++i;
                continue;
            }
            flush(i);
            i = parseReplacementField(i, end, raw, parts);
            litBegin = i;
            continue;
        }
        if (c != '\\' || raw) {
            i = copyChar(m_text, i, end, lit);
            continue;
        }
        if (i + 1 < end && (m_text[i + 1] == '{' || m_text[i + 1] == '}')) {
            lit += '\\'; // not an escape: the brace keeps its meaning
            ++i;
            continue;
        }
        std::string error;
        const std::uint32_t next = decodeEscape(m_text, i, end, false, lit, error);
        if (!error.empty())
            report(DiagKind::InvalidStringLiteral, {m_file.id(), i, next}, {error});
        i = next;
    }
    flush(end);
}

std::uint32_t Parser::findFieldEnd(std::uint32_t begin, std::uint32_t end, bool &selfDoc) const
{
    // The expression ends at a top-level '}', '!' (not '!='), ':' or a lone '=' (`{x=}`).
    int depth = 0;
    std::uint32_t j = begin;
    while (j < end) {
        const char c = m_text[j];
        if (c == '\'' || c == '"') {
            j = skipQuoted(m_text, j, end);
            continue;
        }
        if (c == '#') { // a comment, in a multi-line field of a triple-quoted f-string
            while (j < end && m_text[j] != '\n' && m_text[j] != '\r')
                ++j;
            continue;
        }
        if (c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if (c == ')' || c == ']' || c == '}') {
            if (depth == 0 && c == '}')
                return j;
            depth = depth > 0 ? depth - 1 : 0;
        } else if (depth == 0) {
            const char next = j + 1 < end ? m_text[j + 1] : '\0';
            if ((c == '!' || c == '=' || c == '<' || c == '>') && next == '=') {
                j += 2; // != == <= >=
                continue;
            }
            if (c == '!' || c == ':')
                return j;
            if (c == '=') {
                selfDoc = true;
                return j;
            }
        }
        ++j;
    }
    return end;
}

std::uint32_t
Parser::parseReplacementField(std::uint32_t open, std::uint32_t end, bool raw, ExprList &parts)
{
    DepthGuard guard(*this);
    const bool wasPanic = m_panic;
    if (!guard.ok()) {
        errorTooDeep("an f-string");
        m_panic = wasPanic;
        return end;
    }
    bool selfDoc = false;
    const std::uint32_t exprBegin = open + 1;
    std::uint32_t j = findFieldEnd(exprBegin, end, selfDoc);
    if (j >= end) {
        report(DiagKind::InvalidFString, {m_file.id(), open, end}, {"expecting '}'"});
        return end;
    }
    auto *fv = make<FormattedValue>(SourceSpan{m_file.id(), open, j});
    const std::string_view exprText = m_text.substr(exprBegin, j - exprBegin);
    if (exprText.find_first_not_of(" \t\r\n\f") == std::string_view::npos) {
        report(DiagKind::InvalidFString,
               {m_file.id(), open, j + 1},
               {std::string("valid expression required before '") + m_text[j] + "'"});
        fv->value = make<ErrorExpr>(SourceSpan{m_file.id(), exprBegin, j});
    } else {
        fv->value = parseSubExpression(exprBegin, j);
    }
    if (selfDoc) {
        j = skipBlanks(j + 1, end, true);
        parts.push_back(selfDocText(exprBegin, j));
        fv->selfDocumenting = true;
    }
    if (j < end && m_text[j] == '!') {
        const char conv = j + 1 < end ? m_text[j + 1] : '\0';
        if (conv == 'r' || conv == 's' || conv == 'a')
            fv->conversion = conv;
        else
            report(DiagKind::InvalidFString,
                   {m_file.id(), j, std::min(j + 2, end)},
                   {"invalid conversion character: expected 's', 'r', or 'a'"});
        j = skipBlanks(std::min(j + 2, end), end, false);
    }
    if (j < end && m_text[j] == ':') {
        const std::uint32_t specEnd = findSpecEnd(j + 1, end);
        auto *spec = make<JoinedStr>(SourceSpan{m_file.id(), j + 1, specEnd});
        parseFStringBody(j + 1, specEnd, raw, spec->values);
        fv->formatSpec = spec;
        j = specEnd;
    }
    if (j >= end || m_text[j] != '}') {
        report(
            DiagKind::InvalidFString, {m_file.id(), open, std::min(j + 1, end)}, {"expecting '}'"});
        while (j < end && m_text[j] != '}')
            ++j;
    }
    j = std::min(j + 1, end);
    if (selfDoc && !fv->conversion && !fv->formatSpec)
        fv->conversion = 'r';
    fv->span = {m_file.id(), open, j};
    parts.push_back(fv);
    return j;
}

std::uint32_t Parser::skipBlanks(std::uint32_t i, std::uint32_t end, bool comments) const
{
    while (i < end) {
        const char c = m_text[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f') {
            ++i;
        } else if (c == '#' && comments) {
            while (i < end && m_text[i] != '\n' && m_text[i] != '\r')
                ++i;
        } else {
            break;
        }
    }
    return i;
}

Constant *Parser::selfDocText(std::uint32_t begin, std::uint32_t end)
{
    // `{x = }` prints "x = " and then the value's repr (CPython's expansion); a comment after
    // the '=' of a multi-line field is not part of the text.
    auto *doc = make<Constant>(SourceSpan{m_file.id(), begin, end});
    doc->constKind = ConstantKind::String;
    doc->raw = m_text.substr(begin, end - begin);
    const std::size_t eq = doc->raw.rfind('=');
    doc->str = std::string(doc->raw.substr(0, eq + 1));
    for (std::size_t k = eq + 1; k < doc->raw.size(); ++k) {
        if (doc->raw[k] == '#') {
            while (k + 1 < doc->raw.size() && doc->raw[k + 1] != '\n' && doc->raw[k + 1] != '\r')
                ++k;
            continue;
        }
        doc->str += doc->raw[k];
    }
    return doc;
}

std::uint32_t Parser::findSpecEnd(std::uint32_t begin, std::uint32_t end) const
{
    // The spec ends at the '}' of its field; nested fields may hold strings with braces.
    int depth = 0;
    std::uint32_t k = begin;
    while (k < end) {
        const char c = m_text[k];
        if (depth > 0 && (c == '\'' || c == '"')) {
            k = skipQuoted(m_text, k, end);
            continue;
        }
        if (c == '{') {
            ++depth;
        } else if (c == '}') {
            if (depth == 0)
                return k;
            --depth;
        }
        ++k;
    }
    return end;
}

Expr *Parser::parseSubExpression(std::uint32_t begin, std::uint32_t end)
{
    std::string wrapped;
    wrapped.reserve(end - begin + 2);
    wrapped += '(';
    wrapped += m_text.substr(begin, end - begin);
    wrapped += ')';
    const SourceFile sub(m_file.id(), m_file.path(), std::move(wrapped));
    DiagnosticSink subSink;
    LexResult lexed = lex(sub, subSink);
    // Offset 0 of `sub` is the '(' standing in for the field's '{' at begin - 1.
    const std::uint32_t shift = begin - 1;
    auto shiftSpan = [&](SourceSpan &s) {
        s.file = m_file.id();
        s.begin = std::min(s.begin + shift, end + 1);
        s.end = std::min(std::max(s.end + shift, s.begin), end + 1);
    };
    for (Token &t : lexed.tokens) {
        t.begin = std::min(t.begin + shift, end + 1);
        t.end = std::min(std::max(t.end + shift, t.begin), end + 1);
    }
    const std::size_t reportedBefore = m_reportedBrackets.size();
    noteLexerDiagnostics(subSink.diagnostics(), 0);
    for (std::size_t i = reportedBefore; i < m_reportedBrackets.size(); ++i)
        m_reportedBrackets[i] = std::min(m_reportedBrackets[i] + shift, end + 1);
    for (Diagnostic d : subSink.takeDiagnostics()) {
        shiftSpan(d.span);
        for (DiagNote &n : d.notes)
            shiftSpan(n.span);
        if (!m_panic)
            m_sink.add(std::move(d));
    }
    if (lexed.tokens.empty() || lexed.tokens.back().kind != TokenKind::EndOfFile) {
        Token eof;
        eof.begin = eof.end = end + 1;
        lexed.tokens.push_back(eof);
    }

    std::swap(m_tokens, lexed.tokens);
    const std::size_t savedPos = std::exchange(m_pos, 0);
    const std::uint32_t savedPrevEnd = m_prevEnd;
    std::vector<std::uint32_t> savedBrackets = std::exchange(m_openBrackets, {});
    const bool savedPanic = std::exchange(m_panic, false);

    Expr *e = nullptr;
    if (expect(TokenKind::LParen)) {
        e = at(TokenKind::KwYield) ? parseYieldExpr() : parseExprList();
        if (!m_panic && !at(TokenKind::RParen))
            errorExpected("end of the f-string expression");
    }
    if (!e)
        e = make<ErrorExpr>(SourceSpan{m_file.id(), begin, end});

    std::swap(m_tokens, lexed.tokens);
    m_pos = savedPos;
    m_prevEnd = savedPrevEnd;
    m_openBrackets = std::move(savedBrackets);
    m_panic = savedPanic;
    return e;
}

} // namespace tsm::parser
