#include "core/check/name_checker.h"

#include "check_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::check;
using tsm::check::testing::Parsed;

namespace {

std::vector<Diagnostic> run(const std::string &text)
{
    Parsed p(text);
    EXPECT_TRUE(p.parseDiags.empty()) << text;
    DiagnosticSink sink;
    checkNames(*p.module, *p.tree, sink);
    return sink.takeDiagnostics();
}

std::vector<std::string> messages(const std::vector<Diagnostic> &diags)
{
    std::vector<std::string> out;
    for (const Diagnostic &d : diags)
        out.push_back(d.message);
    return out;
}

TEST(NameChecker, ReportsNamesBoundNowhere)
{
    EXPECT_EQ(messages(run("x = 1\nprint(x, y)\n")),
              std::vector<std::string>{"name 'y' is not defined"});
    EXPECT_TRUE(run("print(len, ValueError, __name__, __file__, True, None)\n").empty());
}

TEST(NameChecker, IsFlowInsensitive)
{
    EXPECT_TRUE(run("def f():\n    return later()\ndef later():\n    return 1\n").empty());
    EXPECT_TRUE(run("if cond():\n    v = 1\nprint(v)\ndef cond():\n    return True\n").empty());
}

TEST(NameChecker, OnePerScopeWithLaterUsesAsNotes)
{
    const auto d = run("def f():\n    return zz + zz + zz\ndef g():\n    return zz\n");
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0].notes.size(), 2u);
    EXPECT_EQ(d[0].notes[0].message, "'zz' is also used here");
    EXPECT_TRUE(d[1].notes.empty());
}

TEST(NameChecker, CapsTheNotesOfAVeryCommonName)
{
    std::string text = "x = (";
    for (int i = 0; i < 10; ++i)
        text += "q + ";
    text += "q)\n";
    const auto d = run(text);
    ASSERT_EQ(d.size(), 1u);
    ASSERT_EQ(d[0].notes.size(), 5u);
    EXPECT_EQ(d[0].notes.back().message, "and 6 more uses");
    EXPECT_FALSE(d[0].notes.back().hasSpan);
}

TEST(NameChecker, StarImportsTurnTheCheckOff)
{
    EXPECT_TRUE(run("from os.path import *\nprint(join, undefined_anywhere)\n").empty());
}

TEST(NameChecker, UnevaluatedAnnotationsAreNotChecked)
{
    EXPECT_TRUE(run("def f():\n    x: Undefined = 1\n    return x\n").empty());
    EXPECT_TRUE(
        run("from __future__ import annotations\ndef f(x: Undefined) -> Other:\n    return x\n")
            .empty());
    // Parameter annotations are evaluated when the def runs.
    EXPECT_EQ(run("def f(x: Undefined):\n    return x\n").size(), 1u);
}

TEST(NameChecker, ClassScopeRules)
{
    EXPECT_TRUE(run("class A:\n    n = 2\n    m = n + 1\n    r = [i for i in range(n)]\n").empty());
    EXPECT_EQ(run("class A:\n    n = 2\n    r = [n for i in range(3)]\n").size(), 1u);
    EXPECT_EQ(run("class A:\n    n = 2\n    def f(self):\n        return n\n").size(), 1u);
    EXPECT_TRUE(run("class A:\n    def f(self):\n        return __class__\n").empty());
}

} // namespace

namespace {

TEST(NameChecker, NamesProbedUnderExceptNameErrorAreNotReported)
{
    EXPECT_TRUE(run("try:\n    get_ipython\nexcept NameError:\n    pass\n").empty());
    EXPECT_TRUE(
        run("try:\n    shell = get_ipython()\nexcept (ImportError, NameError):\n    shell = None\n")
            .empty());
    EXPECT_TRUE(run("try:\n    __IPYTHON__\nexcept:\n    pass\n").empty());
    // Other handlers do not make a name a probe, and handler bodies are checked.
    EXPECT_EQ(run("try:\n    get_ipython()\nexcept ValueError:\n    pass\n").size(), 1u);
    EXPECT_EQ(run("try:\n    pass\nexcept NameError:\n    undefined_in_handler\n").size(), 1u);
}

} // namespace

namespace {

TEST(NameChecker, SuggestsCloseVisibleNames)
{
    const auto d = run("def f():\n    output = 1\n    return outptu\nprnt(f)\n");
    ASSERT_EQ(d.size(), 2u);
    ASSERT_EQ(d[0].notes.size(), 1u);
    EXPECT_EQ(d[0].notes[0].message, "did you mean 'output'?");
    ASSERT_EQ(d[1].notes.size(), 1u);
    EXPECT_EQ(d[1].notes[0].message, "did you mean 'print'?");
    // A name bound only in another function is not suggested.
    const auto e = run("def f():\n    output = 1\ndef g():\n    return outptu\n");
    ASSERT_EQ(e.size(), 1u);
    EXPECT_TRUE(e[0].notes.empty());
}

} // namespace
