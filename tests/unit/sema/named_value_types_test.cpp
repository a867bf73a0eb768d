// SpecializeOptions::namedTypes: the type of every parameter, assignment target and use of a
// name, by span, as the studio's hover shows it; nothing recorded unless asked.

#include "core/sema/named_value_types.h"
#include "core/sema/signature_parse.h"
#include "core/sema/specializer.h"
#include "core/syntax/parser.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::sema;

namespace {

const char *kSwish = R"(import triton
import triton.language as tl

@triton.jit
def twice(v):
    return v * 2

@triton.jit
def swish_kernel(x_ptr, out_ptr, n, beta: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = twice(x) / (1.0 + tl.exp(-beta * x))
    tl.store(out_ptr + offsets, y, mask=mask)
)";

struct Recorded
{
    SourceManager sm;
    ParseResult parsed;
    NamedValueTypes types;
    DiagnosticSink sink;
    const SourceFile *file = nullptr;

    // The type recorded last for `name` where it is written inside the first `context`.
    std::string typeAt(std::string_view context, std::string_view name) const
    {
        const std::string_view text = file->text();
        const std::size_t c = text.find(context);
        EXPECT_NE(c, std::string_view::npos) << context;
        const std::size_t at = c + context.find(name);
        std::string type;
        for (const NamedValueType &t : types)
            if (t.span.begin == at && t.span.end == at + name.size() && t.name == name)
                type = t.type;
        return type;
    }
};

const char *kDescriptors = R"(import triton
import triton.language as tl

@triton.jit
def desc_kernel(x_ptr, desc, n, BLOCK: tl.constexpr):
    d = tl.make_tensor_descriptor(x_ptr, [n], [1], [BLOCK])
    tile = desc.load([0, 0])
    d.store([0], d.load([0]) + tl.sum(tl.sum(tile, axis=1), axis=0))
)";

std::unique_ptr<Recorded> record(const std::string &signature, bool ask = true,
                                 const char *source = kSwish, std::string_view function = "swish_kernel",
                                 std::optional<Signature> given = std::nullopt)
{
    auto r = std::make_unique<Recorded>();
    r->file = &r->sm.add("swish.py", source);
    DiagnosticSink parseSink;
    r->parsed = parseModule(*r->file, parseSink);
    const ast::FunctionDef *fn = nullptr;
    for (const ast::Stmt *s : r->parsed.module->body)
        if (const auto *f = ast::dynCast<ast::FunctionDef>(s); f && f->name == function)
            fn = f;
    EXPECT_NE(fn, nullptr);
    std::string err;
    auto sig = given ? given : parseSignature(signature, *fn, &err);
    EXPECT_TRUE(sig) << err;
    SpecializeOptions options;
    if (ask)
        options.namedTypes = &r->types;
    auto kernel
        = specialize(KernelSource{*r->file, *r->parsed.module, *fn, {}}, *sig, r->sink, options);
    EXPECT_NE(kernel, nullptr);
    return r;
}

} // namespace

TEST(NamedValueTypes, TypeTextSpellsDtypeAndBlockShape)
{
    EXPECT_EQ(namedTypeText(ir::Type{DType::F32, false, {1024}}), "fp32[1024]");
    EXPECT_EQ(namedTypeText(ir::Type{DType::I1, false, {32, 64}}), "i1[32, 64]");
    EXPECT_EQ(namedTypeText(ir::Type{DType::I32, false, {}}), "i32");
    EXPECT_EQ(namedTypeText(ir::Type{DType::F16, true, {}}), "pointer<fp16>");
    EXPECT_EQ(namedTypeText(ir::Type{DType::F32, true, {128}}), "pointer<fp32>[128]");
}

TEST(NamedValueTypes, ParametersAssignmentsAndUses)
{
    auto r = record("*fp32:16, *fp32:16, i32, constexpr 1.0, constexpr 1024 | warps=4 stages=3");
    EXPECT_EQ(r->typeAt("(x_ptr,", "x_ptr"), "pointer<fp32>");
    EXPECT_EQ(r->typeAt(" n, beta", "n"), "i32");
    EXPECT_EQ(r->typeAt("beta: tl", "beta"), "constexpr 1.0");
    EXPECT_EQ(r->typeAt("BLOCK_SIZE: tl", "BLOCK_SIZE"), "constexpr 1024");
    EXPECT_EQ(r->typeAt("pid = ", "pid"), "i32");
    EXPECT_EQ(r->typeAt("offsets = ", "offsets"), "i32[1024]");
    EXPECT_EQ(r->typeAt("mask = ", "mask"), "i1[1024]");
    EXPECT_EQ(r->typeAt("    x = ", "x"), "fp32[1024]");
    EXPECT_EQ(r->typeAt("    y = ", "y"), "fp32[1024]");
    // uses in expressions and keyword arguments
    EXPECT_EQ(r->typeAt("x_ptr + offsets", "offsets"), "i32[1024]");
    EXPECT_EQ(r->typeAt("=mask)\n    y", "mask"), "i1[1024]");
    EXPECT_EQ(r->typeAt("-beta", "beta"), "constexpr 1.0");
    // a helper's parameter, inlined with the kernel's block
    EXPECT_EQ(r->typeAt("twice(v)", "v"), "fp32[1024]");
    EXPECT_EQ(r->typeAt("return v", "v"), "fp32[1024]");
    // builtins and modules are not values
    EXPECT_EQ(r->typeAt("tl.load", "tl"), "");
}

TEST(NamedValueTypes, FollowsTheSignature)
{
    auto r = record("*fp64, *fp64, i64, constexpr 2.0, constexpr 64");
    EXPECT_EQ(r->typeAt("(x_ptr,", "x_ptr"), "pointer<fp64>");
    EXPECT_EQ(r->typeAt(" n, beta", "n"), "i64");
    EXPECT_EQ(r->typeAt("offsets = ", "offsets"), "i32[64]");
    EXPECT_EQ(r->typeAt("    x = ", "x"), "fp64[64]");
}

TEST(NamedValueTypes, NothingRecordedUnlessAsked)
{
    auto r = record("*fp32:16, *fp32:16, i32, constexpr 1.0, constexpr 1024", false);
    EXPECT_TRUE(r->types.empty());
}

TEST(NamedValueTypes, TensorDescriptorsMadeInTheKernelOrPassedFromTheHost)
{
    // desc is a host TensorDescriptor of fp16 [16, 32] blocks: four kernel parameters (base,
    // two shape dimensions, one leading stride in 16-byte units), one value in the kernel.
    Signature sig;
    sig.args.resize(4);
    sig.args[0].kind = ArgSpec::Kind::Pointer;
    sig.args[0].dtype = DType::F16;
    sig.args[1].kind = ArgSpec::Kind::TensorDesc;
    sig.args[1].dtype = DType::F16;
    sig.args[1].blockShape = {16, 32};
    sig.args[1].value = ConstValue::ofString("zero");
    sig.args[2] = ArgSpec::ofInt(100);
    sig.args[3].kind = ArgSpec::Kind::Constexpr;
    sig.args[3].value = ConstValue::ofInt(64);
    EXPECT_NE(sig.key().find("tensordesc<fp16[16, 32]>"), std::string::npos) << sig.key();
    auto r = record("", true, kDescriptors, "desc_kernel", sig);
    EXPECT_EQ(r->typeAt("d = ", "d"), "tensor_descriptor<fp16[64]>");
    EXPECT_EQ(r->typeAt("(x_ptr, desc", "desc"), "tensor_descriptor<fp16[16, 32]>");
    EXPECT_EQ(r->typeAt("tile = ", "tile"), "fp16[16, 32]");
}
