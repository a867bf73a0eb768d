#include "core/diag/diagnostic.h"

#include <gtest/gtest.h>

#include <set>

using namespace tsm;

TEST(DiagnosticRegistry, NamesAreUniqueAndFormatsNonEmpty)
{
    std::set<std::string_view> names;
    for (std::size_t i = 0; i < diagKindCount(); ++i) {
        const auto k = static_cast<DiagKind>(i);
        EXPECT_TRUE(names.insert(diagKindName(k)).second) << diagKindName(k);
        EXPECT_FALSE(diagKindFormat(k).empty()) << diagKindName(k);
    }
    EXPECT_EQ(diagKindName(DiagKind::UndefinedName), "UndefinedName");
    EXPECT_EQ(diagKindSeverity(DiagKind::UndefinedName), Severity::Error);
}

TEST(DiagnosticFormat, FillsPlaceholdersInOrder)
{
    EXPECT_EQ(formatDiagMessage("{}() takes {} but {} were given", {"load", "2", "3"}),
              "load() takes 2 but 3 were given");
    EXPECT_EQ(formatDiagMessage("missing {} and {}", {"a"}), "missing a and ");
    EXPECT_EQ(formatDiagMessage("no placeholders {", {"x"}), "no placeholders {");
}

TEST(DiagnosticSink, ReportsWithOriginAndCountsErrors)
{
    DiagnosticSink sink;
    sink.setOrigin(DiagOrigin::Check);
    Diagnostic &d = sink.report(DiagKind::UndefinedName, {0, 3, 4}, {"y"});
    addNote(d, {0, 0, 1}, "defined here");
    EXPECT_EQ(sink.errorCount(), 1u);
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    const Diagnostic &got = sink.diagnostics()[0];
    EXPECT_EQ(got.message, "name 'y' is not defined");
    EXPECT_EQ(got.origin, DiagOrigin::Check);
    ASSERT_EQ(got.notes.size(), 1u);
    EXPECT_EQ(got.notes[0].message, "defined here");
    EXPECT_EQ(sink.takeDiagnostics().size(), 1u);
    EXPECT_TRUE(sink.diagnostics().empty());
}
