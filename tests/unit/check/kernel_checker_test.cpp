#include "core/check/kernel_checker.h"

#include "check_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::check;
using tsm::check::testing::Parsed;

namespace {

std::vector<std::string> kernelNames(const std::string &text)
{
    Parsed p(text);
    EXPECT_TRUE(p.parseDiags.empty()) << text;
    std::vector<std::string> names;
    for (const ast::FunctionDef *f : findKernels(*p.module, *p.tree, *p.aliases))
        names.emplace_back(f->name);
    return names;
}

struct Finding
{
    std::string message;
    std::string text; ///< the source the diagnostic points at
};

std::vector<Finding> check(const std::string &body)
{
    const std::string text
        = "import triton\nimport triton.language as tl\n\n@triton.jit\ndef k(x):\n" + body;
    Parsed p(text);
    EXPECT_TRUE(p.parseDiags.empty()) << text;
    DiagnosticSink sink;
    checkKernels(findKernels(*p.module, *p.tree, *p.aliases), *p.file, *p.tree, *p.aliases, sink);
    std::vector<Finding> out;
    for (const Diagnostic &d : sink.diagnostics()) {
        std::string m = d.message;
        const std::size_t cut = m.find(" are not supported");
        out.push_back(
            {cut == std::string::npos ? m : m.substr(0, cut), std::string(p.file->slice(d.span))});
    }
    return out;
}

using Names = std::vector<std::string>;

TEST(KernelChecker, FindsKernelsByEverySpellingOfJit)
{
    EXPECT_EQ(kernelNames("import triton\n@triton.jit\ndef a(): pass\n"), Names{"a"});
    EXPECT_EQ(kernelNames("from triton import jit\n@jit\ndef a(): pass\n"), Names{"a"});
    EXPECT_EQ(kernelNames("import triton\n@triton.jit(do_not_specialize=['x'])\ndef a(x): pass\n"),
              Names{"a"});
    EXPECT_EQ(
        kernelNames(
            "import triton as tr\n@tr.autotune(configs=[], key=[])\n@tr.jit\ndef a(): pass\n"),
        Names{"a"});
    EXPECT_EQ(kernelNames("from triton.runtime.jit import jit\n@jit\ndef a(): pass\n"), Names{"a"});
    EXPECT_EQ(kernelNames("from triton.runtime import jit\n@jit\ndef a(): pass\n"), Names{"a"});
    // Unresolvable but spelled like Triton's: still a kernel.
    EXPECT_EQ(kernelNames("@triton.jit\ndef a(): pass\n"), Names{"a"});
    EXPECT_EQ(kernelNames("try:\n    import triton\nexcept ImportError:\n    triton = None\n"
                          "@triton.jit\ndef a(): pass\n"),
              Names{"a"});
    // Another library's jit is not Triton's.
    EXPECT_EQ(kernelNames("from numba import jit\n@jit\ndef a(): pass\n"), Names{});
    EXPECT_EQ(kernelNames("import triton\n@triton.autotune(configs=[], key=[])\ndef a(): pass\n"),
              Names{});
}

TEST(KernelChecker, PointsAtTheKeywordOfEachConstruct)
{
    const auto f
        = check("    try:\n        pass\n    finally:\n        pass\n"
                "    while x:\n        break\n    else:  # trailing comment\n        pass\n"
                "    y = lambda: 1\n"
                "    z = {1: 2}\n"
                "    w = x[:, None] @ x[None, :]\n"
                "    v = 0 < x not in y\n");
    ASSERT_EQ(f.size(), 8u);
    EXPECT_EQ(f[0].message, "'try' statements");
    EXPECT_EQ(f[0].text, "try");
    EXPECT_EQ(f[1].message, "'else' clauses on 'while' loops");
    EXPECT_EQ(f[1].text, "else");
    EXPECT_EQ(f[2].message, "'break' statements");
    EXPECT_EQ(f[2].text, "break");
    EXPECT_EQ(f[3].text, "lambda");
    EXPECT_EQ(f[4].text, "{");
    EXPECT_EQ(f[5].text, "@");
    EXPECT_EQ(f[6].message, "chained comparisons (a < b < c)");
    EXPECT_EQ(f[6].text, "not in");
    EXPECT_EQ(f[7].message, "'not in' comparisons");
}

TEST(KernelChecker, NestedDefinitionsAreReportedOnceWithoutTheirBodies)
{
    const auto f = check(
        "    def helper():\n        try:\n            pass\n        except E:\n            pass\n"
        "    class C:\n        import os\n");
    ASSERT_EQ(f.size(), 2u);
    EXPECT_EQ(f[0].message, "nested function definitions");
    EXPECT_EQ(f[0].text, "def");
    EXPECT_EQ(f[1].message, "'class' definitions");
    EXPECT_EQ(f[1].text, "class");
}

TEST(KernelChecker, AcceptsWhatTritonCompiles)
{
    EXPECT_TRUE(check("    for i in range(4):\n        x += i\n"
                      "    for j in tl.range(0, 4, 1, num_stages=2):\n        x += j\n"
                      "    for s in tl.static_range(2):\n        x += s\n"
                      "    while x < 10:\n        x += 1\n"
                      "    a, b = x, (x, x)\n"
                      "    t = [v * 2 for v in (1, 2)]\n"
                      "    if x is None or x is not None:\n        pass\n"
                      "    y = x if x > 0 else -x\n"
                      "    assert x > 0, 'positive'\n"
                      "    print('x', x)\n"
                      "    f = f'{x}'\n"
                      "    with tl.async_task([0]):\n        pass\n"
                      "    z = tl.zeros([4], dtype=tl.float32)\n"
                      "    return x\n")
                    .empty());
}

TEST(KernelChecker, WhatTriton36Rejects)
{
    const auto f = check("    a, (b, c) = x, (x, x)\n"
                         "    y = (n := x + 1)\n"
                         "    raise ValueError('always')\n"
                         "    if x > 0:\n        raise ValueError('maybe never')\n");
    ASSERT_EQ(f.size(), 3u);
    EXPECT_EQ(f[0].message, "nested tuple assignment targets (a, (b, c) = ...)");
    EXPECT_EQ(f[0].text, "(b, c)");
    EXPECT_EQ(f[1].message, "assignment expressions (:=)");
    EXPECT_EQ(f[1].text, ":=");
    EXPECT_EQ(f[2].message, "'raise' statements");
}

TEST(KernelChecker, LoopIterablesAndTargets)
{
    const auto f = check("    for i in enumerate(x):\n        pass\n"
                         "    for i in x:\n        pass\n"
                         "    for i in helper(x):\n        pass\n"
                         "    for i, j in range(3):\n        pass\n");
    ASSERT_EQ(f.size(), 3u);
    EXPECT_EQ(f[0].text, "enumerate(x)");
    EXPECT_EQ(f[1].text, "x");
    EXPECT_EQ(f[2].message, "'for' loop targets other than a single name");
}

TEST(KernelChecker, HarnessCodeIsNotAKernel)
{
    Parsed p("import triton\ndef harness():\n    try:\n        return {1: 2}\n    except E:\n      "
             "  pass\n");
    DiagnosticSink sink;
    checkKernels(findKernels(*p.module, *p.tree, *p.aliases), *p.file, *p.tree, *p.aliases, sink);
    EXPECT_TRUE(sink.diagnostics().empty());
}

} // namespace

namespace {

TEST(KernelChecker, KernelsInClassesAndFunctions)
{
    EXPECT_EQ(
        kernelNames(
            "import triton\nclass Ops:\n    @staticmethod\n    @triton.jit\n    def k(x): pass\n"),
        Names{"k"});
    EXPECT_EQ(kernelNames("def make():\n    import triton\n    @triton.jit\n    def inner(x): "
                          "pass\n    return inner\n"),
              Names{"inner"});
}

} // namespace
