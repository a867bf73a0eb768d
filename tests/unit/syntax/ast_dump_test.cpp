#include "core/syntax/ast_dump.h"
#include "core/syntax/parser.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace tsm;
using namespace tsm::ast;

namespace {

struct Parsed
{
    SourceManager sm;
    const SourceFile *file = nullptr;
    ParseResult result;
    std::size_t errors = 0;
};

std::unique_ptr<Parsed> parse(std::string text)
{
    auto p = std::make_unique<Parsed>();
    p->file = &p->sm.add("test.py", std::move(text));
    DiagnosticSink sink;
    p->result = parseModule(*p->file, sink);
    p->errors = sink.errorCount();
    return p;
}

std::string dump(std::string text)
{
    auto p = parse(std::move(text));
    EXPECT_EQ(p->errors, 0u);
    return dumpModule(*p->result.module);
}

} // namespace

TEST(AstDump, FunctionWithLabelledChildren)
{
    const std::string src = "@jit\n"
                            "def f(a: int, *, b=1) -> T:\n"
                            "    x[1:, ::2] = {\"k\\n\": b\"\\xff\", **d}\n"
                            "    return a if b else -a\n";
    EXPECT_EQ(dump(src),
              "Module\n"
              "  FunctionDef [1:1-4:26] name=f\n"
              "    decorators:\n"
              "      Name [1:2-1:5] id=jit ctx=Load\n"
              "    args:\n"
              "      Param [2:7-2:13] name=a kind=Normal\n"
              "        annotation:\n"
              "          Name [2:10-2:13] id=int ctx=Load\n"
              "      Param [2:18-2:21] name=b kind=KeywordOnly\n"
              "        default:\n"
              "          Constant [2:20-2:21] Int 1\n"
              "    returns:\n"
              "      Name [2:26-2:27] id=T ctx=Load\n"
              "    body:\n"
              "      Assign [3:5-3:39]\n"
              "        targets:\n"
              "          Subscript [3:5-3:15] ctx=Store\n"
              "            Name [3:5-3:6] id=x ctx=Load\n"
              "            Tuple [3:7-3:14] ctx=Load\n"
              "              Slice [3:7-3:9]\n"
              "                lower:\n"
              "                  Constant [3:7-3:8] Int 1\n"
              "              Slice [3:11-3:14]\n"
              "                step:\n"
              "                  Constant [3:13-3:14] Int 2\n"
              "        value:\n"
              "          Dict [3:18-3:39]\n"
              "            Constant [3:19-3:24] String \"k\\n\"\n"
              "            Constant [3:26-3:33] Bytes b\"\\xff\"\n"
              "            **:\n"
              "              Name [3:37-3:38] id=d ctx=Load\n"
              "      Return [4:5-4:26]\n"
              "        IfExp [4:12-4:26]\n"
              "          test:\n"
              "            Name [4:17-4:18] id=b ctx=Load\n"
              "          body:\n"
              "            Name [4:12-4:13] id=a ctx=Load\n"
              "          orelse:\n"
              "            UnaryOp [4:24-4:26] op=-\n"
              "              Name [4:25-4:26] id=a ctx=Load\n");
}

TEST(AstDump, StatementsImportsAndHandlers)
{
    const std::string src
        = "import a.b as c\nfrom . import x as y\nglobal g, h\n"
          "with open(p) as f, q:\n    pass\n"
          "try:\n    pass\nexcept E as e:\n    raise X from e\nfinally:\n    del f\n"
          "for i in r:\n    continue\nelse:\n    assert i, \"m\"\n";
    EXPECT_EQ(dump(src),
              "Module\n"
              "  Import [1:1-1:16]\n"
              "    Alias [1:8-1:16] name=a.b asname=c\n"
              "  ImportFrom [2:1-2:21] level=1\n"
              "    Alias [2:15-2:21] name=x asname=y\n"
              "  Global [3:1-3:12] names=g,h\n"
              "  With [4:1-5:9]\n"
              "    item:\n"
              "      Call [4:6-4:13]\n"
              "        Name [4:6-4:10] id=open ctx=Load\n"
              "        args:\n"
              "          Name [4:11-4:12] id=p ctx=Load\n"
              "      as:\n"
              "        Name [4:17-4:18] id=f ctx=Store\n"
              "    item:\n"
              "      Name [4:20-4:21] id=q ctx=Load\n"
              "    body:\n"
              "      Pass [5:5-5:9]\n"
              "  Try [6:1-11:10]\n"
              "    body:\n"
              "      Pass [7:5-7:9]\n"
              "    handlers:\n"
              "      ExceptHandler [8:1-9:19] name=e\n"
              "        type:\n"
              "          Name [8:8-8:9] id=E ctx=Load\n"
              "        body:\n"
              "          Raise [9:5-9:19]\n"
              "            exc:\n"
              "              Name [9:11-9:12] id=X ctx=Load\n"
              "            cause:\n"
              "              Name [9:18-9:19] id=e ctx=Load\n"
              "    finalbody:\n"
              "      Delete [11:5-11:10]\n"
              "        Name [11:9-11:10] id=f ctx=Del\n"
              "  For [12:1-15:18]\n"
              "    Name [12:5-12:6] id=i ctx=Store\n"
              "    Name [12:10-12:11] id=r ctx=Load\n"
              "    body:\n"
              "      Continue [13:5-13:13]\n"
              "    orelse:\n"
              "      Assert [15:5-15:18]\n"
              "        Name [15:12-15:13] id=i ctx=Load\n"
              "        msg:\n"
              "          Constant [15:15-15:18] String \"m\"\n");
}

TEST(AstDump, ExpressionAttributes)
{
    const std::string src = "a < b is not c\nnot x and y\n(1, 2)\n[*s]\nf(k=1, **m)\n"
                            "f'{v!r:>4}{w=}'\nlambda *a, **k: 0\n(n := 5)\ni += 1\n";
    const std::string d = dump(src);
    EXPECT_NE(d.find("Compare [1:1-1:15] ops=[<, is not]\n"), std::string::npos) << d;
    EXPECT_NE(d.find("BoolOp [2:1-2:12] op=and\n"), std::string::npos) << d;
    EXPECT_NE(d.find("UnaryOp [2:1-2:6] op=not\n"), std::string::npos) << d;
    EXPECT_NE(d.find("Tuple [3:1-3:7] ctx=Load parenthesized\n"), std::string::npos) << d;
    EXPECT_NE(d.find("Starred [4:2-4:4] ctx=Load\n"), std::string::npos) << d;
    EXPECT_NE(d.find("        Keyword [5:3-5:6] name=k\n          Constant [5:5-5:6] Int 1\n"),
              std::string::npos)
        << d;
    EXPECT_NE(d.find("      Keyword [5:8-5:11] **\n"), std::string::npos) << d;
    EXPECT_NE(d.find("FormattedValue [6:3-6:11] conv=r\n"), std::string::npos) << d;
    EXPECT_NE(d.find("        spec:\n          JoinedStr [6:8-6:10]\n"), std::string::npos) << d;
    EXPECT_NE(d.find("FormattedValue [6:11-6:15] conv=r selfdoc\n"), std::string::npos) << d;
    EXPECT_NE(d.find("Param [7:8-7:10] name=a kind=VarPositional\n"), std::string::npos) << d;
    EXPECT_NE(d.find("NamedExpr [8:2-8:8]\n      Name [8:2-8:3] id=n ctx=Store\n"),
              std::string::npos)
        << d;
    EXPECT_NE(d.find("AugAssign [9:1-9:7] op=+=\n"), std::string::npos) << d;
}

TEST(AstDump, StringsAreQuotedWithEscapes)
{
    const std::string d = dump("s = 'tab\\there \"q\" back\\\\slash \\x01 \xC3\xA9'\n");
    EXPECT_NE(d.find("String \"tab\\there \\\"q\\\" back\\\\slash \\x01 \xC3\xA9\""),
              std::string::npos)
        << d;
}

TEST(AstDump, SpansUseCharacterColumns)
{
    // 'é' is two bytes: the column after it counts one character.
    const std::string d = dump("s = 'é' + x\n");
    EXPECT_NE(d.find("Name [1:11-1:12] id=x ctx=Load"), std::string::npos) << d;
}

TEST(AstDump, DumpNodeIndentsFromTheGivenDepth)
{
    auto p = parse("y = a.b\n");
    const auto *assign = cast<Assign>(p->result.module->body[0]);
    EXPECT_EQ(dumpNode(*assign->value, *p->file, 2),
              "    Attribute [1:5-1:8] attr=b ctx=Load\n"
              "      Name [1:5-1:6] id=a ctx=Load\n");
    EXPECT_EQ(dumpModule(*p->result.module), dumpModule(*p->result.module));
}

TEST(AstDump, ErrorNodesAppear)
{
    auto p = parse("x = 1 +\nfoo(\n");
    EXPECT_GT(p->errors, 0u);
    const std::string d = dumpModule(*p->result.module);
    EXPECT_NE(d.find("ErrorExpr ["), std::string::npos) << d;
    EXPECT_NE(d.find("ErrorStmt ["), std::string::npos) << d;
}
