#include "core/syntax/token.h"

#include <array>

namespace tsm {

namespace {
struct TokenInfo
{
    std::string_view name;
    std::string_view spelling;
    bool keyword;
};

constexpr std::array kTokens = {
#define TOKEN(Name, Spelling) TokenInfo{#Name, Spelling, false},
#define KEYWORD(Name, Spelling) TokenInfo{"Kw" #Name, Spelling, true},
#include "core/syntax/token_kinds.def"
#undef KEYWORD
#undef TOKEN
};
} // namespace

std::string_view tokenSpelling(TokenKind k) { return kTokens[static_cast<std::size_t>(k)].spelling; }
std::string_view tokenKindName(TokenKind k) { return kTokens[static_cast<std::size_t>(k)].name; }
bool isKeyword(TokenKind k) { return kTokens[static_cast<std::size_t>(k)].keyword; }

TokenKind keywordKind(std::string_view word)
{
#define TOKEN(Name, Spelling)
#define KEYWORD(Name, Spelling) \
    if (word == Spelling) \
        return TokenKind::Kw##Name;
#include "core/syntax/token_kinds.def"
#undef KEYWORD
#undef TOKEN
    return TokenKind::Identifier;
}

std::string dumpTokens(const SourceFile &file, const std::vector<Token> &tokens)
{
    std::string out;
    for (const Token &t : tokens) {
        out += tokenKindName(t.kind);
        if (t.end > t.begin) {
            out += " '";
            for (char c : file.slice(t.span(file.id()))) {
                if (c == '\n')
                    out += "\\n";
                else if (c == '\r')
                    out += "\\r";
                else if (c == '\t')
                    out += "\\t";
                else
                    out += c;
            }
            out += "'";
        }
        const LineCol lc = file.lineCol(t.begin);
        out += " " + std::to_string(lc.line) + ":" + std::to_string(lc.displayColumn) + "\n";
    }
    return out;
}

} // namespace tsm
