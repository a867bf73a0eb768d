#include "core/syntax/lexer_internal.h"

namespace tsm::lexer_detail {

StringPrefix parseStringPrefix(std::string_view word)
{
    StringPrefix p;
    if (word.empty() || word.size() > 2)
        return p;
    int r = 0, u = 0, b = 0, f = 0;
    for (char c : word) {
        switch (c | 0x20) {
        case 'r':
            ++r;
            break;
        case 'u':
            ++u;
            break;
        case 'b':
            ++b;
            break;
        case 'f':
            ++f;
            break;
        default:
            return p;
        }
    }
    if (r > 1 || u > 1 || b > 1 || f > 1 || (u && word.size() > 1) || (b && f))
        return p;
    p.valid = true;
    p.raw = r > 0;
    p.format = f > 0;
    return p;
}

// ---- numbers ----

// digit ("_"? digit)*, starting at a digit. A '_' not followed by a digit makes it invalid.
std::uint32_t Lexer::scanDigitPart(std::uint32_t p, bool &ok) const
{
    ++p;
    while (p < m_n) {
        if (isDigit(m_s[p])) {
            ++p;
        } else if (m_s[p] == '_') {
            if (!isDigit(at(p + 1))) {
                ok = false;
                return p + 1;
            }
            p += 2;
        } else {
            break;
        }
    }
    return p;
}

// ("_"? digit)+ in base 16, 8 or 2, after the "0x" / "0o" / "0b".
std::uint32_t Lexer::scanRadixDigits(std::uint32_t p, unsigned char radix, bool &ok) const
{
    auto isRadixDigit = [radix](unsigned char c) {
        if (radix == 'x')
            return isHexDigit(c);
        if (radix == 'o')
            return c >= '0' && c <= '7';
        return c == '0' || c == '1';
    };
    std::uint32_t count = 0;
    while (true) {
        std::uint32_t q = p;
        if (at(q) == '_')
            ++q;
        if (q < m_n && isRadixDigit(m_s[q])) {
            p = q + 1;
            ++count;
        } else {
            if (q != p) {
                p = q;
                ok = false;
            }
            break;
        }
    }
    if (count == 0)
        ok = false;
    return p;
}

// Decimal integers, floats (point and exponent forms) and imaginary literals.
std::uint32_t Lexer::scanDecimal(std::uint32_t p, TokenKind &kind, bool &ok) const
{
    const std::uint32_t begin = p;
    bool isFloat = false;
    if (m_s[p] != '.')
        p = scanDigitPart(p, ok);
    const std::uint32_t intEnd = p;
    if (at(p) == '.') {
        isFloat = true;
        ++p;
        if (isDigit(at(p)))
            p = scanDigitPart(p, ok);
    }
    if ((at(p) | 0x20) == 'e') {
        std::uint32_t q = p + 1;
        if (at(q) == '+' || at(q) == '-')
            ++q;
        if (isDigit(at(q))) {
            p = scanDigitPart(q, ok);
            isFloat = true;
        } else if (q != p + 1) {
            p = q; // "1e+" with no digits
            ok = false;
        }
        // A bare 'e' is not part of the number: `1else` is `1 else`.
    }
    if ((at(p) | 0x20) == 'j') {
        ++p;
        kind = TokenKind::Imaginary;
    } else {
        kind = isFloat ? TokenKind::Float : TokenKind::Integer;
    }
    if (kind == TokenKind::Integer && m_s[begin] == '0') {
        // Leading zeros are not permitted in decimal integers ("0_0" is fine, "07" is not).
        for (std::uint32_t i = begin; i < intEnd; ++i) {
            if (m_s[i] != '0' && m_s[i] != '_') {
                ok = false;
                break;
            }
        }
    }
    return p;
}

// CPython lets a keyword follow a number directly (`1if x else 2`, `0x1for`); any other
// identifier character makes the literal invalid.
bool Lexer::keywordFollowsNumber(std::uint32_t p) const
{
    const auto rest = std::string_view(reinterpret_cast<const char *>(m_s) + p,
                                       std::min<std::uint32_t>(m_n - p, 4));
    for (std::string_view kw : {"and", "else", "for", "if", "in", "is", "not", "or"}) {
        if (rest.starts_with(kw))
            return true;
    }
    return false;
}

void Lexer::lexNumber()
{
    const std::uint32_t begin = m_pos;
    bool ok = true;
    TokenKind kind = TokenKind::Integer;
    const unsigned char radix = at(begin + 1) | 0x20;
    std::uint32_t p;
    if (m_s[begin] == '0' && (radix == 'x' || radix == 'o' || radix == 'b'))
        p = scanRadixDigits(begin + 2, radix, ok);
    else
        p = scanDecimal(begin, kind, ok);
    const bool identFollows
        = p < m_n && (isAsciiIdentChar(m_s[p]) || (m_s[p] >= 0x80 && invalidCharLength(p) == 0));
    if (identFollows && (!ok || !keywordFollowsNumber(p))) {
        ok = false;
        p = scanIdentifier(p);
    }
    m_pos = p;
    if (!ok) {
        if (canReport())
            report(DiagKind::InvalidNumber, span(begin, p), {excerpt(begin, p)});
        kind = TokenKind::Error;
    }
    push(kind, begin, p);
}

// ---- strings ----

void Lexer::lexString(std::uint32_t begin, std::uint32_t quote, StringPrefix prefix)
{
    const unsigned char q = m_s[quote];
    const bool triple = at(quote + 1) == q && at(quote + 2) == q;
    m_fieldLineBreaks = 0;
    Scan s = scanString(quote, prefix, 0);
    // A single-quoted literal that failed ends on its own line, even if a replacement field
    // looked ahead past it: lexing resumes on the next line.
    if (s.status == ScanStatus::Failed && !triple)
        s.end = std::min(s.end, lineEnd(quote));
    m_pos = s.end;
    if (s.status != ScanStatus::Failed) {
        push(prefix.format ? TokenKind::FString : TokenKind::String, begin, s.end);
        return;
    }
    const std::uint32_t openEnd = quote + (triple ? 3 : 1);
    const DiagKind kind = triple && s.end >= m_n ? DiagKind::UnterminatedTripleQuotedString
                                                 : DiagKind::UnterminatedString;
    report(kind, span(begin, openEnd));
    push(TokenKind::Error, begin, s.end);
}

Scan Lexer::scanString(std::uint32_t quote, StringPrefix prefix, int depth)
{
    const unsigned char q = m_s[quote];
    const bool triple = at(quote + 1) == q && at(quote + 2) == q;
    return scanStringBody(quote + (triple ? 3 : 1), q, triple, prefix, depth);
}

bool Lexer::closesString(std::uint32_t p, unsigned char q, bool triple) const
{
    return m_s[p] == q && (!triple || (at(p + 1) == q && at(p + 2) == q));
}

// p is at a backslash inside a string; returns where the escape ends. Escapes never end a
// string (in raw strings too, `\"` keeps the quote). In f-strings a backslash does not escape
// a brace, and `\N{NAME}` is not a replacement field.
std::uint32_t Lexer::skipEscape(std::uint32_t p, unsigned char q, StringPrefix prefix) const
{
    const unsigned char next = at(p + 1);
    if (p + 1 >= m_n || (prefix.format && (next == '{' || next == '}')))
        return p + 1;
    if (prefix.format && !prefix.raw && next == 'N' && at(p + 2) == '{') {
        p += 3;
        while (p < m_n && m_s[p] != '}' && m_s[p] != q && !isNewlineChar(m_s[p]))
            ++p;
        return at(p) == '}' ? p + 1 : p;
    }
    if (next == '\r' && at(p + 2) == '\n')
        return p + 3;
    return p + 2;
}

// The text of a literal after its opening quote(s), up to and including the closing ones.
Scan Lexer::scanStringBody(
    std::uint32_t p, unsigned char q, bool triple, StringPrefix prefix, int depth)
{
    while (p < m_n) {
        const unsigned char c = m_s[p];
        if (c == q && closesString(p, q, triple))
            return {p + (triple ? 3u : 1u), ScanStatus::Closed};
        if (c == '\\') {
            p = skipEscape(p, q, prefix);
        } else if (isNewlineChar(c)) {
            if (!triple)
                return {p, ScanStatus::Failed};
            ++p;
        } else if (c == '{' && prefix.format) {
            if (at(p + 1) == '{') {
                p += 2;
                continue;
            }
            const Scan field = scanField(p + 1, q, triple, depth + 1);
            if (field.status == ScanStatus::Failed)
                return field;
            if (field.status == ScanStatus::StringEnd)
                return {field.end, ScanStatus::Closed};
            p = field.end;
        } else {
            ++p;
        }
    }
    return {m_n, ScanStatus::Failed};
}

// A replacement field `{expr!conv:spec}` of an f-string, from after its '{' to after its '}'.
// As in Python 3.12 the expression may contain strings with any quotes (scanned recursively),
// brackets, comments and line breaks (at most kMaxFieldLineBreaks per single-quoted f-string,
// which keeps a missing '}' from making the lexer scan far ahead).
Scan Lexer::scanField(std::uint32_t p, unsigned char q, bool triple, int depth)
{
    // Too deep: give up on the rest of the line, so the lexer resumes on the next one.
    if (depth > kMaxStringNesting)
        return {lineEnd(p), ScanStatus::Failed};
    int brackets = 0;
    while (p < m_n) {
        const unsigned char c = m_s[p];
        switch (c) {
        case '\n':
        case '\r':
            if (!triple && ++m_fieldLineBreaks > kMaxFieldLineBreaks)
                return {p, ScanStatus::Failed};
            ++p;
            break;
        case '#':
            p = lineEnd(p);
            break;
        case '\'':
        case '"': {
            const Scan s = scanString(p, {true, false, false}, depth + 1);
            if (s.status == ScanStatus::Failed)
                return s;
            p = s.end;
            break;
        }
        case '(':
        case '[':
        case '{':
            ++brackets;
            ++p;
            break;
        case ')':
        case ']':
            brackets -= brackets > 0;
            ++p;
            break;
        case '}':
            if (brackets == 0)
                return {p + 1, ScanStatus::Closed};
            --brackets;
            ++p;
            break;
        case ':':
            if (brackets == 0)
                return scanFormatSpec(p + 1, q, triple, depth);
            ++p;
            break;
        case '\\':
            p = isNewlineChar(at(p + 1)) ? skipNewline(p + 1) : p + 1;
            break;
        default:
            if (kClass[c] == CcIdentStart) {
                const std::uint32_t w = scanIdentifier(p);
                const StringPrefix prefix = parseStringPrefix(
                    std::string_view(reinterpret_cast<const char *>(m_s) + p, w - p));
                if (!prefix.valid || kClass[at(w)] != CcQuote) {
                    p = w;
                    break;
                }
                const Scan s = scanString(w, prefix, depth + 1);
                if (s.status == ScanStatus::Failed)
                    return s;
                p = s.end;
                break;
            }
            ++p;
        }
    }
    return {m_n, ScanStatus::Failed};
}

// The format spec after a field's top-level ':': literal text with nested fields, up to the
// field's '}'. The enclosing f-string's closing quote ends the whole literal here.
Scan Lexer::scanFormatSpec(std::uint32_t p, unsigned char q, bool triple, int depth)
{
    while (p < m_n) {
        const unsigned char c = m_s[p];
        if (c == q && closesString(p, q, triple))
            return {p + (triple ? 3u : 1u), ScanStatus::StringEnd};
        if (c == '{') {
            const Scan field = scanField(p + 1, q, triple, depth + 1);
            if (field.status != ScanStatus::Closed)
                return field;
            p = field.end;
        } else if (c == '}') {
            return {p + 1, ScanStatus::Closed};
        } else if (isNewlineChar(c)) {
            if (!triple)
                return {p, ScanStatus::Failed};
            ++p;
        } else if (c == '\\') {
            p = skipEscape(p, q, {true, false, true});
        } else {
            ++p;
        }
    }
    return {m_n, ScanStatus::Failed};
}

} // namespace tsm::lexer_detail
