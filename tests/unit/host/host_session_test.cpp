// HostSession: running a module, test discovery with pytest's parametrize ids, pass/fail of
// tests, benchmarks, file access through numpy, and the seed's swish example end to end.

#include "tests/unit/host/session_test_support.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace tsm::host::test {
namespace {

TEST(HostSession, ModuleNameDependsOnHowItRuns)
{
    Session s;
    ASSERT_TRUE(s.run("print(__name__)\nif __name__ == '__main__':\n    print('main')\n", false));
    EXPECT_EQ(s.out(), "prog\n");
    Session t;
    ASSERT_TRUE(t.run("print(__name__)\n", true));
    EXPECT_EQ(t.out(), "__main__\n");
}

TEST(HostSession, ParametrizeExpandsLikePytest)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import pytest
import torch

@pytest.mark.parametrize('size', [1000, 4096])
@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_add(size, dtype):
    assert size in (1000, 4096)

@pytest.mark.parametrize('a, b', [(1, 2), (3, 4)], ids=['small', 'big'])
def test_pairs(a, b):
    assert b == a + 1

@pytest.mark.parametrize('dtype', [torch.float16, torch.float32])
def test_dtype(dtype):
    assert dtype.is_floating_point

def test_plain():
    pass

def helper():
    pass
)",
                      false))
        << s.firstError();
    std::vector<std::string> names;
    for (const TestCase &t : s.session->tests())
        names.push_back(t.name);
    EXPECT_EQ(names,
              (std::vector<std::string>{"test_add[float16-1000]",
                                        "test_add[float16-4096]",
                                        "test_add[float32-1000]",
                                        "test_add[float32-4096]",
                                        "test_pairs[small]",
                                        "test_pairs[big]",
                                        "test_dtype[dtype0]",
                                        "test_dtype[dtype1]",
                                        "test_plain"}));
    for (const TestCase &t : s.session->tests())
        EXPECT_TRUE(s.session->runTest(t)) << t.name << ": " << s.firstError();
}

TEST(HostSession, FailingTestsReportTheirException)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import pytest

def test_ok():
    assert 1 + 1 == 2

def test_bad():
    x = 3
    assert x == 4, 'x is wrong'

def test_close():
    torch.testing.assert_close(torch.ones(3), torch.zeros(3))

@pytest.mark.skip(reason='later')
def test_skipped():
    assert False

def test_raises():
    with pytest.raises(ValueError, match='bad'):
        raise ValueError('bad value')
)",
                      false))
        << s.firstError();
    auto tests = s.session->tests();
    ASSERT_EQ(tests.size(), 5u);
    EXPECT_TRUE(s.session->runTest(tests[0]));
    s.events.clear();
    EXPECT_FALSE(s.session->runTest(tests[1]));
    ASSERT_FALSE(s.diagnostics().empty());
    EXPECT_NE(s.diagnostics()[0].message.find("x is wrong"), std::string::npos);
    EXPECT_EQ(s.lineOf(s.diagnostics()[0]), 9u);
    s.events.clear();
    EXPECT_FALSE(s.session->runTest(tests[2]));
    auto v = s.of(run::RunEvent::Kind::Validation);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_FALSE(v[0]->passed);
    s.events.clear();
    EXPECT_FALSE(s.session->lastTestSkipped());
    s.events.clear();
    EXPECT_TRUE(s.session->runTest(tests[3]));
    EXPECT_NE(s.out().find("SKIPPED (later)"), std::string::npos);
    EXPECT_TRUE(s.session->lastTestSkipped());
    EXPECT_TRUE(s.session->runTest(tests[4])) << s.firstError();
    EXPECT_FALSE(s.session->lastTestSkipped());
}

TEST(HostSession, FixturesAreReportedAsUnsupported)
{
    Session s;
    ASSERT_TRUE(s.run("def test_fixture(tmp_path):\n    pass\n", false));
    auto tests = s.session->tests();
    ASSERT_EQ(tests.size(), 1u);
    EXPECT_FALSE(s.session->runTest(tests[0]));
    EXPECT_EQ(s.firstError(),
              "UnsupportedHostFeature: pytest fixture 'tmp_path' is not "
              "supported by Tilesmith's harness");
}

TEST(HostSession, BenchmarksAreListedAndRunWithTables)
{
    auto dir = std::filesystem::temp_directory_path() / "tsm_hostlib_bench";
    std::filesystem::remove_all(dir);
    Session s;
    ASSERT_TRUE(s.run(R"(import triton

@triton.testing.perf_report(
    triton.testing.Benchmark(x_names=['n'], x_vals=[1, 2], line_arg='p', line_vals=['a'],
                             line_names=['A'], plot_name='tiny', args={}, ylabel='ms'))
def bench(n, p):
    return n * 1.5

other = 3
)",
                      false))
        << s.firstError();
    EXPECT_EQ(s.session->benchmarks(), std::vector<std::string>{"bench"});
    EXPECT_TRUE(s.session->runBenchmark("bench", dir));
    auto tables = s.of(run::RunEvent::Kind::BenchmarkTable);
    ASSERT_EQ(tables.size(), 1u);
    EXPECT_EQ(tables[0]->name, "tiny");
    EXPECT_EQ(tables[0]->text.substr(0, tables[0]->text.find("(measured")),
              "tiny:\n     n  A (ms)\n0  1.0     1.5\n1  2.0     3.0\n");
    std::ifstream csv(dir / "tiny.csv");
    std::stringstream ss;
    ss << csv.rdbuf();
    EXPECT_EQ(ss.str(), "n,A (ms)\n1.0,1.5\n2.0,3.0\n");
    EXPECT_EQ(s.of(run::RunEvent::Kind::BenchmarkPoint).size(), 2u);
    EXPECT_FALSE(s.session->runBenchmark("other"));
    std::filesystem::remove_all(dir);
}

TEST(HostSession, NumpyFilesStayInTheProgramsFolder)
{
    auto dir = std::filesystem::temp_directory_path() / "tsm_hostlib_np";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    Session s;
    ASSERT_TRUE(s.run(R"(import numpy as np
import torch
x = torch.arange(6, dtype=torch.float32).reshape(2, 3)
np.save('ref.npy', x.numpy())
np.savez('both.npz', a=x.numpy(), b=(x * 2).numpy())
y = torch.from_numpy(np.load('ref.npy'))
z = np.load('both.npz')
print(torch.equal(x, y), z.files, torch.from_numpy(z['b']).tolist())
)",
                      true,
                      dir))
        << s.firstError();
    EXPECT_EQ(s.out(), "True ['a', 'b'] [[0.0, 2.0, 4.0], [6.0, 8.0, 10.0]]\n");
    EXPECT_TRUE(std::filesystem::exists(dir / "ref.npy"));

    for (const char *path : {"/etc/passwd", "../escape.npy", "sub/../../x.npy"}) {
        Session t;
        EXPECT_FALSE(
            t.run(std::string("import numpy as np\nnp.load('") + path + "')\n", true, dir));
        auto d = t.diagnostics();
        ASSERT_FALSE(d.empty()) << path;
        EXPECT_EQ(d[0].kind, DiagKind::ForbiddenHostAccess) << path << ": " << d[0].message;
    }
    std::filesystem::remove_all(dir);
}

TEST(HostSession, SwishExampleRunsItsTestOnTheInterpreter)
{
    std::ifstream f(std::string(TSM_SOURCE_DIR) + "/resources/examples/swish.py");
    std::stringstream ss;
    ss << f.rdbuf();
    Session s;
    ASSERT_TRUE(s.run(ss.str(), false)) << s.firstError();
    auto tests = s.session->tests();
    ASSERT_EQ(tests.size(), 1u);
    EXPECT_EQ(tests[0].name, "test_swish");
    EXPECT_TRUE(s.session->runTest(tests[0])) << s.firstError();
    EXPECT_EQ(s.session->benchmarks(), std::vector<std::string>{"benchmark"});
    EXPECT_EQ(s.of(run::RunEvent::Kind::Validation).size(), 8u);
}

} // namespace
} // namespace tsm::host::test
