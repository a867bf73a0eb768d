// The CUDA C the backend generates, for real programs, and the CI rule of issue 4: every kernel
// specialization that passes sema either compiles with NVRTC for sm_80 and sm_90 (sm_90a alone when it uses wgmma) or is refused
// with UnsupportedOnBackend; a kernel that passed sema and fails NVRTC fails the test.
//
// Kernels come from
//   - resources/examples/*.py and tests/programs/*.py (not fail_*): the program's module and
//     tests run on the interpreter through a recording backend, which keeps every specialization
//     the harness compiled;
//   - tests/golden/sema/*.py and tests/golden/lower/*.py (not fail_*): each `# SIGNATURE:` line.
// Each goes through passes::lowerForCuda and codegen::emitCuda (with device asserts for the
// kernels a program builds with @triton.jit(debug=True)). For the programs and examples the
// generated CUDA C (or the refusal) is compared with tests/golden/cuda/<file stem>.cu;
// TSM_GOLDEN_UPDATE=1 rewrites those files.

#include "core/check/checker.h"
#include "core/codegen/cuda_emitter.h"
#include "core/cuda/nvrtc_compiler.h"
#include "core/diag/diagnostic_renderer.h"
#include "core/host/host_session.h"
#include "core/interp/interp_backend.h"
#include "core/ir/printer.h"
#include "core/passes/pipeline.h"
#include "core/sema/signature_parse.h"
#include "core/sema/specializer.h"
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

enum class Origin { Program, Sema };

struct Case
{
    Origin origin;
    fs::path path;
};

void PrintTo(const Case &c, std::ostream *os)
{
    *os << c.path.string();
}

std::vector<fs::path> pythonFiles(const fs::path &dir)
{
    std::vector<fs::path> files;
    if (!fs::is_directory(dir))
        return files;
    for (const auto &e : fs::directory_iterator(dir))
        if (e.path().extension() == ".py" && !e.path().filename().string().starts_with("fail_"))
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::vector<Case> allCases()
{
    std::vector<Case> cases;
    const fs::path root = TSM_SOURCE_DIR;
    for (const fs::path &p : pythonFiles(root / "resources" / "examples"))
        cases.push_back({Origin::Program, p});
    for (const fs::path &p : pythonFiles(root / "tests" / "programs"))
        cases.push_back({Origin::Program, p});
    for (const fs::path &p : pythonFiles(root / "tests" / "golden" / "sema"))
        cases.push_back({Origin::Sema, p});
    // The lower goldens' SIGNATURE kernels face NVRTC too (their IR dumps are golden_test's).
    for (const fs::path &p : pythonFiles(root / "tests" / "golden" / "lower"))
        cases.push_back({Origin::Sema, p});
    return cases;
}

std::string caseName(const ::testing::TestParamInfo<Case> &info)
{
    std::string n = (info.param.origin == Origin::Sema ? "sema_" : "")
                    + info.param.path.parent_path().filename().string() + "_"
                    + info.param.path.stem().string();
    for (char &c : n)
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '_';
    return n;
}

std::string readFile(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// Delegates to the interpreter and keeps every kernel the harness compiled (one per
/// specialization; relaunches of a cached specialization do not compile again).
class RecordingBackend : public Backend
{
public:
    std::string_view name() const override { return m_inner.name(); }
    std::shared_ptr<CompiledKernel> compile(std::shared_ptr<const ir::Kernel> kernel,
                                            DiagnosticSink &diags) override
    {
        kernels.push_back(kernel);
        return m_inner.compile(std::move(kernel), diags);
    }
    std::shared_ptr<CompiledKernel> compile(std::shared_ptr<const ir::Kernel> kernel,
                                            DiagnosticSink &diags,
                                            const CompileFlags &flags) override
    {
        if (flags.debug)
            debugBuilds.insert(kernel.get());
        return compile(std::move(kernel), diags);
    }
    bool launch(CompiledKernel &kernel, Grid grid, std::span<const LaunchArg> args,
                LaunchContext &context) override
    {
        return m_inner.launch(kernel, grid, args, context);
    }

    std::vector<std::shared_ptr<const ir::Kernel>> kernels;
    /// Kernels the harness builds with debug (@triton.jit(debug=True)): emitted with asserts.
    std::set<const ir::Kernel *> debugBuilds;

private:
    interp::InterpBackend m_inner;
};

/// The specializations of a program: its module and every test run on the interpreter.
std::vector<std::shared_ptr<const ir::Kernel>> programKernels(const SourceFile &file,
                                                              std::string *problem,
                                                              std::set<const ir::Kernel *> *debug)
{
    CheckResult checked = checkSource(file);
    if (checked.errorCount) {
        *problem = "the program does not pass the checker";
        return {};
    }
    RecordingBackend backend;
    host::HostOptions options;
    options.backend = &backend;
    options.events = [](const run::RunEvent &) {};
    options.workingDirectory = fs::path(file.path()).parent_path();
    // What the autotuner picks decides which specializations compile: by config order, not by
    // timing (and not from an earlier run's cache), so the golden is the same on every machine.
    options.autotuneCacheDir = "-";
    options.autotuneTimesConfigs = false;
    host::HostSession session(*checked.module, options);
    if (!session.runModule(/*asMain=*/false)) {
        *problem = "the module did not run";
        return {};
    }
    for (const host::TestCase &t : session.tests())
        session.runTest(t);
    *debug = backend.debugBuilds;
    return backend.kernels;
}

/// The specializations of a sema golden file: one per `# SIGNATURE:` line.
std::vector<std::shared_ptr<const ir::Kernel>> semaKernels(const SourceFile &file,
                                                           ParseResult &parsed)
{
    std::vector<std::shared_ptr<const ir::Kernel>> out;
    DiagnosticSink sink;
    parsed = parseModule(file, sink);
    const std::string_view text = file.text();
    for (std::size_t pos = 0; (pos = text.find("# SIGNATURE:", pos)) != std::string_view::npos;) {
        const std::size_t eol = std::min(text.find('\n', pos), text.size());
        const std::string line(text.substr(pos + 12, eol - pos - 12));
        pos = eol;
        const auto open = line.find('('), close = line.rfind(')');
        if (open == std::string::npos || close == std::string::npos)
            continue;
        std::string name = line.substr(0, open);
        name.erase(0, name.find_first_not_of(' '));
        name.erase(name.find_last_not_of(' ') + 1);
        const ast::FunctionDef *fn = nullptr;
        for (const ast::Stmt *st : parsed.module->body)
            if (const auto *f = ast::dynCast<ast::FunctionDef>(st); f && f->name == name)
                fn = f;
        if (!fn)
            continue;
        std::string why;
        auto sig = sema::parseSignature(line.substr(open + 1, close - open - 1), *fn, &why);
        if (!sig)
            continue;
        if (auto k = sema::specialize(sema::KernelSource{file, *parsed.module, *fn, {}}, *sig, sink))
            out.push_back(std::move(k));
    }
    return out;
}

std::string renderAll(const std::vector<Diagnostic> &diags, const SourceFile &file)
{
    std::string s;
    for (const Diagnostic &d : diags)
        s += "line " + std::to_string(file.lineCol(d.span.begin).line) + ": "
             + std::string(diagKindName(d.kind)) + ": " + d.message + "\n";
    return s;
}

/// tests/golden/cuda/<stem>.cu for tests/programs, example_<stem>.cu for resources/examples.
fs::path goldenFile(const fs::path &program)
{
    const bool example = program.parent_path().filename() == "examples";
    return fs::path(TSM_SOURCE_DIR) / "tests" / "golden" / "cuda"
           / ((example ? "example_" : "") + program.stem().string() + ".cu");
}

class CudaGolden : public ::testing::TestWithParam<Case>
{};

TEST_P(CudaGolden, CompilesWithNvrtcAndMatchesGolden)
{
    const Case &c = GetParam();
    SourceManager sm;
    const SourceFile &file = sm.add(c.path.string(), readFile(c.path));
    std::string problem;
    ParseResult parsed;
    std::set<const ir::Kernel *> debugBuilds;
    const auto kernels = c.origin == Origin::Program ? programKernels(file, &problem, &debugBuilds)
                                                     : semaKernels(file, parsed);
    ASSERT_TRUE(problem.empty()) << c.path << ": " << problem;

    std::string golden;
    std::set<std::string> seen;
    int compiled = 0, refused = 0;
    for (const auto &kernel : kernels) {
        // The same specialization compiled twice (two programs' caches) is emitted once.
        // The IR dump does not show the signature's divisibility facts, which change the code.
        std::string key = ir::printKernel(*kernel, &file);
        for (const ir::Param &p : kernel->params)
            key += p.divisibleBy16 ? "1" : "0";
        if (!seen.insert(key).second)
            continue;
        DiagnosticSink diags;
        auto lowered = passes::lowerForCuda(kernel, {}, diags);
        std::optional<codegen::CudaSource> source;
        if (lowered) {
            codegen::EmitOptions options;
            options.lineFileName = c.path.filename().string();
            options.deviceAsserts = debugBuilds.count(kernel.get()) != 0;
            source = codegen::emitCuda(*lowered, &file, options, diags);
        }
        if (!source) {
            // Refusals must be UnsupportedOnBackend errors, or a config that needs more shared
            // memory than the GPU has (autotune.py's 256x256 transpose tile), nothing else.
            const std::vector<Diagnostic> &ds = diags.diagnostics();
            ASSERT_FALSE(ds.empty()) << kernel->name << ": no CUDA C and no diagnostic";
            for (const Diagnostic &d : ds)
                EXPECT_TRUE(d.kind == DiagKind::UnsupportedOnBackend
                            || d.kind == DiagKind::SharedMemoryExceeded)
                    << kernel->name << ": " << renderAll(ds, file);
            golden += "// ==== kernel " + kernel->name + ": not supported by the CUDA backend\n";
            for (const Diagnostic &d : ds)
                golden += "// line " + std::to_string(file.lineCol(d.span.begin).line) + ": "
                          + d.message + "\n";
            ++refused;
            continue;
        }
        // wgmma code (sm_90a only) is checked for sm_90a; its sm_80 build would take mma.sync.
        const std::vector<std::string> archs = source->archSpecific ? std::vector<std::string>{"sm_90a"}
                                                                    : std::vector<std::string>{"sm_80", "sm_90"};
        for (const std::string &arch : archs) {
            cuda::CompileOptions o;
            o.arch = arch;
            o.cacheDir = "-";
            const cuda::CompileResult r
                = cuda::compileCuda(source->code, "/tilesmith/" + source->kernelName + ".cu", o);
            EXPECT_TRUE(r.ok) << c.path.filename() << ": kernel '" << kernel->name
                              << "' passed sema but NVRTC (" << arch << ") rejects its CUDA C:\n"
                              << r.log << "\n---- generated ----\n"
                              << source->code;
        }
        golden += "// ==== kernel " + kernel->name + "\n" + source->code;
        ++compiled;
    }
    if (c.origin == Origin::Sema)
        return; // the sema goldens have their IR dumps; here they only face NVRTC

    EXPECT_GT(compiled + refused, 0) << c.path << ": the program compiled no kernel";
    const fs::path goldenPath = goldenFile(c.path);
    const char *update = std::getenv("TSM_GOLDEN_UPDATE");
    if (update && std::string(update) == "1") {
        fs::create_directories(goldenPath.parent_path());
        std::ofstream(goldenPath, std::ios::binary) << golden;
        return;
    }
    ASSERT_TRUE(fs::exists(goldenPath))
        << goldenPath << " is missing; run with TSM_GOLDEN_UPDATE=1 to create it";
    const std::string expected = readFile(goldenPath);
    EXPECT_EQ(expected, golden) << "generated CUDA C differs from " << goldenPath
                                << " (TSM_GOLDEN_UPDATE=1 rewrites it)";
}

INSTANTIATE_TEST_SUITE_P(Files, CudaGolden, ::testing::ValuesIn(allCases()), caseName);

TEST(CudaGoldenFiles, EveryGoldenFileHasAProgram)
{
    // A renamed or deleted program leaves no stale golden behind.
    const fs::path root = TSM_SOURCE_DIR;
    std::set<fs::path> expected;
    for (const Case &c : allCases())
        if (c.origin == Origin::Program)
            expected.insert(goldenFile(c.path));
    for (const auto &e : fs::directory_iterator(root / "tests" / "golden" / "cuda"))
        EXPECT_TRUE(expected.count(e.path()))
            << e.path() << " belongs to no program under tests/programs or resources/examples";
}

} // namespace
