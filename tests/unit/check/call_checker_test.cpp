#include "core/check/call_checker.h"

#include "check_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::check;
using tsm::check::testing::Parsed;

namespace {

/// Checks the call `text` (one expression) against registry entry module.name.
std::vector<Diagnostic>
check(std::string_view module, std::string_view name, const std::string &text)
{
    Parsed p(text + "\n");
    EXPECT_TRUE(p.parseDiags.empty()) << text;
    const auto *call = p.find<ast::Call>();
    const BuiltinInfo *info = findBuiltin(module, name);
    EXPECT_NE(call, nullptr);
    EXPECT_NE(info, nullptr);
    DiagnosticSink sink;
    if (call && info)
        checkCallArguments(*call, *info, sink);
    return sink.takeDiagnostics();
}

std::string only(const std::vector<Diagnostic> &diags)
{
    if (diags.size() != 1)
        return "<" + std::to_string(diags.size()) + " diagnostics>";
    return std::string(diagKindName(diags[0].kind)) + ": " + diags[0].message;
}

TEST(CallChecker, AcceptsWellFormedCalls)
{
    EXPECT_TRUE(check("triton.language", "load", "f(p)").empty());
    EXPECT_TRUE(
        check("triton.language", "load", "f(p, m, 0.0, cache_modifier='.cg', volatile=True)")
            .empty());
    EXPECT_TRUE(check("triton.language", "reshape", "f(x, 2, 4, 8, can_reorder=True)").empty());
    EXPECT_TRUE(check("triton.language", "device_print", "f('x', a, b, c, hex=True)").empty());
    EXPECT_TRUE(check("triton", "jit", "f(debug=True)").empty());
    EXPECT_TRUE(check("triton.language", "debug_barrier", "f()").empty());
}

TEST(CallChecker, TooManyPositionalArguments)
{
    const auto d = check("triton.language", "program_id", "f(0, 1)");
    EXPECT_EQ(only(d),
              "WrongArgumentCount: program_id() takes 1 positional argument but 2 were given");
    EXPECT_EQ(only(check("triton.language", "load", "f(1, 2, 3, 4, 5, 6, 7, 8, 9)")),
              "WrongArgumentCount: load() takes from 1 to 8 positional arguments but 9 were given");
    EXPECT_EQ(only(check("triton.language", "debug_barrier", "f(1)")),
              "WrongArgumentCount: debug_barrier() takes 0 positional arguments but 1 was given");
    // Keyword-only parameters cannot be filled positionally.
    EXPECT_EQ(only(check("triton", "jit", "f(fn, 1)")),
              "WrongArgumentCount: jit() takes from 0 to 1 positional arguments but 2 were given");
}

TEST(CallChecker, PointsAtTheFirstExtraArgument)
{
    Parsed p("tl.program_id(0, extra)\n");
    DiagnosticSink sink;
    checkCallArguments(*p.find<ast::Call>(), *findBuiltin("triton.language", "program_id"), sink);
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_EQ(p.file->slice(sink.diagnostics()[0].span), "extra");
}

TEST(CallChecker, UnknownKeywordsWithSuggestions)
{
    const auto d = check("triton.language", "sum", "f(x, axes=0)");
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].message, "sum() got an unexpected keyword argument 'axes'");
    ASSERT_EQ(d[0].notes.size(), 1u);
    EXPECT_EQ(d[0].notes[0].message, "did you mean 'axis'?");
    const auto far = check("triton.language", "sum", "f(x, totally_unrelated=0)");
    ASSERT_EQ(far.size(), 1u);
    EXPECT_TRUE(far[0].notes.empty());
    // **kwargs in the signature accepts any keyword.
    EXPECT_TRUE(check("triton.testing", "cuda_memcheck", "f(anything=1)").empty());
}

TEST(CallChecker, DuplicateAndMissingArguments)
{
    EXPECT_EQ(only(check("triton.language", "load", "f(p, m, mask=m)")),
              "DuplicateArgument: load() got multiple values for argument 'mask'");
    EXPECT_EQ(only(check("triton.language", "where", "f(c)")),
              "MissingArgument: where() missing 2 required arguments: 'x' and 'y'");
    EXPECT_EQ(
        only(check("triton.language", "full", "f()")),
        "MissingArgument: full() missing 3 required arguments: 'shape', 'value', and 'dtype'");
    EXPECT_EQ(only(check("triton.language", "store", "f(value=v)")),
              "MissingArgument: store() missing 1 required argument: 'pointer'");
    EXPECT_TRUE(check("triton.language", "store", "f(value=v, pointer=p)").empty());
}

TEST(CallChecker, SkipsCallsThatUnpackArguments)
{
    EXPECT_TRUE(check("triton.language", "program_id", "f(*axes, 1, 2, 3)").empty());
    EXPECT_TRUE(check("triton.language", "load", "f(**options)").empty());
}

TEST(CallChecker, ARepeatedKeywordIsLeftToTheParser)
{
    Parsed p("f(p, mask=a, mask=b)\n");
    DiagnosticSink sink;
    checkCallArguments(*p.find<ast::Call>(), *findBuiltin("triton.language", "load"), sink);
    EXPECT_TRUE(sink.diagnostics().empty());
}

} // namespace
