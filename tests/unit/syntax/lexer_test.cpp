#include "core/syntax/lexer.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>

using namespace tsm;

namespace {

struct Lexed
{
    SourceManager sm;
    const SourceFile *file = nullptr;
    LexResult result;
    std::vector<Diagnostic> diags;

    std::string_view text(const Token &t) const { return file->slice(t.span(file->id())); }
    const std::vector<Token> &tokens() const { return result.tokens; }
};

std::unique_ptr<Lexed> lexText(std::string text)
{
    auto l = std::make_unique<Lexed>();
    l->file = &l->sm.add("test.py", std::move(text));
    DiagnosticSink sink;
    l->result = lex(*l->file, sink);
    l->diags = sink.takeDiagnostics();
    return l;
}

bool showsText(TokenKind k)
{
    switch (k) {
    case TokenKind::Identifier:
    case TokenKind::Integer:
    case TokenKind::Float:
    case TokenKind::Imaginary:
    case TokenKind::String:
    case TokenKind::FString:
    case TokenKind::Error:
        return true;
    default:
        return false;
    }
}

// The token stream as "Kind" / "Kind'text'" words, for compact expectations.
std::string tokens(const Lexed &l)
{
    std::string out;
    for (const Token &t : l.tokens()) {
        if (!out.empty())
            out += ' ';
        out += tokenKindName(t.kind);
        if (showsText(t.kind)) {
            out += '\'';
            out += l.text(t);
            out += '\'';
        }
    }
    return out;
}

std::string tokens(std::string text)
{
    return tokens(*lexText(std::move(text)));
}

// The diagnostics as "Kind@line:col" words.
std::string diags(const Lexed &l)
{
    std::string out;
    for (const Diagnostic &d : l.diags) {
        const LineCol lc = l.file->lineCol(d.span.begin);
        if (!out.empty())
            out += ' ';
        out += std::string(diagKindName(d.kind)) + "@" + std::to_string(lc.line) + ":"
               + std::to_string(lc.column);
    }
    return out;
}

std::string diags(std::string text)
{
    return diags(*lexText(std::move(text)));
}

// The single token of a one-token line, with its kind name and text.
std::string single(std::string text)
{
    auto l = lexText(text);
    EXPECT_EQ(l->tokens().size(), 3u) << text << " -> " << tokens(*l);
    if (l->tokens().empty())
        return {};
    const Token &t = l->tokens()[0];
    return std::string(tokenKindName(t.kind)) + "'" + std::string(l->text(t)) + "'";
}

// Invariants that hold for any input: in-bounds ordered spans, one final EndOfFile, balanced
// Indent/Dedent, a Newline before every Dedent run and before EndOfFile when the line had tokens.
void expectWellFormed(const Lexed &l)
{
    const auto &ts = l.tokens();
    ASSERT_FALSE(ts.empty());
    EXPECT_EQ(ts.back().kind, TokenKind::EndOfFile);
    EXPECT_EQ(ts.back().begin, l.file->size());
    int depth = 0;
    std::uint32_t prevEnd = 0;
    for (std::size_t i = 0; i < ts.size(); ++i) {
        const Token &t = ts[i];
        ASSERT_LE(t.begin, t.end);
        ASSERT_LE(t.end, l.file->size());
        ASSERT_LE(prevEnd, t.begin) << "token " << i << " overlaps the previous one";
        prevEnd = t.end;
        if (t.kind == TokenKind::EndOfFile) {
            ASSERT_EQ(i + 1, ts.size());
        }
        if (t.kind == TokenKind::Indent) {
            ++depth;
            ASSERT_TRUE(i == 0 || ts[i - 1].kind == TokenKind::Newline) << "token " << i;
        }
        if (t.kind == TokenKind::Dedent) {
            ASSERT_GE(--depth, 0);
            ASSERT_TRUE(ts[i - 1].kind == TokenKind::Newline || ts[i - 1].kind == TokenKind::Dedent)
                << "token " << i;
        }
        if (t.kind == TokenKind::Newline && i > 0) {
            ASSERT_NE(ts[i - 1].kind, TokenKind::Newline) << "empty logical line at token " << i;
        }
        const bool layout = t.kind == TokenKind::Newline || t.kind == TokenKind::Indent
                            || t.kind == TokenKind::Dedent || t.kind == TokenKind::EndOfFile;
        const bool afterLayout = i == 0 || ts[i - 1].kind == TokenKind::Newline
                                 || ts[i - 1].kind == TokenKind::Indent
                                 || ts[i - 1].kind == TokenKind::Dedent;
        if (layout) {
            ASSERT_FALSE(t.atLineStart) << "token " << i;
        } else {
            // The first token of a logical line, and only it, follows the layout tokens.
            ASSERT_EQ(t.atLineStart, afterLayout) << "token " << i;
        }
    }
    EXPECT_EQ(depth, 0);
    if (ts.size() >= 2) {
        EXPECT_TRUE(ts[ts.size() - 2].kind == TokenKind::Newline
                    || ts[ts.size() - 2].kind == TokenKind::Dedent)
            << tokens(l);
    }
    for (const Diagnostic &d : l.diags) {
        EXPECT_LE(d.span.begin, d.span.end);
        EXPECT_LE(d.span.end, l.file->size());
    }
}

} // namespace

// ---- layout: newlines, indentation ----

TEST(LexerLayout, EmptyAndBlankFilesGiveOnlyEndOfFile)
{
    EXPECT_EQ(tokens(""), "EndOfFile");
    EXPECT_EQ(tokens("\n\n   \n\t\n"), "EndOfFile");
    EXPECT_EQ(tokens("# only a comment\n   # another\n"), "EndOfFile");
    EXPECT_EQ(diags("\n  \n# c\n"), "");
}

TEST(LexerLayout, NewlineEndsEachLogicalLine)
{
    auto l = lexText("x = 1\ny\n");
    EXPECT_EQ(tokens(*l), "Identifier'x' Equal Integer'1' Newline Identifier'y' Newline EndOfFile");
    const auto &ts = l->tokens();
    EXPECT_EQ(ts[3].begin, 5u); // the "\n"
    EXPECT_EQ(ts[3].end, 6u);
    EXPECT_EQ(ts.back().begin, 8u);
}

TEST(LexerLayout, FinalNewlineIsAddedWithoutLineTerminator)
{
    auto l = lexText("x = 1");
    EXPECT_EQ(tokens(*l), "Identifier'x' Equal Integer'1' Newline EndOfFile");
    EXPECT_EQ(l->tokens()[3].begin, 5u);
    EXPECT_EQ(l->tokens()[3].end, 5u);
    EXPECT_EQ(tokens("x  # trailing comment"), "Identifier'x' Newline EndOfFile");
}

TEST(LexerLayout, BlankAndCommentLinesProduceNoNewline)
{
    EXPECT_EQ(tokens("a\n\n   \n# c\n        # deep comment\nb\n"),
              "Identifier'a' Newline Identifier'b' Newline EndOfFile");
}

TEST(LexerLayout, CrLfAndLoneCrEndLines)
{
    auto l = lexText("a\r\nb\rc\n");
    EXPECT_EQ(tokens(*l),
              "Identifier'a' Newline Identifier'b' Newline Identifier'c' Newline EndOfFile");
    EXPECT_EQ(l->text(l->tokens()[1]), "\r\n");
    EXPECT_EQ(l->text(l->tokens()[3]), "\r");
    EXPECT_EQ(l->text(l->tokens()[5]), "\n");
    EXPECT_EQ(diags("if x:\r\n    y\r\n\r\nz\r\n"), "");
    EXPECT_EQ(tokens("if x:\r\n    y\r\nz\r\n"),
              "KwIf Identifier'x' Colon Newline Indent Identifier'y' Newline Dedent "
              "Identifier'z' Newline EndOfFile");
}

TEST(LexerLayout, IndentAndDedentFollowTheWidthStack)
{
    auto l = lexText("def f():\n    if x:\n        a\n    b\nc\n");
    EXPECT_EQ(tokens(*l),
              "KwDef Identifier'f' LParen RParen Colon Newline "
              "Indent KwIf Identifier'x' Colon Newline "
              "Indent Identifier'a' Newline "
              "Dedent Identifier'b' Newline "
              "Dedent Identifier'c' Newline EndOfFile");
    EXPECT_EQ(diags(*l), "");
    // The Indent covers the indentation; a Dedent is empty, at the first token of its line.
    const auto &ts = l->tokens();
    EXPECT_EQ(l->text(ts[6]), "    ");
    EXPECT_EQ(ts[6].begin, 9u);
    const Token &dedent = ts[14];
    ASSERT_EQ(dedent.kind, TokenKind::Dedent);
    EXPECT_EQ(dedent.begin, dedent.end);
    EXPECT_EQ(dedent.begin, ts[15].begin);
    EXPECT_EQ(l->text(ts[15]), "b");
}

TEST(LexerLayout, SeveralDedentsAtOnceAndAtEndOfFile)
{
    EXPECT_EQ(tokens("if a:\n  if b:\n    if c:\n      x\ny\n"),
              "KwIf Identifier'a' Colon Newline Indent KwIf Identifier'b' Colon Newline Indent "
              "KwIf Identifier'c' Colon Newline Indent Identifier'x' Newline Dedent Dedent Dedent "
              "Identifier'y' Newline EndOfFile");
    EXPECT_EQ(tokens("if a:\n  if b:\n    x"),
              "KwIf Identifier'a' Colon Newline Indent KwIf Identifier'b' Colon Newline Indent "
              "Identifier'x' Newline Dedent Dedent EndOfFile");
}

TEST(LexerLayout, BlankLinesAtAnyIndentationDoNotDedent)
{
    EXPECT_EQ(tokens("if a:\n    x\n\n  \n# c\n    y\n"),
              "KwIf Identifier'a' Colon Newline Indent Identifier'x' Newline Identifier'y' "
              "Newline Dedent EndOfFile");
}

TEST(LexerLayout, TabsAdvanceToMultiplesOfEight)
{
    // One tab per level throughout is consistent.
    auto l = lexText("if a:\n\tif b:\n\t\tx\n\ty\n");
    EXPECT_EQ(diags(*l), "");
    EXPECT_EQ(tokens(*l),
              "KwIf Identifier'a' Colon Newline Indent KwIf Identifier'b' Colon Newline Indent "
              "Identifier'x' Newline Dedent Identifier'y' Newline Dedent EndOfFile");
    // "  \t" is column 8 with tabs of 8 and column 3 with tabs of 1; "\t" is 8 and 1: ambiguous.
    EXPECT_EQ(diags("if a:\n  \tx\n\ty\n"), "InconsistentTabs@3:1");
    // Eight spaces against one tab: equal at tab size 8, not at tab size 1 (CPython rejects it).
    EXPECT_EQ(diags("if a:\n        x\n\ty\n"), "InconsistentTabs@3:1");
    // A tab after four spaces is column 8: deeper than 4 either way.
    EXPECT_EQ(diags("if a:\n    if b:\n    \tx\n"), "");
}

TEST(LexerLayout, InconsistentTabsOnIndentAndDedent)
{
    // Indent: deeper with tabs of 8 ("\t" = 8 > 4) but not with tabs of 1 (1 <= 4).
    EXPECT_EQ(diags("if a:\n    if b:\n\tx\n"), "InconsistentTabs@3:1");
    // Dedent back to a level that matches only at tab size 8.
    EXPECT_EQ(diags("if a:\n\tif b:\n\t\tx\n        y\n"), "InconsistentTabs@4:1");
}

TEST(LexerLayout, FormFeedResetsTheColumn)
{
    EXPECT_EQ(tokens("if a:\n    x\n\f\ny\n"),
              "KwIf Identifier'a' Colon Newline Indent Identifier'x' Newline Dedent Identifier'y' "
              "Newline EndOfFile");
    EXPECT_EQ(diags("if a:\n    x\n    \fy\n"), "");
    EXPECT_EQ(tokens("if a:\n    x\n    \fy\n"),
              "KwIf Identifier'a' Colon Newline Indent Identifier'x' Newline Dedent Identifier'y' "
              "Newline EndOfFile");
}

TEST(LexerLayout, InconsistentDedentIsReportedAndStaysBalanced)
{
    auto l = lexText("if a:\n    x\n  y\nz\n");
    EXPECT_EQ(diags(*l), "InconsistentDedent@3:1");
    EXPECT_EQ(l->diags[0].span.begin, 12u);
    EXPECT_EQ(l->diags[0].span.end, 14u);
    // `y` is treated as part of the enclosing block; no unmatched Dedent follows at `z`.
    EXPECT_EQ(tokens(*l),
              "KwIf Identifier'a' Colon Newline Indent Identifier'x' Newline Dedent Identifier'y' "
              "Newline Identifier'z' Newline EndOfFile");
    expectWellFormed(*l);
    // Further lines at the odd column are not reported again.
    EXPECT_EQ(diags("if a:\n    x\n  y\n  w\n"), "InconsistentDedent@3:1");
}

TEST(LexerLayout, FirstTokenOfEachLogicalLineIsMarked)
{
    auto l = lexText("x = f(1,\n      2)\nif y:\n    z\n");
    std::string marked;
    for (const Token &t : l->tokens()) {
        if (t.atLineStart)
            marked += std::string(l->text(t)) + " ";
    }
    EXPECT_EQ(marked, "x if z ");
    EXPECT_TRUE(l->tokens()[0].atLineStart);
}

TEST(LexerLayout, IndentationIsIgnoredInsideBrackets)
{
    auto l = lexText("x = [\n        1,\n  2,\n]\ny\n");
    EXPECT_EQ(tokens(*l),
              "Identifier'x' Equal LBracket Integer'1' Comma Integer'2' Comma RBracket Newline "
              "Identifier'y' Newline EndOfFile");
    EXPECT_EQ(diags(*l), "");
    EXPECT_EQ(tokens("f(a,\n\n  # comment\n  b)\n"),
              "Identifier'f' LParen Identifier'a' Comma Identifier'b' RParen Newline EndOfFile");
}

TEST(LexerLayout, BackslashJoinsLines)
{
    auto l = lexText("x = 1 + \\\n        2\ny\n");
    EXPECT_EQ(tokens(*l),
              "Identifier'x' Equal Integer'1' Plus Integer'2' Newline Identifier'y' Newline "
              "EndOfFile");
    EXPECT_EQ(diags(*l), "");
    EXPECT_EQ(tokens("if a and \\\r\n   b:\n    c\n"),
              "KwIf Identifier'a' KwAnd Identifier'b' Colon Newline Indent Identifier'c' Newline "
              "Dedent EndOfFile");
    // A backslash inside the indentation: the column of the first backslash counts (CPython).
    EXPECT_EQ(tokens("if a:\n    \\\n  x\n"),
              "KwIf Identifier'a' Colon Newline Indent Identifier'x' Newline Dedent EndOfFile");
}

TEST(LexerLayout, StrayBackslashIsReportedAndSkipped)
{
    auto l = lexText("x = 1 \\ # oops\ny\n");
    EXPECT_EQ(diags(*l), "StrayBackslash@1:7");
    EXPECT_EQ(tokens(*l), "Identifier'x' Equal Integer'1' Newline Identifier'y' Newline EndOfFile");
}

TEST(LexerLayout, RunOfStrayBackslashesIsOneDiagnostic)
{
    auto l = lexText("x = 1 \\\\\\ 2\ny \\\\\n  3\n");
    EXPECT_EQ(diags(*l), "StrayBackslash@1:7 StrayBackslash@2:3");
    EXPECT_EQ(l->diags[0].span.end - l->diags[0].span.begin, 3u);
    // The last backslash before the line end still joins the lines.
    EXPECT_EQ(l->diags[1].span.end - l->diags[1].span.begin, 1u);
    EXPECT_EQ(tokens(*l),
              "Identifier'x' Equal Integer'1' Integer'2' Newline Identifier'y' "
              "Integer'3' Newline EndOfFile");
}

TEST(LexerLayout, LineWithOnlyAStrayBackslashChangesNoIndentation)
{
    auto l = lexText("x\n    \\ \ny\n");
    EXPECT_EQ(diags(*l), "StrayBackslash@2:5");
    EXPECT_EQ(tokens(*l), "Identifier'x' Newline Identifier'y' Newline EndOfFile");
}

TEST(LexerLayout, BackslashAtEndOfFile)
{
    EXPECT_EQ(diags("x = 1 \\"), "ContinuationAtEndOfFile@1:7");
    EXPECT_EQ(diags("x = 1 \\\n"), "ContinuationAtEndOfFile@1:7");
    EXPECT_EQ(tokens("x = 1 \\\n"), "Identifier'x' Equal Integer'1' Newline EndOfFile");
}

// ---- brackets ----

TEST(LexerBrackets, MatchedBracketsAreClean)
{
    EXPECT_EQ(diags("a[(1, {2: [3]})]\n"), "");
    EXPECT_EQ(tokens("{}[]()"), "LBrace RBrace LBracket RBracket LParen RParen Newline EndOfFile");
}

TEST(LexerBrackets, MismatchedClosingBracket)
{
    auto l = lexText("x = (1, 2]\ny = 3\n");
    EXPECT_EQ(diags(*l), "MismatchedBracket@1:10");
    EXPECT_EQ(l->diags[0].message, "closing ']' does not match opening '('");
    // Tokens continue, and the ']' closed the '(' so the next line is a new logical line.
    EXPECT_EQ(tokens(*l),
              "Identifier'x' Equal LParen Integer'1' Comma Integer'2' RBracket Newline "
              "Identifier'y' Equal Integer'3' Newline EndOfFile");
    auto m = lexText("f(a,\n  b]\n");
    EXPECT_EQ(m->diags[0].message, "closing ']' does not match opening '(' on line 1");
}

TEST(LexerBrackets, MismatchClosesThroughAMatchingOuterBracket)
{
    // ')' skips the unclosed '[' and closes the '('.
    auto l = lexText("f(a[1)\nz\n");
    EXPECT_EQ(diags(*l), "MismatchedBracket@1:6");
    EXPECT_EQ(tokens(*l),
              "Identifier'f' LParen Identifier'a' LBracket Integer'1' RParen Newline "
              "Identifier'z' Newline EndOfFile");
}

TEST(LexerBrackets, UnmatchedClosingBracket)
{
    auto l = lexText("x = 1)\ny = 2]\n");
    EXPECT_EQ(diags(*l), "UnmatchedBracket@1:6 UnmatchedBracket@2:6");
    EXPECT_EQ(l->diags[0].message, "unmatched ')'");
    EXPECT_EQ(tokens(*l),
              "Identifier'x' Equal Integer'1' RParen Newline Identifier'y' Equal Integer'2' "
              "RBracket Newline EndOfFile");
}

TEST(LexerBrackets, UnclosedBracketIsReportedAtTheOpener)
{
    auto l = lexText("x = foo(a,\n  [b,\n   c\n");
    EXPECT_EQ(diags(*l), "UnclosedBracket@1:8 UnclosedBracket@2:3");
    EXPECT_EQ(l->diags[0].message, "'(' was never closed");
    EXPECT_EQ(l->diags[0].span.end - l->diags[0].span.begin, 1u);
    EXPECT_EQ(tokens(*l),
              "Identifier'x' Equal Identifier'foo' LParen Identifier'a' Comma LBracket "
              "Identifier'b' Comma Identifier'c' Newline EndOfFile");
    expectWellFormed(*l);
}

TEST(LexerBrackets, StatementKeywordAfterAnUnclosedBracketEndsTheLine)
{
    auto l = lexText("def f():\n    x = g(a,\n    return x\n\ndef h():\n    pass\n");
    EXPECT_EQ(diags(*l), "UnclosedBracket@2:10");
    EXPECT_EQ(tokens(*l),
              "KwDef Identifier'f' LParen RParen Colon Newline Indent "
              "Identifier'x' Equal Identifier'g' LParen Identifier'a' Comma Newline "
              "KwReturn Identifier'x' Newline Dedent "
              "KwDef Identifier'h' LParen RParen Colon Newline Indent KwPass Newline Dedent "
              "EndOfFile");
    expectWellFormed(*l);
    // A header keyword closes them when its line ends with ':' at the statement's indentation.
    auto h = lexText("def f(x):\n    y = g(x,\n    if y:\n        pass\n    for a in b:  # c\n"
                     "        pass\n");
    EXPECT_EQ(diags(*h), "UnclosedBracket@2:10");
    EXPECT_EQ(tokens(*h),
              "KwDef Identifier'f' LParen Identifier'x' RParen Colon Newline Indent "
              "Identifier'y' Equal Identifier'g' LParen Identifier'x' Comma Newline "
              "KwIf Identifier'y' Colon Newline Indent KwPass Newline Dedent "
              "KwFor Identifier'a' KwIn Identifier'b' Colon Newline Indent KwPass Newline Dedent "
              "Dedent EndOfFile");
    expectWellFormed(*h);
    // ... but not without the ':' or when indented deeper than the statement.
    EXPECT_EQ(diags("x = [a\nfor a in b\nif a]\n"), "");
    EXPECT_EQ(diags("x = (a\nif b else c)\n"), "");
    EXPECT_EQ(diags("if c:\n    x = {k:\n        v for k in y\n        if k}\n"), "");
    EXPECT_EQ(diags("x = f(a,\n      lambda b:\n      b)\n"), "");
    EXPECT_EQ(diags("x = [a,\n    if y:\n]\n"), "");
    // Expression keywords on continuation lines are fine.
    EXPECT_EQ(
        diags("y = [x\n     for x in z\n     if x\n     and not x]\nw = (a if b\n  else c)\n"), "");
}

// ---- comments ----

TEST(LexerComments, SpansCoverHashToEndOfLine)
{
    auto l = lexText("x = 1  # one\r\n# two\n  f(a,  # three\n    b)#four");
    ASSERT_EQ(l->result.comments.size(), 4u);
    EXPECT_EQ(l->file->slice(l->result.comments[0]), "# one");
    EXPECT_EQ(l->file->slice(l->result.comments[1]), "# two");
    EXPECT_EQ(l->file->slice(l->result.comments[2]), "# three");
    EXPECT_EQ(l->file->slice(l->result.comments[3]), "#four");
    EXPECT_EQ(l->result.comments[0].begin, 7u);
}

TEST(LexerComments, HashInsideStringsIsNotAComment)
{
    auto l = lexText("s = '# no' + \"\"\"\n# nor\n\"\"\"  # yes\n");
    ASSERT_EQ(l->result.comments.size(), 1u);
    EXPECT_EQ(l->file->slice(l->result.comments[0]), "# yes");
}

// ---- names ----

TEST(LexerNames, KeywordsAndIdentifiers)
{
    EXPECT_EQ(tokens("if not x is None and y in z or True: pass"),
              "KwIf KwNot Identifier'x' KwIs KwNone KwAnd Identifier'y' KwIn Identifier'z' KwOr "
              "KwTrue Colon KwPass Newline EndOfFile");
    EXPECT_EQ(tokens("match case type _ __init__ tl2 lambda_"),
              "Identifier'match' Identifier'case' Identifier'type' Identifier'_' "
              "Identifier'__init__' Identifier'tl2' Identifier'lambda_' Newline EndOfFile");
}

TEST(LexerNames, UnicodeIdentifiers)
{
    auto l = lexText("café = 1\nπ = 3.14\n变量 = ä·b\nx_µ\n");
    EXPECT_EQ(diags(*l), "");
    EXPECT_EQ(tokens(*l),
              "Identifier'café' Equal Integer'1' Newline Identifier'π' Equal Float'3.14' Newline "
              "Identifier'变量' Equal Identifier'ä·b' Newline Identifier'x_µ' Newline EndOfFile");
}

TEST(LexerNames, InvalidUtf8BytesAreNameCharacters)
{
    auto l = lexText("a\xff\xfe b \xc3 \xe2\x80\n");
    EXPECT_EQ(diags(*l), "");
    EXPECT_EQ(tokens(*l),
              "Identifier'a\xff\xfe' Identifier'b' Identifier'\xc3' Identifier'\xe2\x80' Newline "
              "EndOfFile");
}

// ---- operators ----

TEST(LexerOperators, LongestMatch)
{
    EXPECT_EQ(tokens("+ += - -= -> * *= ** **= / /= // //= % %= @ @="),
              "Plus PlusEqual Minus MinusEqual Arrow Star StarEqual DoubleStar DoubleStarEqual "
              "Slash SlashEqual DoubleSlash DoubleSlashEqual Percent PercentEqual At AtEqual "
              "Newline EndOfFile");
    EXPECT_EQ(tokens("& &= | |= ^ ^= ~ << <<= >> >>= < <= > >= == != = : := , ; . ..."),
              "Amper AmperEqual Pipe PipeEqual Caret CaretEqual Tilde LeftShift LeftShiftEqual "
              "RightShift RightShiftEqual Less LessEqual Greater GreaterEqual EqEqual NotEqual "
              "Equal Colon ColonEqual Comma Semicolon Dot Ellipsis Newline EndOfFile");
    EXPECT_EQ(tokens("a.b[:,None]**-2"),
              "Identifier'a' Dot Identifier'b' LBracket Colon Comma KwNone RBracket DoubleStar "
              "Minus Integer'2' Newline EndOfFile");
    EXPECT_EQ(tokens("...."), "Ellipsis Dot Newline EndOfFile");
}

// ---- numbers ----

TEST(LexerNumbers, IntegerForms)
{
    for (const char *text : {"0",
                             "00",
                             "0_0",
                             "7",
                             "1_000_000",
                             "0x2A",
                             "0X_ff",
                             "0o52",
                             "0O7_7",
                             "0b101010",
                             "0B_1_0",
                             "123456789012345678901234567890"}) {
        EXPECT_EQ(single(text), std::string("Integer'") + text + "'");
        EXPECT_EQ(diags(text), "") << text;
    }
}

TEST(LexerNumbers, FloatForms)
{
    for (const char *text : {"1.0",
                             "1.",
                             ".5",
                             "1e5",
                             "1E-5",
                             "1e+05",
                             "1_0.0_1",
                             "1.5e1_0",
                             ".5e-3",
                             "09.5",
                             "0e0",
                             "00.",
                             "1_2e3"}) {
        EXPECT_EQ(single(text), std::string("Float'") + text + "'");
        EXPECT_EQ(diags(text), "") << text;
    }
}

TEST(LexerNumbers, ImaginaryForms)
{
    for (const char *text : {"1j", "2.5J", "1e3j", ".5j", "09j", "1_0j", "0j", "1.j"}) {
        EXPECT_EQ(single(text), std::string("Imaginary'") + text + "'");
        EXPECT_EQ(diags(text), "") << text;
    }
}

TEST(LexerNumbers, InvalidFormsGiveOneErrorEach)
{
    for (const char *text :
         {"07",   "0_7", "1__0", "1_",     "0x",   "0xg", "0b2",  "0b102",  "0o8",  "1e", "1e+",
          "1e-x", "0x_", "1abc", "1.real", "1._5", "12é", "0b1_", "1_000_", "0x1j", "1jj"}) {
        auto l = lexText(text);
        EXPECT_EQ(tokens(*l), std::string("Error'") + text + "' Newline EndOfFile") << text;
        EXPECT_EQ(diags(*l), "InvalidNumber@1:1") << text;
        ASSERT_EQ(l->diags.size(), 1u);
        EXPECT_EQ(l->diags[0].message, std::string("invalid numeric literal '") + text + "'");
    }
}

TEST(LexerNumbers, LexingContinuesAfterAnInvalidNumber)
{
    auto l = lexText("x = 09 + 0x + 3\n");
    EXPECT_EQ(tokens(*l),
              "Identifier'x' Equal Error'09' Plus Error'0x' Plus Integer'3' Newline EndOfFile");
    EXPECT_EQ(diags(*l), "InvalidNumber@1:5 InvalidNumber@1:10");
}

TEST(LexerNumbers, KeywordDirectlyAfterANumber)
{
    EXPECT_EQ(tokens("1if x else 2"),
              "Integer'1' KwIf Identifier'x' KwElse Integer'2' Newline EndOfFile");
    EXPECT_EQ(tokens("[0x1for x in y]"),
              "LBracket Integer'0x1f' KwOr Identifier'x' KwIn Identifier'y' RBracket Newline "
              "EndOfFile");
    EXPECT_EQ(tokens("1else"), "Integer'1' KwElse Newline EndOfFile");
    EXPECT_EQ(tokens("1.5and x"), "Float'1.5' KwAnd Identifier'x' Newline EndOfFile");
}

TEST(LexerNumbers, DotsAroundNumbers)
{
    EXPECT_EQ(tokens("1 .real"), "Integer'1' Dot Identifier'real' Newline EndOfFile");
    EXPECT_EQ(tokens("x[1:.5]"),
              "Identifier'x' LBracket Integer'1' Colon Float'.5' RBracket Newline EndOfFile");
    EXPECT_EQ(tokens("1..x"), "Float'1.' Dot Identifier'x' Newline EndOfFile");
    EXPECT_EQ(tokens("a.b.c"),
              "Identifier'a' Dot Identifier'b' Dot Identifier'c' Newline EndOfFile");
}

TEST(LexerNumbers, LongInvalidLiteralMessageIsShortened)
{
    const std::string text = "1" + std::string(200, 'x');
    auto l = lexText(text);
    ASSERT_EQ(l->diags.size(), 1u);
    EXPECT_EQ(l->diags[0].span.end, 201u);
    EXPECT_LT(l->diags[0].message.size(), 80u);
    EXPECT_NE(l->diags[0].message.find("..."), std::string::npos);
}

// ---- strings ----

TEST(LexerStrings, QuotesAndTripleQuotes)
{
    EXPECT_EQ(single("'abc'"), "String''abc''");
    EXPECT_EQ(single("\"abc\""), "String'\"abc\"'");
    EXPECT_EQ(single("''"), "String''''");
    EXPECT_EQ(single("''''''"), "String''''''''");
    EXPECT_EQ(single("'say \"hi\"'"), "String''say \"hi\"''");
    EXPECT_EQ(single("\"\"\"a\n'b'\n\"c\" \"\"\""), "String'\"\"\"a\n'b'\n\"c\" \"\"\"'");
    // A triple-quoted string ends at the first three quotes: `"""a"""""` is two strings.
    EXPECT_EQ(tokens("\"\"\"a\"\"\"\"\""), "String'\"\"\"a\"\"\"' String'\"\"' Newline EndOfFile");
    EXPECT_EQ(single("'''it''s'''"), "String''''it''s''''");
}

TEST(LexerStrings, EveryPrefixInAnyCase)
{
    for (const char *p : {"r", "u", "b", "br", "rb", "R", "U", "B", "Br", "bR", "RB", "rB"})
        EXPECT_EQ(single(std::string(p) + "'x'"), std::string("String'") + p + "'x''") << p;
    for (const char *p : {"f", "F", "fr", "rf", "Fr", "fR", "RF", "rF"})
        EXPECT_EQ(single(std::string(p) + "\"x\""), std::string("FString'") + p + "\"x\"'") << p;
    EXPECT_EQ(single("rb'''x'''"), "String'rb'''x''''");
}

TEST(LexerStrings, NonPrefixNamesBeforeAQuoteAreIdentifiers)
{
    EXPECT_EQ(tokens("ub'x' bf'y' rr'z'"),
              "Identifier'ub' String''x'' Identifier'bf' String''y'' Identifier'rr' String''z'' "
              "Newline EndOfFile");
}

TEST(LexerStrings, EscapesDoNotEndTheString)
{
    EXPECT_EQ(single(R"('it\'s')"), R"(String''it\'s'')");
    EXPECT_EQ(single(R"("a\"b\\")"), R"(String'"a\"b\\"')");
    EXPECT_EQ(single(R"(r'\'')"), R"(String'r'\''')");
    EXPECT_EQ(single(R"(r"\\")"), R"(String'r"\\"')");
    EXPECT_EQ(single("'''a\\'''b'''"), "String''''a\\'''b''''");
}

TEST(LexerStrings, BackslashNewlineContinuesASingleQuotedString)
{
    auto l = lexText("s = 'abc\\\ndef'\nt\n");
    EXPECT_EQ(tokens(*l),
              "Identifier's' Equal String''abc\\\ndef'' Newline Identifier't' Newline "
              "EndOfFile");
    EXPECT_EQ(diags(*l), "");
    EXPECT_EQ(diags("s = 'abc\\\r\ndef'\n"), "");
}

TEST(LexerStrings, UnterminatedStringEndsAtEndOfLine)
{
    auto l = lexText("s = 'abc\nt = \"x\n");
    EXPECT_EQ(diags(*l), "UnterminatedString@1:5 UnterminatedString@2:5");
    EXPECT_EQ(tokens(*l),
              "Identifier's' Equal Error''abc' Newline Identifier't' Equal Error'\"x' "
              "Newline EndOfFile");
    // The diagnostic points at the prefix and opening quote.
    auto m = lexText("x = rb'abc");
    ASSERT_EQ(m->diags.size(), 1u);
    EXPECT_EQ(m->diags[0].span.begin, 4u);
    EXPECT_EQ(m->diags[0].span.end, 7u);
    EXPECT_EQ(tokens(*m), "Identifier'x' Equal Error'rb'abc' Newline EndOfFile");
}

TEST(LexerStrings, UnterminatedTripleQuotedStringRunsToEndOfFile)
{
    auto l = lexText("x = 1\ns = \"\"\"abc\n\ndef f():\n    pass\n");
    EXPECT_EQ(diags(*l), "UnterminatedTripleQuotedString@2:5");
    EXPECT_EQ(l->diags[0].span.end - l->diags[0].span.begin, 3u);
    EXPECT_EQ(tokens(*l),
              "Identifier'x' Equal Integer'1' Newline Identifier's' Equal "
              "Error'\"\"\"abc\n\ndef f():\n    pass\n' Newline EndOfFile");
}

TEST(LexerStrings, AdjacentStringsAreSeparateTokens)
{
    EXPECT_EQ(tokens("'a' \"b\" f'c'"),
              "String''a'' String'\"b\"' FString'f'c'' Newline EndOfFile");
}

// ---- f-strings ----

TEST(LexerFStrings, NestedQuotesAndBracesAreOneToken)
{
    EXPECT_EQ(single("f\"{x['a']}\""), "FString'f\"{x['a']}\"'");
    EXPECT_EQ(single("f\"{d[\"k\"]}\""), "FString'f\"{d[\"k\"]}\"'");
    EXPECT_EQ(single("f'{a:{w}.{p}f}'"), "FString'f'{a:{w}.{p}f}''");
    EXPECT_EQ(single("f\"{f\"{f\"{1+1}\"}\"}\""), "FString'f\"{f\"{f\"{1+1}\"}\"}\"'");
    EXPECT_EQ(single("f'{ {\"a\": 1}[\"a\"] }'"), "FString'f'{ {\"a\": 1}[\"a\"] }''");
    EXPECT_EQ(single("f\"{x!r:>{width}} {y=} {z:=5}\""),
              "FString'f\"{x!r:>{width}} {y=} {z:=5}\"'");
    EXPECT_EQ(single("f'{lambda_x}{(lambda y: y)(1)}{x if y else \"}\"}'"),
              "FString'f'{lambda_x}{(lambda y: y)(1)}{x if y else \"}\"}''");
}

TEST(LexerFStrings, DoubledBracesAndEscapes)
{
    EXPECT_EQ(single("f'{{literal}} {x}'"), "FString'f'{{literal}} {x}''");
    EXPECT_EQ(single(R"(f'\N{BULLET} {x}')"), R"(FString'f'\N{BULLET} {x}'')");
    EXPECT_EQ(single(R"(f'it\'s {x}')"), R"(FString'f'it\'s {x}'')");
    // A backslash does not escape a brace: `\{x}` still has a field.
    EXPECT_EQ(single(R"(f'\{x}')"), R"(FString'f'\{x}'')");
    EXPECT_EQ(single(R"(rf'\{x}\d')"), R"(FString'rf'\{x}\d'')");
}

TEST(LexerFStrings, NestedStringPrefixesInsideFields)
{
    EXPECT_EQ(single("f'{rb\"x\" + b\"}\"}'"), "FString'f'{rb\"x\" + b\"}\"}''");
    EXPECT_EQ(single("f'{fr\"{y}\"}'"), "FString'f'{fr\"{y}\"}''");
}

TEST(LexerFStrings, TripleQuotedFieldsMaySpanLinesAndHoldComments)
{
    auto l = lexText("s = f\"\"\"a {\n    x  # a comment } \"\"\"\n    + 1\n} b\"\"\"\nt\n");
    EXPECT_EQ(diags(*l), "");
    EXPECT_EQ(tokens(*l),
              "Identifier's' Equal FString'f\"\"\"a {\n    x  # a comment } \"\"\"\n"
              "    + 1\n} b\"\"\"' Newline Identifier't' Newline EndOfFile");
}

TEST(LexerFStrings, FieldsOfASingleQuotedFStringMaySpanLines)
{
    // Python 3.12 (PEP 701): a replacement field may contain line breaks.
    auto l = lexText("print(f\"shape={\n    tuple(x.shape)\n} dtype={x.dtype}\")\nt\n");
    EXPECT_EQ(diags(*l), "");
    EXPECT_EQ(tokens(*l),
              "Identifier'print' LParen FString'f\"shape={\n    tuple(x.shape)\n} dtype={x.dtype}\"' "
              "RParen Newline Identifier't' Newline EndOfFile");
}

TEST(LexerFStrings, UnclosedFieldOfASingleQuotedFStringEndsAtTheLine)
{
    auto l = lexText("s = f'{x\nt = 1\n");
    EXPECT_EQ(diags(*l), "UnterminatedString@1:5");
    EXPECT_EQ(tokens(*l),
              "Identifier's' Equal Error'f'{x' Newline Identifier't' Equal Integer'1' "
              "Newline EndOfFile");
}

TEST(LexerFStrings, UnclosedNestedStringFailsTheWholeLiteralOnce)
{
    auto l = lexText("s = f\"{x\"\nt\n");
    EXPECT_EQ(diags(*l), "UnterminatedString@1:5");
    EXPECT_EQ(tokens(*l),
              "Identifier's' Equal Error'f\"{x\"' Newline Identifier't' Newline "
              "EndOfFile");
}

TEST(LexerFStrings, ClosingQuoteInsideAFormatSpecEndsTheLiteral)
{
    // Python 3.12 ends the f-string there and the parser reports the missing '}'.
    EXPECT_EQ(tokens("f'{x:>'\ny"), "FString'f'{x:>'' Newline Identifier'y' Newline EndOfFile");
}

TEST(LexerFStrings, UnterminatedTripleQuotedFString)
{
    auto l = lexText("s = f'''{x}\n");
    EXPECT_EQ(diags(*l), "UnterminatedTripleQuotedString@1:5");
    EXPECT_EQ(tokens(*l), "Identifier's' Equal Error'f'''{x}\n' Newline EndOfFile");
}

TEST(LexerFStrings, DeepNestingIsBoundedAndDoesNotCrash)
{
    std::string deep;
    for (int i = 0; i < 5000; ++i)
        deep += "f'{";
    auto l = lexText(deep + "\nx = 1\n");
    EXPECT_EQ(diags(*l), "UnterminatedString@1:1");
    expectWellFormed(*l);
    const auto &ts = l->tokens();
    ASSERT_GE(ts.size(), 5u);
    EXPECT_EQ(l->text(ts[ts.size() - 5]), "x");
}

// ---- invalid characters ----

TEST(LexerInvalid, OneDiagnosticPerRunOfInvalidCharacters)
{
    auto l = lexText("a = $b ?\? `c` $?\n");
    EXPECT_EQ(diags(*l),
              "InvalidCharacter@1:5 InvalidCharacter@1:8 InvalidCharacter@1:11 "
              "InvalidCharacter@1:13 InvalidCharacter@1:15");
    EXPECT_EQ(l->diags[0].message, "invalid character '$' in source");
    EXPECT_EQ(l->diags[4].message, "invalid character '$' in source");
    EXPECT_EQ(l->diags[4].span.end - l->diags[4].span.begin, 2u);
    EXPECT_EQ(tokens(*l),
              "Identifier'a' Equal Error'$' Identifier'b' Error'?\?' Error'`' "
              "Identifier'c' Error'`' Error'$?' Newline EndOfFile");
}

TEST(LexerInvalid, ControlCharactersAreNamedByCodePoint)
{
    auto l = lexText(std::string("x\x07y\0z\x7f\v", 7));
    EXPECT_EQ(diags(*l), "InvalidCharacter@1:2 InvalidCharacter@1:4 InvalidCharacter@1:6");
    EXPECT_EQ(l->diags[0].message, "invalid character U+0007 in source");
    EXPECT_EQ(l->diags[1].message, "invalid character U+0000 in source");
    EXPECT_EQ(l->diags[2].message, "invalid character U+007F in source");
    EXPECT_EQ(l->diags[2].span.end - l->diags[2].span.begin, 2u); // DEL and \v together
}

TEST(LexerInvalid, LoneExclamationMarkIsInvalid)
{
    auto l = lexText("a ! b != c\n");
    EXPECT_EQ(diags(*l), "InvalidCharacter@1:3");
    EXPECT_EQ(l->diags[0].message, "invalid character '!' in source");
    EXPECT_EQ(tokens(*l),
              "Identifier'a' Error'!' Identifier'b' NotEqual Identifier'c' Newline "
              "EndOfFile");
}

TEST(LexerInvalid, UnicodePunctuationIsNotAName)
{
    auto l = lexText("print(\u201chi\u201d)\nx\u00a0= 1\ny = a \u2212 b\n");
    EXPECT_EQ(diags(*l),
              "InvalidCharacter@1:7 InvalidCharacter@1:12 InvalidCharacter@2:2 "
              "InvalidCharacter@3:7");
    EXPECT_EQ(l->diags[0].message, "invalid character '\u201c' (U+201C) in source");
    EXPECT_EQ(l->diags[2].message, "invalid character U+00A0 in source");
    EXPECT_EQ(l->diags[3].message, "invalid character '\u2212' (U+2212) in source");
    EXPECT_EQ(tokens(*l),
              "Identifier'print' LParen Error'\u201c' Identifier'hi' Error'\u201d' "
              "RParen Newline Identifier'x' Error'\u00a0' Equal Integer'1' Newline "
              "Identifier'y' Equal Identifier'a' Error'\u2212' Identifier'b' Newline "
              "EndOfFile");
}

// ---- byte order mark ----

TEST(LexerBom, LeadingBomIsSkipped)
{
    auto l = lexText("\xEF\xBB\xBFx = 1\n");
    EXPECT_EQ(diags(*l), "");
    EXPECT_EQ(tokens(*l), "Identifier'x' Equal Integer'1' Newline EndOfFile");
    EXPECT_EQ(l->tokens()[0].begin, 3u);
    EXPECT_TRUE(l->tokens()[0].atLineStart);
    EXPECT_EQ(diags("\xEF\xBB\xBFif x:\n    y\n"), "");
    EXPECT_EQ(tokens("\xEF\xBB\xBF"), "EndOfFile");
}

TEST(LexerBom, BomElsewhereIsInvalid)
{
    auto l = lexText("x = 1\n\xEF\xBB\xBFy = 2\n");
    EXPECT_EQ(diags(*l), "InvalidCharacter@2:1");
    EXPECT_EQ(l->diags[0].message, "invalid character U+FEFF in source");
}

// ---- robustness and speed ----

TEST(LexerRobustness, RandomBytesNeverBreakTheInvariants)
{
    std::mt19937 rng(12345);
    std::string alphabet = "ab_1 \t\n\r\\#'\"fr{}()[]:.!e0x\f\x80\xc3\xe2\xff";
    alphabet.push_back('\0');
    for (int round = 0; round < 400; ++round) {
        std::string text;
        const int len = static_cast<int>(rng() % 300);
        for (int i = 0; i < len; ++i) {
            text += round % 2 ? static_cast<char>(rng() & 0xFF) : alphabet[rng() % alphabet.size()];
        }
        auto l = lexText(text);
        SCOPED_TRACE(testing::PrintToString(text));
        expectWellFormed(*l);
    }
}

TEST(LexerRobustness, PathologicalInputsAreLinear)
{
    const std::size_t n = 1 << 18;
    for (const std::string unit : {"(",
                                   ")",
                                   "f'{",
                                   "'",
                                   "\"\"\"",
                                   "\\",
                                   "    ",
                                   "\t \n",
                                   "0x",
                                   "$",
                                   "{f\"",
                                   "\xe2\x80\x9c",
                                   "#",
                                   "\n\t",
                                   "1_",
                                   "rb",
                                   "(]",
                                   "([)",
                                   "((((]]]]"}) {
        std::string text;
        while (text.size() < n)
            text += unit;
        // Quadratic behaviour would show as a ctest timeout; speed itself is benchmarked.
        auto l = lexText(text);
        expectWellFormed(*l);
    }
}

TEST(LexerRobustness, DiagnosticsAreCappedButTokensAreNot)
{
    const std::string text(100000, '(');
    auto l = lexText(text);
    EXPECT_EQ(l->diags.size(), 1000u);
    EXPECT_EQ(l->tokens().size(), 100002u); // every '(' plus Newline and EndOfFile
    EXPECT_EQ(l->diags[0].kind, DiagKind::UnclosedBracket);
}

TEST(LexerScale, FiveThousandLinesOfKernelCode)
{
    const std::string unit = "@triton.jit\n"
                             "def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):\n"
                             "    pid = tl.program_id(axis=0)  # which block\n"
                             "    offs = pid * BLOCK + tl.arange(0, BLOCK)\n"
                             "    mask = offs < n\n"
                             "    x = tl.load(x_ptr + offs, mask=mask, other=0.0)\n"
                             "    y = tl.load(y_ptr + offs, mask=mask)\n"
                             "    tl.store(out_ptr + offs, x * 1.5e-3 + y, mask=mask)\n"
                             "    print(f\"{pid=} {x[0]:.3f} {'done'}\")\n"
                             "\n";
    std::string text;
    while (std::count(text.begin(), text.end(), '\n') < 5000)
        text += unit;
    // Speed is measured by bench/check_bench (BM_Lex5000Lines), not asserted here.
    auto l = lexText(text);
    EXPECT_TRUE(l->diags.empty());
    expectWellFormed(*l);
}
