#include "core/check/scoped_walker.h"

#include "check_test_support.h"

#include <gtest/gtest.h>

#include <map>

using namespace tsm;
using namespace tsm::check;
using tsm::check::testing::Parsed;

namespace {

/// Records the context each Name was visited in.
class NameContexts final : public ScopedWalker
{
public:
    using ScopedWalker::ScopedWalker;
    std::map<std::string, WalkContext> seen;

protected:
    void visit(ast::Node *node, const WalkContext &ctx) override
    {
        if (auto *n = ast::dynCast<ast::Name>(node))
            seen[std::string(n->id)] = ctx;
    }
};

std::map<std::string, WalkContext> contexts(const Parsed &p)
{
    NameContexts w(*p.tree);
    w.walkModule(*p.module);
    return w.seen;
}

TEST(ScopedWalker, EvaluatesDecoratorsDefaultsAndFirstIterablesOutside)
{
    Parsed p("@deco\ndef f(a=dflt):\n    body_name\n"
             "xs = [elt for v in first_iter for w in second_iter]\n");
    const auto seen = contexts(p);
    const Scope *module = p.tree->moduleScope();
    EXPECT_EQ(seen.at("deco").scope, module);
    EXPECT_EQ(seen.at("dflt").scope, module);
    EXPECT_EQ(seen.at("body_name").scope->kind, ScopeKind::Function);
    EXPECT_EQ(seen.at("first_iter").scope, module);
    EXPECT_EQ(seen.at("second_iter").scope->kind, ScopeKind::Comprehension);
    EXPECT_EQ(seen.at("elt").scope->kind, ScopeKind::Comprehension);
}

TEST(ScopedWalker, MarksGuardedCode)
{
    Parsed p("try:\n    in_try\nexcept E:\n    in_handler\n"
             "if triton.__version__ > '3':\n    versioned\nelse:\n    other_version\n"
             "if ready:\n    plain\n"
             "probe = a if hasattr(m, 'x') else b\n");
    const auto seen = contexts(p);
    EXPECT_TRUE(seen.at("in_try").guarded);
    EXPECT_TRUE(seen.at("in_handler").guarded);
    EXPECT_TRUE(seen.at("versioned").guarded);
    EXPECT_TRUE(seen.at("other_version").guarded);
    EXPECT_FALSE(seen.at("plain").guarded);
    EXPECT_FALSE(seen.at("ready").guarded);
    EXPECT_TRUE(seen.at("a").guarded);
}

TEST(ScopedWalker, MarksUnevaluatedAnnotations)
{
    Parsed p("def f(x: param_ann) -> ret_ann:\n    y: local_ann = 1\n"
             "mod: module_ann = 2\n");
    const auto seen = contexts(p);
    EXPECT_FALSE(seen.at("param_ann").unevaluatedAnnotation);
    EXPECT_FALSE(seen.at("ret_ann").unevaluatedAnnotation);
    EXPECT_TRUE(seen.at("local_ann").unevaluatedAnnotation);
    EXPECT_FALSE(seen.at("module_ann").unevaluatedAnnotation);
}

TEST(ScopedWalker, RecognizesFeatureProbes)
{
    Parsed p("a = triton.__version__ >= '3'\nb = hasattr(tl, 'x')\nc = HAS_TMA\nd = x > 3\n"
             "e = _TRITON_GE_34\nf = Version(v) > Version('3')\n"
             "g = inspect.signature(fn).parameters.get('clock_rate')\n");
    std::vector<bool> probes;
    for (ast::Stmt *s : p.module->body)
        probes.push_back(isFeatureProbe(ast::cast<ast::Assign>(s)->value));
    EXPECT_EQ(probes, (std::vector<bool>{true, true, true, false, true, true, true}));
}

} // namespace
