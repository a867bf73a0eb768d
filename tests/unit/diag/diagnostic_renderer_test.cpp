#include "core/diag/diagnostic_renderer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace tsm;

namespace {
Diagnostic undefinedY(const SourceFile &f)
{
    DiagnosticSink sink;
    const auto at = static_cast<std::uint32_t>(std::string_view(f.text()).find("yy"));
    Diagnostic &d = sink.report(DiagKind::UndefinedName, f.span(at, at + 2), {"yy"});
    addNote(d, f.span(0, 1), "did you mean 'x'?");
    return sink.takeDiagnostics()[0];
}
} // namespace

TEST(DiagnosticRenderer, TextHasLocationKindLineAndCaret)
{
    SourceManager sm;
    const SourceFile &f = sm.add("k.py", "x = 1\nz = x + yy\n");
    const std::string text = renderDiagnostic(undefinedY(f), sm);
    EXPECT_EQ(text,
              "k.py:2:9: error: name 'yy' is not defined [UndefinedName]\n"
              "z = x + yy\n"
              "        ^~\n"
              "k.py:1:1: note: did you mean 'x'?\n"
              "x = 1\n"
              "^\n");
}

TEST(DiagnosticRenderer, CaretLinesUpAfterMultibyteCharactersAndTabs)
{
    SourceManager sm;
    const SourceFile &f = sm.add("k.py", "\ts = '\xC3\xA9' + yy\n");
    const std::string text = renderDiagnostic(undefinedY(f), sm);
    EXPECT_NE(text.find("k.py:1:12: error"), std::string::npos) << text;
    EXPECT_NE(text.find("\n\t          ^~\n"), std::string::npos) << text;
}

TEST(DiagnosticRenderer, JsonCarriesTheSameFacts)
{
    SourceManager sm;
    const SourceFile &f = sm.add("k.py", "x = 1\nz = x + yy\n");
    const nlohmann::json j = diagnosticToJson(undefinedY(f), sm);
    EXPECT_EQ(j["kind"], "UndefinedName");
    EXPECT_EQ(j["severity"], "error");
    EXPECT_EQ(j["file"], "k.py");
    EXPECT_EQ(j["line"], 2);
    EXPECT_EQ(j["column"], 9);
    EXPECT_EQ(j["end_column"], 11);
    EXPECT_EQ(j["begin"], 14);
    EXPECT_EQ(j["notes"].size(), 1u);
    EXPECT_EQ(j["notes"][0]["line"], 1);
}

TEST(DiagnosticRenderer, NoteOnTheSameSpanDoesNotRepeatTheLine)
{
    SourceManager sm;
    const SourceFile &f = sm.add("k.py", "z = yy\n");
    DiagnosticSink sink;
    Diagnostic &d = sink.report(DiagKind::UndefinedName, f.span(4, 6), {"yy"});
    addNote(d, f.span(4, 6), "did you mean 'y'?");
    EXPECT_EQ(renderDiagnostic(d, sm),
              "k.py:1:5: error: name 'yy' is not defined [UndefinedName]\n"
              "z = yy\n"
              "    ^~\n"
              "k.py:1:5: note: did you mean 'y'?\n");
}
