#pragma once
// Tokens are views into the source: a kind and a byte span. Comments and blank lines produce
// no tokens (the lexer records comment spans separately for the editor).

#include "core/source/source_file.h"

#include <string>
#include <string_view>
#include <vector>

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

/// One token per line, `Kind 'text' line:col` (text escaped, omitted when empty): the format of
/// the lex golden tests and `tilesmith emit --tokens`.
std::string dumpTokens(const SourceFile &file, const std::vector<Token> &tokens);

} // namespace tsm
