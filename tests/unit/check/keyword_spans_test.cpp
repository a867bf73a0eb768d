#include "core/check/keyword_spans.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::check;

namespace {

struct Text
{
    explicit Text(std::string s)
        : file(sources.add("t.py", std::move(s)))
    {
    }
    std::string at(std::optional<SourceSpan> span) const
    {
        return span ? std::string(file.slice(*span)) : "<none>";
    }
    std::uint32_t find(std::string_view needle) const
    {
        return static_cast<std::uint32_t>(file.text().find(needle));
    }
    SourceManager sources;
    const SourceFile &file;
};

TEST(KeywordSpans, KeywordAtChecksWholeWords)
{
    Text t("try:\n    tryhard = 1\n");
    EXPECT_EQ(t.at(keywordAt(t.file, 0, "try")), "try");
    EXPECT_EQ(t.at(keywordAt(t.file, t.find("tryhard"), "try")), "<none>");
    EXPECT_EQ(t.at(keywordAt(t.file, 1000, "try")), "<none>");
}

TEST(KeywordSpans, KeywordBeforeSkipsWhitespaceAndContinuations)
{
    Text t("async  def \\\n  name(): pass\n");
    const auto def = keywordBefore(t.file, t.find("name"), "def");
    EXPECT_EQ(t.at(def), "def");
    EXPECT_EQ(t.at(keywordBefore(t.file, def->begin, "async")), "async");
    EXPECT_EQ(t.at(keywordBefore(t.file, t.find("name"), "class")), "<none>");
    EXPECT_EQ(t.at(keywordBefore(t.file, 0, "def")), "<none>");
}

TEST(KeywordSpans, KeywordAfterSkipsCommentsAndBlankLines)
{
    Text t("    x = 1  # note\n\n    # comment\n    else:\n");
    EXPECT_EQ(t.at(keywordAfter(t.file, t.find("1") + 1, "else")), "else");
    EXPECT_EQ(t.at(keywordAfter(t.file, t.find("1") + 1, "elif")), "<none>");
    EXPECT_EQ(t.at(keywordAfter(t.file, static_cast<std::uint32_t>(t.file.size()), "else")),
              "<none>");
}

TEST(KeywordSpans, OperatorBetweenTrimsParentheses)
{
    Text t("(a) not in (b)");
    EXPECT_EQ(t.at(operatorBetween(t.file, t.find(")"), t.find("(b") + 1)), "not in");
    EXPECT_EQ(t.at(operatorBetween(t.file, 5, 5)), "<none>");
    Text c("a < # c\n b");
    EXPECT_EQ(c.at(operatorBetween(c.file, 1, c.find("b"))), "<none>");
}

TEST(KeywordSpans, PunctuationAt)
{
    Text t("{1: 2}");
    EXPECT_EQ(t.at(punctuationAt(t.file, 0, "{")), "{");
    EXPECT_EQ(t.at(punctuationAt(t.file, 1, "{")), "<none>");
}

} // namespace
