// The textual launch signature of `tilesmith emit --signature` and the sema golden tests.

#include "core/sema/signature_parse.h"
#include "core/syntax/parser.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::sema;

namespace {

struct Parsed
{
    SourceManager sm;
    ParseResult r;
    const ast::FunctionDef *fn = nullptr;
};

std::unique_ptr<Parsed> parse(const std::string &src)
{
    auto p = std::make_unique<Parsed>();
    DiagnosticSink sink;
    p->r = parseModule(p->sm.add("k.py", src), sink);
    for (const ast::Stmt *s : p->r.module->body)
        if (const auto *f = ast::dynCast<ast::FunctionDef>(s))
            p->fn = f;
    return p;
}

const char *const kKernel
    = "import triton.language as tl\n"
      "def k(x_ptr, n, scale, BLOCK: tl.constexpr, ACT: tl.constexpr = 'relu'):\n"
      "    pass\n";

} // namespace

TEST(SignatureParse, NamedEntries)
{
    auto p = parse(kKernel);
    std::string err;
    auto sig = parseSignature(
        "x_ptr=*fp16:16, n=i32, scale=fp32, BLOCK=1024, num_warps=8", *p->fn, &err);
    ASSERT_TRUE(sig) << err;
    ASSERT_EQ(sig->args.size(), 5u);
    EXPECT_EQ(sig->args[0].kind, ArgSpec::Kind::Pointer);
    EXPECT_EQ(sig->args[0].dtype, DType::F16);
    EXPECT_TRUE(sig->args[0].divisibleBy16);
    EXPECT_EQ(sig->args[1].kind, ArgSpec::Kind::Int);
    EXPECT_EQ(sig->args[2].kind, ArgSpec::Kind::Float);
    EXPECT_EQ(sig->args[3].kind, ArgSpec::Kind::Constexpr);
    EXPECT_EQ(sig->args[3].value, ConstValue::ofInt(1024));
    EXPECT_EQ(sig->args[4].value, ConstValue::ofString("relu")); // the default
    EXPECT_EQ(sig->numWarps, 8);
}

TEST(SignatureParse, IntValuesSpecializeLikeTriton)
{
    auto p = parse(kKernel);
    std::string err;
    auto sig = parseSignature("*fp32, 1, 0.5, 64, 'gelu'", *p->fn, &err);
    ASSERT_TRUE(sig) << err;
    EXPECT_TRUE(sig->args[1].equalsOne);
    EXPECT_EQ(sig->args[2].kind, ArgSpec::Kind::Float);
    EXPECT_EQ(sig->args[4].value, ConstValue::ofString("gelu"));
    EXPECT_TRUE(intArgSpec(4096).divisibleBy16);
    EXPECT_EQ(intArgSpec(std::int64_t(1) << 33).dtype, DType::I64);
    EXPECT_EQ(intArgSpec(100).dtype, DType::I32);
}

TEST(SignatureParse, ErrorsNameTheProblem)
{
    auto p = parse(kKernel);
    std::string err;
    EXPECT_FALSE(parseSignature("x_ptr=*fp32, n=i32", *p->fn, &err));
    EXPECT_NE(err.find("scale"), std::string::npos) << err;
    EXPECT_FALSE(parseSignature("x_ptr=*nope, n=i32, scale=fp32, BLOCK=4", *p->fn, &err));
    EXPECT_NE(err.find("x_ptr"), std::string::npos) << err;
    EXPECT_FALSE(parseSignature("y=*fp32", *p->fn, &err));
    EXPECT_NE(err.find("no parameter 'y'"), std::string::npos) << err;
}

TEST(SignatureParse, CacheKeyFormRoundTrips)
{
    // The `kernel_compiled` event's signature is Signature::key(); the studio hands it back to
    // `emit`, so reading it must give the same signature.
    auto p = parse(kKernel);
    std::string err;
    for (const char *key :
         {"*fp16:16, i32:16, fp32, constexpr 1024, constexpr 'gelu' | warps=8 stages=2",
          "*bf16, 1, fp32, constexpr 64, constexpr None | warps=4 stages=3",
          "*fp32:16, i64, fp32, constexpr tl.float16, constexpr 'relu' | warps=1 stages=1"}) {
        auto sig = parseSignature(key, *p->fn, &err);
        ASSERT_TRUE(sig) << key << ": " << err;
        EXPECT_EQ(sig->key(), key);
    }
    EXPECT_FALSE(parseSignature("*fp32, i32, fp32, constexpr 8 | warps=4 blocks=2", *p->fn, &err));
    EXPECT_NE(err.find("launch options"), std::string::npos) << err;
}

TEST(SignatureParse, TensorDescriptorsRoundTripThroughTheKey)
{
    // The studio rebuilds a specialization from its cache key: a host TensorDescriptor's spec,
    // with its block shape, padding and which dimensions are multiples of 16, must read back.
    auto p = parse("import triton.language as tl\ndef k(a_desc, b_desc, M, BLOCK: tl.constexpr):\n    pass\n");
    std::string err;
    auto sig = parseSignature("tensordesc<fp16[64, 32]> shape:16/-, tensordesc<fp32[8]> nan shape:16, i32, "
                              "constexpr 64 | warps=8 stages=3",
                              *p->fn, &err);
    ASSERT_TRUE(sig) << err;
    ASSERT_EQ(sig->args.size(), 4u);
    EXPECT_EQ(sig->args[0].kind, ArgSpec::Kind::TensorDesc);
    EXPECT_EQ(sig->args[0].dtype, DType::F16);
    EXPECT_EQ(sig->args[0].blockShape, (std::vector<std::int64_t>{64, 32}));
    EXPECT_EQ(sig->args[0].value.s, "zero");
    EXPECT_EQ(sig->args[0].shapeDivisibleBy16, 1u);
    EXPECT_EQ(sig->args[1].value.s, "nan");
    EXPECT_EQ(sig->args[1].shapeDivisibleBy16, 1u);
    EXPECT_EQ(sig->numWarps, 8);
    auto again = parseSignature(sig->key(), *p->fn, &err);
    ASSERT_TRUE(again) << err << " in " << sig->key();
    EXPECT_EQ(*again, *sig);

    EXPECT_FALSE(parseSignature("tensordesc<fp99[64]>, tensordesc<fp32[8]>, i32, 1", *p->fn, &err));
    EXPECT_NE(err.find("tensordesc<fp16[64, 32]>"), std::string::npos) << err;
}
