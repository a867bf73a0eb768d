#pragma once
// Internals of the lexer (lexer.cpp: layout, names, operators; lexer_literals.cpp: numbers and
// strings). Not part of the public API: include core/syntax/lexer.h.

#include "core/syntax/lexer.h"

#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <string_view>

namespace tsm::lexer_detail {

// ---- characters ----

enum CharClass : std::uint8_t {
    CcInvalid,    // cannot start a token
    CcSpace,      // ' ', '\t', '\f'
    CcNewline,    // '\n', '\r'
    CcIdentStart, // ASCII letter, '_'
    CcDigit,      // 0-9
    CcQuote,      // ' "
    CcPunct,      // operators, brackets, '#', '\\', '!', '.'
    CcNonAscii,   // >= 0x80: identifier or invalid, decided by decoding
};

constexpr std::array<CharClass, 256> makeClassTable()
{
    std::array<CharClass, 256> t{};
    for (int c = 0; c < 256; ++c)
        t[c] = c >= 0x80 ? CcNonAscii : CcInvalid;
    t[' '] = t['\t'] = t['\f'] = CcSpace;
    t['\n'] = t['\r'] = CcNewline;
    for (int c = 'a'; c <= 'z'; ++c)
        t[c] = CcIdentStart;
    for (int c = 'A'; c <= 'Z'; ++c)
        t[c] = CcIdentStart;
    t['_'] = CcIdentStart;
    for (int c = '0'; c <= '9'; ++c)
        t[c] = CcDigit;
    t['\''] = t['"'] = CcQuote;
    for (char c : std::string_view("()[]{}:,;.-+*/%@&|^~<>=!#\\"))
        t[static_cast<unsigned char>(c)] = CcPunct;
    return t;
}

inline constexpr std::array<CharClass, 256> kClass = makeClassTable();

inline bool isAsciiIdentChar(unsigned char c)
{
    return kClass[c] == CcIdentStart || kClass[c] == CcDigit;
}
inline bool isDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}
inline bool isNewlineChar(unsigned char c)
{
    return c == '\n' || c == '\r';
}
inline bool isHexDigit(unsigned char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/// True for code points at or above 0x80 that cannot be part of a name (punctuation, spaces,
/// symbols); every other code point, and every invalid UTF-8 byte, counts as a letter.
bool isNonIdentifierCodePoint(char32_t cp);

/// The code point of an invalid UTF-8 byte.
constexpr char32_t kBadUtf8 = 0x110000;

/// Decodes the UTF-8 sequence at s[0..avail) into `cp`; returns its length. An invalid byte
/// decodes as kBadUtf8 with length 1.
std::uint32_t decodeUtf8(const unsigned char *s, std::uint32_t avail, char32_t &cp);

// Past this many diagnostics the lexer stops reporting (and keeps lexing): a hostile file of a
// million '(' must not cost a million diagnostics.
constexpr std::size_t kMaxDiagnostics = 1000;

// Python's nesting limit for f-strings; also bounds our recursion on hostile input.
constexpr int kMaxStringNesting = 150;

// Line breaks allowed inside the replacement fields of one single-quoted f-string (Python 3.12
// allows any number). The bound keeps a missing '}' from making the lexer scan far ahead.
constexpr std::uint32_t kMaxFieldLineBreaks = 32;

// String prefix letters (any case): r u b f and the combinations br rb fr rf.
struct StringPrefix
{
    bool valid = false;
    bool raw = false;
    bool format = false;
};

/// The prefix of a string literal (`word` directly before a quote), or !valid.
StringPrefix parseStringPrefix(std::string_view word);

// How a scan of (part of) a string literal ended.
enum class ScanStatus {
    Closed,    // the literal (or replacement field) was closed normally
    StringEnd, // a format spec ran into the enclosing f-string's closing quote
    Failed,    // end of line (single-quoted) or file, or nesting too deep
};

/// Where a scan stopped and why.
struct Scan
{
    std::uint32_t end;
    ScanStatus status;
};

struct IndentLevel
{
    std::uint32_t col;
    std::uint32_t altcol;
    bool real; // false: pushed by error recovery, without an Indent token
};

struct OpenBracket
{
    char ch;
    std::uint32_t offset;
};

/// One pass over one file. Positions are byte offsets; every read is bounds-checked against
/// m_n, and every loop advances, so any input is lexed in linear time.
class Lexer
{
public:
    Lexer(const SourceFile &file, DiagnosticSink &sink)
        : m_file(file)
        , m_sink(sink)
        , m_s(reinterpret_cast<const unsigned char *>(file.text().data()))
        , m_n(static_cast<std::uint32_t>(
              std::min<std::size_t>(file.text().size(), std::numeric_limits<std::uint32_t>::max())))
    {
    }

    LexResult run();

private:
    // layout
    void startLine();
    void applyIndentation(std::uint32_t col,
                          std::uint32_t altcol,
                          std::uint32_t lineBegin,
                          std::uint32_t tokenPos);
    bool startsStatement(std::uint32_t p, std::uint32_t col) const;
    void closeBracketsForStatement(std::uint32_t lineBegin);
    void finish();
    std::uint32_t lineEnd(std::uint32_t p) const;
    std::uint32_t skipNewline(std::uint32_t p) const;

    // names, operators, invalid characters
    void lexToken();
    void lexWord();
    void lexBackslash();
    void lexInvalidRun();
    void lexOperator();
    void openBracket(TokenKind kind);
    void closeBracket(TokenKind kind);
    void popBracket();

    // numbers
    void lexNumber();
    std::uint32_t scanDigitPart(std::uint32_t p, bool &ok) const;
    std::uint32_t scanRadixDigits(std::uint32_t p, unsigned char radix, bool &ok) const;
    std::uint32_t scanDecimal(std::uint32_t p, TokenKind &kind, bool &ok) const;
    bool keywordFollowsNumber(std::uint32_t p) const;

    // strings
    void lexString(std::uint32_t begin, std::uint32_t quote, StringPrefix prefix);
    Scan scanString(std::uint32_t quote, StringPrefix prefix, int depth);
    Scan
    scanStringBody(std::uint32_t p, unsigned char q, bool triple, StringPrefix prefix, int depth);
    Scan scanField(std::uint32_t p, unsigned char q, bool triple, int depth);
    Scan scanFormatSpec(std::uint32_t p, unsigned char q, bool triple, int depth);
    bool closesString(std::uint32_t p, unsigned char q, bool triple) const;
    std::uint32_t skipEscape(std::uint32_t p, unsigned char q, StringPrefix prefix) const;

    // characters
    std::uint32_t scanIdentifier(std::uint32_t p) const;
    std::uint32_t invalidCharLength(std::uint32_t p) const;
    std::string describeChar(std::uint32_t p) const;
    std::string excerpt(std::uint32_t begin, std::uint32_t end) const;

    bool canReport() const { return m_reported < kMaxDiagnostics; }
    void report(DiagKind kind, SourceSpan span, std::vector<std::string> args = {});
    std::uint32_t lineOf(std::uint32_t offset) const;
    void push(TokenKind kind, std::uint32_t begin, std::uint32_t end);
    void pushLayout(TokenKind kind, std::uint32_t begin, std::uint32_t end);
    SourceSpan span(std::uint32_t begin, std::uint32_t end) const
    {
        return {m_file.id(), begin, end};
    }
    unsigned char at(std::uint32_t p) const { return p < m_n ? m_s[p] : 0; }

    const SourceFile &m_file;
    DiagnosticSink &m_sink;
    const unsigned char *m_s;
    std::uint32_t m_n;
    std::uint32_t m_pos = 0;
    bool m_atLineBegin = true;    // the next character starts a physical line
    bool m_lineHasTokens = false; // the current logical line has a token
    std::size_t m_reported = 0;
    std::uint32_t m_fieldLineBreaks = 0; // line breaks seen in the current f-string's fields
    // Indentation measured at the start of a line, applied when its first token is pushed (a
    // line without tokens changes no indentation).
    bool m_indentPending = false;
    std::uint32_t m_pendingCol = 0;
    std::uint32_t m_pendingAltcol = 0;
    std::uint32_t m_pendingLineBegin = 0;
    std::vector<IndentLevel> m_indents;
    std::vector<OpenBracket> m_brackets;
    std::array<std::uint32_t, 3> m_openCount{}; // open '(', '[', '{' in m_brackets
    std::uint32_t m_bracketLineIndent = 0;      // indentation of the line that opened them
    LexResult m_out;
};

} // namespace tsm::lexer_detail
