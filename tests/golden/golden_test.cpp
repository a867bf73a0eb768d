// Runs every tests/golden/<phase>/*.py through its phase and checks the inline expectations
// (tests/golden/README.md). TSM_GOLDEN_UPDATE=1 rewrites the DUMP blocks.

#include "golden_expectations.h"

#include "core/check/checker.h"
#include "core/diag/diagnostic_renderer.h"
#include "core/syntax/ast_dump.h"
#include "core/syntax/lexer.h"
#include "core/syntax/parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using namespace tsm;

namespace {

const char *const kPhases[] = {"lex", "parse", "check"};

struct Case
{
    std::string phase;
    fs::path path;
};

// Readable test parameters in gtest output.
void PrintTo(const Case &c, std::ostream *os)
{
    *os << c.path.string();
}

std::vector<Case> allCases()
{
    std::vector<Case> cases;
    for (const char *phase : kPhases) {
        const fs::path dir = fs::path(TSM_GOLDEN_DIR) / phase;
        if (!fs::is_directory(dir))
            continue;
        std::vector<fs::path> files;
        for (const auto &e : fs::directory_iterator(dir))
            if (e.path().extension() == ".py")
                files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto &f : files)
            cases.push_back({phase, f});
    }
    return cases;
}

std::string readFile(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct PhaseOutput
{
    std::vector<Diagnostic> diagnostics;
    std::optional<std::string> dump;
};

PhaseOutput runPhase(const std::string &phase, const SourceFile &file)
{
    PhaseOutput out;
    DiagnosticSink sink;
    if (phase == "lex") {
        LexResult r = lex(file, sink);
        out.dump = dumpTokens(file, r.tokens);
        out.diagnostics = sink.takeDiagnostics();
    } else if (phase == "parse") {
        ParseResult r = parseModule(file, sink);
        out.dump = ast::dumpModule(*r.module);
        out.diagnostics = sink.takeDiagnostics();
    } else {
        out.diagnostics = checkSource(file).diagnostics;
    }
    return out;
}

class Golden : public ::testing::TestWithParam<Case>
{};

TEST_P(Golden, MatchesInlineExpectations)
{
    const Case &c = GetParam();
    const std::string text = readFile(c.path);
    const golden::GoldenFile g = golden::parseGoldenFile(text);
    for (const auto &p : g.problems)
        ADD_FAILURE() << c.path.string() << ": " << p;

    SourceManager sm;
    const SourceFile &file = sm.add(c.path.string(), g.input);
    PhaseOutput out = runPhase(c.phase, file);

    // Match every diagnostic (and every note) against the expectations.
    std::vector<bool> used(g.expectations.size(), false);
    auto claim = [&](std::string_view sev, std::string_view kind, unsigned line,
                     std::string_view message) {
        for (std::size_t i = 0; i < g.expectations.size(); ++i) {
            const auto &e = g.expectations[i];
            if (!used[i] && e.severity == sev && e.kind == kind && e.line == line
                && (e.text.empty() || message.find(e.text) != std::string_view::npos)) {
                used[i] = true;
                return true;
            }
        }
        return false;
    };
    std::string unexpected;
    std::size_t errors = 0;
    for (const Diagnostic &d : out.diagnostics) {
        errors += d.severity == Severity::Error;
        const unsigned line = file.lineCol(d.span.begin).line;
        if (!claim(severityName(d.severity), diagKindName(d.kind), line, d.message))
            unexpected += renderDiagnostic(d, sm);
        for (const DiagNote &n : d.notes) {
            if (n.hasSpan)
                claim("note", diagKindName(d.kind), file.lineCol(n.span.begin).line, n.message);
        }
    }
    EXPECT_TRUE(unexpected.empty()) << "unexpected diagnostics:\n" << unexpected;
    for (std::size_t i = 0; i < g.expectations.size(); ++i) {
        const auto &e = g.expectations[i];
        EXPECT_TRUE(used[i]) << c.path.string() << ":" << e.sourceLine << ": expected " << e.severity
                             << " [" << e.kind << "] on line " << e.line
                             << (e.text.empty() ? "" : " containing '" + e.text + "'")
                             << " was not reported";
    }
    const bool isFail = c.path.filename().string().starts_with("fail_");
    if (isFail)
        EXPECT_GT(errors, 0u) << "a fail_ file must produce at least one error";
    else
        EXPECT_EQ(errors, 0u) << "only fail_ files may produce errors";

    if (out.dump) {
        const char *update = std::getenv("TSM_GOLDEN_UPDATE");
        if (update && std::string(update) == "1") {
            if (!g.dump || *g.dump != *out.dump) {
                std::ofstream(c.path, std::ios::binary) << golden::withDump(g.input, *out.dump);
                std::cout << "updated " << c.path.string() << "\n";
            }
        } else if (!g.dump) {
            ADD_FAILURE() << c.path.string()
                          << " has no DUMP block; run with TSM_GOLDEN_UPDATE=1 and review it";
        } else {
            EXPECT_EQ(*g.dump, *out.dump) << "dump differs; run with TSM_GOLDEN_UPDATE=1 to update";
        }
    }
}

std::string caseName(const ::testing::TestParamInfo<Case> &info)
{
    std::string name = info.param.phase + "_" + info.param.path.stem().string();
    for (char &ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Files, Golden, ::testing::ValuesIn(allCases()), caseName);

// Kinds that no source text can produce; the CLI tests cover them.
const std::set<std::string> kNotFromSource = {"UnusableInput"};

TEST(GoldenCoverage, EveryDiagnosticKindHasAFailFile)
{
    std::set<std::string> known;
    for (std::size_t k = 0; k < diagKindCount(); ++k)
        known.insert(std::string(diagKindName(static_cast<DiagKind>(k))));
    std::set<std::string> covered;
    for (const Case &c : allCases()) {
        const golden::GoldenFile g = golden::parseGoldenFile(readFile(c.path));
        for (const auto &e : g.expectations) {
            EXPECT_TRUE(known.count(e.kind)) << c.path.string() << ":" << e.sourceLine
                                             << ": no diagnostic kind named " << e.kind;
            if (c.path.filename().string().starts_with("fail_"))
                covered.insert(e.kind);
        }
    }
    for (const std::string &k : known) {
        if (!kNotFromSource.count(k))
            EXPECT_TRUE(covered.count(k)) << "no tests/golden/**/fail_*.py expects [" << k << "]";
    }
}

TEST(GoldenExpectations, ParsesCheckLinesAndDumpBlock)
{
    const std::string text = "x = (  # CHECK-ERROR: UnclosedBracket\n"
                             "# CHECK-ERROR@+1: UndefinedName: 'y'\n"
                             "z = y\n"
                             "# CHECK-WARNING@-1: Foo\n"
                             "# CHECK-ERROR oops\n"
                             "# ---- DUMP ----\n"
                             "# Module\n"
                             "#\n"
                             "#   Name\n";
    const golden::GoldenFile g = golden::parseGoldenFile(text);
    ASSERT_EQ(g.expectations.size(), 3u);
    EXPECT_EQ(g.expectations[0].kind, "UnclosedBracket");
    EXPECT_EQ(g.expectations[0].line, 1u);
    EXPECT_EQ(g.expectations[1].line, 3u);
    EXPECT_EQ(g.expectations[1].text, "'y'");
    EXPECT_EQ(g.expectations[2].severity, "warning");
    EXPECT_EQ(g.expectations[2].line, 3u);
    ASSERT_EQ(g.problems.size(), 1u);
    ASSERT_TRUE(g.dump.has_value());
    EXPECT_EQ(*g.dump, "Module\n\n  Name\n");
    EXPECT_EQ(golden::withDump(g.input, *g.dump), text);
}

} // namespace

int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
