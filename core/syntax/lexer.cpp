#include "core/syntax/lexer_internal.h"

#include <cstdio>

namespace tsm {

namespace lexer_detail {

// Unicode code points that are certainly not identifier characters: spaces, punctuation,
// quotes, dashes, arrows, math operators and the like, which usually arrive by copy-paste
// (smart quotes, non-breaking spaces). Everything else at or above 0x80 is accepted as an
// identifier character, as the caller guarantees UTF-8 and Python accepts most letters.
bool isNonIdentifierCodePoint(char32_t cp)
{
    struct Range
    {
        char32_t lo, hi;
    };
    static constexpr Range kRanges[] = {
        {0x80, 0xA9},     // C1 controls, no-break space, ¡ ¢ £ ¤ ¥ ¦ § ¨ ©
        {0xAB, 0xB4},     // « ¬ soft hyphen ® ¯ ° ± ² ³ ´
        {0xB6, 0xB6},     // ¶
        {0xB8, 0xB9},     // ¸ ¹
        {0xBB, 0xBF},     // » ¼ ½ ¾ ¿
        {0xD7, 0xD7},     // ×
        {0xF7, 0xF7},     // ÷
        {0x2000, 0x203E}, // spaces, dashes, quotes, bullets (up to the connector ‿)
        {0x2041, 0x2053}, // more general punctuation
        {0x2055, 0x206F}, // more general punctuation, invisible operators
        {0x2190, 0x23FF}, // arrows, mathematical operators, technical symbols
        {0x2500, 0x27BF}, // box drawing, shapes, dingbats
        {0x3000, 0x3003}, // ideographic space and punctuation
        {0xFEFF, 0xFEFF}, // zero width no-break space (a BOM not at the start)
        {0xFF01, 0xFF0F}, // fullwidth punctuation
        {0xFF1A, 0xFF20}, // fullwidth punctuation
        {0xFF3B, 0xFF3E}, // fullwidth brackets
        {0xFF40, 0xFF40}, // fullwidth grave accent
        {0xFF5B, 0xFF65}, // fullwidth brackets and halfwidth punctuation
    };
    for (const Range &r : kRanges) {
        if (cp < r.lo)
            return false;
        if (cp <= r.hi)
            return true;
    }
    return false;
}

std::uint32_t decodeUtf8(const unsigned char *s, std::uint32_t avail, char32_t &cp)
{
    const unsigned char b0 = s[0];
    std::uint32_t len;
    if (b0 < 0x80) {
        cp = b0;
        return 1;
    } else if (b0 >= 0xC2 && b0 < 0xE0) {
        len = 2;
        cp = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 < 0xF0) {
        len = 3;
        cp = b0 & 0x0F;
    } else if (b0 >= 0xF0 && b0 < 0xF5) {
        len = 4;
        cp = b0 & 0x07;
    } else {
        cp = kBadUtf8;
        return 1;
    }
    if (avail < len) {
        cp = kBadUtf8;
        return 1;
    }
    for (std::uint32_t i = 1; i < len; ++i) {
        if ((s[i] & 0xC0) != 0x80) {
            cp = kBadUtf8;
            return 1;
        }
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    return len;
}

namespace {

// Keywords that can only begin a statement: seen at the start of a line inside brackets, they
// mean a bracket was left open (valid code never has them there).
bool isStatementOnlyKeyword(TokenKind k)
{
    switch (k) {
    case TokenKind::KwAssert:
    case TokenKind::KwBreak:
    case TokenKind::KwClass:
    case TokenKind::KwContinue:
    case TokenKind::KwDef:
    case TokenKind::KwDel:
    case TokenKind::KwElif:
    case TokenKind::KwExcept:
    case TokenKind::KwFinally:
    case TokenKind::KwGlobal:
    case TokenKind::KwImport:
    case TokenKind::KwNonlocal:
    case TokenKind::KwPass:
    case TokenKind::KwRaise:
    case TokenKind::KwReturn:
    case TokenKind::KwTry:
    case TokenKind::KwWhile:
    case TokenKind::KwWith:
        return true;
    default:
        return false;
    }
}

// Keywords that begin a compound statement but also appear inside expressions (`[x for x in y
// if x]`, `a if b else c`): they end an unclosed bracket only on a line that looks like a
// statement header.
bool isHeaderKeyword(TokenKind k)
{
    return k == TokenKind::KwIf || k == TokenKind::KwFor || k == TokenKind::KwElse
           || k == TokenKind::KwAsync;
}

} // namespace

LexResult Lexer::run()
{
    m_out.tokens.reserve(m_n / 4 + 16);
    m_indents.push_back({0, 0, true});
    if (m_n >= 3 && m_s[0] == 0xEF && m_s[1] == 0xBB && m_s[2] == 0xBF)
        m_pos = 3;
    while (true) {
        if (m_atLineBegin) {
            m_atLineBegin = false;
            startLine();
        }
        while (m_pos < m_n && kClass[m_s[m_pos]] == CcSpace)
            ++m_pos;
        if (m_pos >= m_n)
            break;
        lexToken();
    }
    finish();
    return std::move(m_out);
}

void Lexer::report(DiagKind kind, SourceSpan span, std::vector<std::string> args)
{
    if (canReport()) {
        ++m_reported;
        m_sink.report(kind, span, std::move(args));
    }
}

// The 1-based line of an offset, by binary search (SourceFile::lineCol also counts columns,
// which costs the length of the line).
std::uint32_t Lexer::lineOf(std::uint32_t offset) const
{
    std::uint32_t lo = 1, hi = m_file.lineCount();
    while (lo < hi) {
        const std::uint32_t mid = lo + (hi - lo + 1) / 2;
        if (m_file.lineStart(mid) <= offset)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void Lexer::push(TokenKind kind, std::uint32_t begin, std::uint32_t end)
{
    if (m_indentPending) {
        m_indentPending = false;
        applyIndentation(m_pendingCol, m_pendingAltcol, m_pendingLineBegin, begin);
    }
    Token t;
    t.kind = kind;
    t.begin = begin;
    t.end = end;
    t.atLineStart = !m_lineHasTokens;
    m_lineHasTokens = true;
    m_out.tokens.push_back(t);
}

void Lexer::pushLayout(TokenKind kind, std::uint32_t begin, std::uint32_t end)
{
    Token t;
    t.kind = kind;
    t.begin = begin;
    t.end = end;
    m_out.tokens.push_back(t);
}

std::uint32_t Lexer::lineEnd(std::uint32_t p) const
{
    while (p < m_n && !isNewlineChar(m_s[p]))
        ++p;
    return p;
}

// Skips one line terminator ("\n", "\r\n" or "\r") at p.
std::uint32_t Lexer::skipNewline(std::uint32_t p) const
{
    if (at(p) == '\r' && at(p + 1) == '\n')
        return p + 2;
    return p + 1;
}

// ---- layout ----

// Measures the indentation of a physical line the way CPython does (tabs to multiples of 8 for
// `col`, to 1 for `altcol`; a form feed resets both; a backslash continuation inside the
// indentation fixes the column at the first backslash). The Indent/Dedent tokens follow when
// the line's first token is pushed, so a line that turns out to hold none changes nothing.
void Lexer::startLine()
{
    const std::uint32_t lineBegin = m_pos;
    std::uint32_t col = 0, altcol = 0;
    std::uint32_t contCol = 0, contAlt = 0;
    bool sawContinuation = false;
    std::uint32_t p = m_pos;
    for (; p < m_n; ++p) {
        const unsigned char c = m_s[p];
        if (c == ' ') {
            ++col;
            ++altcol;
        } else if (c == '\t') {
            col = (col / 8 + 1) * 8;
            ++altcol;
        } else if (c == '\f') {
            col = altcol = 0;
        } else if (c == '\\' && isNewlineChar(at(p + 1))) {
            if (!sawContinuation) {
                sawContinuation = true;
                contCol = col;
                contAlt = altcol;
            }
            p = skipNewline(p + 1) - 1;
        } else {
            break;
        }
    }
    m_pos = p;
    // Blank and comment-only lines do not affect indentation.
    if (p >= m_n || m_s[p] == '#' || isNewlineChar(m_s[p]))
        return;
    if (sawContinuation) {
        col = contCol;
        altcol = contAlt;
    }
    if (!m_brackets.empty()) {
        if (!startsStatement(p, col))
            return;
        closeBracketsForStatement(lineBegin);
    }
    m_indentPending = true;
    m_pendingCol = col;
    m_pendingAltcol = altcol;
    m_pendingLineBegin = lineBegin;
}

void Lexer::applyIndentation(std::uint32_t col,
                             std::uint32_t altcol,
                             std::uint32_t lineBegin,
                             std::uint32_t tokenPos)
{
    const SourceSpan ws = span(lineBegin, tokenPos);
    const IndentLevel top = m_indents.back();
    if (col == top.col) {
        if (altcol != top.altcol)
            report(DiagKind::InconsistentTabs, ws);
        return;
    }
    if (col > top.col) {
        if (altcol <= top.altcol)
            report(DiagKind::InconsistentTabs, ws);
        m_indents.push_back({col, altcol, true});
        pushLayout(TokenKind::Indent, lineBegin, tokenPos);
        return;
    }
    while (m_indents.size() > 1 && col < m_indents.back().col) {
        if (m_indents.back().real)
            pushLayout(TokenKind::Dedent, tokenPos, tokenPos);
        m_indents.pop_back();
    }
    if (col != m_indents.back().col) {
        // Recover by treating this column as a level of the enclosing block: the parser sees
        // no extra Indent, and leaving the level later emits no Dedent.
        report(DiagKind::InconsistentDedent, ws);
        m_indents.push_back({col, altcol, false});
    } else if (altcol != m_indents.back().altcol) {
        report(DiagKind::InconsistentTabs, ws);
    }
}

// Whether a line inside brackets, indented to `col` with its first character at p, must be a
// new statement: valid code never has a statement-only keyword inside brackets, and a header
// keyword counts when the line ends with ':' at or left of the statement that opened them.
bool Lexer::startsStatement(std::uint32_t p, std::uint32_t col) const
{
    if (kClass[m_s[p]] != CcIdentStart)
        return false;
    const std::uint32_t wordEnd = scanIdentifier(p);
    const TokenKind kw
        = keywordKind(std::string_view(reinterpret_cast<const char *>(m_s) + p, wordEnd - p));
    if (isStatementOnlyKeyword(kw))
        return true;
    if (!isHeaderKeyword(kw) || col > m_bracketLineIndent)
        return false;
    // The code part of the line ends with ':' (a '#' inside a string may cut it short; this
    // is only a recovery heuristic).
    std::uint32_t end = wordEnd;
    while (end < m_n && !isNewlineChar(m_s[end]) && m_s[end] != '#')
        ++end;
    while (end > wordEnd && kClass[m_s[end - 1]] == CcSpace)
        --end;
    return m_s[end - 1] == ':';
}

// A statement starts a line inside brackets: report the open brackets and end the
// logical line, so that one missing ')' does not swallow the rest of the file.
void Lexer::closeBracketsForStatement(std::uint32_t lineBegin)
{
    for (std::size_t i = 0; i < m_brackets.size() && canReport(); ++i) {
        const OpenBracket &b = m_brackets[i];
        report(DiagKind::UnclosedBracket, span(b.offset, b.offset + 1), {std::string(1, b.ch)});
    }
    m_brackets.clear();
    m_openCount = {};
    if (m_lineHasTokens) {
        pushLayout(TokenKind::Newline, lineBegin, lineBegin);
        m_lineHasTokens = false;
    }
}

void Lexer::finish()
{
    m_indentPending = false;
    for (std::size_t i = 0; i < m_brackets.size() && canReport(); ++i) {
        const OpenBracket &b = m_brackets[i];
        report(DiagKind::UnclosedBracket, span(b.offset, b.offset + 1), {std::string(1, b.ch)});
    }
    m_brackets.clear();
    if (m_lineHasTokens)
        pushLayout(TokenKind::Newline, m_n, m_n);
    for (std::size_t i = 1; i < m_indents.size(); ++i) {
        if (m_indents[i].real)
            pushLayout(TokenKind::Dedent, m_n, m_n);
    }
    pushLayout(TokenKind::EndOfFile, m_n, m_n);
}

// ---- tokens ----

void Lexer::lexToken()
{
    const unsigned char c = m_s[m_pos];
    switch (kClass[c]) {
    case CcNewline: {
        const std::uint32_t begin = m_pos;
        m_indentPending = false;
        m_pos = skipNewline(m_pos);
        if (m_brackets.empty() && m_lineHasTokens) {
            pushLayout(TokenKind::Newline, begin, m_pos);
            m_lineHasTokens = false;
        }
        m_atLineBegin = true;
        return;
    }
    case CcIdentStart:
        lexWord();
        return;
    case CcDigit:
        lexNumber();
        return;
    case CcQuote:
        lexString(m_pos, m_pos, {true, false, false});
        return;
    case CcNonAscii:
        if (invalidCharLength(m_pos) == 0)
            lexWord();
        else
            lexInvalidRun();
        return;
    case CcPunct:
        if (c == '#') {
            const std::uint32_t end = lineEnd(m_pos);
            m_out.comments.push_back(span(m_pos, end));
            m_pos = end;
        } else if (c == '\\') {
            lexBackslash();
        } else if (c == '.' && isDigit(at(m_pos + 1))) {
            lexNumber();
        } else if (c == '!' && at(m_pos + 1) != '=') {
            lexInvalidRun();
        } else {
            lexOperator();
        }
        return;
    case CcSpace: // skipped by the caller
    case CcInvalid:
        lexInvalidRun();
        return;
    }
}

std::uint32_t Lexer::scanIdentifier(std::uint32_t p) const
{
    while (p < m_n) {
        const unsigned char c = m_s[p];
        if (isAsciiIdentChar(c)) {
            ++p;
        } else if (c >= 0x80) {
            char32_t cp;
            const std::uint32_t len = decodeUtf8(m_s + p, m_n - p, cp);
            if (isNonIdentifierCodePoint(cp))
                break;
            p += len;
        } else {
            break;
        }
    }
    return p;
}

void Lexer::lexWord()
{
    const std::uint32_t begin = m_pos;
    const std::uint32_t end = scanIdentifier(begin);
    const auto word = std::string_view(reinterpret_cast<const char *>(m_s) + begin, end - begin);
    if (end - begin <= 2 && kClass[at(end)] == CcQuote) {
        const StringPrefix prefix = parseStringPrefix(word);
        if (prefix.valid) {
            lexString(begin, end, prefix);
            return;
        }
    }
    // Keywords are 2..8 ASCII bytes starting with a lowercase letter or F/N/T.
    TokenKind kind = TokenKind::Identifier;
    const unsigned char c0 = m_s[begin];
    if (word.size() >= 2 && word.size() <= 8
        && ((c0 >= 'a' && c0 <= 'y') || c0 == 'F' || c0 == 'N' || c0 == 'T'))
        kind = keywordKind(word);
    m_pos = end;
    push(kind, begin, end);
}

// A backslash joins the next physical line to this logical line when a line end follows it.
// One diagnostic for a run of backslashes that cannot do so.
void Lexer::lexBackslash()
{
    const std::uint32_t begin = m_pos;
    std::uint32_t last = begin;
    while (at(last + 1) == '\\')
        ++last;
    const bool joins = isNewlineChar(at(last + 1));
    const bool atEnd = last + 1 >= m_n;
    const std::uint32_t strayEnd = joins || atEnd ? last : last + 1;
    if (strayEnd > begin)
        report(DiagKind::StrayBackslash, span(begin, strayEnd));
    m_pos = joins ? skipNewline(last + 1) : last + 1;
    if (m_pos >= m_n && (joins || atEnd))
        report(DiagKind::ContinuationAtEndOfFile, span(last, last + 1));
}

// Bytes that cannot start a token; 0 if the character at p is valid (or not there).
std::uint32_t Lexer::invalidCharLength(std::uint32_t p) const
{
    if (p >= m_n)
        return 0;
    const unsigned char c = m_s[p];
    if (c < 0x80) {
        if (kClass[c] == CcInvalid)
            return 1;
        return c == '!' && at(p + 1) != '=' ? 1 : 0;
    }
    char32_t cp;
    const std::uint32_t len = decodeUtf8(m_s + p, m_n - p, cp);
    return isNonIdentifierCodePoint(cp) ? len : 0;
}

// `'$'` for a printable character, `U+0007` for an invisible one, `'“' (U+201C)` otherwise.
std::string Lexer::describeChar(std::uint32_t p) const
{
    char32_t cp;
    const std::uint32_t len = decodeUtf8(m_s + p, m_n - p, cp);
    char hex[16];
    std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(cp));
    const bool invisible = cp <= 0x20 || (cp >= 0x7F && cp <= 0xA0) || cp == 0xAD
                           || (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F)
                           || (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0xFEFF;
    if (invisible)
        return hex;
    const std::string glyph = "'" + std::string(reinterpret_cast<const char *>(m_s) + p, len) + "'";
    return cp < 0x80 ? glyph : glyph + " (" + hex + ")";
}

// One diagnostic and one Error token for a run of characters that cannot start a token.
void Lexer::lexInvalidRun()
{
    const std::uint32_t begin = m_pos;
    std::uint32_t p = begin;
    while (const std::uint32_t len = invalidCharLength(p))
        p += len;
    if (p == begin) // defensive: always make progress
        p = begin + 1;
    if (canReport())
        report(DiagKind::InvalidCharacter, span(begin, p), {describeChar(begin)});
    push(TokenKind::Error, begin, p);
    m_pos = p;
}

// The text of [begin, end) for a message, shortened at a character boundary.
std::string Lexer::excerpt(std::uint32_t begin, std::uint32_t end) const
{
    constexpr std::uint32_t kMax = 40;
    if (end - begin <= kMax)
        return std::string(reinterpret_cast<const char *>(m_s) + begin, end - begin);
    std::uint32_t cut = begin + kMax;
    while (cut > begin && (m_s[cut] & 0xC0) == 0x80)
        --cut;
    return std::string(reinterpret_cast<const char *>(m_s) + begin, cut - begin) + "...";
}

// ---- brackets and operators ----

namespace {
std::size_t bracketIndex(char open)
{
    return open == '(' ? 0 : open == '[' ? 1 : 2;
}
} // namespace

void Lexer::openBracket(TokenKind kind)
{
    const char ch = static_cast<char>(m_s[m_pos]);
    if (m_brackets.empty())
        m_bracketLineIndent = m_indents.back().col;
    m_brackets.push_back({ch, m_pos});
    ++m_openCount[bracketIndex(ch)];
    push(kind, m_pos, m_pos + 1);
    ++m_pos;
}

void Lexer::popBracket()
{
    --m_openCount[bracketIndex(m_brackets.back().ch)];
    m_brackets.pop_back();
}

void Lexer::closeBracket(TokenKind kind)
{
    const std::uint32_t p = m_pos;
    const char close = static_cast<char>(m_s[p]);
    const char open = close == ')' ? '(' : close == ']' ? '[' : '{';
    push(kind, p, p + 1);
    ++m_pos;
    if (m_brackets.empty()) {
        if (canReport())
            report(DiagKind::UnmatchedBracket, span(p, p + 1), {std::string(1, close)});
        return;
    }
    const OpenBracket top = m_brackets.back();
    if (top.ch == open) {
        popBracket();
        return;
    }
    if (canReport()) {
        const std::uint32_t openLine = lineOf(top.offset);
        const std::string where
            = openLine == lineOf(p) ? std::string() : " on line " + std::to_string(openLine);
        report(DiagKind::MismatchedBracket,
               span(p, p + 1),
               {std::string(1, close), std::string(1, top.ch), where});
    }
    // Recover: close through a matching opener further out if there is one (the inner ones
    // were left open), else treat this as the closer of the innermost one (a typo). Each
    // bracket is popped once, so this stays linear.
    if (m_openCount[bracketIndex(open)] == 0) {
        popBracket();
        return;
    }
    while (m_brackets.back().ch != open)
        popBracket();
    popBracket();
}

void Lexer::lexOperator()
{
    using K = TokenKind;
    const std::uint32_t p = m_pos;
    const unsigned char c = m_s[p];
    const unsigned char c1 = at(p + 1);
    const unsigned char c2 = at(p + 2);
    K kind = K::Error;
    std::uint32_t len = 1;
    // `op`, `op=`; for doubled operators also `opop` and `opop=`.
    auto withEq = [&](K plain, K eq) {
        if (c1 == '=') {
            kind = eq;
            len = 2;
        } else {
            kind = plain;
        }
    };
    auto doubled = [&](K plain, K eq, K twice, K twiceEq) {
        if (c1 == c) {
            kind = c2 == '=' ? twiceEq : twice;
            len = c2 == '=' ? 3 : 2;
        } else {
            withEq(plain, eq);
        }
    };
    switch (c) {
    case '(':
        return openBracket(K::LParen);
    case '[':
        return openBracket(K::LBracket);
    case '{':
        return openBracket(K::LBrace);
    case ')':
        return closeBracket(K::RParen);
    case ']':
        return closeBracket(K::RBracket);
    case '}':
        return closeBracket(K::RBrace);
    case ',':
        kind = K::Comma;
        break;
    case ';':
        kind = K::Semicolon;
        break;
    case '~':
        kind = K::Tilde;
        break;
    case ':':
        withEq(K::Colon, K::ColonEqual);
        break;
    case '.':
        if (c1 == '.' && c2 == '.') {
            kind = K::Ellipsis;
            len = 3;
        } else {
            kind = K::Dot;
        }
        break;
    case '-':
        if (c1 == '>') {
            kind = K::Arrow;
            len = 2;
        } else {
            withEq(K::Minus, K::MinusEqual);
        }
        break;
    case '+':
        withEq(K::Plus, K::PlusEqual);
        break;
    case '%':
        withEq(K::Percent, K::PercentEqual);
        break;
    case '@':
        withEq(K::At, K::AtEqual);
        break;
    case '&':
        withEq(K::Amper, K::AmperEqual);
        break;
    case '|':
        withEq(K::Pipe, K::PipeEqual);
        break;
    case '^':
        withEq(K::Caret, K::CaretEqual);
        break;
    case '=':
        withEq(K::Equal, K::EqEqual);
        break;
    case '!': // only reached for "!="
        kind = K::NotEqual;
        len = 2;
        break;
    case '*':
        doubled(K::Star, K::StarEqual, K::DoubleStar, K::DoubleStarEqual);
        break;
    case '/':
        doubled(K::Slash, K::SlashEqual, K::DoubleSlash, K::DoubleSlashEqual);
        break;
    case '<':
        doubled(K::Less, K::LessEqual, K::LeftShift, K::LeftShiftEqual);
        break;
    case '>':
        doubled(K::Greater, K::GreaterEqual, K::RightShift, K::RightShiftEqual);
        break;
    default:
        return lexInvalidRun();
    }
    push(kind, p, p + len);
    m_pos = p + len;
}

} // namespace lexer_detail

LexResult lex(const SourceFile &file, DiagnosticSink &sink)
{
    return lexer_detail::Lexer(file, sink).run();
}

} // namespace tsm
