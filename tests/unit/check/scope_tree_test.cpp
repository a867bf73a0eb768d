#include "core/check/scope_tree.h"

#include "check_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::check;
using tsm::check::testing::Parsed;

namespace {

const Scope *functionScope(const Parsed &p, std::string_view name)
{
    return p.tree->scopeOf(p.find<ast::FunctionDef>(name));
}

bool visible(const Parsed &p, const Scope *from, std::string_view name)
{
    return p.tree->lookup(from, name).symbol != nullptr;
}

TEST(ScopeTree, BindsEveryKindOfTargetInItsScope)
{
    Parsed p("import os.path\n"
             "from m import a as b\n"
             "def f(x, *args, y=1, **kw):\n"
             "    (c, [d, *e]) = x\n"
             "    g += 1\n"
             "    h: int = 2\n"
             "    for i, j in x: pass\n"
             "    with x as k: pass\n"
             "    try: pass\n"
             "    except E as err: pass\n"
             "    del z\n"
             "class C: pass\n");
    ASSERT_TRUE(p.parseDiags.empty());
    const Scope *module = p.tree->moduleScope();
    for (const char *name : {"os", "b", "f", "C"})
        EXPECT_TRUE(visible(p, module, name)) << name;
    EXPECT_FALSE(visible(p, module, "path"));
    EXPECT_FALSE(visible(p, module, "a"));
    const Scope *f = functionScope(p, "f");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->kind, ScopeKind::Function);
    for (const char *name :
         {"x", "args", "y", "kw", "c", "d", "e", "g", "h", "i", "j", "k", "err", "z"})
        EXPECT_TRUE(f->symbols.count(name)) << name;
    EXPECT_FALSE(module->symbols.count("c"));
}

TEST(ScopeTree, ClassBodiesAreInvisibleToNestedScopes)
{
    Parsed p("class C:\n"
             "    attr = 1\n"
             "    def method(self):\n"
             "        return attr\n");
    const Scope *cls = p.tree->scopeOf(p.find<ast::ClassDef>("C"));
    ASSERT_NE(cls, nullptr);
    EXPECT_TRUE(visible(p, cls, "attr"));
    EXPECT_TRUE(visible(p, cls, "__qualname__"));
    EXPECT_FALSE(visible(p, functionScope(p, "method"), "attr"));
    EXPECT_TRUE(visible(p, functionScope(p, "method"), "C"));
}

TEST(ScopeTree, ComprehensionsHaveTheirOwnScopeAndWalrusEscapesIt)
{
    Parsed p("def f(xs):\n"
             "    ys = [v for v in xs if (w := v)]\n");
    const auto *comp = p.find<ast::ListComp>();
    const Scope *compScope = p.tree->scopeOf(comp);
    ASSERT_NE(compScope, nullptr);
    EXPECT_EQ(compScope->kind, ScopeKind::Comprehension);
    EXPECT_TRUE(compScope->symbols.count("v"));
    const Scope *f = functionScope(p, "f");
    EXPECT_FALSE(f->symbols.count("v"));
    EXPECT_TRUE(f->symbols.count("w"));
    EXPECT_TRUE(visible(p, compScope, "xs"));
}

TEST(ScopeTree, GlobalAndNonlocalRedirect)
{
    Parsed p("def setter():\n"
             "    global STATE\n"
             "    STATE = 1\n"
             "def outer():\n"
             "    n = 0\n"
             "    def inner():\n"
             "        nonlocal n\n"
             "        n = 1\n"
             "        return n\n");
    const Scope *module = p.tree->moduleScope();
    EXPECT_TRUE(visible(p, module, "STATE"));
    const ScopeTree::Lookup inGlobal = p.tree->lookup(functionScope(p, "setter"), "STATE");
    EXPECT_EQ(inGlobal.scope, module);
    const ScopeTree::Lookup inInner = p.tree->lookup(functionScope(p, "inner"), "n");
    EXPECT_EQ(inInner.scope, functionScope(p, "outer"));
}

TEST(ScopeTree, RecordsImportTargetsAndAliasConflicts)
{
    Parsed p("import triton.language as tl\n"
             "import triton.language as tl\n"
             "import triton.testing\n"
             "from triton.language.extra import libdevice\n"
             "ld = tl.extra\n"
             "try:\n"
             "    import torch\n"
             "except ImportError:\n"
             "    torch = None\n");
    const Scope *m = p.tree->moduleScope();
    const Symbol &tl = m->symbols.at("tl");
    ASSERT_TRUE(tl.import.has_value());
    EXPECT_EQ(tl.import->modulePath, "triton.language");
    EXPECT_FALSE(tl.aliasConflict);
    EXPECT_EQ(m->symbols.at("triton").import->modulePath, "triton");
    const Symbol &lib = m->symbols.at("libdevice");
    EXPECT_EQ(lib.import->modulePath, "triton.language.extra");
    EXPECT_EQ(lib.import->member, "libdevice");
    EXPECT_NE(m->symbols.at("ld").aliasValue, nullptr);
    EXPECT_TRUE(m->symbols.at("torch").aliasConflict);
}

TEST(ScopeTree, NotesStarImportsAndFutureAnnotations)
{
    Parsed p("from __future__ import annotations\n"
             "from triton.language import *\n"
             "from .local import *\n");
    EXPECT_TRUE(p.tree->futureAnnotations);
    ASSERT_EQ(p.tree->starImports.size(), 2u);
    EXPECT_EQ(p.tree->starImports[0], "triton.language");
    EXPECT_EQ(p.tree->starImports[1], ".local");
}

TEST(ScopeTree, LambdaParametersAndDefaults)
{
    Parsed p("f = lambda a, b=c: a + b\n");
    const Scope *lam = p.tree->scopeOf(p.find<ast::Lambda>());
    ASSERT_NE(lam, nullptr);
    EXPECT_EQ(lam->kind, ScopeKind::Lambda);
    EXPECT_TRUE(lam->symbols.count("a"));
    EXPECT_TRUE(lam->symbols.count("b"));
    EXPECT_FALSE(visible(p, lam, "c"));
}

} // namespace
