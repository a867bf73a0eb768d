// The Runner's progress events: the tests' count once they are collected, one step per test,
// one per benchmark cell with the sweep's size, and a compile announced before kernel_compiled.
// A program given as text runs under a file name that need not exist (a remote runner).

#include "core/run/runner.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace tsm::run {
namespace {

const char kProgram[] = R"(import pytest
import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def double_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, 2 * tl.load(x_ptr + offs, mask=mask), mask=mask)


def double(x):
    y = torch.empty_like(x)
    double_kernel[(triton.cdiv(x.numel(), 64),)](x, y, x.numel(), BLOCK=64)
    return y


@pytest.mark.parametrize("n", [1, 100, 1000])
def test_double(n):
    x = torch.randn(n, device=DEVICE)
    torch.testing.assert_close(double(x), 2 * x)


def test_skipped_by_filter():
    pass


@triton.testing.perf_report(
    triton.testing.Benchmark(x_names=['n'], x_vals=[64, 128, 256], line_arg='p',
                             line_vals=['triton', 'torch'], line_names=['Triton', 'Torch'],
                             ylabel='ms', plot_name='double-ms', args={}))
def bench(n, p):
    x = torch.randn(n, device=DEVICE)
    if p == 'torch':
        return triton.testing.do_bench(lambda: 2 * x, warmup=1, rep=1)
    return triton.testing.do_bench(lambda: double(x), warmup=1, rep=1)
)";

struct Step
{
    std::string what, name;
    std::int64_t done, total;
};

class RunnerProgress : public ::testing::Test
{
protected:
    void SetUp() override
    {
        // ctest runs each test in a process of its own, two at a time: one file per process,
        // or one test's TearDown removes the program another is collecting.
        m_path = std::filesystem::temp_directory_path()
                 / ("tsm_runner_progress_" + std::to_string(::getpid()) + "_"
                    + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".py");
        std::ofstream(m_path) << kProgram;
    }
    void TearDown() override { std::filesystem::remove(m_path); }

    int run(Mode mode, const std::string &filter = {})
    {
        RunOptions o;
        o.mode = mode;
        o.backend = "interp";
        o.testFilter = filter;
        Runner runner(o);
        return runner.run(m_path.string(), [this](const RunEvent &e) { m_events.push_back(e); });
    }
    std::vector<Step> steps(const std::string &what) const
    {
        std::vector<Step> out;
        for (const RunEvent &e : m_events)
            if (e.kind == RunEvent::Kind::Progress && e.progress->what == what)
                out.push_back({e.progress->what, e.name, e.progress->done, e.progress->total});
        return out;
    }

    std::filesystem::path m_path;
    std::vector<RunEvent> m_events;
};

TEST_F(RunnerProgress, TestsCountOncePerTestAfterCollection)
{
    ASSERT_EQ(run(Mode::Test, "double"), kExitOk);
    const std::vector<Step> tests = steps("tests");
    ASSERT_EQ(tests.size(), 4u); // the start, then one per selected test
    for (std::size_t i = 0; i < tests.size(); ++i) {
        EXPECT_EQ(tests[i].done, std::int64_t(i));
        EXPECT_EQ(tests[i].total, 3); // the filter's 3 parametrizations, not the 4 tests
    }
    // The start comes before the first test starts; each step right after its test finishes.
    std::vector<RunEvent::Kind> order;
    for (const RunEvent &e : m_events)
        if (e.kind == RunEvent::Kind::TestStarted || e.kind == RunEvent::Kind::TestFinished
            || (e.kind == RunEvent::Kind::Progress && e.progress->what == "tests"))
            order.push_back(e.kind);
    using K = RunEvent::Kind;
    EXPECT_EQ(order, (std::vector<K>{K::Progress, K::TestStarted, K::TestFinished, K::Progress,
                                     K::TestStarted, K::TestFinished, K::Progress,
                                     K::TestStarted, K::TestFinished, K::Progress}));
}

TEST_F(RunnerProgress, CompileIsAnnouncedBeforeKernelCompiled)
{
    ASSERT_EQ(run(Mode::Test), kExitOk);
    // "S" a compile started, "K" kernel_compiled: each specialization is one S then its K.
    std::string order;
    for (const RunEvent &e : m_events) {
        if (e.kind == RunEvent::Kind::Progress && e.progress->what == "compile") {
            EXPECT_EQ(e.name, "double_kernel");
            EXPECT_EQ(e.progress->total, 0); // indeterminate
            order += 'S';
        }
        if (e.kind == RunEvent::Kind::KernelCompiled)
            order += 'K';
    }
    // n = 1 is specialized as a constant, 100 and 1000 share an i32 signature: two compiles,
    // the later launches reuse them without events.
    EXPECT_EQ(order, "SKSK");
}

TEST_F(RunnerProgress, BenchmarkCountsCellsOfTheSweep)
{
    ASSERT_EQ(run(Mode::Bench), kExitOk);
    const std::vector<Step> cells = steps("benchmark");
    ASSERT_EQ(cells.size(), 7u); // the start and one per cell: 3 x values x 2 lines
    int points = 0, progressSeen = 0;
    for (const RunEvent &e : m_events) {
        if (e.kind == RunEvent::Kind::BenchmarkPoint) {
            ++points;
            EXPECT_EQ(progressSeen, points); // a point follows the previous step
        }
        if (e.kind == RunEvent::Kind::Progress && e.progress->what == "benchmark") {
            EXPECT_EQ(e.name, "double-ms");
            EXPECT_EQ(e.progress->total, 6);
            EXPECT_EQ(e.progress->done, points); // each step right after its point
            ++progressSeen;
        }
    }
    EXPECT_EQ(points, 6);
    EXPECT_TRUE(steps("tests").empty());
}

TEST(RunnerText, RunsTheTextUnderTheFilesName)
{
    const std::string path = "/nowhere/remote/prog.py";
    ASSERT_FALSE(std::filesystem::exists(path));
    RunOptions o;
    o.backend = "interp";
    o.text = "print('answer', 6 * 7)\nraise ValueError('boom')\n";
    Runner runner(o);
    std::string printed;
    std::vector<Diagnostic> diagnostics;
    const int code = runner.run(path, [&](const RunEvent &e) {
        if (e.kind == RunEvent::Kind::Stdout)
            printed += e.text;
        if (e.kind == RunEvent::Kind::Diagnostic)
            diagnostics.push_back(*e.diagnostic);
    });
    EXPECT_EQ(code, kExitFailed);
    EXPECT_EQ(printed, "answer 42\n");
    ASSERT_EQ(diagnostics.size(), 1u);
    EXPECT_NE(diagnostics[0].message.find("boom"), std::string::npos) << diagnostics[0].message;
    ASSERT_LT(diagnostics[0].span.file, runner.sources().fileCount());
    const SourceFile &file = runner.sources().file(diagnostics[0].span.file);
    EXPECT_EQ(file.path(), path);
    EXPECT_EQ(file.lineCol(diagnostics[0].span.begin).line, 2u);
}

TEST(RunnerText, WithoutTextAMissingFileIsUnusableInput)
{
    RunOptions o;
    o.backend = "interp";
    Runner runner(o);
    std::string message;
    const int code = runner.run("/nowhere/remote/prog.py", [&](const RunEvent &e) {
        if (e.kind == RunEvent::Kind::Diagnostic)
            message = e.diagnostic->message;
    });
    EXPECT_EQ(code, kExitUnusable);
    EXPECT_NE(message.find("/nowhere/remote/prog.py"), std::string::npos) << message;
}

} // namespace
} // namespace tsm::run
