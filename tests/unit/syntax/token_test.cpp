#include "core/syntax/token.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace tsm;

namespace {

// Every keyword of Python 3.12 that token_kinds.def lists, with its kind.
const std::pair<std::string_view, TokenKind> kKeywords[] = {
    {"False", TokenKind::KwFalse},
    {"None", TokenKind::KwNone},
    {"True", TokenKind::KwTrue},
    {"and", TokenKind::KwAnd},
    {"as", TokenKind::KwAs},
    {"assert", TokenKind::KwAssert},
    {"async", TokenKind::KwAsync},
    {"await", TokenKind::KwAwait},
    {"break", TokenKind::KwBreak},
    {"class", TokenKind::KwClass},
    {"continue", TokenKind::KwContinue},
    {"def", TokenKind::KwDef},
    {"del", TokenKind::KwDel},
    {"elif", TokenKind::KwElif},
    {"else", TokenKind::KwElse},
    {"except", TokenKind::KwExcept},
    {"finally", TokenKind::KwFinally},
    {"for", TokenKind::KwFor},
    {"from", TokenKind::KwFrom},
    {"global", TokenKind::KwGlobal},
    {"if", TokenKind::KwIf},
    {"import", TokenKind::KwImport},
    {"in", TokenKind::KwIn},
    {"is", TokenKind::KwIs},
    {"lambda", TokenKind::KwLambda},
    {"nonlocal", TokenKind::KwNonlocal},
    {"not", TokenKind::KwNot},
    {"or", TokenKind::KwOr},
    {"pass", TokenKind::KwPass},
    {"raise", TokenKind::KwRaise},
    {"return", TokenKind::KwReturn},
    {"try", TokenKind::KwTry},
    {"while", TokenKind::KwWhile},
    {"with", TokenKind::KwWith},
    {"yield", TokenKind::KwYield},
};

} // namespace

TEST(TokenKeywords, EveryKeywordMapsToItsKind)
{
    for (const auto &[word, kind] : kKeywords) {
        EXPECT_EQ(keywordKind(word), kind) << word;
        EXPECT_TRUE(isKeyword(kind)) << word;
        EXPECT_EQ(tokenSpelling(kind), word);
    }
}

TEST(TokenKeywords, SoftKeywordsAndNearMissesAreIdentifiers)
{
    for (std::string_view word : {"match",
                                  "case",
                                  "type",
                                  "_",
                                  "print",
                                  "self",
                                  "If",
                                  "IF",
                                  "none",
                                  "true",
                                  "lambda_",
                                  "defs",
                                  "d",
                                  "",
                                  "tl",
                                  "async_"}) {
        EXPECT_EQ(keywordKind(word), TokenKind::Identifier) << "'" << word << "'";
    }
}

TEST(TokenKinds, NamesAndSpellings)
{
    EXPECT_EQ(tokenKindName(TokenKind::LParen), "LParen");
    EXPECT_EQ(tokenSpelling(TokenKind::LParen), "(");
    EXPECT_EQ(tokenKindName(TokenKind::KwDef), "KwDef");
    EXPECT_EQ(tokenSpelling(TokenKind::KwDef), "def");
    EXPECT_EQ(tokenKindName(TokenKind::Identifier), "Identifier");
    EXPECT_EQ(tokenSpelling(TokenKind::Identifier), "identifier");
    EXPECT_EQ(tokenSpelling(TokenKind::DoubleStarEqual), "**=");
    EXPECT_EQ(tokenSpelling(TokenKind::RightShiftEqual), ">>=");
    EXPECT_EQ(tokenSpelling(TokenKind::Ellipsis), "...");
    EXPECT_EQ(tokenKindName(TokenKind::EndOfFile), "EndOfFile");
    EXPECT_FALSE(isKeyword(TokenKind::Identifier));
    EXPECT_FALSE(isKeyword(TokenKind::Plus));
}

TEST(TokenKinds, NamesAreUnique)
{
    std::set<std::string_view> names;
    const auto last = static_cast<int>(TokenKind::KwYield);
    for (int k = 0; k <= last; ++k) {
        const std::string_view name = tokenKindName(static_cast<TokenKind>(k));
        EXPECT_FALSE(name.empty()) << k;
        EXPECT_TRUE(names.insert(name).second) << name;
    }
}

TEST(TokenSpan, CarriesFileAndOffsets)
{
    Token t;
    t.kind = TokenKind::Identifier;
    t.begin = 4;
    t.end = 9;
    const SourceSpan s = t.span(7);
    EXPECT_EQ(s.file, 7u);
    EXPECT_EQ(s.begin, 4u);
    EXPECT_EQ(s.end, 9u);
    EXPECT_EQ(s.size(), 5u);
}

TEST(TokenDump, OneTokenPerLineWithEscapedTextAndPosition)
{
    tsm::SourceFile f(0, "t.py", "x = 'a\\tb'\n");
    const std::vector<tsm::Token> tokens = {
        {tsm::TokenKind::Identifier, 0, 1, true},
        {tsm::TokenKind::String, 4, 10, false},
        {tsm::TokenKind::Newline, 10, 11, false},
        {tsm::TokenKind::EndOfFile, 11, 11, false},
    };
    EXPECT_EQ(tsm::dumpTokens(f, tokens),
              "Identifier 'x' 1:1\n"
              "String ''a\\tb'' 1:5\n"
              "Newline '\\n' 1:11\n"
              "EndOfFile 2:1\n");
}
