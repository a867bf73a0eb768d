// The Specializer end to end on small kernels: types, broadcasting, folding, control flow,
// inlining and the errors a kernel author sees.

#include "core/ir/verifier.h"
#include "core/sema/signature_parse.h"
#include "core/sema/specializer.h"
#include "core/syntax/parser.h"

#include <gtest/gtest.h>

#include <functional>

using namespace tsm;
using namespace tsm::sema;
using ir::OpCode;

namespace {

struct Result
{
    SourceManager sm;
    ParseResult parsed;
    std::unique_ptr<ir::Kernel> kernel;
    DiagnosticSink sink;

    std::string messages() const
    {
        std::string s;
        for (const Diagnostic &d : sink.diagnostics())
            s += std::string(diagKindName(d.kind)) + ": " + d.message + "\n";
        return s;
    }
    bool has(DiagKind k, std::string_view text = {}) const
    {
        for (const Diagnostic &d : sink.diagnostics())
            if (d.kind == k && d.message.find(text) != std::string::npos)
                return true;
        return false;
    }
};

std::unique_ptr<Result> specializeText(const std::string &body,
                                       const std::string &signature,
                                       const std::string &kernelName = "k")
{
    auto r = std::make_unique<Result>();
    const std::string src = "import triton\nimport triton.language as tl\n" + body;
    const SourceFile &file = r->sm.add("k.py", src);
    DiagnosticSink parseSink;
    r->parsed = parseModule(file, parseSink);
    EXPECT_EQ(parseSink.errorCount(), 0u);
    const ast::FunctionDef *fn = nullptr;
    for (const ast::Stmt *s : r->parsed.module->body)
        if (const auto *f = ast::dynCast<ast::FunctionDef>(s); f && f->name == kernelName)
            fn = f;
    EXPECT_NE(fn, nullptr);
    std::string err;
    auto sig = parseSignature(signature, *fn, &err);
    EXPECT_TRUE(sig) << err;
    if (!sig)
        return r;
    r->kernel = specialize(KernelSource{file, *r->parsed.module, *fn, {}}, *sig, r->sink);
    if (r->kernel) {
        std::string problem;
        EXPECT_TRUE(ir::verifyKernel(*r->kernel, &problem)) << problem;
    }
    return r;
}

void forEachOp(const ir::Region &r, const std::function<void(const ir::Op &)> &fn)
{
    for (const ir::Op &op : r.ops) {
        fn(op);
        for (const ir::Region &sub : op.regions)
            forEachOp(sub, fn);
    }
}

int countOps(const ir::Kernel &k, OpCode code)
{
    int n = 0;
    forEachOp(k.body, [&](const ir::Op &op) { n += op.code == code; });
    return n;
}

const ir::Op *firstOp(const ir::Kernel &k, OpCode code)
{
    const ir::Op *found = nullptr;
    forEachOp(k.body, [&](const ir::Op &op) {
        if (!found && op.code == code)
            found = &op;
    });
    return found;
}

} // namespace

TEST(Specializer, WeakScalarsKeepTheBlockDType)
{
    auto r = specializeText("@triton.jit\n"
                            "def k(x_ptr, B: tl.constexpr):\n"
                            "    o = tl.arange(0, B)\n"
                            "    x = tl.load(x_ptr + o)\n"
                            "    tl.store(x_ptr + o, x * 3)\n",
                            "x_ptr=*i8, B=16");
    ASSERT_TRUE(r->kernel) << r->messages();
    const ir::Op *mul = firstOp(*r->kernel, OpCode::Mul);
    ASSERT_NE(mul, nullptr);
    EXPECT_EQ(ir::typeToString(r->kernel->type(mul->result())), "<16xi8>");
}

TEST(Specializer, IntegerDivisionTruncatesAndSlashGivesFloat)
{
    auto r = specializeText("@triton.jit\n"
                            "def k(x_ptr, y_ptr, B: tl.constexpr):\n"
                            "    o = tl.arange(0, B)\n"
                            "    x = tl.load(x_ptr + o)\n"
                            "    tl.store(x_ptr + o, x // 2 + x % 3)\n"
                            "    tl.store(y_ptr + o, x / 2)\n",
                            "x_ptr=*i32, y_ptr=*fp32, B=16");
    ASSERT_TRUE(r->kernel) << r->messages();
    EXPECT_EQ(countOps(*r->kernel, OpCode::IDiv), 1);
    EXPECT_EQ(countOps(*r->kernel, OpCode::IRem), 1);
    const ir::Op *div = firstOp(*r->kernel, OpCode::FDiv);
    ASSERT_NE(div, nullptr);
    EXPECT_EQ(r->kernel->type(div->result()).dtype, DType::F32);
}

TEST(Specializer, BroadcastingInsertsExpandAndBroadcast)
{
    auto r = specializeText(
        "@triton.jit\n"
        "def k(x_ptr, M: tl.constexpr, N: tl.constexpr):\n"
        "    a = tl.arange(0, M)\n"
        "    b = tl.arange(0, N)\n"
        "    tl.store(x_ptr + a[:, None] * N + b[None, :], (a[:, None] + b).to(tl.float32))\n",
        "x_ptr=*fp32, M=8, N=32");
    ASSERT_TRUE(r->kernel) << r->messages();
    EXPECT_GE(countOps(*r->kernel, OpCode::ExpandDims), 3);
    EXPECT_GE(countOps(*r->kernel, OpCode::Broadcast), 2);
    const ir::Op *store = firstOp(*r->kernel, OpCode::Store);
    ASSERT_NE(store, nullptr);
    EXPECT_EQ(ir::typeToString(r->kernel->type(store->operands[1])), "<8x32xfp32>");
}

TEST(Specializer, ScalarArgumentsSpecialize)
{
    auto r = specializeText("@triton.jit\n"
                            "def k(x_ptr, stride, n, B: tl.constexpr):\n"
                            "    o = tl.arange(0, B) * stride\n"
                            "    tl.store(x_ptr + o, 1.0, mask=o < n)\n",
                            "x_ptr=*fp32:16, stride=1, n=i32, B=64");
    ASSERT_TRUE(r->kernel) << r->messages();
    ASSERT_EQ(r->kernel->params.size(), 4u);
    EXPECT_EQ(r->kernel->params[1].value, ir::kNoValue); // stride == 1 folded
    EXPECT_NE(r->kernel->params[2].value, ir::kNoValue);
    EXPECT_TRUE(r->kernel->params[3].isConstexpr);
    EXPECT_EQ(r->kernel->values[r->kernel->params[0].value].name, "x_ptr");
}

TEST(Specializer, ConstexprIfLowersOnlyTheTakenBranch)
{
    const std::string body = "@triton.jit\n"
                             "def k(x_ptr, FAST: tl.constexpr):\n"
                             "    x = tl.load(x_ptr)\n"
                             "    if FAST:\n"
                             "        x = tl.exp(x)\n"
                             "    else:\n"
                             "        x = tl.log(x)\n"
                             "    tl.store(x_ptr, x)\n";
    auto r = specializeText(body, "x_ptr=*fp32, FAST=True");
    ASSERT_TRUE(r->kernel) << r->messages();
    EXPECT_EQ(countOps(*r->kernel, OpCode::If), 0);
    const ir::Op *m = firstOp(*r->kernel, OpCode::Math);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->str, "exp");
    EXPECT_EQ(countOps(*r->kernel, OpCode::Math), 1);
}

TEST(Specializer, RuntimeIfYieldsAssignedVariables)
{
    auto r = specializeText("@triton.jit\n"
                            "def k(x_ptr, n, B: tl.constexpr):\n"
                            "    o = tl.arange(0, B)\n"
                            "    y = tl.load(x_ptr + o)\n"
                            "    if n > 4:\n"
                            "        y = y * 2.0\n"
                            "        z = 1\n"
                            "    tl.store(x_ptr + o, y)\n",
                            "x_ptr=*fp32, n=i32, B=32");
    ASSERT_TRUE(r->kernel) << r->messages();
    const ir::Op *ifOp = firstOp(*r->kernel, OpCode::If);
    ASSERT_NE(ifOp, nullptr);
    ASSERT_EQ(ifOp->results.size(), 1u); // y only: z is defined in one branch
    EXPECT_EQ(r->kernel->values[ifOp->result()].name, "y");
}

TEST(Specializer, ForLoopCarriesValuesWithTheirNames)
{
    auto r = specializeText("@triton.jit\n"
                            "def k(x_ptr, n, B: tl.constexpr):\n"
                            "    acc = tl.zeros([B], dtype=tl.float32)\n"
                            "    for i in range(0, n, 2):\n"
                            "        acc += tl.load(x_ptr + i + tl.arange(0, B))\n"
                            "    tl.store(x_ptr + tl.arange(0, B), acc)\n",
                            "x_ptr=*fp32, n=i32, B=32");
    ASSERT_TRUE(r->kernel) << r->messages();
    const ir::Op *loop = firstOp(*r->kernel, OpCode::For);
    ASSERT_NE(loop, nullptr);
    EXPECT_EQ(loop->operands.size(), 4u);
    ASSERT_EQ(loop->results.size(), 1u);
    EXPECT_EQ(r->kernel->values[loop->result()].name, "acc");
    EXPECT_EQ(r->kernel->values[loop->regions[0].args[0]].name, "i");
}

TEST(Specializer, StaticRangeUnrollsAndHelpersInline)
{
    auto r = specializeText("@triton.jit\n"
                            "def twice(x):\n"
                            "    return x * 2, x + 1\n"
                            "@triton.jit\n"
                            "def k(x_ptr):\n"
                            "    x = tl.load(x_ptr)\n"
                            "    for i in tl.static_range(3):\n"
                            "        a, b = twice(x)\n"
                            "        x = a + b + i\n"
                            "    tl.store(x_ptr, x)\n",
                            "x_ptr=*fp32");
    ASSERT_TRUE(r->kernel) << r->messages();
    EXPECT_EQ(countOps(*r->kernel, OpCode::For), 0);
    EXPECT_EQ(countOps(*r->kernel, OpCode::Mul), 3);
}

TEST(Specializer, ReductionsPromoteSmallIntsAndKeepDims)
{
    auto r = specializeText("@triton.jit\n"
                            "def k(x_ptr, y_ptr, B: tl.constexpr):\n"
                            "    o = tl.arange(0, B)\n"
                            "    x = tl.load(x_ptr + o[:, None] * B + o[None, :])\n"
                            "    s = tl.sum(x, axis=1, keep_dims=True)\n"
                            "    tl.store(y_ptr + o[:, None], s)\n",
                            "x_ptr=*i8, y_ptr=*i32, B=16");
    ASSERT_TRUE(r->kernel) << r->messages();
    const ir::Op *red = firstOp(*r->kernel, OpCode::Reduce);
    ASSERT_NE(red, nullptr);
    EXPECT_EQ(ir::typeToString(r->kernel->type(red->result())), "<16xi32>");
    EXPECT_EQ(red->i, 1);
    EXPECT_EQ(red->regions[0].args.size(), 2u);
}

TEST(Specializer, ArgmaxReducesValueIndexPairs)
{
    auto r = specializeText("@triton.jit\n"
                            "def k(x_ptr, y_ptr, B: tl.constexpr):\n"
                            "    o = tl.arange(0, B)\n"
                            "    tl.store(y_ptr, tl.argmax(tl.load(x_ptr + o), axis=0))\n",
                            "x_ptr=*fp16, y_ptr=*i32, B=64");
    ASSERT_TRUE(r->kernel) << r->messages();
    const ir::Op *red = firstOp(*r->kernel, OpCode::Reduce);
    ASSERT_NE(red, nullptr);
    ASSERT_EQ(red->results.size(), 2u);
    EXPECT_EQ(r->kernel->type(red->operands[0]).dtype, DType::F16);
    EXPECT_EQ(r->kernel->type(red->results[1]).dtype, DType::I32);
}

TEST(Specializer, DotDefaultsToTf32ForFp32)
{
    auto r = specializeText(
        "@triton.jit\n"
        "def k(a_ptr, c_ptr, B: tl.constexpr):\n"
        "    o = tl.arange(0, B)\n"
        "    a = tl.load(a_ptr + o[:, None] * B + o[None, :])\n"
        "    tl.store(c_ptr + o[:, None] * B + o[None, :], tl.dot(a, a))\n"
        "    tl.store(c_ptr + o[:, None] * B + o[None, :], tl.dot(a, a, input_precision='ieee'))\n",
        "a_ptr=*fp32, c_ptr=*fp32, B=16");
    ASSERT_TRUE(r->kernel) << r->messages();
    std::vector<std::int64_t> precisions;
    forEachOp(r->kernel->body, [&](const ir::Op &op) {
        if (op.code == OpCode::Dot)
            precisions.push_back(op.i);
    });
    EXPECT_EQ(precisions, (std::vector<std::int64_t>{0, 2}));
}

TEST(Specializer, EveryOpHasASpanOnItsLine)
{
    auto r = specializeText("@triton.jit\n"
                            "def k(x_ptr, B: tl.constexpr):\n"
                            "    o = tl.arange(0, B)\n"
                            "    tl.store(x_ptr + o, tl.sigmoid(tl.load(x_ptr + o)))\n",
                            "x_ptr=*fp32, B=16");
    ASSERT_TRUE(r->kernel) << r->messages();
    const SourceFile &file = r->sm.file(0);
    forEachOp(r->kernel->body, [&](const ir::Op &op) {
        EXPECT_GT(op.span.end, op.span.begin) << ir::opName(op.code);
        const unsigned line = file.lineCol(op.span.begin).line;
        EXPECT_TRUE(line == 5 || line == 6) << ir::opName(op.code) << " on line " << line;
    });
}

TEST(Specializer, ErrorsSpeakToTheAuthor)
{
    auto r = specializeText("@triton.jit\n"
                            "def k(x_ptr, n):\n"
                            "    o = tl.arange(0, n)\n"
                            "    z = tl.arange(0, 48)\n"
                            "    w = tl.arange(0, 16) + tl.arange(0, 32)\n",
                            "x_ptr=*fp32, n=i32");
    EXPECT_FALSE(r->kernel);
    EXPECT_TRUE(r->has(DiagKind::NotConstexpr, "make it a tl.constexpr parameter"))
        << r->messages();
    EXPECT_TRUE(r->has(DiagKind::NonPowerOfTwoRange, "tl.arange(0, 48)")) << r->messages();
    EXPECT_TRUE(r->has(DiagKind::IncompatibleShapes, "[16] and [32]")) << r->messages();
    for (const Diagnostic &d : r->sink.diagnostics())
        EXPECT_EQ(d.origin, DiagOrigin::Sema);
}

TEST(Specializer, NeverCrashesOnOddKernels)
{
    const char *bodies[] = {
        "@triton.jit\ndef k(x_ptr):\n    x = [i for i in range(3)]\n",
        "@triton.jit\ndef k(x_ptr):\n    x = lambda: 1\n",
        "@triton.jit\ndef k(x_ptr):\n    a, b = 1\n",
        "@triton.jit\ndef k(x_ptr):\n    x_ptr[0] = 1\n",
        "@triton.jit\ndef k(x_ptr):\n    while True:\n        pass\n",
        "@triton.jit\ndef k(x_ptr):\n    return 3\n",
        "@triton.jit\ndef k(x_ptr):\n    tl.store(x_ptr, undefined_name)\n",
        "@triton.jit\ndef k(x_ptr):\n    tl.load(x_ptr, foo=1)\n",
        "@triton.jit\ndef k(x_ptr):\n    x = tl.load(x_ptr)\n    x.nothing()\n",
        "@triton.jit\ndef k(x_ptr):\n    print('x', tl.load(x_ptr))\n    "
        "tl.device_assert(tl.load(x_ptr) > 0, 'neg')\n",
    };
    for (const char *b : bodies) {
        auto r = specializeText(b, "x_ptr=*fp32");
        // Either a kernel or a reported error, never silence.
        EXPECT_TRUE(r->kernel || r->sink.errorCount() > 0) << b;
    }
}

TEST(Specializer, RandomWordsFollowTheOffsetsWidth)
{
    auto r = specializeText(
        "@triton.jit\n"
        "def k(x_ptr, seed, B: tl.constexpr):\n"
        "    o = tl.arange(0, B)\n"
        "    a = tl.randint(seed, o)\n"
        "    b = tl.randint(seed, o.to(tl.int64))\n"
        "    tl.store(x_ptr + o, tl.rand(seed, o) + a.to(tl.float32) + b.to(tl.float32))\n",
        "x_ptr=*fp32, seed=i32, B=16");
    ASSERT_TRUE(r->kernel) << r->messages();
    std::vector<DType> words;
    forEachOp(r->kernel->body, [&](const ir::Op &op) {
        if (op.code == OpCode::Randint)
            words.push_back(r->kernel->type(op.result()).dtype);
    });
    EXPECT_EQ(words, (std::vector<DType>{DType::U32, DType::U64}));
}

TEST(Specializer, ArgumentCountMismatchIsReported)
{
    SourceManager sm;
    const SourceFile &file = sm.add("k.py", "import triton\n@triton.jit\ndef k(a, b):\n    pass\n");
    DiagnosticSink sink;
    ParseResult parsed = parseModule(file, sink);
    const auto *fn = ast::cast<ast::FunctionDef>(parsed.module->body[1]);
    Signature sig;
    sig.args.push_back(ArgSpec{});
    auto kernel = specialize(KernelSource{file, *parsed.module, *fn, {}}, sig, sink);
    EXPECT_FALSE(kernel);
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_EQ(sink.diagnostics()[0].kind, DiagKind::KernelArgumentMismatch);
    EXPECT_NE(sink.diagnostics()[0].message.find("2 parameters"), std::string::npos);
}

TEST(Specializer, NonCarriableValuesChangedInALoopAreReported)
{
    auto r = specializeText("@triton.jit\n"
                            "def k(x_ptr, n):\n"
                            "    pair = (1, 2)\n"
                            "    for i in range(n):\n"
                            "        pair = (3, 4)\n"
                            "    tl.store(x_ptr, pair[0])\n",
                            "x_ptr=*i32, n=i32");
    EXPECT_FALSE(r->kernel);
    EXPECT_TRUE(r->has(DiagKind::UnsupportedKernelFeature, "changing 'pair'")) << r->messages();
}
