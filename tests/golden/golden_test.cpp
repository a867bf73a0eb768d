// Runs every tests/golden/<phase>/*.py through its phase and checks the inline expectations
// (tests/golden/README.md). TSM_GOLDEN_UPDATE=1 rewrites the DUMP blocks.

#include "golden_expectations.h"

#include "core/check/checker.h"
#include "core/diag/diagnostic_renderer.h"
#include "core/ir/printer.h"
#include "core/ir/verifier.h"
#include "core/passes/pipeline.h"
#include "core/sema/signature_parse.h"
#include "core/sema/specializer.h"
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

const char *const kPhases[] = {"lex", "parse", "check", "sema", "lower"};

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

// The sema phase: every `# SIGNATURE: kernel(args)` line of the file specializes that kernel;
// the dump is the printed IR of each (none for fail_ files). The lower phase then runs the CUDA
// pipeline (core/passes) on each and dumps the IR with its layouts.
std::optional<std::string> runSema(const SourceFile &file, DiagnosticSink &sink, bool lower = false)
{
    ParseResult r = parseModule(file, sink);
    std::string dump;
    std::size_t pos = 0;
    const std::string_view text = file.text();
    bool any = false;
    while ((pos = text.find("# SIGNATURE:", pos)) != std::string_view::npos) {
        const std::size_t eol = std::min(text.find('\n', pos), text.size());
        std::string line(text.substr(pos + 12, eol - pos - 12));
        pos = eol;
        const auto open = line.find('('), close = line.rfind(')');
        if (open == std::string::npos || close == std::string::npos || close < open) {
            ADD_FAILURE() << file.path() << ": malformed SIGNATURE line: " << line;
            continue;
        }
        std::string name = line.substr(0, open);
        name.erase(0, name.find_first_not_of(' '));
        name.erase(name.find_last_not_of(' ') + 1);
        const ast::FunctionDef *fn = nullptr;
        for (const ast::Stmt *st : r.module->body)
            if (const auto *f = ast::dynCast<ast::FunctionDef>(st); f && f->name == name)
                fn = f;
        if (!fn) {
            ADD_FAILURE() << file.path() << ": no function '" << name << "'";
            continue;
        }
        std::string why;
        auto sig = sema::parseSignature(line.substr(open + 1, close - open - 1), *fn, &why);
        if (!sig) {
            ADD_FAILURE() << file.path() << ": bad signature: " << why;
            continue;
        }
        any = true;
        auto kernel = sema::specialize(sema::KernelSource{file, *r.module, *fn, {}}, *sig, sink);
        if (kernel) {
            std::string problem;
            EXPECT_TRUE(ir::verifyKernel(*kernel, &problem))
                << file.path() << ": sema built IR the verifier rejects: " << problem;
            if (!lower) {
                dump += ir::printKernel(*kernel, &file);
            } else if (auto lowered = passes::lowerForCuda(
                           std::shared_ptr<const ir::Kernel>(std::move(kernel)), {}, sink)) {
                dump += passes::printLowered(*lowered, &file);
            }
        }
    }
    if (!any)
        ADD_FAILURE() << file.path() << ": a sema golden file needs a `# SIGNATURE: kernel(...)` line";
    if (std::filesystem::path(file.path()).filename().string().starts_with("fail_"))
        return std::nullopt;
    return dump;
}

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
    } else if (phase == "sema" || phase == "lower") {
        out.dump = runSema(file, sink, phase == "lower");
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

// Kinds that no source text can produce deterministically: an unreadable file (the CLI tests
// cover it) and a cancelled or step-limited run (the host and interp unit tests cover it).
// Kinds no source file can produce on a machine with no GPU: unreadable input, a stopped run,
// NVRTC rejecting generated code (a Tilesmith bug, tested with hand-written CUDA C in
// tests/unit/cuda), the driver's failures (tests/gpu on the GPU machine), the note that a CUDA
// run does not check device_assert (tests/unit/cuda/cuda_backend_assert_test.cpp), and
// UnsupportedOnBackend: the CUDA backend compiles every op sema produces, so only a lowering
// that broke its own layout contract reports it (tests/unit/passes/pipeline_test.cpp). And
// EagerOpOnHost, which needs the CUDA backend (tests/unit/host/eager_gpu_ops_test.cpp).
const std::set<std::string> kNotFromSource = {"UnusableInput",
                                              "EagerOpOnHost",
                                              "ExecutionStopped",
                                              "CudaCompileFailed",
                                              "CudaUnavailable",
                                              "CudaLaunchFailed",
                                              "DeviceAssertUnchecked",
                                              "UnsupportedOnBackend"};

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
    // Runtime kinds (interpreter, harness) are covered by the whole programs' fail_ files.
    for (const auto &e : fs::directory_iterator(fs::path(TSM_GOLDEN_DIR) / ".." / "programs")) {
        const std::string name = e.path().filename().string();
        if (name.starts_with("fail_") && e.path().extension() == ".py")
            for (const auto &x : golden::parseGoldenFile(readFile(e.path())).expectations)
                covered.insert(x.kind);
    }
    for (const std::string &k : known) {
        if (!kNotFromSource.count(k))
            EXPECT_TRUE(covered.count(k))
                << "no tests/golden/**/fail_*.py or tests/programs/fail_*.py expects [" << k << "]";
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
