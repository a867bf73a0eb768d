// Hostile programs: each must be rejected with a diagnostic, and the hostile part must never
// run. Programs caught by the static scan print nothing at all (the scan runs before the first
// statement); the ones only detectable at run time stop before the harmful effect.

#include "host_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::host;

namespace {

struct Hostile
{
    const char *name;
    const char *code;
};

/// Rejected before anything executes: the leading print never happens.
const Hostile kStatic[] = {
    {"subclasses walk", "print('ran')\n().__class__.__base__.__subclasses__()\n"},
    {"builtins via getattr", "print('ran')\ngetattr(__builtins__, 'open')\n"},
    {"__import__", "print('ran')\n__import__('os').system('echo pwned')\n"},
    {"import importlib", "print('ran')\nimport importlib\n"},
    {"exec", "print('ran')\nexec('print(1)')\n"},
    {"eval", "print('ran')\nx = eval('1 + 1')\n"},
    {"open", "print('ran')\ndata = open('/etc/passwd').read()\n"},
    {"function globals", "print('ran')\ndef f():\n    pass\ng = f.__globals__\n"},
    {"lambda code", "print('ran')\nc = (lambda: 0).__code__\n"},
    {"type() class creation", "print('ran')\nT = type('X', (), {})\n"},
    {"from os import system", "print('ran')\nfrom os import system\nsystem('ls')\n"},
    {"import os inside an uncalled function",
     "print('ran')\ndef sneaky():\n    import os as o\n    return o\n"},
    {"import subprocess", "print('ran')\nimport subprocess\n"},
    {"import socket", "print('ran')\nimport socket\n"},
    {"import sys", "print('ran')\nimport sys\nsys.exit(0)\n"},
    {"import shutil", "print('ran')\nimport shutil\n"},
    {"import pathlib", "print('ran')\nfrom pathlib import Path\n"},
    {"import ctypes", "print('ran')\nimport ctypes\n"},
    {"import builtins", "print('ran')\nimport builtins\n"},
    {"import io", "print('ran')\nimport io\n"},
    {"import os.path", "print('ran')\nimport os.path\n"},
    {"from importlib import", "print('ran')\nfrom importlib import import_module\n"},
    {"globals()", "print('ran')\nglobals()['x'] = 1\n"},
    {"locals()", "print('ran')\nl = locals()\n"},
    {"vars()", "print('ran')\nv = vars()\n"},
    {"compile", "print('ran')\ncode = compile('1', 'f', 'eval')\n"},
    {"input", "print('ran')\nline = input()\n"},
    {"breakpoint", "print('ran')\nbreakpoint()\n"},
    {"bound method self", "print('ran')\ns = getattr(print, '__self__')\n"},
    {"class of a list", "print('ran')\nk = [].__class__\n"},
    {"eval aliased", "print('ran')\ne = eval\n"},
    {"import inside try", "print('ran')\ntry:\n    import os\nexcept Exception:\n    pass\n"},
    {"import multiprocessing", "print('ran')\nimport multiprocessing\n"},
    {"dunder in a nested f-string", "print('ran')\nprint(f'{(1).__class__}')\n"},
};

} // namespace

TEST(Sandbox, RejectsHostileProgramsBeforeRunningThem)
{
    for (const Hostile &h : kStatic) {
        SCOPED_TRACE(h.name);
        test::RunResult r = test::run(h.code);
        EXPECT_FALSE(r.ok);
        EXPECT_EQ(r.out, "") << "something ran";
        ASSERT_FALSE(r.diags.empty());
        EXPECT_EQ(r.firstKind(), DiagKind::ForbiddenHostAccess) << r.firstMessage();
        EXPECT_NE(r.firstMessage().find("Tilesmith programs cannot"), std::string::npos);
    }
}

TEST(Sandbox, ReportsEveryForbiddenConstructAtItsLine)
{
    test::Program p;
    test::RunResult r = test::runProgram(p, "import os\nx = 1\neval('2')\n");
    ASSERT_EQ(r.diags.size(), 2u);
    const SourceFile &file = p.sources.file(0);
    EXPECT_EQ(file.lineCol(r.diags[0].span.begin).line, 1u);
    EXPECT_EQ(r.diags[0].message,
              "import os: Tilesmith programs cannot use system modules (files, processes, network, "
              "the interpreter itself)");
    EXPECT_EQ(file.lineCol(r.diags[1].span.begin).line, 3u);
    EXPECT_EQ(r.diags[1].message, "eval: Tilesmith programs cannot evaluate code from strings");
}

TEST(Sandbox, ComputedDunderNamesAreStoppedAtRunTime)
{
    const char *programs[] = {
        "name = '__cla' + 'ss__'\nprint('before')\nk = getattr((), name)\nprint('after')\n",
        "print('before')\ns = '{0.__class__}'.format(1)\nprint('after')\n",
        "print('before')\nok = hasattr([], '__' + 'dict__')\nprint('after')\n",
    };
    for (const char *code : programs) {
        SCOPED_TRACE(code);
        test::RunResult r = test::run(code);
        EXPECT_FALSE(r.ok);
        EXPECT_EQ(r.out, "before\n");
        EXPECT_EQ(r.firstKind(), DiagKind::ForbiddenHostAccess) << r.firstMessage();
    }
}

TEST(Sandbox, ForbiddenAccessCannotBeCaughtByTheProgram)
{
    test::RunResult r = test::run("n = '__glo' + 'bals__'\ntry:\n    getattr(len, n)\nexcept "
                                  "BaseException:\n    print('swallowed')\n");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.firstKind(), DiagKind::ForbiddenHostAccess);
}

TEST(Sandbox, NamesShadowingForbiddenBuiltinsAreFine)
{
    test::RunResult r = test::run("def softmax(input, vars=1):\n    return input * vars\nopen = 3\n"
                                  "print(softmax(2), open)\n");
    EXPECT_TRUE(r.ok) << r.firstMessage();
    EXPECT_EQ(r.out, "2 3\n");
}

TEST(Sandbox, UnregisteredModulesAreUnsupported)
{
    test::RunResult r = test::run("import scipy\n");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.firstKind(), DiagKind::UnsupportedHostFeature);
    EXPECT_EQ(r.firstMessage(), "module 'scipy' is not supported by Tilesmith's harness");
}

TEST(Sandbox, DeepRecursionIsARecursionError)
{
    test::RunResult r = test::run("def f(n):\n    return f(n + 1)\nf(0)\n");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.firstKind(), DiagKind::UncaughtException);
    EXPECT_EQ(r.firstMessage(), "RecursionError: maximum recursion depth exceeded");
}

TEST(Sandbox, HugeAllocationsAreMemoryErrors)
{
    const char *programs[] = {
        "x = [0] * 10**12\n",
        "x = 'a' * 10**12\n",
        "x = list(range(10**12))\n",
        "x = [i for i in range(10**12)]\n",
        "x = 'ab' * 10**6\ny = x * 10**6\n",
        "x = []\nwhile True:\n    x.append(0)\n",
        "x = (1,) * 10**10\n",
    };
    InterpreterOptions options;
    options.maxContainerSize = 1 << 20;
    for (const char *code : programs) {
        SCOPED_TRACE(code);
        test::RunResult r = test::run(code, options);
        EXPECT_FALSE(r.ok);
        EXPECT_NE(r.firstMessage().find("MemoryError"), std::string::npos) << r.firstMessage();
    }
}

TEST(Sandbox, InfiniteLoopsHitTheStepLimit)
{
    InterpreterOptions options;
    options.maxSteps = 100000;
    test::RunResult r = test::run("while True:\n    pass\n", options);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.firstKind(), DiagKind::ExecutionStopped);
}

TEST(Sandbox, CancelStopsTheProgram)
{
    std::atomic<bool> cancel{true};
    InterpreterOptions options;
    options.cancel = &cancel;
    test::RunResult r = test::run("i = 0\nwhile True:\n    i += 1\n", options);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.firstKind(), DiagKind::ExecutionStopped);
    EXPECT_NE(r.firstMessage().find("cancelled"), std::string::npos);
}

TEST(Sandbox, DeeplyNestedDataNeitherCrashesNorOverflows)
{
    test::RunResult r = test::run("a = []\nfor i in range(300000):\n    a = [a]\nprint(len(a))\n"
                                  "try:\n    repr(a)\nexcept RecursionError:\n    print('deep')\n");
    EXPECT_TRUE(r.ok) << r.firstMessage();
    EXPECT_EQ(r.out, "1\ndeep\n");
}

TEST(Sandbox, BigIntegersRaiseInsteadOfWrapping)
{
    test::RunResult r = test::run("x = 2 ** 64\n");
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.firstMessage().find("OverflowError"), std::string::npos);
    r = test::run("x = 9223372036854775807 + 1\n");
    EXPECT_NE(r.firstMessage().find("OverflowError"), std::string::npos);
    r = test::run("x = 123456789012345678901234567890\n");
    EXPECT_NE(r.firstMessage().find("OverflowError"), std::string::npos);
}
