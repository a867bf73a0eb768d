// Uncaught exceptions and unsupported constructs become one diagnostic with CPython's message,
// at the raising span, with a traceback note per frame.

#include "host_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::host;

TEST(InterpreterErrors, UncaughtExceptionHasMessageSpanAndTraceback)
{
    test::Program p;
    test::RunResult r = test::runProgram(p,
                                         "def add(a, b):\n    return a + b\n\n"
                                         "def test_swish():\n    add(1, 'x')\n\n"
                                         "test_swish()\n");
    ASSERT_EQ(r.diags.size(), 1u);
    const Diagnostic &d = r.diags[0];
    EXPECT_EQ(d.kind, DiagKind::UncaughtException);
    EXPECT_EQ(d.origin, DiagOrigin::Runtime);
    EXPECT_EQ(d.message, "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
    const SourceFile &file = p.sources.file(0);
    EXPECT_EQ(file.slice(d.span), "a + b");
    ASSERT_EQ(d.notes.size(), 3u);
    EXPECT_EQ(d.notes[0].message, "in <module>, line 7");
    EXPECT_EQ(d.notes[1].message, "in test_swish, line 5");
    EXPECT_EQ(d.notes[2].message, "in add, line 2");
}

TEST(InterpreterErrors, CPythonMessages)
{
    struct Case
    {
        const char *code, *message;
    };
    const Case cases[] = {
        {"1 % 0", "ZeroDivisionError: integer modulo by zero"},
        {"1 / 0", "ZeroDivisionError: division by zero"},
        {"[][0]", "IndexError: list index out of range"},
        {"{}['k']", "KeyError: 'k'"},
        {"undefined_name", "NameError: name 'undefined_name' is not defined"},
        {"None.foo", "AttributeError: 'NoneType' object has no attribute 'foo'"},
        {"int('x')", "ValueError: invalid literal for int() with base 10: 'x'"},
        {"'a' + 1", "TypeError: can only concatenate str (not \"int\") to str"},
        {"a, b = [1, 2, 3]", "ValueError: too many values to unpack (expected 2)"},
        {"def f(x):\n    pass\nf()", "TypeError: f() missing 1 required positional argument: 'x'"},
        {"def f(x):\n    pass\nf(1, 2)",
         "TypeError: f() takes 1 positional argument but 2 were given"},
        {"def f(x):\n    pass\nf(y=1)", "TypeError: f() got an unexpected keyword argument 'y'"},
        {"assert 1 == 2, 'sizes differ'", "AssertionError: sizes differ"},
        {"raise NotImplementedError('later')", "NotImplementedError: later"},
        {"min([])", "ValueError: min() arg is an empty sequence"},
        {"1 < 'a'", "TypeError: '<' not supported between instances of 'int' and 'str'"},
        {"len(5)", "TypeError: object of type 'int' has no len()"},
        {"x = (1, 2)\nx[0] = 3", "TypeError: 'tuple' object does not support item assignment"},
        {"def f():\n    y = x\n    x = 1\nf()",
         "UnboundLocalError: cannot access local variable 'x' where it is not associated with a "
         "value"},
        {"f'{1.5:d}'", "ValueError: Unknown format code 'd' for object of type 'float'"},
        {"'%d' % 'a'", "TypeError: %d format: a real number is required, not str"},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.code);
        test::RunResult r = test::run(c.code);
        EXPECT_FALSE(r.ok);
        EXPECT_EQ(r.firstKind(), DiagKind::UncaughtException);
        EXPECT_EQ(r.firstMessage(), c.message);
    }
}

TEST(InterpreterErrors, UnsupportedConstructsAreNamed)
{
    struct Case
    {
        const char *code, *message;
    };
    const Case cases[] = {
        {"class A:\n    pass",
         "class definitions ('class A') is not supported by Tilesmith's harness"},
        {"def g():\n    yield 1\ng()",
         "generator functions ('yield') is not supported by Tilesmith's harness"},
        {"async def g():\n    pass", "'async def' is not supported by Tilesmith's harness"},
        {"x = 3j", "complex numbers is not supported by Tilesmith's harness"},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.code);
        test::RunResult r = test::run(c.code);
        EXPECT_FALSE(r.ok);
        EXPECT_EQ(r.firstKind(), DiagKind::UnsupportedHostFeature);
        EXPECT_EQ(r.firstMessage(), c.message);
    }
}

TEST(InterpreterErrors, RunGuardedCallsFunctionsAfterTheModule)
{
    test::Program p;
    test::RunResult r = test::runProgram(p,
                                         "def test_ok():\n    print('ok')\n"
                                         "def test_bad():\n    assert 1 == 2\n");
    ASSERT_TRUE(r.ok);
    Interpreter &in = *p.interp;
    DiagnosticSink sink;
    EXPECT_TRUE(in.runGuarded(sink, [&] { in.callValue(*in.global("test_ok"), {}); }));
    EXPECT_FALSE(in.runGuarded(sink, [&] { in.callValue(*in.global("test_bad"), {}); }));
    EXPECT_EQ(p.out, "ok\n");
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_EQ(sink.diagnostics()[0].message, "AssertionError");
    ASSERT_EQ(sink.diagnostics()[0].notes.size(), 1u);
    EXPECT_EQ(sink.diagnostics()[0].notes[0].message, "in test_bad, line 4");
}

TEST(InterpreterErrors, LibraryModulesResolveThroughTheRegistry)
{
    test::Program p;
    const SourceFile &file = p.sources.add("t.py",
                                           "import fake.sub as fs\nfrom fake import answer\n"
                                           "print(fs.value, answer(2))\n");
    DiagnosticSink parseSink;
    p.parsed = parseModule(file, parseSink);
    InterpreterOptions options;
    options.print = [&p](std::string_view s) { p.out += s; };
    Interpreter in(options);
    auto fake = makeModule("fake");
    auto sub = makeModule("fake.sub");
    sub->set("value", Value::integer(7));
    fake->set("sub", Value::fromObject(sub));
    fake->set("answer",
              makeBuiltin("answer", [](CallArgs &a) { return Value::integer(a[0].asInt() * 21); }));
    in.registerModule("fake", Value::fromObject(fake));
    in.registerModule("fake.sub", Value::fromObject(sub));
    DiagnosticSink sink;
    EXPECT_TRUE(in.execModule(*p.parsed.module, "__main__", sink));
    EXPECT_EQ(p.out, "7 42\n");
}
