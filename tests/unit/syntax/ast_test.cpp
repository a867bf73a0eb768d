#include "core/syntax/ast.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::ast;

TEST(Ast, KindNamesComeFromTheRegistry)
{
    EXPECT_EQ(nodeKindName(NodeKind::BinOp), "BinOp");
    EXPECT_EQ(nodeKindName(NodeKind::FunctionDef), "FunctionDef");
    EXPECT_TRUE(isExprKind(NodeKind::Call));
    EXPECT_FALSE(isExprKind(NodeKind::Assign));
    EXPECT_EQ(binaryOpSpelling(BinaryOp::FloorDiv), "//");
    EXPECT_EQ(cmpOpSpelling(CmpOp::NotIn), "not in");
    EXPECT_EQ(unaryOpSpelling(UnaryOpKind::Not), "not");
}

TEST(Ast, ForEachChildVisitsInSourceOrder)
{
    Module m;
    // y = f(a, *b, k=c)
    auto *call = m.arena.make<Call>({0, 4, 17});
    call->func = m.arena.make<Name>({0, 4, 5});
    call->args = {m.arena.make<Name>({0, 6, 7}), m.arena.make<Starred>({0, 9, 11})};
    call->keywords.push_back({"k", {0, 13, 14}, m.arena.make<Name>({0, 15, 16}), {0, 13, 16}});
    auto *assign = m.arena.make<Assign>({0, 0, 17});
    assign->targets = {m.arena.make<Name>({0, 0, 1})};
    assign->value = call;

    std::vector<NodeKind> kinds;
    forEachChild(assign, [&](Node *n) { kinds.push_back(n->kind); });
    EXPECT_EQ(kinds, (std::vector<NodeKind>{NodeKind::Name, NodeKind::Call}));

    std::vector<std::uint32_t> begins;
    forEachChild(call, [&](Node *n) { begins.push_back(n->span.begin); });
    EXPECT_EQ(begins, (std::vector<std::uint32_t>{4, 6, 9, 15}));
    EXPECT_EQ(m.arena.size(), 7u);
}

TEST(Ast, CastsCheckTheKind)
{
    Module m;
    Node *n = m.arena.make<Name>({0, 0, 1});
    EXPECT_TRUE(isa<Name>(n));
    EXPECT_FALSE(isa<Call>(n));
    EXPECT_EQ(dynCast<Call>(n), nullptr);
    EXPECT_NE(dynCast<Name>(n), nullptr);
    EXPECT_FALSE(isa<Name>(static_cast<Node *>(nullptr)));
}
