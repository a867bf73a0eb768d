// tl.dot on Hopper's warpgroup tensor cores (emit_wgmma.cpp): fp16 / bf16 dots lowered for
// sm_90 whose tile suits a warpgroup take wgmma from swizzled shared memory, are built for
// sm_90a, keep their accumulator in the wgmma layout across the K loop, and compile with NVRTC
// into wgmma.mma_async with the expected shape, count and transposes.

#include "emit_test_support.h"

#include "core/codegen/mma_layout.h"

using namespace tsm;
using namespace tsm::codegen;
using namespace tsm::codegen::test;


namespace {

/// An attention-like loop: s = q @ k, a row max (a reduction), p = exp(s - max), then
/// acc = p @ v + `acc` (the accumulator as given, or rescaled first).
std::string attentionLike(const std::string &acc)
{
    return R"py(
@triton.jit
def attn(q_ptr, k_ptr, v_ptr, o_ptr, n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, D: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rd = tl.arange(0, D)
    q = tl.load(q_ptr + rm[:, None] * D + rd[None, :])
    acc = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    for start in range(0, n, BLOCK_N):
        k = tl.load(k_ptr + rd[:, None] + (start + rn[None, :]) * D)
        s = tl.dot(q, k)
        p = tl.exp(s - tl.max(s, 1)[:, None])
        v = tl.load(v_ptr + (start + rn[:, None]) * D + rd[None, :])
        acc = tl.dot(p.to(tl.float16), v, )py" + acc + R"py()
    tl.store(o_ptr + rm[:, None] * D + rd[None, :], acc)
)py";
}

} // namespace

TEST(EmitWgmma, TutorialTileTakesWarpgroupMmaFromSwizzledSharedMemory)
{
    auto r = lowerAndEmit(kTiledMatmul, "mm", tiledMatmulSig("fp16", 128, 256, 64, false, false, 8, true));
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_TRUE(r->cuda->archSpecific);
    ASSERT_EQ(r->cuda->dots.size(), 1u);
    EXPECT_EQ(r->cuda->dots[0].path, "wgmma");
    EXPECT_EQ(r->cuda->dots[0].detail,
              "128x256x64 fp16, m64n256k16, warpgroups 2x1, swizzle 128/128 B, cp.async into 4 buffers (a, b)");
    const std::string &c = r->code();
    EXPECT_NE(c.find("build it for sm_90a"), std::string::npos);
    EXPECT_NE(c.find("__align__(1024) unsigned char tsm_smem"), std::string::npos);
    // Copies land swizzled. Both operands come by cp.async, which (as Triton's FenceInsertion
    // has it) needs no proxy fence: no MEMBAR in the loop.
    EXPECT_NE(c.find("tsm::swz<128>("), std::string::npos);
    EXPECT_EQ(c.find("tsm::fence_proxy_async();"), std::string::npos);
    // a K-major (no transpose), b N-major (transposed): 4 steps along K x 1 instruction.
    EXPECT_EQ(count(c, "tsm::Wgmma<256, false, 0, 1>::run("), 4) << c;
    // The accumulator is only carried: each dot leaves its tensor-core work in flight (one
    // group) over a ring of four buffers, and the loop's exit waits for the last.
    EXPECT_NE(c.find("tsm::wgmma_wait<1>();"), std::string::npos);
    EXPECT_NE(c.find("(dot_slot == 3 ? 0 : dot_slot + 1)"), std::string::npos);
    const std::size_t exitWait = c.find("tsm::wgmma_wait<0>();");
    ASSERT_NE(exitWait, std::string::npos);
    EXPECT_GT(exitWait, c.find("tsm::cp_async_wait<0>();"));
    EXPECT_NE(c.find("tsm::wgmma_fence_regs<128>(", exitWait), std::string::npos);
    EXPECT_GE(r->cuda->sharedBytes, 4 * (128 * 64 + 64 * 256) * 2);

    const std::string ptx = expectCompiles(*r);
    EXPECT_NE(ptx.find(".target sm_90a"), std::string::npos);
    EXPECT_EQ(count(ptx, "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16"), 4);
    EXPECT_EQ(count(ptx, "wgmma.fence.sync.aligned"), 1);
    EXPECT_NE(ptx.find("wgmma.commit_group.sync.aligned"), std::string::npos);
    EXPECT_NE(ptx.find("wgmma.wait_group.sync.aligned 1"), std::string::npos);
    EXPECT_NE(ptx.find("wgmma.wait_group.sync.aligned 0"), std::string::npos);
    EXPECT_EQ(ptx.find("fence.proxy.async.shared::cta"), std::string::npos);
    EXPECT_EQ(count(ptx, "mma.sync"), 0);
    const cuda::CompileResult sm90a = compileFor(*r->cuda, "sm_90a");
    ASSERT_TRUE(sm90a.resources.parsed) << sm90a.log;
    EXPECT_EQ(sm90a.resources.spillStoreBytes, 0) << sm90a.log;
    // ptxas says when it has to serialize wgmma (an accumulator touched while in flight).
    EXPECT_EQ(sm90a.log.find("wgmma.mma_async instructions are serialized"), std::string::npos) << sm90a.log;

    // The carried accumulator stays in the wgmma layout: no conversion inside the K loop.
    int loops = 0;
    for (const ir::Op &op : r->lk->kernel.body.ops)
        if (op.code == ir::OpCode::For) {
            ++loops;
            EXPECT_EQ(passes::test::countOps(op.regions[0], ir::OpCode::ConvertLayout), 0);
            EXPECT_TRUE(r->lk->layoutOf(op.regions[0].args[1]).sameAs(wgmmaAccumulatorLayout({128, 256}, 8)));
        }
    EXPECT_EQ(loops, 1);
}

TEST(EmitWgmma, TransposedOperandsSetTheDescriptorsTransposeBits)
{
    // a contiguous along M (MN-major: imm-trans-a 1), b contiguous along K (K-major: 0).
    auto r = lowerAndEmit(kTiledMatmul, "mm", tiledMatmulSig("fp16", 128, 64, 64, true, true));
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->code();
    EXPECT_NE(c.find("a: swizzled rows along K"), std::string::npos) << c;
    EXPECT_NE(c.find("b: swizzled rows along N"), std::string::npos) << c;
    EXPECT_GT(count(c, "tsm::Wgmma<64, false, 1, 0>::run("), 0) << c;
    const std::string ptx = expectCompiles(*r);
    // 4 steps along K x 2 instruction tiles along M.
    EXPECT_EQ(count(ptx, "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"), 8);
}

TEST(EmitWgmma, Bf16WarpgroupsAlongNAndFp16ResultsCompile)
{
    struct Case
    {
        const char *dt;
        int m, n, k, warps, instrN;
    };
    for (const Case &t : {Case{"bf16", 64, 64, 32, 4, 64}, Case{"fp16", 64, 128, 32, 8, 64},
                          Case{"bf16", 256, 128, 64, 8, 128}, Case{"fp16", 64, 256, 32, 4, 256},
                          Case{"fp16", 128, 32, 32, 4, 32}, Case{"fp16", 64, 16, 16, 4, 16}}) {
        SCOPED_TRACE(std::string(t.dt) + " " + std::to_string(t.m) + "x" + std::to_string(t.n) + "x"
                     + std::to_string(t.k) + " on " + std::to_string(t.warps) + " warps");
        auto r = lowerAndEmit(kTiledMatmul, "mm", tiledMatmulSig(t.dt, t.m, t.n, t.k, false, false, t.warps));
        ASSERT_TRUE(r->cuda) << r->messages();
        ASSERT_EQ(r->cuda->dots.size(), 1u);
        EXPECT_EQ(r->cuda->dots[0].path, "wgmma");
        EXPECT_EQ(r->cuda->dots[0].input, t.dt);
        const std::string ptx = expectCompiles(*r);
        const std::string ptxType = std::string(t.dt) == "fp16" ? "f16" : t.dt;
        EXPECT_NE(ptx.find("wgmma.mma_async.sync.aligned.m64n" + std::to_string(t.instrN) + "k16.f32." + ptxType),
                  std::string::npos);
    }
}

TEST(EmitWgmma, Fp32InputsTakeTf32WarpgroupMmaWithBothOperandsKMajor)
{
    // tl.dot's default input_precision on fp32: wgmma k8 on sm_90, as Triton's MMAv3. The
    // 32-bit form reads both operands K-major: a (K contiguous) is copied by cp.async, the
    // row-major b is staged transposed from registers; neither is rounded (the tensor cores use
    // the top 19 bits of each value).
    auto r = lowerAndEmit(kTiledMatmul, "mm", tiledMatmulSig("fp32", 128, 128, 32, false, false));
    ASSERT_TRUE(r->cuda) << r->messages();
    ASSERT_EQ(r->cuda->dots.size(), 1u);
    EXPECT_EQ(r->cuda->dots[0].path, "wgmma");
    EXPECT_EQ(r->cuda->dots[0].detail,
              "128x128x32 fp32, m64n128k8, warpgroups 1x1, swizzle 128/128 B, cp.async into 4 buffers (a)");
    EXPECT_EQ(r->cuda->dots[0].input, "tf32"); // the profiler's roof for it
    const std::string &c = r->code();
    EXPECT_EQ(c.find("sts_tf32"), std::string::npos) << c;
    EXPECT_NE(c.find("b: swizzled rows along N"), std::string::npos) << c;
    // 4 steps of k8 x 2 instruction tiles along M.
    EXPECT_EQ(count(c, "tsm::WgmmaTf32<128>::run("), 8) << c;
    const std::string ptx = expectCompiles(*r);
    EXPECT_EQ(count(ptx, "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32"), 8);
    EXPECT_EQ(count(ptx, "mma.sync"), 0);
    const cuda::CompileResult sm90a = compileFor(*r->cuda, "sm_90a");
    ASSERT_TRUE(sm90a.resources.parsed) << sm90a.log;
    EXPECT_EQ(sm90a.resources.spillStoreBytes, 0) << sm90a.log;
    // ieee keeps fp32 products: FMA.
    auto ieee = lowerAndEmit(R"py(
@triton.jit
def mm(a_ptr, b_ptr, c_ptr):
    r = tl.arange(0, 64)
    a = tl.load(a_ptr + r[:, None] * 64 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 64 + r[None, :])
    tl.store(c_ptr + r[:, None] * 64 + r[None, :], tl.dot(a, b, input_precision="ieee"))
)py", "mm", "a_ptr=*fp32:16, b_ptr=*fp32:16, c_ptr=*fp32:16, num_warps=4");
    ASSERT_TRUE(ieee->cuda) << ieee->messages();
    ASSERT_EQ(ieee->cuda->dots.size(), 1u);
    EXPECT_EQ(ieee->cuda->dots[0].path, "FMA");
    EXPECT_EQ(ieee->cuda->dots[0].input, "");
}

TEST(EmitWgmma, TilesAWarpgroupCannotTakeStayOnMmaSync)
{
    // 32 rows (under one m64 tile) and 2 warps (not a warpgroup): mma.sync, built for sm_90.
    for (const std::string &s : {tiledMatmulSig("fp16", 32, 64, 32, false, false), tiledMatmulSig("fp16", 64, 64, 32, false, false, 2)}) {
        auto r = lowerAndEmit(kTiledMatmul, "mm", s);
        ASSERT_TRUE(r->cuda) << r->messages();
        ASSERT_EQ(r->cuda->dots.size(), 1u);
        EXPECT_EQ(r->cuda->dots[0].path, "mma.sync");
        EXPECT_FALSE(r->cuda->archSpecific);
    }
}

TEST(EmitWgmma, TwoDotsInALoopEachGetARingOfTheirOwn)
{
    // An attention-like loop: s = q @ k, a row max (a reduction), p = exp(s - max), acc += p @ v.
    // Both k and v are copied by cp.async into rings after the shared scratch, each dot waiting
    // only for its own tiles (k's group is followed by v's and the next iteration's two). q
    // does not change in the loop: it is staged once, before it, into an area of its own. p
    // is in the first dot's accumulator layout: the second dot reads it from registers.

    auto r = lowerAndEmit(attentionLike("acc"), "attn",
                          "q_ptr=*fp16:16, k_ptr=*fp16:16, v_ptr=*fp16:16, o_ptr=*fp32:16, n=i32:16, BLOCK_M=128, "
                          "BLOCK_N=64, D=64, num_warps=8");
    ASSERT_TRUE(r->cuda) << r->messages();
    ASSERT_EQ(r->cuda->dots.size(), 2u);
    EXPECT_EQ(r->cuda->dots[0].path, "wgmma");
    EXPECT_NE(r->cuda->dots[0].detail.find("cp.async into 3 buffers (b), a staged once before the loop"),
              std::string::npos)
        << r->cuda->dots[0].detail;
    // Registers wgmma reads must stay put until it is waited for: the second dot waits in its
    // iteration although it only carries its accumulator.
    EXPECT_NE(r->cuda->dots[1].detail.find("cp.async into 3 buffers (b), a from registers"), std::string::npos)
        << r->cuda->dots[1].detail;
    const std::string &c = r->code();
    EXPECT_NE(c.find("constexpr int tsm_dot_rings = "), std::string::npos) << c;
    // q's area (16 KiB), then k's ring and v's (3 x 8 KiB each).
    EXPECT_NE(c.find("dot_a_once"), std::string::npos) << c;
    EXPECT_NE(c.find("(tsm_smem + tsm_dot_rings + 16384)"), std::string::npos) << c;
    EXPECT_NE(c.find("(tsm_smem + tsm_dot_rings + 40960)"), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::cp_async_wait<3>();"), std::string::npos);
    EXPECT_NE(c.find("tsm::cp_async_wait<2>();"), std::string::npos);
    EXPECT_EQ(c.find("tsm::wgmma_wait<1>();"), std::string::npos);
    EXPECT_NE(c.find("::run_rs("), std::string::npos);
    // q, stored from registers, is fenced for wgmma once, where it is staged before the loop;
    // k and v come by cp.async and need no fence in the loop.
    EXPECT_EQ(count(c, "tsm::fence_proxy_async();"), 1) << c;
    EXPECT_LT(c.find("tsm::fence_proxy_async();"), c.find("for (int start")) << c;
    EXPECT_GE(r->cuda->sharedBytes, 16384 + 2 * 3 * 64 * 64 * 2);
    const std::string ptx = expectCompiles(*r);
    EXPECT_EQ(count(ptx, "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"), 8);
    // The register form names four 32-bit registers where the descriptor of a was.
    EXPECT_EQ(count(ptx, "}, {%r"), 4) << ptx;
}

TEST(EmitWgmma, RingsThatDoNotFitFallBackToTheSharedScratch)
{
    // With D = 256 the two dots' own rings (3 x 96 KiB and 3 x 64 KiB) exceed sm_90's 227 KiB:
    // the kernel still builds, both dots staging through the scratch, waiting for every copy.

    auto r = lowerAndEmit(attentionLike("acc * 0.5"), "attn",
                          "q_ptr=*fp16:16, k_ptr=*fp16:16, v_ptr=*fp16:16, o_ptr=*fp32:16, n=i32:16, BLOCK_M=128, "
                          "BLOCK_N=64, D=256, num_warps=8");
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_EQ(r->code().find("tsm_dot_rings"), std::string::npos);
    EXPECT_LE(r->cuda->sharedBytes, 227 * 1024);
    EXPECT_TRUE(r->diags.diagnostics().empty()) << r->messages();
}
