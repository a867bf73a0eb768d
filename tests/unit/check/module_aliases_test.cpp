#include "core/check/module_aliases.h"

#include "check_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::check;
using tsm::check::testing::Parsed;

namespace {

/// Resolves the value of the last statement (an expression statement) in module scope.
Resolved resolveLast(const Parsed &p, const Scope *scope = nullptr)
{
    const auto *e = ast::cast<ast::ExprStmt>(p.module->body.back());
    return p.aliases->resolve(e->value, scope ? scope : p.tree->moduleScope());
}

TEST(ModuleAliases, ResolvesImportAliasesAndAttributeChains)
{
    Parsed a("import triton.language as tl\ntl\n");
    EXPECT_EQ(resolveLast(a).kind, Resolved::Kind::Module);
    EXPECT_EQ(resolveLast(a).modulePath, "triton.language");

    Parsed b("import triton.language as tl\ntl.load\n");
    ASSERT_EQ(resolveLast(b).kind, Resolved::Kind::Builtin);
    EXPECT_EQ(resolveLast(b).builtin->name, "load");

    Parsed c("import triton\ntriton.language.extra.cuda.libdevice.tanh\n");
    ASSERT_EQ(resolveLast(c).kind, Resolved::Kind::Builtin);
    EXPECT_EQ(resolveLast(c).builtin->module, BuiltinModule::Libdevice);

    Parsed d("from triton import language as tl\ntl.math.exp2\n");
    ASSERT_EQ(resolveLast(d).kind, Resolved::Kind::Builtin);
    EXPECT_EQ(resolveLast(d).builtin->module, BuiltinModule::TritonLanguageMath);
}

TEST(ModuleAliases, ResolvesFromImportsOfMembersAndSubmodules)
{
    Parsed a("from triton.language.extra import libdevice\nlibdevice.pow\n");
    ASSERT_EQ(resolveLast(a).kind, Resolved::Kind::Builtin);
    EXPECT_EQ(resolveLast(a).builtin->name, "pow");

    Parsed b("from triton.language.math import exp\nexp\n");
    ASSERT_EQ(resolveLast(b).kind, Resolved::Kind::Builtin);
    EXPECT_EQ(resolveLast(b).builtin->module, BuiltinModule::TritonLanguageMath);

    Parsed c("from triton.testing import do_bench\ndo_bench\n");
    EXPECT_EQ(resolveLast(c).builtin->module, BuiltinModule::TritonTesting);

    Parsed d("import triton.language.extra.cuda.libdevice as ld\nld.erf\n");
    EXPECT_EQ(resolveLast(d).builtin->name, "erf");
}

TEST(ModuleAliases, ReportsMissingAttributesOfCompleteModulesOnly)
{
    Parsed a("import triton.language as tl\ntl.lod\n");
    const Resolved r = resolveLast(a);
    ASSERT_EQ(r.kind, Resolved::Kind::Unknown);
    EXPECT_EQ(r.modulePath, "triton.language");
    EXPECT_EQ(r.missing, "lod");

    Parsed priv("import triton.language as tl\ntl._experimental_descriptor_load\n");
    EXPECT_EQ(resolveLast(priv).kind, Resolved::Kind::None);
    Parsed open("import triton\ntriton.some_new_helper\n");
    EXPECT_EQ(resolveLast(open).kind, Resolved::Kind::None);
    Parsed deeper("import triton.language as tl\ntl.lod.x\n");
    EXPECT_EQ(resolveLast(deeper).kind, Resolved::Kind::None);
}

TEST(ModuleAliases, LocalShadowingAndAmbiguousBindingsResolveToNothing)
{
    Parsed p("import triton.language as tl\n"
             "def f(tl):\n"
             "    tl.load\n");
    const auto *f = p.find<ast::FunctionDef>("f");
    const auto *stmt = ast::cast<ast::ExprStmt>(f->body[0]);
    EXPECT_EQ(p.aliases->resolve(stmt->value, p.tree->scopeOf(f)).kind, Resolved::Kind::None);

    Parsed q(
        "try:\n    import triton.language as tl\nexcept ImportError:\n    tl = None\ntl.load\n");
    EXPECT_EQ(resolveLast(q).kind, Resolved::Kind::None);

    Parsed torch("import torch\ntorch.nn.functional.relu\n");
    EXPECT_EQ(resolveLast(torch).kind, Resolved::Kind::None);
    Parsed relative("from .language import tl\ntl.load\n");
    EXPECT_EQ(resolveLast(relative).kind, Resolved::Kind::None);
}

TEST(ModuleAliases, FollowsSimpleAssignedAliasesAndStarImports)
{
    Parsed a("import triton.language as tl\nld = tl.extra.cuda.libdevice\nld.tanh\n");
    ASSERT_EQ(resolveLast(a).kind, Resolved::Kind::Builtin);
    EXPECT_EQ(resolveLast(a).builtin->name, "tanh");

    Parsed loop("a = b\nb = a\na.x\n");
    EXPECT_EQ(resolveLast(loop).kind, Resolved::Kind::None);

    Parsed star("from triton.language import *\nprogram_id\n");
    ASSERT_EQ(resolveLast(star).kind, Resolved::Kind::Builtin);
    EXPECT_EQ(resolveLast(star).builtin->name, "program_id");
}

TEST(ModuleAliases, EditDistanceAndSuggestions)
{
    EXPECT_EQ(editDistance("load", "load", 2), 0u);
    EXPECT_EQ(editDistance("lod", "load", 2), 1u);
    EXPECT_EQ(editDistance("laod", "load", 2), 1u);  // transposition
    EXPECT_EQ(editDistance("xyzzy", "load", 2), 3u); // capped at limit + 1
    EXPECT_EQ(ModuleAliases::suggestion("triton.language", "lod"), "load");
    EXPECT_EQ(ModuleAliases::suggestion("triton.language", "sigmod"), "sigmoid");
    EXPECT_EQ(ModuleAliases::suggestion("triton.language", "completely_unrelated"), "");
    EXPECT_EQ(ModuleAliases::suggestion("torch", "lod"), "");
}

} // namespace
