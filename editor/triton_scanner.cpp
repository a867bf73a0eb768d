// scanTritonLine: the byte-level highlighter behind TritonLexer. It never fails and always
// advances, whatever the bytes: every byte of the line ends up in exactly one run.

#include "editor/triton_lexer.h"

#include "core/check/python_builtins.h"
#include "core/syntax/token.h"

#include <algorithm>
#include <array>
#include <utility>

namespace tsm {
namespace {

bool isIdentStart(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}
bool isIdentChar(unsigned char c)
{
    return isIdentStart(c) || (c >= '0' && c <= '9');
}
bool isDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}
bool isEol(unsigned char c)
{
    return c == '\n' || c == '\r';
}
bool isBlank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\f';
}

bool isStringPrefix(std::string_view word)
{
    if (word.size() > 2)
        return false;
    std::string lower;
    for (char c : word)
        lower += char(c | 0x20);
    return lower == "r" || lower == "u" || lower == "b" || lower == "f" || lower == "br"
           || lower == "rb" || lower == "fr" || lower == "rf";
}

// Line state: bits 0-3 describe a string still open at the end of the line (bit 0 set, bit 1
// double quote, bit 2 triple, bit 3 f-string); bits 8 and up count open brackets, so that the
// lexer can fold by logical lines.
constexpr int kStringBits = 0xff;
constexpr int kDepthShift = 8;
constexpr int kMaxDepth = 0xffff;

struct StringKind
{
    char quote = '"';
    bool triple = false;
    bool fstring = false;

    int state() const { return 1 | (quote == '"' ? 2 : 0) | (triple ? 4 : 0) | (fstring ? 8 : 0); }
    static StringKind fromState(int s)
    {
        return {(s & 2) ? '"' : '\'', (s & 4) != 0, (s & 8) != 0};
    }
};

enum class Prev { None, Dot, Def, Class, Other };

class LineScanner
{
public:
    LineScanner(std::string_view s, const TritonNames &names, std::vector<StyleRun> &runs)
        : m_s(s)
        , m_names(names)
        , m_runs(runs)
    {
    }

    int run(int state)
    {
        m_depth = std::clamp(state >> kDepthShift, 0, kMaxDepth);
        int open = state & kStringBits;
        if (open != 0)
            open = scanStringBody(StringKind::fromState(open));
        if (open == 0)
            open = scanCode(false);
        styleTo(m_s.size(), TritonStyle::Default);
        return open | (std::min(m_depth, kMaxDepth) << kDepthShift);
    }

private:
    unsigned char at(std::size_t i) const { return i < m_s.size() ? m_s[i] : '\0'; }

    void styleTo(std::size_t end, TritonStyle style)
    {
        end = std::min(end, m_s.size());
        if (end <= m_emitted)
            return;
        const int len = int(end - m_emitted);
        if (!m_runs.empty() && m_runs.back().style == style)
            m_runs.back().length += len;
        else
            m_runs.push_back({len, style});
        m_emitted = end;
    }

    // Code up to the end of the line; inside an f-string field (`field`), up to its `}`, `:`
    // or `!` conversion at bracket depth 0. Returns the state of a string left open.
    int scanCode(bool field)
    {
        int depth = 0;
        while (m_pos < m_s.size()) {
            const unsigned char c = m_s[m_pos];
            if (isEol(c)) {
                if (field)
                    return 0;
                m_pos = m_s.size();
                styleTo(m_pos, TritonStyle::Default);
                return 0;
            }
            if (field && depth == 0 && (c == '}' || c == ':' || (c == '!' && at(m_pos + 1) != '=')))
                return 0;
            if (isBlank(c)) {
                while (isBlank(at(m_pos)))
                    ++m_pos;
                styleTo(m_pos, TritonStyle::Default);
                continue;
            }
            const bool statementStart = m_atStart;
            m_atStart = false;
            if (c == '#') {
                while (m_pos < m_s.size() && !isEol(m_s[m_pos]))
                    ++m_pos;
                styleTo(m_pos, TritonStyle::Comment);
            } else if (isIdentStart(c)) {
                if (const int open = scanWord())
                    return open;
            } else if (c == '"' || c == '\'') {
                if (const int open = scanString({}))
                    return open;
            } else if (isDigit(c) || (c == '.' && isDigit(at(m_pos + 1)))) {
                scanNumber();
            } else if (c == '@' && statementStart && !field) {
                scanDecorator();
            } else {
                int &level = field ? depth : m_depth;
                if (c == '(' || c == '[' || c == '{')
                    ++level;
                else if ((c == ')' || c == ']' || c == '}') && level > 0)
                    --level;
                ++m_pos;
                styleTo(m_pos, c == '\\' ? TritonStyle::Default : TritonStyle::Operator);
                if (c == '.') {
                    m_prev = Prev::Dot;
                } else {
                    m_prev = Prev::Other;
                    m_chain.clear();
                }
            }
        }
        return 0;
    }

    int scanWord()
    {
        const std::size_t begin = m_pos;
        while (m_pos < m_s.size() && isIdentChar(m_s[m_pos]))
            ++m_pos;
        const std::string_view word = m_s.substr(begin, m_pos - begin);
        const unsigned char next = at(m_pos);
        if ((next == '"' || next == '\'') && isStringPrefix(word))
            return scanString(word);
        styleTo(m_pos, classify(word));
        return 0;
    }

    TritonStyle classify(std::string_view word)
    {
        const Prev prev = std::exchange(m_prev, Prev::Other);
        std::string chain = std::exchange(m_chain, {});
        if (prev == Prev::Def)
            return TritonStyle::FunctionName;
        if (prev == Prev::Class)
            return TritonStyle::ClassName;
        if (prev == Prev::Dot) {
            if (chain.empty())
                return TritonStyle::Identifier;
            std::string path = chain + "." + std::string(word);
            if (m_names.isModule(path)) {
                m_chain = std::move(path);
                return TritonStyle::TritonModule;
            }
            return m_names.member(chain, word) ? TritonStyle::TritonName : TritonStyle::Identifier;
        }
        if (isKeyword(keywordKind(word))) {
            if (word == "def")
                m_prev = Prev::Def;
            else if (word == "class")
                m_prev = Prev::Class;
            return TritonStyle::Keyword;
        }
        std::string head = m_names.resolveHead(word);
        if (m_names.isModule(head)) {
            m_chain = std::move(head);
            return TritonStyle::TritonModule;
        }
        return check::isPythonBuiltinName(word) ? TritonStyle::Builtin : TritonStyle::Identifier;
    }

    void scanNumber()
    {
        const bool hex = m_s[m_pos] == '0' && (at(m_pos + 1) | 0x20) == 'x';
        while (m_pos < m_s.size()) {
            const unsigned char c = m_s[m_pos];
            const unsigned char prev = m_pos > 0 ? m_s[m_pos - 1] : '\0';
            if (isIdentChar(c) && c < 0x80)
                ++m_pos;
            else if (c == '.')
                ++m_pos;
            else if ((c == '+' || c == '-') && !hex && (prev | 0x20) == 'e'
                     && isDigit(at(m_pos + 1)))
                ++m_pos;
            else
                break;
        }
        styleTo(m_pos, TritonStyle::Number);
        m_prev = Prev::Other;
        m_chain.clear();
    }

    void scanDecorator()
    {
        ++m_pos; // '@'
        while (isBlank(at(m_pos)))
            ++m_pos;
        while (isIdentChar(at(m_pos)) || (at(m_pos) == '.' && isIdentStart(at(m_pos + 1))))
            ++m_pos;
        styleTo(m_pos, TritonStyle::Decorator);
        m_prev = Prev::Other;
        m_chain.clear();
    }

    // A string with `prefix` (`rb`, `f`, ...); m_pos is at its first quote.
    int scanString(std::string_view prefix)
    {
        StringKind kind;
        kind.fstring
            = std::any_of(prefix.begin(), prefix.end(), [](char c) { return (c | 0x20) == 'f'; });
        kind.quote = char(m_s[m_pos]);
        kind.triple = at(m_pos + 1) == kind.quote && at(m_pos + 2) == kind.quote;
        m_pos += kind.triple ? 3 : 1;
        m_prev = Prev::Other;
        m_chain.clear();
        return scanStringBody(kind);
    }

    // Scans the inside of a string up to and including its closing quote(s). Returns the
    // string's state if it is still open at the end of the line.
    int scanStringBody(StringKind kind)
    {
        const TritonStyle style = kind.triple ? TritonStyle::TripleString : TritonStyle::String;
        while (m_pos < m_s.size()) {
            const unsigned char c = m_s[m_pos];
            if (c == '\\') {
                if (isEol(at(m_pos + 1))) { // continuation: the string goes on next line
                    m_pos = m_s.size();
                    styleTo(m_pos, style);
                    return kind.state();
                }
                m_pos = std::min(m_pos + 2, m_s.size());
            } else if (isEol(c) && !kind.triple) {
                styleTo(m_pos, TritonStyle::UnclosedString);
                return 0;
            } else if (c == uchar(kind.quote)) {
                if (!kind.triple) {
                    ++m_pos;
                    styleTo(m_pos, style);
                    return 0;
                }
                if (at(m_pos + 1) == c && at(m_pos + 2) == c) {
                    m_pos += 3;
                    styleTo(m_pos, style);
                    return 0;
                }
                ++m_pos;
            } else if (kind.fstring && (c == '{' || c == '}') && at(m_pos + 1) == c) {
                m_pos += 2;
            } else if (kind.fstring && c == '{') {
                styleTo(m_pos, style);
                scanField(kind, style);
            } else {
                ++m_pos;
            }
        }
        if (kind.triple) {
            styleTo(m_pos, style);
            return kind.state();
        }
        styleTo(m_pos, TritonStyle::UnclosedString); // the last line of the document
        return 0;
    }

    // `{expr!r:spec}` inside an f-string; m_pos is at the `{`.
    void scanField(StringKind kind, TritonStyle style)
    {
        ++m_pos;
        styleTo(m_pos, TritonStyle::FStringBrace);
        const Prev savedPrev = std::exchange(m_prev, Prev::None);
        scanCode(true);
        m_prev = savedPrev;
        m_chain.clear();
        if (at(m_pos) == '!') {
            m_pos = std::min(m_pos + 2, m_s.size());
            styleTo(m_pos, TritonStyle::FStringBrace);
        }
        if (at(m_pos) == ':') {
            ++m_pos;
            styleTo(m_pos, TritonStyle::FStringBrace);
            while (m_pos < m_s.size() && m_s[m_pos] != '}' && m_s[m_pos] != uchar(kind.quote)
                   && !isEol(m_s[m_pos])) {
                if (m_s[m_pos] == '{') {
                    styleTo(m_pos, style);
                    scanField(kind, style);
                } else {
                    ++m_pos;
                }
            }
            styleTo(m_pos, style);
        }
        if (at(m_pos) == '}') {
            ++m_pos;
            styleTo(m_pos, TritonStyle::FStringBrace);
        }
    }

    static unsigned char uchar(char c) { return static_cast<unsigned char>(c); }

    std::string_view m_s;
    const TritonNames &m_names;
    std::vector<StyleRun> &m_runs;
    std::size_t m_pos = 0;
    std::size_t m_emitted = 0;
    bool m_atStart = true;
    int m_depth = 0; // open brackets of the logical line
    Prev m_prev = Prev::None;
    std::string m_chain; // module path of the names chain so far (`triton.language`)
};

} // namespace

int scanTritonLine(std::string_view line,
                   int state,
                   const TritonNames &names,
                   std::vector<StyleRun> &runs)
{
    LineScanner scanner(line, names, runs);
    return scanner.run(state);
}

} // namespace tsm
