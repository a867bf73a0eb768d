#include "core/source/source_file.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace tsm;

TEST(SourceFile, LineTableHandlesLfCrlfAndCr)
{
    SourceFile f(0, "a.py", "ab\ncd\r\nef\rgh");
    EXPECT_EQ(f.lineCount(), 4u);
    EXPECT_EQ(f.lineText(1), "ab");
    EXPECT_EQ(f.lineText(2), "cd");
    EXPECT_EQ(f.lineText(3), "ef");
    EXPECT_EQ(f.lineText(4), "gh");
    EXPECT_EQ(f.lineStart(3), 7u);
    EXPECT_EQ(f.lineText(5), "");
}

TEST(SourceFile, EmptyFileHasOneLine)
{
    SourceFile f(0, "a.py", "");
    EXPECT_EQ(f.lineCount(), 1u);
    const LineCol lc = f.lineCol(0);
    EXPECT_EQ(lc.line, 1u);
    EXPECT_EQ(lc.column, 1u);
}

TEST(SourceFile, LineColCountsBytesAndCodePoints)
{
    // "é" is two bytes; the column after it differs in bytes and code points.
    SourceFile f(0, "a.py", "x = 1\n# \xC3\xA9t\xC3\xA9 y\n");
    const std::uint32_t y = static_cast<std::uint32_t>(std::string_view(f.text()).find('y'));
    const LineCol lc = f.lineCol(y);
    EXPECT_EQ(lc.line, 2u);
    EXPECT_EQ(lc.column, 9u);
    EXPECT_EQ(lc.displayColumn, 7u);
}

TEST(SourceFile, ByteOrderMarkIsNotAColumn)
{
    SourceFile f(0, "a.py", "\xEF\xBB\xBFx = 1\n");
    EXPECT_EQ(f.lineCol(3).column, 1u);
    EXPECT_EQ(f.lineCol(3).displayColumn, 1u);
    EXPECT_EQ(f.lineCol(7).displayColumn, 5u);
}

TEST(SourceFile, OffsetsAreClamped)
{
    SourceFile f(0, "a.py", "abc\n");
    EXPECT_EQ(f.lineCol(1000).line, 2u);
    EXPECT_EQ(f.slice({0, 2, 1000}), "c\n");
    EXPECT_EQ(f.slice({0, 5, 2}), "");
    EXPECT_EQ(f.offsetOf(1, 100), 3u);
    EXPECT_EQ(f.offsetOf(1, 2), 1u);
}

TEST(SourceSpan, CoverTakesTheUnion)
{
    const SourceSpan s = SourceSpan::cover({0, 5, 8}, {0, 2, 6});
    EXPECT_EQ(s.begin, 2u);
    EXPECT_EQ(s.end, 8u);
}

TEST(Utf8, ValidatesSequences)
{
    std::size_t bad = 0;
    EXPECT_TRUE(isValidUtf8("plain ascii"));
    EXPECT_TRUE(isValidUtf8("\xE4\xB8\xAD\xE6\x96\x87 \xF0\x9F\x98\x80"));
    EXPECT_FALSE(isValidUtf8("ab\xFF", &bad));
    EXPECT_EQ(bad, 2u);
    EXPECT_FALSE(isValidUtf8("\xC0\xAF", &bad)); // overlong '/'
    EXPECT_FALSE(isValidUtf8("\xED\xA0\x80", &bad)); // surrogate
    EXPECT_FALSE(isValidUtf8("\xE4\xB8", &bad)); // truncated
    EXPECT_EQ(bad, 0u);
}

namespace {
std::string tempPath(const char *name)
{
    return (std::filesystem::temp_directory_path() / name).string();
}
} // namespace

TEST(LoadSourceText, ReportsEachKindOfUnusableInput)
{
    EXPECT_EQ(loadSourceText(tempPath("tsm_surely_missing.py")).error, LoadError::NotFound);
    EXPECT_EQ(loadSourceText(std::filesystem::temp_directory_path().string()).error,
              LoadError::IsDirectory);

    const std::string bin = tempPath("tsm_binary.py");
    std::ofstream(bin, std::ios::binary) << std::string("x\0y", 3);
    EXPECT_EQ(loadSourceText(bin).error, LoadError::Binary);

    const std::string latin = tempPath("tsm_latin.py");
    std::ofstream(latin, std::ios::binary) << "s = '\xE9'\n";
    const LoadResult r = loadSourceText(latin);
    EXPECT_EQ(r.error, LoadError::NotUtf8);
    EXPECT_NE(r.message.find("offset 5"), std::string::npos) << r.message;

    const std::string good = tempPath("tsm_good.py");
    std::ofstream(good, std::ios::binary) << "x = 1\n";
    EXPECT_EQ(loadSourceText(good).error, LoadError::None);
    EXPECT_EQ(loadSourceText(good).text, "x = 1\n");
    for (const auto &p : {bin, latin, good})
        std::remove(p.c_str());
}

TEST(LoadSourceText, SentTextIsCheckedAsAFilesBytesAre)
{
    // serve's `text`: used under the path's name, which need not exist, with the same checks.
    const std::string missing = tempPath("tsm_surely_missing.py");
    EXPECT_EQ(loadSourceText(missing, std::string("x = 1\n")).text, "x = 1\n");
    EXPECT_EQ(loadSourceText(missing, std::string("x\0y", 3)).error, LoadError::Binary);
    EXPECT_EQ(loadSourceText(missing, std::string("s = '\xE9'\n")).error, LoadError::NotUtf8);
    EXPECT_EQ(loadSourceText(missing, std::nullopt).error, LoadError::NotFound);
}
