#include "core/passes/ir_edit.h"

#include "core/ir/verifier.h"
#include "lower_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::passes;
using namespace tsm::passes::test;

namespace {

const char *const kCopy = R"(import triton
import triton.language as tl


@triton.jit
def copy(x_ptr, y_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    unused = offs * 2
    tl.store(y_ptr + offs, tl.load(x_ptr + offs))
)";

ir::ValueId named(const ir::Kernel &k, const std::string &name)
{
    for (ir::ValueId v = 0; v < k.values.size(); ++v)
        if (k.values[v].name == name)
            return v;
    return ir::kNoValue;
}

} // namespace

TEST(IrEdit, InsertsAfterTheDefinitionAndReplacesUses)
{
    auto spec = specializeSource(kCopy, "copy", "x_ptr=*fp32:16, y_ptr=*fp32:16, B=64");
    ASSERT_TRUE(spec->kernel);
    codegen::LoweredKernel lk;
    lk.kernel = *spec->kernel;
    lk.layouts.resize(lk.kernel.values.size());
    const ir::ValueId offs = named(lk.kernel, "offs");
    ASSERT_NE(offs, ir::kNoValue);
    const std::vector<DefSite> sites = defSites(lk.kernel);
    ASSERT_TRUE(sites[offs].op);
    EXPECT_EQ(sites[offs].op->code, ir::OpCode::MakeRange);

    // A second make_range right after the first, standing in for every use of `offs`.
    const ir::ValueId copy = addValueLike(lk, offs, std::nullopt);
    ir::Op op = *sites[offs].op;
    op.results = {copy};
    RegionEdit edit;
    edit.insertAfter(sites[offs], std::move(op));
    edit.replace(offs, copy);
    edit.apply(lk.kernel);
    std::string problem;
    EXPECT_TRUE(ir::verifyKernel(lk.kernel, &problem)) << problem;
    const auto &ops = lk.kernel.body.ops;
    ASSERT_GE(ops.size(), 2u);
    EXPECT_EQ(ops[0].results[0], offs);
    EXPECT_EQ(ops[1].results[0], copy);
    for (const ir::Op &o : ops)
        for (ir::ValueId v : o.operands)
            EXPECT_NE(v, offs);
}

TEST(IrEdit, RemovesUnusedPureOpsOnly)
{
    auto spec = specializeSource(kCopy, "copy", "x_ptr=*fp32:16, y_ptr=*fp32:16, B=64");
    ASSERT_TRUE(spec->kernel);
    ir::Kernel k = *spec->kernel;
    const std::size_t before = k.body.ops.size();
    const int stores = countOps(k.body, ir::OpCode::Store);
    removeDeadOps(k);
    // `unused = offs * 2`: the mul and its constant go; the store and what feeds it stay.
    EXPECT_LT(k.body.ops.size(), before);
    EXPECT_EQ(countOps(k.body, ir::OpCode::Store), stores);
    EXPECT_EQ(countOps(k.body, ir::OpCode::Load), 1);
    for (const ir::Op &op : k.body.ops)
        for (ir::ValueId v : op.results)
            EXPECT_NE(k.values[v].name, "unused");
    std::string problem;
    EXPECT_TRUE(ir::verifyKernel(k, &problem)) << problem;
}
