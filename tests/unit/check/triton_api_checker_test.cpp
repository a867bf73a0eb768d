#include "core/check/triton_api_checker.h"

#include "check_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::check;
using tsm::check::testing::Parsed;

namespace {

struct Result
{
    std::vector<std::string> kinds;
    std::vector<Diagnostic> diags;
};

Result run(const std::string &text)
{
    Parsed p(text);
    EXPECT_TRUE(p.parseDiags.empty()) << text;
    DiagnosticSink sink;
    checkTritonApi(*p.module, *p.tree, *p.aliases, sink);
    Result r;
    r.diags = sink.takeDiagnostics();
    r.kinds = tsm::check::testing::kindsAndLines(r.diags, *p.file);
    return r;
}

using Kinds = std::vector<std::string>;

TEST(TritonApiChecker, UnknownAttributesOfTritonModules)
{
    const Result r = run("import triton.language as tl\n"
                         "x = tl.lod\n"
                         "y = tl.math.tanh\n"
                         "z = tl.extra.cuda.libdevice.tanhh\n");
    EXPECT_EQ(
        r.kinds,
        (Kinds{"UnknownTritonFunction@2", "UnknownTritonFunction@3", "UnknownTritonFunction@4"}));
    EXPECT_EQ(r.diags[0].message, "module 'triton.language' has no attribute 'lod'");
    ASSERT_EQ(r.diags[0].notes.size(), 1u);
    EXPECT_EQ(r.diags[0].notes[0].message, "did you mean 'load'?");
    ASSERT_EQ(r.diags[1].notes.size(), 1u);
    EXPECT_EQ(r.diags[1].notes[0].message, "'tanh' is in triton.language.extra.libdevice");
}

TEST(TritonApiChecker, OnlyTheFirstUnknownLinkOfAChainIsReported)
{
    EXPECT_EQ(run("import triton.language as tl\nx = tl.nope.deeper.deepest\n").kinds,
              Kinds{"UnknownTritonFunction@2"});
}

TEST(TritonApiChecker, UnknownNamesInFromImports)
{
    const Result r = run("from triton.language import load, lod as l2\n"
                         "from triton.testing import do_bench, do_benchh\n"
                         "from torch import whatever\n"
                         "from triton.language import _private\n"
                         "from triton.language import *\n");
    EXPECT_EQ(r.kinds, (Kinds{"UnknownTritonFunction@1", "UnknownTritonFunction@2"}));
}

TEST(TritonApiChecker, LeavesGuardedAndProbedCodeAlone)
{
    EXPECT_TRUE(run("import triton.language as tl\n"
                    "try:\n    f = tl.old_name\nexcept AttributeError:\n    f = None\n")
                    .kinds.empty());
    EXPECT_TRUE(run("import triton\nimport triton.language as tl\n"
                    "if triton.__version__ < '3':\n    f = tl.math.tanh\nelse:\n    f = tl.exp\n")
                    .kinds.empty());
    EXPECT_TRUE(run("import triton.language as tl\n"
                    "f = getattr(tl, 'gone', None)\nif f is None:\n    f = tl.gone\n")
                    .kinds.empty());
    EXPECT_TRUE(run("import triton.language as tl\nHAS_X = True\n"
                    "g = tl.new_thing if HAS_X else None\n")
                    .kinds.empty());
}

TEST(TritonApiChecker, AssignmentsToModuleAttributesAreNotLookups)
{
    EXPECT_TRUE(run("import triton.language as tl\ntl.custom_helper = len\n").kinds.empty());
}

TEST(TritonApiChecker, ChecksCallsToRegistryFunctionsAndClasses)
{
    const Result r = run("import triton\nimport triton.language as tl\n"
                         "a = tl.arange(0)\n"
                         "c = triton.Config({}, num_warp=4)\n"
                         "d = tl.zeros((4,), dtype=tl.float32)\n"
                         "e = len(1, 2, 3)\n");
    EXPECT_EQ(r.kinds, (Kinds{"MissingArgument@3", "UnknownKeywordArgument@4"}));
}

} // namespace
