// tl.dot on the CUDA backend: the whole pipeline (layout passes, emitter, NVRTC for sm_80 and
// sm_90) on dot kernels of every input dtype the interpreter accepts, the shared memory they
// stage their operands in (static up to 48 KiB, dynamic beyond), and the error when a dot
// needs more shared memory than the target allows.

#include "../passes/lower_test_support.h"

#include "core/codegen/cuda_emitter.h"
#include "core/codegen/shared_memory.h"
#include "core/cuda/nvrtc_compiler.h"
#include "core/passes/layout_contract.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::codegen;
using namespace tsm::passes::test;

namespace {

struct Built
{
    std::unique_ptr<Specialized> spec;
    std::optional<LoweredKernel> lowered;
    std::optional<CudaSource> source;

    std::string messages() const
    {
        std::string s;
        for (const Diagnostic &d : spec->diags.diagnostics())
            s += std::string(diagKindName(d.kind)) + ": " + d.message + "\n";
        return s;
    }
    const Diagnostic *first(DiagKind kind) const
    {
        for (const Diagnostic &d : spec->diags.diagnostics())
            if (d.kind == kind)
                return &d;
        return nullptr;
    }
};

/// Lowered for `cc` (the FMA path everywhere below sm_80; fp16 / bf16 dots take mma.sync at 80+).
Built build(const std::string &src, const std::string &fn, const std::string &sig,
            EmitOptions options = {}, int cc = 90)
{
    Built b;
    b.spec = specializeSource("import triton\nimport triton.language as tl\n\n\n" + src, fn, sig);
    if (!b.spec->kernel)
        return b;
    passes::PipelineOptions po;
    po.computeCapability = cc;
    b.lowered = passes::lowerForCuda(b.spec->kernel, po, b.spec->diags);
    if (b.lowered)
        b.source = emitCuda(*b.lowered, b.spec->file, options, b.spec->diags);
    return b;
}

void expectCompiles(const CudaSource &s)
{
    for (const char *arch : {"sm_80", "sm_90"}) {
        cuda::CompileOptions o;
        o.arch = arch;
        o.cacheDir = "-";
        const cuda::CompileResult r = cuda::compileCuda(s.code, s.kernelName + ".cu", o);
        EXPECT_TRUE(r.ok) << arch << ":\n" << r.log << "\n---- source ----\n" << s.code;
        if (r.ok && r.resources.parsed) {
            EXPECT_EQ(r.resources.spillStoreBytes, 0) << arch << ": the FMA loop spills\n" << r.log;
        }
    }
}

const ir::Op *findDot(const ir::Region &r)
{
    for (const ir::Op &op : r.ops) {
        if (op.code == ir::OpCode::Dot)
            return &op;
        for (const ir::Region &inner : op.regions)
            if (const ir::Op *d = findDot(inner))
                return d;
    }
    return nullptr;
}

/// A single-tile dot of A [M, K] and B [K, N] stored to C, with the dtypes and options given.
std::string tileDot(const std::string &dotArgs, const std::string &epilogue = "")
{
    return R"py(@triton.jit
def k(a_ptr, b_ptr, c_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a = tl.load(a_ptr + rm[:, None] * BLOCK_K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BLOCK_N + rn[None, :])
    c = tl.dot(a, b)py"
           + dotArgs + ")\n" + epilogue
           + "    tl.store(c_ptr + rm[:, None] * BLOCK_N + rn[None, :], c)\n";
}

std::string sig(const std::string &in, const std::string &out, int m, int n, int k)
{
    return "a_ptr=*" + in + ":16, b_ptr=*" + in + ":16, c_ptr=*" + out + ":16, BLOCK_M="
           + std::to_string(m) + ", BLOCK_N=" + std::to_string(n) + ", BLOCK_K=" + std::to_string(k);
}

const char *const kLoopMatmul = R"py(@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
           BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        kk = k * BLOCK_K + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))
)py";

} // namespace

TEST(EmitDot, Fp32LoopLowersWithTheAccumulatorCarriedInTheResultLayout)
{
    // sm_75: the FMA path (on sm_80+ this tf32 dot takes tensor cores).
    Built b = build(kLoopMatmul, "matmul",
                    "a_ptr=*fp32:16, b_ptr=*fp32:16, c_ptr=*fp32:16, M=i32:16, N=i32:16, "
                    "K=i32:16, BLOCK_M=64, BLOCK_N=64, BLOCK_K=32",
                    {}, 75);
    ASSERT_TRUE(b.source) << b.messages();
    EXPECT_EQ(passes::checkLayoutContract(*b.lowered), "");
    const ir::Op *dot = findDot(b.lowered->kernel.body);
    ASSERT_NE(dot, nullptr);
    const Layout &res = b.lowered->layoutOf(dot->result());
    EXPECT_TRUE(fmaDotLayoutOk(res)) << res.toString();
    EXPECT_TRUE(b.lowered->layoutOf(dot->operands[2]).sameAs(res));
    // The dot computes in the layout the store wants: no conversion of its result.
    EXPECT_EQ(countOps(b.lowered->kernel.body, ir::OpCode::ConvertLayout), 0)
        << passes::printLowered(*b.lowered);

    const std::string &c = b.source->code;
    // tf32 by default for fp32: inputs rounded as the interpreter does, then fmaf along K.
    EXPECT_NE(c.find("0xffffe000u"), std::string::npos) << c;
    EXPECT_NE(c.find("fmaf("), std::string::npos) << c;
    EXPECT_NE(c.find("__syncthreads(); // earlier readers"), std::string::npos);
    // a [64][33] and b [32][65] fp32: 8448 + 8320 bytes, static.
    EXPECT_EQ(b.source->sharedBytes, 8448 + 8320);
    EXPECT_EQ(b.source->dynamicSharedBytes, 0);
    EXPECT_NE(c.find("__shared__ __align__(16) unsigned char tsm_smem[16768];"), std::string::npos);
    expectCompiles(*b.source);
}

TEST(EmitDot, AStoreLayoutThatStarvesTheFmaLoopIsNotForcedOnTheDot)
{
    // Ragged M / N: the store moves one element per access, in a layout where a thread owns a
    // 16x1 strip of the 32x64 result (17 reads per 16 FMAs); the dot computes in its own 4x4
    // tiles (8 reads) and converts for the store. (sm_75: on sm_80+ fp16 takes tensor cores.)
    Built b = build(kLoopMatmul, "matmul",
                    "a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp16:16, M=i32, N=i32, K=i32, "
                    "BLOCK_M=32, BLOCK_N=64, BLOCK_K=16",
                    {}, 75);
    ASSERT_TRUE(b.source) << b.messages();
    EXPECT_EQ(passes::checkLayoutContract(*b.lowered), "");
    const ir::Op *dot = findDot(b.lowered->kernel.body);
    ASSERT_NE(dot, nullptr);
    EXPECT_EQ(fmaDotReadsPerStep(b.lowered->layoutOf(dot->result())), 8)
        << b.lowered->layoutOf(dot->result()).toString();
    EXPECT_GE(countOps(b.lowered->kernel.body, ir::OpCode::ConvertLayout), 1);
    expectCompiles(*b.source);
}

TEST(EmitDot, IeeeAndTf32x3UseTheFp32InputsUnrounded)
{
    for (const char *p : {"ieee", "tf32x3"}) {
        Built b = build(tileDot(std::string(", input_precision=\"") + p + "\""), "k",
                        sig("fp32", "fp32", 32, 32, 16));
        ASSERT_TRUE(b.source) << b.messages();
        EXPECT_EQ(b.source->code.find("0xffffe000u"), std::string::npos) << p;
        EXPECT_NE(b.source->code.find(std::string("(") + p + ")"), std::string::npos)
            << b.source->code;
    }
}

TEST(EmitDot, EveryInputDtypeCompiles)
{
    struct Case
    {
        const char *in, *out, *args;
        const char *expect; // in the generated code
        int cc = 90;
    };
    const Case cases[] = {
        {"fp16", "fp32", "", "__half2float(", 75},
        {"bf16", "fp32", "", "__bfloat162float(", 75},
        {"fp16", "fp16", ", out_dtype=tl.float16", "__float2half_rn(", 75},
        {"fp16", "fp32", "", "tsm::mma_m16n8k16<false>("},
        {"bf16", "fp32", "", "tsm::mma_m16n8k16<true>("},
        {"fp16", "fp16", ", out_dtype=tl.float16", "__float2half_rn(dot_acc"},
        {"fp64", "fp64", "", "fma("},
        {"i8", "i32", "", "(unsigned)"},
        {"u8", "i32", "", "(unsigned)"},
    };
    for (const Case &k : cases) {
        SCOPED_TRACE(std::string(k.in) + " -> " + k.out + " on sm_" + std::to_string(k.cc));
        Built b = build(tileDot(k.args), "k", sig(k.in, k.out, 32, 32, 32), {}, k.cc);
        ASSERT_TRUE(b.source) << b.messages();
        EXPECT_NE(b.source->code.find(k.expect), std::string::npos) << b.source->code;
        ASSERT_EQ(b.source->dots.size(), 1u);
        const bool tensorCores = k.cc >= 80 && (std::string(k.in) == "fp16" || std::string(k.in) == "bf16");
        EXPECT_EQ(b.source->dots[0].path, tensorCores ? "mma.sync" : "FMA");
        expectCompiles(*b.source);
    }
}

TEST(EmitDot, IntegerDotsAccumulateInWrappingUnsignedArithmetic)
{
    Built b = build(tileDot(""), "k", sig("i8", "i32", 16, 16, 32));
    ASSERT_TRUE(b.source) << b.messages();
    const std::string &c = b.source->code;
    EXPECT_NE(c.find("unsigned dot_acc["), std::string::npos) << c;
    EXPECT_NE(c.find("] += dot_ra["), std::string::npos) << c;
    EXPECT_NE(c.find("= (int)dot_acc[r];"), std::string::npos) << c;
    EXPECT_EQ(c.find("fmaf"), std::string::npos);
}

TEST(EmitDot, EpilogueAndMoreWarpsCompile)
{
    Built b = build(tileDot(", input_precision=\"ieee\"", "    c = tl.maximum(c + 1.0, 0.0)\n"),
                    "k", sig("fp32", "fp32", 64, 128, 32) + ", num_warps=8");
    ASSERT_TRUE(b.source) << b.messages();
    EXPECT_EQ(b.source->threadsPerBlock, 256);
    expectCompiles(*b.source);
}

TEST(EmitDot, AboveFortyEightKibTheBufferIsDynamic)
{
    // 128x128x64 fp32: a [128][65] + b [64][129] = 33280 + 33024 bytes.
    // (sm_75: the FMA path's staging; on sm_80+ a tf32 dot takes tensor cores.)
    Built b = build(tileDot(""), "k", sig("fp32", "fp32", 128, 128, 64), {}, 75);
    ASSERT_TRUE(b.source) << b.messages();
    EXPECT_EQ(b.source->sharedBytes, 33280 + 33024);
    EXPECT_EQ(b.source->dynamicSharedBytes, 33280 + 33024);
    EXPECT_NE(b.source->code.find("extern __shared__ __align__(16) unsigned char tsm_smem[];"),
              std::string::npos);
    expectCompiles(*b.source);

    EmitOptions standalone;
    standalone.standalone = true;
    Built s = build(tileDot(""), "k", sig("fp32", "fp32", 128, 128, 64), standalone, 75);
    ASSERT_TRUE(s.source) << s.messages();
    EXPECT_NE(s.source->code.find("cudaFuncAttributeMaxDynamicSharedMemorySize, 66304"),
              std::string::npos);
    EXPECT_NE(s.source->code.find("<<<grid, 128, 66304, stream>>>"), std::string::npos);
}

TEST(EmitDot, MoreSharedMemoryThanTheTargetAllowsIsAnErrorAtTheDot)
{
    EmitOptions small;
    small.sharedLimitBytes = 48 * 1024;
    small.sharedLimitTarget = "the test GPU";
    Built b = build(tileDot(""), "k", sig("fp32", "fp32", 128, 128, 64), small, 75);
    EXPECT_FALSE(b.source);
    const Diagnostic *d = b.first(DiagKind::SharedMemoryExceeded);
    ASSERT_NE(d, nullptr) << b.messages();
    EXPECT_NE(d->message.find("tl.dot with BLOCK 128x128x64 fp32 needs 65 KiB of shared memory"),
              std::string::npos)
        << d->message;
    EXPECT_NE(d->message.find("the test GPU allows 48 KiB per block"), std::string::npos)
        << d->message;
    EXPECT_EQ(b.spec->file->lineCol(d->span.begin).line, 12u); // c = tl.dot(a, b)
}

TEST(EmitDot, ADotNoGpuCanHoldIsRefusedBeforeLayouts)
{
    Built b = build(tileDot(""), "k", sig("fp32", "fp32", 256, 256, 128));
    EXPECT_FALSE(b.lowered);
    const Diagnostic *d = b.first(DiagKind::SharedMemoryExceeded);
    ASSERT_NE(d, nullptr) << b.messages();
    EXPECT_NE(d->message.find("tl.dot with BLOCK 256x256x128 fp32 needs 258 KiB"), std::string::npos)
        << d->message;
    EXPECT_NE(d->message.find("no GPU allows more than 227 KiB"), std::string::npos) << d->message;
    EXPECT_EQ(b.first(DiagKind::UnsupportedOnBackend), nullptr);
}
