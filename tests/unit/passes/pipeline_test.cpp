#include "lower_test_support.h"

#include "core/codegen/axis_info.h"
#include "core/ir/printer.h"
#include "core/passes/layout_contract.h"
#include "core/passes/passes.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace tsm;
using namespace tsm::passes;
using namespace tsm::passes::test;

namespace {

const char *const kSwish = R"(import triton
import triton.language as tl


@triton.jit
def swish_kernel(x_ptr, output_ptr, n_elements, beta: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    output = x / (1.0 + tl.exp(-beta * x))
    tl.store(output_ptr + offsets, output, mask=mask)
)";

const char *const kOuter = R"(import triton
import triton.language as tl


@triton.jit
def outer_kernel(a_ptr, b_ptr, c_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    a = tl.load(a_ptr + rm, mask=rm < M, other=0.0)
    b = tl.load(b_ptr + rn, mask=rn < N, other=0.0)
    c = a[:, None] + b[None, :]
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c, mask=(rm[:, None] < M) & (rn[None, :] < N))
)";

const char *const kTranspose = R"(import triton
import triton.language as tl


@triton.jit
def transpose_kernel(x_ptr, y_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask)
    tl.store(y_ptr + rm[:, None] + rn[None, :] * M, x, mask=mask)


@triton.jit
def trans_kernel(x_ptr, y_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    tl.store(y_ptr + rn[:, None] * M + rm[None, :], tl.trans(x))
)";

const char *const kReduce = R"(import triton
import triton.language as tl


@triton.jit
def row_sum(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    s = tl.sum(x, axis=0)
    tl.store(y_ptr, s)
)";

Lowered lower(const char *source, const std::string &fn, const std::string &sig)
{
    Lowered l;
    l.spec = specializeSource(source, fn, sig);
    if (!l.spec->kernel) {
        ADD_FAILURE() << "sema rejected " << fn;
        return l;
    }
    l.lk = lowerForCuda(l.spec->kernel, {}, l.diags);
    return l;
}

std::vector<const ir::Op *> memoryOps(const ir::Region &r)
{
    std::vector<const ir::Op *> out;
    for (const ir::Op &op : r.ops) {
        if (op.code == ir::OpCode::Load || op.code == ir::OpCode::Store)
            out.push_back(&op);
        for (const ir::Region &inner : op.regions)
            for (const ir::Op *o : memoryOps(inner))
                out.push_back(o);
    }
    return out;
}

/// The width the emitter may use for a load / store (its pointer's layout and facts).
int widthOf(const codegen::LoweredKernel &lk, const ir::Op &op)
{
    const ir::ValueId ptr = op.operands[0];
    const std::size_t maskIndex = op.code == ir::OpCode::Load ? 1 : 2;
    const codegen::AxisInfo *mask
        = op.operands.size() > maskIndex ? &lk.axis[op.operands[maskIndex]] : nullptr;
    return codegen::accessVectorWidth(
        lk.axis[ptr], mask, lk.kernel.type(ptr).dtype, lk.layoutOf(ptr));
}

} // namespace

TEST(CudaPipeline, SwishLoadsAndStoresAre16BytesWithNoConversion)
{
    Lowered l = lower(
        kSwish,
        "swish_kernel",
        "x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.702, BLOCK_SIZE=1024");
    ASSERT_TRUE(l.lk);
    EXPECT_EQ(checkLayoutContract(*l.lk), "");
    EXPECT_EQ(countOps(l.lk->kernel.body, ir::OpCode::ConvertLayout), 0);
    const auto mem = memoryOps(l.lk->kernel.body);
    ASSERT_EQ(mem.size(), 2u);
    for (const ir::Op *op : mem) {
        const codegen::Layout &layout = l.lk->layoutOf(op->operands[0]);
        ASSERT_TRUE(layout.blocked);
        EXPECT_EQ(layout.blocked->sizePerThread, std::vector<int>{4});
        EXPECT_EQ(layout.numRegs(), 8); // 1024 over 128 threads: two 4-wide repetitions
        EXPECT_EQ(widthOf(*l.lk, *op), 4);
    }
}

TEST(CudaPipeline, SwishWithoutTheDivisibilityOfNMasksPerElement)
{
    Lowered l
        = lower(kSwish,
                "swish_kernel",
                "x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32, beta=1.702, BLOCK_SIZE=1024");
    ASSERT_TRUE(l.lk);
    for (const ir::Op *op : memoryOps(l.lk->kernel.body)) {
        // Triton keeps the 4-wide layout and falls back to one element per access.
        EXPECT_EQ(l.lk->layoutOf(op->operands[0]).blocked->sizePerThread, std::vector<int>{4});
        EXPECT_EQ(widthOf(*l.lk, *op), 1);
    }
}

TEST(CudaPipeline, UnalignedPointerGivesScalarAccesses)
{
    Lowered l
        = lower(kSwish,
                "swish_kernel",
                "x_ptr=*fp32, output_ptr=*fp32:16, n_elements=i32:16, beta=1.702, BLOCK_SIZE=1024");
    ASSERT_TRUE(l.lk);
    const auto mem = memoryOps(l.lk->kernel.body);
    ASSERT_EQ(mem.size(), 2u);
    EXPECT_EQ(widthOf(*l.lk, *mem[0]), 1); // load through x_ptr: nothing known about alignment
    EXPECT_EQ(widthOf(*l.lk, *mem[1]), 4);
}

TEST(CudaPipeline, OuterProductBroadcastNeedsNoConversion)
{
    Lowered l = lower(kOuter,
                      "outer_kernel",
                      "a_ptr=*fp32:16, b_ptr=*fp32:16, c_ptr=*fp32:16, M=i32:16, N=i32:16, "
                      "BLOCK_M=64, BLOCK_N=64");
    ASSERT_TRUE(l.lk);
    EXPECT_EQ(checkLayoutContract(*l.lk), "");
    EXPECT_EQ(countOps(l.lk->kernel.body, ir::OpCode::ConvertLayout), 0) << printLowered(*l.lk);
    // The 2-D store is row-major, 4 fp32 per thread.
    const auto mem = memoryOps(l.lk->kernel.body);
    const ir::Op *store = mem.back();
    ASSERT_EQ(store->code, ir::OpCode::Store);
    EXPECT_EQ(l.lk->layoutOf(store->operands[0]).blocked->order, (std::vector<int>{1, 0}));
    EXPECT_EQ(widthOf(*l.lk, *store), 4);
}

TEST(CudaPipeline, TransposedCopyConvertsOnlyTheLoadedData)
{
    for (const char *fn : {"transpose_kernel", "trans_kernel"}) {
        Lowered l
            = lower(kTranspose,
                    fn,
                    "x_ptr=*fp32:16, y_ptr=*fp32:16, M=i32:16, N=i32:16, BLOCK_M=64, BLOCK_N=64");
        ASSERT_TRUE(l.lk) << fn;
        EXPECT_EQ(checkLayoutContract(*l.lk), "") << fn;
        EXPECT_EQ(countOps(l.lk->kernel.body, ir::OpCode::ConvertLayout), 1) << fn << "\n"
                                                                             << printLowered(*l.lk);
        for (const ir::Op *op : memoryOps(l.lk->kernel.body))
            EXPECT_EQ(widthOf(*l.lk, *op), 4) << fn << " " << ir::opName(op->code);
    }
}

TEST(CudaPipeline, TransposedStoreIsContiguousAlongTheFirstDimension)
{
    Lowered l = lower(kTranspose,
                      "transpose_kernel",
                      "x_ptr=*fp32:16, y_ptr=*fp32:16, M=i32:16, N=i32:16, BLOCK_M=64, BLOCK_N=64");
    ASSERT_TRUE(l.lk);
    const auto mem = memoryOps(l.lk->kernel.body);
    ASSERT_EQ(mem.size(), 2u);
    EXPECT_EQ(l.lk->layoutOf(mem[0]->operands[0]).blocked->order, (std::vector<int>{1, 0}));
    EXPECT_EQ(l.lk->layoutOf(mem[1]->operands[0]).blocked->order, (std::vector<int>{0, 1}));
}

TEST(CudaPipeline, ReduceLowersToASliceLayout)
{
    auto spec = specializeSource(kReduce, "row_sum", "x_ptr=*fp32:16, y_ptr=*fp32:16, BLOCK=128");
    ASSERT_TRUE(spec->kernel);
    DiagnosticSink diags;
    auto lk = lowerForCuda(spec->kernel, {}, diags);
    ASSERT_TRUE(lk) << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
    EXPECT_EQ(checkLayoutContract(*lk), "") << printLowered(*lk);
}

TEST(CudaPipeline, ADotNoGpuCanHoldIsRefusedAtItsLine)
{
    const char *src = R"(import triton
import triton.language as tl


@triton.jit
def mm(a_ptr, b_ptr, c_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)[:, None] * B + tl.arange(0, B)[None, :]
    a = tl.load(a_ptr + offs)
    c = tl.dot(a, tl.load(b_ptr + offs))
    tl.store(c_ptr + offs, c)
)";
    auto spec = specializeSource(src, "mm", "a_ptr=*fp32:16, b_ptr=*fp32:16, c_ptr=*fp32:16, B=512");
    ASSERT_TRUE(spec->kernel);
    DiagnosticSink diags;
    std::vector<PassTiming> timings;
    EXPECT_FALSE(lowerForCuda(spec->kernel, {}, diags, &timings));
    ASSERT_EQ(diags.diagnostics().size(), 1u);
    const Diagnostic &d = diags.diagnostics()[0];
    EXPECT_EQ(d.kind, DiagKind::SharedMemoryExceeded);
    EXPECT_EQ(spec->file->lineCol(d.span.begin).line, 9u);
    EXPECT_NE(d.message.find("512"), std::string::npos) << d.message;
    ASSERT_EQ(timings.size(), 2u); // verify, check-supported
}

TEST(CudaPipeline, ABrokenLayoutContractIsReportedNotEmitted)
{
    // verify-layouts guards the emitter: a lowering that broke its own contract (a Tilesmith
    // bug) is refused with UnsupportedOnBackend, pointing at the interpreter.
    auto spec = specializeSource(
        kSwish,
        "swish_kernel",
        "x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.0, BLOCK_SIZE=256");
    ASSERT_TRUE(spec->kernel);
    DiagnosticSink diags;
    auto lk = lowerForCuda(spec->kernel, {}, diags);
    ASSERT_TRUE(lk);
    // Give one loaded block a layout for a different shape.
    bool broke = false;
    for (std::size_t v = 0; v < lk->layouts.size() && !broke; ++v)
        if (lk->layouts[v] && lk->kernel.type(ir::ValueId(v)).isBlock()) {
            lk->layouts[v]
                = codegen::blockedLayout({512}, codegen::defaultBlockedParams({512}, 4, 4));
            broke = true;
        }
    ASSERT_TRUE(broke);
    EXPECT_FALSE(verifyLowered(*lk, diags));
    ASSERT_EQ(diags.diagnostics().size(), 1u);
    EXPECT_EQ(diags.diagnostics()[0].kind, DiagKind::UnsupportedOnBackend);
    EXPECT_NE(diags.diagnostics()[0].message.find("a Tilesmith bug"), std::string::npos);
}

TEST(CudaPipeline, DumpsAfterEveryPassAndTimesThem)
{
    auto spec = specializeSource(
        kSwish,
        "swish_kernel",
        "x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.0, BLOCK_SIZE=256");
    ASSERT_TRUE(spec->kernel);
    DiagnosticSink diags;
    std::vector<std::string> dumped;
    std::string last;
    PipelineOptions options;
    options.dumpAfter = [&](std::string_view pass, const codegen::LoweredKernel &lk) {
        dumped.emplace_back(pass);
        last = printLowered(lk, spec->file);
    };
    std::vector<PassTiming> timings;
    ASSERT_TRUE(lowerForCuda(spec->kernel, options, diags, &timings));
    EXPECT_EQ(dumped, cudaPassNames());
    ASSERT_EQ(timings.size(), cudaPassNames().size());
    for (const PassTiming &t : timings)
        EXPECT_GE(t.ms, 0.0);
    // 256 fp32 over 128 threads: 2 per thread.
    EXPECT_NE(last.find("#blocked = #blocked<spt=[2], tpw=[32], wpc=[4], order=[0]>"),
              std::string::npos)
        << last;
    EXPECT_NE(last.find("%x = load %"), std::string::npos);
    EXPECT_NE(last.find(": <256xfp32> #blocked  # L"), std::string::npos) << last;
}

TEST(CudaPipeline, PrintedLayoutsNameSlicesOfTheirParent)
{
    Lowered l = lower(kOuter,
                      "outer_kernel",
                      "a_ptr=*fp32:16, b_ptr=*fp32:16, c_ptr=*fp32:16, M=i32:16, N=i32:16, "
                      "BLOCK_M=64, BLOCK_N=64");
    ASSERT_TRUE(l.lk);
    const std::string text = printLowered(*l.lk);
    EXPECT_NE(text.find("#slice<dim=1, parent=#blocked>"), std::string::npos) << text;
    EXPECT_NE(text.find("#slice<dim=0, parent=#blocked>"), std::string::npos) << text;
}

TEST(CudaPipeline, PlainPrinterOutputIsUnchanged)
{
    auto spec = specializeSource(
        kSwish,
        "swish_kernel",
        "x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32, beta=1.0, BLOCK_SIZE=256");
    ASSERT_TRUE(spec->kernel);
    ir::PrintOptions options;
    options.file = spec->file;
    EXPECT_EQ(ir::printKernel(*spec->kernel, options), ir::printKernel(*spec->kernel, spec->file));
}

// Every kernel of tests/golden/sema that passes sema lowers and keeps the contract.
TEST(CudaPipeline, GoldenSemaKernelsKeepTheContract)
{
    namespace fs = std::filesystem;
    int lowered = 0, rejected = 0;
    for (const auto &entry :
         fs::directory_iterator(fs::path(TSM_SOURCE_DIR) / "tests/golden/sema")) {
        const fs::path path = entry.path();
        if (path.extension() != ".py" || path.filename().string().starts_with("fail_"))
            continue;
        std::ifstream in(path);
        std::stringstream ss;
        ss << in.rdbuf();
        std::string text = ss.str();
        if (auto dump = text.find("# ---- DUMP ----"); dump != std::string::npos)
            text.resize(dump);
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);) {
            const auto at = line.find("# SIGNATURE:");
            if (at == std::string::npos)
                continue;
            const std::string sig = line.substr(at + 12);
            const auto open = sig.find('('), close = sig.rfind(')');
            std::string name = sig.substr(0, open);
            name.erase(0, name.find_first_not_of(' '));
            auto spec = specializeSource(
                text, name, sig.substr(open + 1, close - open - 1), path.string());
            if (!spec->kernel)
                continue;
            DiagnosticSink diags;
            auto lk = lowerForCuda(spec->kernel, {}, diags);
            if (!lk) {
                ++rejected;
                for (const Diagnostic &d : diags.diagnostics())
                    ADD_FAILURE() << path << " " << name << ": " << d.message;
                continue;
            }
            ++lowered;
            EXPECT_EQ(checkLayoutContract(*lk), "") << path << " " << name << "\n"
                                                    << printLowered(*lk);
            for (const ir::Op *op : memoryOps(lk->kernel.body))
                if (lk->kernel.type(op->operands[0]).isBlock())
                    EXPECT_GE(widthOf(*lk, *op), 1);
        }
    }
    EXPECT_GE(lowered, 10);
    EXPECT_EQ(rejected, 0);
}

TEST(CudaPipeline, RemoveConversionsRematerializesIndexComputations)
{
    auto spec = specializeSource(
        kTranspose,
        "transpose_kernel",
        "x_ptr=*fp32:16, y_ptr=*fp32:16, M=i32:16, N=i32:16, BLOCK_M=64, BLOCK_N=64");
    ASSERT_TRUE(spec->kernel);
    std::map<std::string, int> converts;
    PipelineOptions options;
    options.dumpAfter = [&](std::string_view pass, const codegen::LoweredKernel &lk) {
        converts[std::string(pass)] = countOps(lk.kernel.body, ir::OpCode::ConvertLayout);
        if (pass == "assign-layouts")
            EXPECT_EQ(checkLayoutContract(lk), "");
    };
    DiagnosticSink diags;
    ASSERT_TRUE(lowerForCuda(spec->kernel, options, diags));
    // rm, rn and the mask are wanted in the load's and the store's layouts: converted by
    // assign-layouts, computed twice instead by remove-conversions.
    EXPECT_GE(converts["assign-layouts"], 3);
    EXPECT_EQ(converts["remove-conversions"], 1);
}

TEST(CudaPipeline, CarriedBlocksShareOneLayoutPerSlot)
{
    const char *src = R"(import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, B: tl.constexpr):
    r = tl.arange(0, B)
    acc = tl.load(x_ptr + r[:, None] * B + r[None, :])
    i = 0
    while i < n:
        acc = acc * 0.5
        i += 1
    for j in range(0, n):
        acc += tl.load(x_ptr + r[:, None] + r[None, :] * B)
    if n > 3:
        acc = acc + 1.0
    tl.store(y_ptr + r[:, None] + r[None, :] * B, acc)
)";
    Lowered l = lower(src, "k", "x_ptr=*fp32:16, y_ptr=*fp32:16, n=i32, B=32");
    ASSERT_TRUE(l.lk);
    EXPECT_EQ(checkLayoutContract(*l.lk), "") << printLowered(*l.lk);
    // the first load is row-major, everything after is column-major: one conversion
    EXPECT_EQ(countOps(l.lk->kernel.body, ir::OpCode::ConvertLayout), 1) << printLowered(*l.lk);
}

TEST(CudaPipeline, ThreeDimensionalBlocksWithEightWarps)
{
    const char *src = R"(import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    offs = a * (B * C) + b * C + c
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x * 2.0 + tl.sum(x, axis=2)[:, :, None] * 0.0)
)";
    // With the reduction along the innermost axis, and without it.
    Lowered reduced
        = lower(src, "k", "x_ptr=*fp32:16, y_ptr=*fp32:16, A=4, B=8, C=64, num_warps=8");
    ASSERT_TRUE(reduced.lk);
    EXPECT_EQ(checkLayoutContract(*reduced.lk), "") << printLowered(*reduced.lk);
    std::string plain = src;
    plain.replace(
        plain.find(" + tl.sum"), std::string(" + tl.sum(x, axis=2)[:, :, None] * 0.0").size(), "");
    Lowered l
        = lower(plain.c_str(), "k", "x_ptr=*fp32:16, y_ptr=*fp32:16, A=4, B=8, C=64, num_warps=8");
    ASSERT_TRUE(l.lk);
    EXPECT_EQ(l.lk->numWarps(), 8);
    EXPECT_EQ(checkLayoutContract(*l.lk), "") << printLowered(*l.lk);
    EXPECT_EQ(countOps(l.lk->kernel.body, ir::OpCode::ConvertLayout), 0);
    for (const ir::Op *op : memoryOps(l.lk->kernel.body)) {
        const codegen::Layout &layout = l.lk->layoutOf(op->operands[0]);
        ASSERT_TRUE(layout.blocked);
        EXPECT_EQ(layout.blocked->order, (std::vector<int>{2, 1, 0}));
        EXPECT_EQ(layout.numWarps(), 8);
        EXPECT_EQ(widthOf(*l.lk, *op), 4);
    }
}
