#pragma once
// Tokens are views into the source: a kind and a byte span. Comments and blank lines produce
// no tokens (the lexer records comment spans separately for the editor).

#include "core/source/source_file.h"

#include <string_view>

namespace tsm {

enum class TokenKind : std::uint8_t {
#define TOKEN(Name, Spelling) Name,
#define KEYWORD(Name, Spelling) Kw##Name,
#include "core/syntax/token_kinds.def"
#undef KEYWORD
#undef TOKEN
};

/// "(" for LParen, "def" for KwDef, "identifier" for Identifier.
std::string_view tokenSpelling(TokenKind k);
/// "LParen", "KwDef", "Identifier" — for dumps and golden tests.
std::string_view tokenKindName(TokenKind k);
/// The keyword kind of `word`, or Identifier.
TokenKind keywordKind(std::string_view word);
bool isKeyword(TokenKind k);

struct Token
{
    TokenKind kind = TokenKind::EndOfFile;
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    /// True if this is the first token of its logical line (after Indent/Dedent).
    bool atLineStart = false;

    SourceSpan span(FileId file) const { return {file, begin, end}; }
};

} // namespace tsm
