// SASS -> Python lines (profiler/sass_lines.h) on a cubin NVRTC builds here with -lineinfo from
// the swish example; CI has the toolkit and CUPTI but no GPU, and none is needed.

#include "profiler/sass_lines.h"

#include "core/cuda/cuda_build.h"
#include "tests/unit/passes/lower_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace tsm::profiler {
namespace {

const std::string kSwishPath = std::string(TSM_SOURCE_DIR) + "/resources/examples/swish.py";

std::string readFile(const std::string &path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// 1-based line of the first line of `source` that contains `text`.
int lineOf(const std::string &source, const std::string &text)
{
    std::istringstream in(source);
    std::string l;
    for (int n = 1; std::getline(in, l); ++n)
        if (l.find(text) != std::string::npos)
            return n;
    ADD_FAILURE() << "no line with " << text;
    return -1;
}

struct SwishCubin
{
    std::string source;
    std::vector<char> cubin;
    std::string function;
};

/// The swish kernel built for sm_90 with line information (once per test binary).
const SwishCubin &swishCubin()
{
    static const SwishCubin built = [] {
        SwishCubin c;
        c.source = readFile(kSwishPath);
        auto spec = passes::test::specializeSource(
            c.source,
            "swish_kernel",
            "x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32, beta=1.0, BLOCK_SIZE=1024",
            kSwishPath);
        if (!spec->kernel)
            return c;
        cuda::CudaBuildOptions options;
        options.arch = "sm_90";
        options.cacheDir = "-";
        DiagnosticSink diags;
        auto build = cuda::buildCuda(spec->kernel, spec->file, options, diags);
        if (!build || !build->compiled.ok) {
            ADD_FAILURE() << "NVRTC: " << (build ? build->compiled.log : "no build");
            return c;
        }
        c.cubin = build->compiled.cubin;
        c.function = build->source.kernelName;
        return c;
    }();
    return built;
}

/// The two kernels of kTwoKernels built for sm_90 with line information.
const char *kTwoKernels = R"(
__device__ __forceinline__ float helper(float x)
{
    return __expf(x) / (1.0f + x * x);
}
extern "C" __global__ void first(float *p)
{
#line 10 "two.py"
    float v = p[threadIdx.x];
#line 11 "two.py"
    p[threadIdx.x] = helper(v);
}
extern "C" __global__ void second(float *p)
{
#line 20 "two.py"
    float v = p[threadIdx.x] * 3.0f;
#line 21 "two.py"
    p[threadIdx.x + 1] = helper(v) + helper(v + 1.0f);
}
)";

std::vector<char> compileTwoKernels(bool lineInfo)
{
    cuda::CompileOptions o;
    o.arch = "sm_90";
    o.cacheDir = "-";
    o.lineInfo = lineInfo;
    auto r = cuda::compileCuda(kTwoKernels, "two.cu", o);
    EXPECT_TRUE(r.ok) << r.log;
    return r.cubin;
}

bool isDeviceHeader(const std::string &file)
{
    return file.ends_with("/tilesmith_device.cuh") || file == "tilesmith_device.cuh";
}

TEST(SassLines, EverySwishInstructionLandsOnAKernelLine)
{
    const SwishCubin &c = swishCubin();
    ASSERT_FALSE(c.cubin.empty());
    std::string why;
    const auto size = kernelCodeSize(c.cubin, c.function, &why);
    ASSERT_TRUE(size) << why;
    const std::vector<SassLine> lines = sassLines(c.cubin, c.function, &why);
    ASSERT_EQ(lines.size(), *size / 16) << why;
    EXPECT_EQ(why, "");
    for (std::size_t i = 0; i < lines.size(); ++i)
        EXPECT_EQ(lines[i].pc, i * 16);

    const int def = lineOf(c.source, "def swish_kernel(");
    const int load = lineOf(c.source, "x = tl.load(");
    const int exp = lineOf(c.source, "denominator = 1.0 + tl.exp(");
    const int div = lineOf(c.source, "output = numerator / denominator");
    const int store = lineOf(c.source, "tl.store(output_ptr");
    const auto costs = lineCosts(lines, kSwishPath, nullptr, {def, store});
    std::map<int, std::int64_t> perLine;
    std::int64_t total = 0;
    double shares = 0;
    for (const run::LineCost &cost : costs) {
        perLine[cost.line] = cost.instructions;
        total += cost.instructions;
        shares += cost.share;
        EXPECT_TRUE(cost.line == 0 || (cost.line >= def && cost.line <= store)) << cost.line;
        EXPECT_EQ(cost.executed, 0); // nothing measured
    }
    EXPECT_EQ(total, std::int64_t(lines.size()));
    EXPECT_NEAR(shares, 1.0, 1e-9);
    for (int line : {load, exp, div, store})
        EXPECT_GT(perLine[line], 0) << "line " << line;
    // The prologue before the first #line, and EXIT and padding after the last statement.
    EXPECT_GT(perLine[0], 0);
    EXPECT_LT(perLine[0], total / 4);
    EXPECT_TRUE(std::is_sorted(
        costs.begin(), costs.end(), [](auto &a, auto &b) { return a.line < b.line; }));
}

TEST(SassControls, LoadsSetBarriersThatLaterInstructionsWaitOn)
{
    // The swish kernel loads x and computes with it: some instruction sets a scoreboard
    // barrier and a later one waits on it, as ptxas schedules a load and its use.
    const SwishCubin &c = swishCubin();
    ASSERT_FALSE(c.cubin.empty());
    std::string why;
    const auto controls = sassControls(c.cubin, c.function, &why);
    ASSERT_TRUE(controls) << why;
    ASSERT_EQ(controls->size(), *kernelCodeSize(c.cubin, c.function, &why) / 16);
    bool paired = false;
    for (std::size_t i = 0; i < controls->size() && !paired; ++i) {
        const int b = (*controls)[i].writeBarrier;
        EXPECT_TRUE(b == 7 || (b >= 0 && b < 6)) << i;
        EXPECT_TRUE((*controls)[i].readBarrier == 7 || (*controls)[i].readBarrier < 6) << i;
        if (b == 7)
            continue;
        for (std::size_t j = i + 1; j < controls->size(); ++j)
            if ((*controls)[j].waitMask & (1u << b)) {
                paired = true;
                break;
            }
    }
    EXPECT_TRUE(paired);
    EXPECT_FALSE(sassControls(c.cubin, "no_such_kernel", &why));
}

TEST(SassLines, InlinedDeviceHeaderCodeGoesToTheCallingPythonLine)
{
    // CUPTI names only the header's own line for inlined tsm::load / tsm::store / exp_approx /
    // div_full code; the line table's inlined-at rows lead to the Python statement. One header
    // line (the TSM_ACCESS expansion) serves both the load and the store, interleaved in the
    // schedule: each instruction must go to its own caller, not to a neighbour's line.
    const SwishCubin &c = swishCubin();
    ASSERT_FALSE(c.cubin.empty());
    std::string why;
    const std::vector<SassLine> lines = sassLines(c.cubin, c.function, &why);
    ASSERT_FALSE(lines.empty()) << why;
    const int load = lineOf(c.source, "x = tl.load(");
    const int exp = lineOf(c.source, "denominator = 1.0 + tl.exp(");
    const int div = lineOf(c.source, "output = numerator / denominator");
    const int store = lineOf(c.source, "tl.store(output_ptr");
    std::map<int, int> headerLineTo; // Python line -> header instructions
    std::map<int, std::set<int>> callersOfHeaderLine;
    int header = 0;
    for (const SassLine &s : lines) {
        if (!isDeviceHeader(s.file))
            continue;
        ++header;
        const int py = pythonLineOf(s, kSwishPath);
        EXPECT_NE(py, 0) << "header instruction at " << s.pc << " (" << s.file << ":" << s.line
                         << ") has no Python caller";
        ASSERT_FALSE(s.inlinedAt.empty());
        EXPECT_EQ(s.inlinedAt.back().file, kSwishPath);
        ++headerLineTo[py];
        callersOfHeaderLine[s.line].insert(py);
    }
    EXPECT_GT(header, int(lines.size()) / 3); // exp and division are mostly header code
    for (int line : {load, exp, div, store})
        EXPECT_GT(headerLineTo[line], 0) << "line " << line;
    bool shared = false;
    for (auto &[headerLine, callers] : callersOfHeaderLine)
        shared |= callers.count(load) && callers.count(store);
    EXPECT_TRUE(shared) << "expected one header line inlined into both tl.load and tl.store";
}

TEST(SassLines, EachKernelOfACubinResolvesItsOwnCallSites)
{
    // Two kernels, one line-table sequence each: the inlined-at rows count from the start of
    // their own sequence, and each sequence is found through its relocation.
    const std::vector<char> cubin = compileTwoKernels(true);
    ASSERT_FALSE(cubin.empty());
    for (auto [function, call] : {std::pair{"first", 11}, std::pair{"second", 21}}) {
        std::string why;
        const auto lines = sassLines(cubin, function, &why);
        ASSERT_FALSE(lines.empty()) << why;
        int inlined = 0;
        for (const SassLine &s : lines) {
            if (!s.file.ends_with("two.cu") || s.line != 4) // helper's body
                continue;
            ++inlined;
            EXPECT_EQ(pythonLineOf(s, "two.py"), call) << function << " pc " << s.pc;
        }
        EXPECT_GT(inlined, 0) << function;
    }
}

TEST(SassLines, ACubinWithoutLineInformationSaysHowToGetIt)
{
    const std::vector<char> cubin = compileTwoKernels(false);
    ASSERT_FALSE(cubin.empty());
    std::string why;
    EXPECT_TRUE(sassLines(cubin, "first", &why).empty());
    EXPECT_NE(why.find("-lineinfo"), std::string::npos) << why;
}

TEST(SassLines, AnUnknownKernelIsNamed)
{
    const std::vector<char> cubin = compileTwoKernels(true);
    std::string why;
    EXPECT_TRUE(sassLines(cubin, "third", &why).empty());
    EXPECT_NE(why.find("third"), std::string::npos) << why;
}

TEST(SassCubinReader, TruncatedOrGarbageImagesGiveAnErrorNotACrash)
{
    const SwishCubin &c = swishCubin();
    ASSERT_FALSE(c.cubin.empty());
    std::string why;
    EXPECT_FALSE(kernelCodeSize({}, c.function, &why));
    EXPECT_NE(why, "");
    const std::string garbage = "this is not a cubin at all, just some text that is long enough "
                                "to hold an ELF header if it were one";
    why.clear();
    EXPECT_FALSE(kernelCodeSize(garbage, c.function, &why));
    EXPECT_NE(why.find("not a usable cubin"), std::string::npos) << why;
    why.clear();
    EXPECT_TRUE(sassLines(garbage, c.function, &why).empty());
    EXPECT_NE(why, "");

    // Every prefix of the real image that cuts into its section headers (after the sections,
    // before the program headers) or the sections themselves fails.
    std::uint64_t shoff = 0;
    std::memcpy(&shoff, c.cubin.data() + 0x28, 8);
    std::uint16_t shnum = 0;
    std::memcpy(&shnum, c.cubin.data() + 0x3c, 2);
    const std::size_t needed = shoff + shnum * 64u;
    ASSERT_LE(needed, c.cubin.size());
    for (std::size_t n = 0; n < needed; n += 61) {
        const std::span<const char> prefix(c.cubin.data(), n);
        why.clear();
        EXPECT_FALSE(kernelCodeSize(prefix, c.function, &why)) << n;
        EXPECT_NE(why, "") << n;
        EXPECT_FALSE(inlineChains(prefix, c.function, &why)) << n;
    }
    // Damaged bytes anywhere (headers, line table, code): an answer or an error, never a
    // crash or a read outside the image.
    std::vector<char> damaged = c.cubin;
    std::uint32_t seed = 12345;
    for (int round = 0; round < 400; ++round) {
        damaged = c.cubin;
        for (int k = 0; k < 8; ++k) {
            seed = seed * 1664525u + 1013904223u;
            // Odd rounds hit the front third, where the debug sections sit.
            const std::size_t span = round % 2 ? damaged.size() / 3 : damaged.size();
            damaged[(seed >> 8) % span] = char(seed >> 24);
        }
        why.clear();
        if (auto chains = inlineChains(damaged, c.function, &why))
            EXPECT_LE(chains->size(), c.cubin.size() / 16);
        else
            EXPECT_NE(why, "");
    }
}

TEST(SassLineCosts, SharesFollowExecutedCountsWhenGiven)
{
    const std::string py = "/k/kernel.py";
    auto at
        = [&](std::uint32_t pc, std::string file, int line, std::vector<SourceLocation> via = {}) {
              return SassLine{pc, std::move(file), line, std::move(via)};
          };
    const std::vector<SassLine> lines{
        at(0x00, "/k/kernel.cu", 5), // prologue
        at(0x10, py, 3),
        at(0x20, "/k/tilesmith_device.cuh", 292, {{py, 4}}), // exp, inlined
        at(0x30, "/k/tilesmith_device.cuh", 292, {{py, 4}}),
        at(0x40, py, 3),
        at(0x50, "/k/tilesmith_device.cuh", 238, {{"/k/tilesmith_device.cuh", 253}, {py, 5}}),
        at(0x60, "", 0), // no line information
        at(0x70, py, 6), // after the kernel
    };
    // Static: shares of the instruction count; lines outside 2..5 join line 0.
    const auto statics = lineCosts(lines, py, nullptr, {2, 5});
    ASSERT_EQ(statics.size(), 4u);
    EXPECT_EQ(statics[0].line, 0);
    EXPECT_EQ(statics[0].instructions, 3);
    EXPECT_EQ(statics[1].line, 3);
    EXPECT_EQ(statics[1].instructions, 2);
    EXPECT_DOUBLE_EQ(statics[1].share, 2.0 / 8);
    EXPECT_EQ(statics[2].line, 4);
    EXPECT_EQ(statics[2].instructions, 2);
    EXPECT_EQ(statics[3].line, 5);
    EXPECT_EQ(statics[3].instructions, 1);
    EXPECT_DOUBLE_EQ(statics[3].share, 1.0 / 8);

    // Without a range, line 6 is a line of its own.
    EXPECT_EQ(lineCosts(lines, py).size(), 5u);
    // A relative path matches the end of the table's absolute one ("kernel.py", "k/kernel.py",
    // as the program was opened); another file's lines do not count.
    EXPECT_EQ(lineCosts(lines, "kernel.py", nullptr, {2, 5})[1].instructions, 2);
    EXPECT_EQ(lineCosts(lines, "k/kernel.py", nullptr, {2, 5})[1].instructions, 2);
    EXPECT_EQ(lineCosts(lines, "./k/kernel.py", nullptr, {2, 5})[1].instructions, 2);
    EXPECT_EQ(lineCosts(lines, "/other/kernel.py", nullptr, {2, 5})[0].instructions, 8);
    EXPECT_EQ(lineCosts(lines, "other/kernel.py", nullptr, {2, 5})[0].instructions, 8);
    EXPECT_EQ(lineCosts(lines, "../kernel.py", nullptr, {2, 5})[0].instructions, 8);

    // Measured: executed per PC, shares of the executed total; PCs without counts add 0.
    const std::map<std::uint32_t, double> executed{
        {0x00, 10}, {0x10, 100}, {0x20, 400}, {0x30, 400}, {0x40, 50}, {0x50, 40}};
    const auto measured = lineCosts(lines, py, &executed, {2, 5});
    ASSERT_EQ(measured.size(), 4u);
    EXPECT_DOUBLE_EQ(measured[0].executed, 10);
    EXPECT_DOUBLE_EQ(measured[1].executed, 150);
    EXPECT_DOUBLE_EQ(measured[2].executed, 800);
    EXPECT_DOUBLE_EQ(measured[2].share, 800.0 / 1000);
    EXPECT_EQ(measured[2].instructions, 2);
    EXPECT_DOUBLE_EQ(measured[3].share, 40.0 / 1000);

    EXPECT_TRUE(lineCosts({}, py).empty());
}

} // namespace
} // namespace tsm::profiler
