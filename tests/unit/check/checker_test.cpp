#include "core/check/checker.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

using namespace tsm;

namespace {

CheckResult checkText(SourceManager &sm, std::string text)
{
    return checkSource(sm.add("t.py", std::move(text)));
}

TEST(Checker, MergesParseAndCheckDiagnosticsInSourceOrder)
{
    SourceManager sm;
    const CheckResult r = checkText(sm,
                                    "import triton.language as tl\n"
                                    "x = undefined_one\n"
                                    "y = (\n"
                                    "z = tl.lod\n");
    ASSERT_NE(r.module, nullptr);
    ASSERT_GE(r.diagnostics.size(), 2u);
    for (std::size_t i = 1; i < r.diagnostics.size(); ++i)
        EXPECT_LE(r.diagnostics[i - 1].span.begin, r.diagnostics[i].span.begin);
    bool sawParse = false, sawCheck = false;
    for (const Diagnostic &d : r.diagnostics) {
        sawParse = sawParse || d.origin == DiagOrigin::Parse;
        sawCheck = sawCheck || (d.origin == DiagOrigin::Check && d.kind == DiagKind::UndefinedName);
    }
    EXPECT_TRUE(sawParse);
    EXPECT_TRUE(sawCheck);
    EXPECT_EQ(r.errorCount, r.diagnostics.size());
}

TEST(Checker, ACleanProgramHasNoDiagnostics)
{
    SourceManager sm;
    const CheckResult r = checkText(
        sm,
        "import torch\nimport triton\nimport triton.language as tl\n\n"
        "@triton.jit\n"
        "def k(x_ptr, n, BLOCK: tl.constexpr):\n"
        "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
        "    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)\n\n"
        "x = torch.ones(8)\n"
        "k[(1, )](x, 8, BLOCK=8)\n");
    EXPECT_TRUE(r.diagnostics.empty());
    EXPECT_EQ(r.errorCount, 0u);
}

TEST(Checker, SurvivesArbitraryBytes)
{
    std::mt19937 rng(1234);
    const std::string alphabet
        = "abcdefghijklmnopqrstuvwxyz_0123456789 \t\n()[]{}:.,;=+-*/%@<>!&|^~'\"#\\"
          "\x01\xff";
    const char *const words[] = {
        "def ",   "class ", "import ", "from ", "lambda ", "@triton.jit\n", "tl.",     "yield ",
        "for ",   " in ",   "if ",     "else:", "try:",    "with ",         "global ", "nonlocal ",
        "async ", "await ", ":=",      "**",    "*"};
    for (int round = 0; round < 300; ++round) {
        std::string text;
        const int n = 1 + static_cast<int>(rng() % 400);
        for (int i = 0; i < n; ++i) {
            if (rng() % 4 == 0)
                text += words[rng() % std::size(words)];
            else
                text += alphabet[rng() % alphabet.size()];
        }
        SourceManager sm;
        const CheckResult r = checkText(sm, text);
        EXPECT_NE(r.module, nullptr);
    }
}

TEST(Checker, SurvivesDeepNesting)
{
    SourceManager sm;
    std::string text = "import triton\n@triton.jit\ndef k(x):\n    y = ";
    text += std::string(5000, '(') + "x" + std::string(5000, ')') + "\n";
    text += "    z = x" + [] {
        std::string s;
        for (int i = 0; i < 5000; ++i)
            s += " + x";
        return s;
    }() + "\n";
    const CheckResult r = checkText(sm, text);
    EXPECT_NE(r.module, nullptr);
}

/// A program of about `lines` lines in the style of the tutorials, all of it clean.
std::string largeProgram(int lines)
{
    std::string out = "import torch\nimport triton\nimport triton.language as tl\n"
                      "from triton.language.extra import libdevice\n\n";
    int i = 0;
    while (static_cast<int>(std::count(out.begin(), out.end(), '\n')) < lines) {
        const std::string n = std::to_string(i++);
        out += "@triton.jit\n"
               "def kernel_"
               + n
               + "(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):\n"
                 "    pid = tl.program_id(axis=0)\n"
                 "    offsets = pid * BLOCK + tl.arange(0, BLOCK)\n"
                 "    mask = offsets < n_elements\n"
                 "    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)\n"
                 "    y = libdevice.tanh(x) * tl.sigmoid(x) + tl.exp(x)\n"
                 "    for k in range(0, 4):\n"
                 "        y += tl.where(x > k, x, 0.0)\n"
                 "    tl.store(y_ptr + offsets, y, mask=mask)\n\n\n"
                 "def launch_"
               + n
               + "(x):\n"
                 "    y = torch.empty_like(x)\n"
                 "    grid = lambda meta: (triton.cdiv(x.numel(), meta['BLOCK']), )\n"
                 "    kernel_"
               + n
               + "[grid](x, y, x.numel(), BLOCK=1024)\n"
                 "    return [v * 2 for v in range(3)], y\n\n\n";
    }
    return out;
}

TEST(Checker, ChecksAFiveThousandLineFileCleanly)
{
    // Speed is measured by bench/check_bench (BM_Check5000Lines), not asserted here.
    SourceManager sm;
    const std::string text = largeProgram(5000);
    const SourceFile &file = sm.add("big.py", text);
    const CheckResult r = checkSource(file);
    ASSERT_TRUE(r.diagnostics.empty()) << r.diagnostics.front().message;
    EXPECT_GT(r.module->body.size(), 500u);
}

} // namespace
