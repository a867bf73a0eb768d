// Runs every tests/programs/*.py with `tilesmith test --backend interp` semantics (the Runner,
// in process), and the pytest-style programs of tests/gpu/ (those scripts/gpu-check compares
// with the CUDA backend: a front-end rule that makes one invalid fails here, not only on the GPU
// machine), and checks the outcome: a program passes all of its tests; a fail_*.py program
// produces exactly the diagnostics its inline `# CHECK-ERROR: Kind: text` comments list (on those
// lines), and the validation counts of its `# CHECK-VALIDATION: mismatched=N total=M` lines.

#include "tests/golden/golden_expectations.h"

#include "core/run/runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;
using namespace tsm;

namespace {

std::string readFile(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The .py files of `dir`; with `testsOnly`, those that define a test (scripts/gpu/check.py's
/// rule for tests/gpu: the others are benchmarks and fault drills run by its "special" step).
std::vector<fs::path> programs(const fs::path &dir, bool testsOnly)
{
    std::vector<fs::path> files;
    for (const auto &e : fs::directory_iterator(dir))
        if (e.path().extension() == ".py" && (!testsOnly || readFile(e.path()).find("def test_") != std::string::npos))
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

struct Outcome
{
    int exitCode = -1;
    int testsPassed = 0, testsFailed = 0;
    std::vector<Diagnostic> diagnostics;
    std::vector<run::ValidationReport> validations;
    std::string stdoutText;
    std::vector<std::string> rendered; ///< "line N: Kind: message"
};

Outcome runProgram(const fs::path &file, run::Runner &runner)
{
    Outcome o;
    o.exitCode = runner.run(file.string(), [&](const run::RunEvent &e) {
        switch (e.kind) {
        case run::RunEvent::Kind::Diagnostic:
            o.diagnostics.push_back(*e.diagnostic);
            break;
        case run::RunEvent::Kind::Validation:
            o.validations.push_back(*e.validation);
            break;
        case run::RunEvent::Kind::TestFinished:
            (e.passed ? o.testsPassed : o.testsFailed)++;
            break;
        case run::RunEvent::Kind::Stdout:
            o.stdoutText += e.text;
            break;
        default:
            break;
        }
    });
    for (const Diagnostic &d : o.diagnostics) {
        const unsigned line = d.span.end ? runner.sources().file(d.span.file).lineCol(d.span.begin).line
                                         : 0;
        o.rendered.push_back("line " + std::to_string(line) + ": "
                             + std::string(diagKindName(d.kind)) + ": " + d.message);
    }
    return o;
}

std::string listing(const Outcome &o)
{
    std::string s = "exit code " + std::to_string(o.exitCode) + "; diagnostics:\n";
    for (const std::string &r : o.rendered)
        s += "  " + r + "\n";
    return s + "stdout:\n" + o.stdoutText;
}

class Program : public ::testing::TestWithParam<fs::path>
{};

TEST_P(Program, RunsOnTheInterpreterAsExpected)
{
    const fs::path file = GetParam();
    run::RunOptions options;
    options.mode = run::Mode::Test;
    options.backend = "interp";
    run::Runner runner(options);
    const Outcome o = runProgram(file, runner);
    const std::string text = readFile(file);
    const golden::GoldenFile g = golden::parseGoldenFile(text);
    for (const std::string &problem : g.problems) // CHECK-VALIDATION is this runner's own line
        EXPECT_NE(problem.find("CHECK-VALIDATION"), std::string::npos) << problem;

    if (!file.filename().string().starts_with("fail_")) {
        EXPECT_EQ(o.exitCode, 0) << listing(o);
        EXPECT_GT(o.testsPassed, 0) << "no test ran\n" << listing(o);
        EXPECT_EQ(o.testsFailed, 0) << listing(o);
        return;
    }
    EXPECT_EQ(o.exitCode, 1) << listing(o);
    ASSERT_FALSE(g.expectations.empty()) << "a fail_ program needs # CHECK-ERROR lines";
    // Every expectation is met by a diagnostic on its line; every error is expected.
    std::vector<bool> used(o.diagnostics.size(), false);
    for (const golden::Expectation &e : g.expectations) {
        bool found = false;
        for (std::size_t k = 0; k < o.diagnostics.size() && !found; ++k) {
            const Diagnostic &d = o.diagnostics[k];
            const unsigned line = d.span.end ? runner.sources().file(d.span.file).lineCol(d.span.begin).line
                                             : 0;
            if (!used[k] && diagKindName(d.kind) == e.kind && line == e.line
                && d.message.find(e.text) != std::string::npos) {
                used[k] = found = true;
            }
        }
        EXPECT_TRUE(found) << "expected " << e.kind << " on line " << e.line << " containing '"
                           << e.text << "'\n" << listing(o);
    }
    for (std::size_t k = 0; k < o.diagnostics.size(); ++k)
        EXPECT_TRUE(used[k] || o.diagnostics[k].severity != Severity::Error)
            << "unexpected " << o.rendered[k];
    // CHECK-VALIDATION lines: the failed report's counts.
    const std::regex validation(R"(#\s*CHECK-VALIDATION:\s*mismatched=(\d+)\s+total=(\d+))");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), validation);
         it != std::sregex_iterator(); ++it) {
        const long mismatched = std::stol((*it)[1]), total = std::stol((*it)[2]);
        const bool found = std::any_of(o.validations.begin(), o.validations.end(), [&](const auto &v) {
            return !v.passed && v.mismatched == mismatched && v.total == total;
        });
        EXPECT_TRUE(found) << "no failed validation with mismatched=" << mismatched
                           << " total=" << total << "\n" << listing(o);
    }
}

std::string programName(const ::testing::TestParamInfo<fs::path> &info)
{
    std::string s = info.param.stem().string();
    std::replace_if(s.begin(), s.end(), [](char c) { return !std::isalnum(unsigned(c)); }, '_');
    return s;
}

INSTANTIATE_TEST_SUITE_P(Programs, Program, ::testing::ValuesIn(programs(TSM_PROGRAMS_DIR, false)), programName);
INSTANTIATE_TEST_SUITE_P(GpuPrograms, Program, ::testing::ValuesIn(programs(TSM_GPU_PROGRAMS_DIR, true)), programName);

} // namespace
