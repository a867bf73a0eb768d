// triton's host side: cdiv, next_power_of_2, the nominal device, do_bench's return
// conventions and labels, perf_report tables printed as Triton prints them.

#include "tests/unit/host/session_test_support.h"

#include "core/host/triton_bench_table.h"

#include <gtest/gtest.h>

namespace tsm::host::test {
namespace {

TEST(TritonModule, CdivAndNextPowerOf2MatchTriton)
{
    Session s;
    ASSERT_TRUE(s.run("import triton\n"
                      "print(triton.cdiv(10, 4), triton.cdiv(16, 4), triton.cdiv(1, 1024))\n"
                      "print(triton.next_power_of_2(1000), triton.next_power_of_2(1024), "
                      "triton.next_power_of_2(1), triton.next_power_of_2(0))\n"))
        << s.firstError();
    EXPECT_EQ(s.out(), "3 4 1\n1024 1024 1 0\n");
}

TEST(TritonModule, DeviceAndProperties)
{
    Session s;
    ASSERT_TRUE(s.run("import triton\nimport triton.language as tl\n"
                      "d = triton.runtime.driver.active.get_active_torch_device()\n"
                      "p = triton.runtime.driver.active.utils.get_device_properties(0)\n"
                      "print(d, p['multiprocessor_count'] > 0, 'max_shared_mem' in p)\n"
                      "print(tl.float16, tl.constexpr(4), "
                      "triton.runtime.driver.active.get_current_target().backend)\n"))
        << s.firstError();
    EXPECT_EQ(s.out(), "cuda:0 True True\nfp16 4 cuda\n");
}

TEST(TritonModule, DoBenchFollowsTritonsReturnConventions)
{
    Session s;
    ASSERT_TRUE(s.run("import torch\nimport triton\n"
                      "x = torch.ones(16)\n"
                      "ms = triton.testing.do_bench(lambda: x + 1)\n"
                      "q = triton.testing.do_bench(lambda: x + 1, quantiles=[0.5, 0.2, 0.8])\n"
                      "one = triton.testing.do_bench(lambda: x + 1, quantiles=[0.5])\n"
                      "allt = triton.testing.do_bench(lambda: x + 1, return_mode='all', rep=1)\n"
                      "print(type(ms).__name__, len(q), q[1] <= q[0] <= q[2], type(one).__name__)\n"
                      "print(type(allt).__name__, 1 <= len(allt) <= 100, ms > 0)\n"))
        << s.firstError();
    EXPECT_EQ(s.out(), "float 3 True float\nlist True True\n");
}

const char *kBenchProgram = R"(import triton

@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['size'], x_vals=[4096, 8192], line_arg='provider',
        line_vals=['triton', 'torch'], line_names=['Triton', 'Torch'],
        styles=[('blue', '-'), ('green', '-')], ylabel='GB/s', plot_name='demo', args={}))
def bench(size, provider):
    if provider == 'triton':
        return size / 1024.0, size / 2048.0, size / 512.0
    return size * 1000.5, size * 1000.0, size * 1001.0

if __name__ == "__main__":
    bench.run(print_data=True, show_plots=True)
)";

TEST(TritonModule, PerfReportPrintsTheTableAsPandasDoes)
{
    Session s;
    ASSERT_TRUE(s.run(kBenchProgram)) << s.firstError();
    std::string out = s.out();
    // Triton 3.x's column labels: "<line name> (<ylabel>)".
    EXPECT_NE(out.find("demo:\n"
                       "     size  Triton (GB/s)  Torch (GB/s)\n"
                       "0  4096.0            4.0     4098048.0\n"
                       "1  8192.0            8.0     8196096.0\n"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("show_plots"), std::string::npos);
    auto points = s.of(run::RunEvent::Kind::BenchmarkPoint);
    ASSERT_EQ(points.size(), 4u);
    EXPECT_EQ(points[0]->point->line, "Triton");
    EXPECT_EQ(points[0]->point->x, "4096");
    EXPECT_DOUBLE_EQ(points[0]->point->value, 4.0);
    EXPECT_DOUBLE_EQ(*points[0]->point->max, 8.0);
    EXPECT_EQ(points[0]->point->unit, "GB/s");
    EXPECT_FALSE(points[0]->point->xLog); // not asked for
    EXPECT_EQ(points[0]->point->xLabel, "");
}

TEST(TritonModule, BenchmarkPointsCarryTheAxisOptions)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import triton

@triton.testing.perf_report(
    triton.testing.Benchmark(x_names=['n'], x_vals=[2, 4], line_arg='p', line_vals=['a'],
                             line_names=['A'], plot_name='axes', args={}, x_log=True,
                             xlabel='elements', ylabel='TFLOP/s'))
def bench(n, p):
    return float(n)

bench.run(print_data=False)
)")) << s.firstError();
    auto points = s.of(run::RunEvent::Kind::BenchmarkPoint);
    ASSERT_EQ(points.size(), 2u);
    EXPECT_TRUE(points[1]->point->xLog);
    EXPECT_FALSE(points[1]->point->yLog);
    EXPECT_EQ(points[1]->point->xLabel, "elements");
    EXPECT_EQ(points[1]->point->unit, "TFLOP/s");
    EXPECT_DOUBLE_EQ(points[1]->point->value, 4.0);
}

TEST(TritonModule, BenchTableFormatsLikePandas)
{
    BenchTable t;
    t.columns = {"N", "Triton"};
    t.rows
        = {{Value::integer(1), Value::real(1234567890.5)}, {Value::integer(2), Value::real(2.5)}};
    t.rowAllNumeric = {false, false};
    // Integer x column; a float column with a large, long value switches to scientific.
    EXPECT_EQ(formatBenchTable(t),
              "   N        Triton\n"
              "0  1  1.234568e+09\n"
              "1  2  2.500000e+00");
    EXPECT_EQ(benchTableCsv(t), "N,Triton\n1,1234567890.5\n2,2.5\n");

    BenchTable small;
    small.columns = {"x", "y"};
    small.rows = {{Value::real(1.0), Value::real(0.25)}, {Value::real(2.0), Value::real(0.125)}};
    small.rowAllNumeric = {true, true};
    EXPECT_EQ(formatBenchTable(small), "     x      y\n0  1.0  0.250\n1  2.0  0.125");
}

TEST(TritonModule, DoBenchOnTheInterpreterIsLabelledCpuTime)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton

@triton.testing.perf_report(
    triton.testing.Benchmark(x_names=['n'], x_vals=[8], line_arg='p', line_vals=['torch'],
                             line_names=['Torch'], plot_name='p', args={}, ylabel='ms'))
def bench(n, p):
    x = torch.ones(n)
    return triton.testing.do_bench(lambda: x * 2, rep=1)

bench.run(print_data=False)
)")) << s.firstError();
    auto points = s.of(run::RunEvent::Kind::BenchmarkPoint);
    ASSERT_EQ(points.size(), 1u);
    EXPECT_NE(points[0]->point->measuredBy.find("CPU time"), std::string::npos);
    EXPECT_EQ(s.out(), "");
}

TEST(TritonModule, TritonAssertCloseUsesItsOwnTolerances)
{
    Session s;
    ASSERT_TRUE(s.run("import torch\nimport triton\n"
                      "triton.testing.assert_close(torch.ones(3), torch.ones(3) + 0.005)\n"
                      "try:\n    triton.testing.assert_close(torch.ones(3), torch.ones(3) + 0.5)\n"
                      "except AssertionError:\n    print('mismatch')\n"))
        << s.firstError();
    EXPECT_EQ(s.out(), "mismatch\n");
    auto v = s.of(run::RunEvent::Kind::Validation);
    ASSERT_EQ(v.size(), 2u);
    EXPECT_EQ(v[0]->validation->function, "triton.testing.assert_close");
    EXPECT_DOUBLE_EQ(v[0]->validation->atol, 1e-2);
}

TEST(TritonModule, MathModule)
{
    Session s;
    ASSERT_TRUE(s.run("import math\n"
                      "print(math.ceil(2.1), math.floor(-2.1), math.sqrt(16.0), math.log2(8))\n"
                      "print(math.isclose(1.0, 1.0 + 1e-12), math.prod([2, 3, 4]), math.pi)\n"
                      "try:\n    math.sqrt(-1)\nexcept ValueError as e:\n    print(e)\n"))
        << s.firstError();
    EXPECT_EQ(s.out(), "3 -3 4.0 3.0\nTrue 24 3.141592653589793\nmath domain error\n");
}

} // namespace
} // namespace tsm::host::test
