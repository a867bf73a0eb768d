// tl.dot on tensor cores (emit_mma.cpp): fp16 / bf16 dots lowered for sm_80 keep their
// accumulator in the MMA layout across the K loop, stage transposed operands the other way
// round (ldmatrix.trans), and compile with NVRTC for sm_80 and sm_90 into mma.sync.

#include "emit_test_support.h"

#include "core/codegen/mma_layout.h"

using namespace tsm;
using namespace tsm::codegen;
using namespace tsm::codegen::test;

namespace {

const ir::Op *findOp(const ir::Region &r, ir::OpCode code)
{
    for (const ir::Op &op : r.ops) {
        if (op.code == code)
            return &op;
        for (const ir::Region &inner : op.regions)
            if (const ir::Op *d = findOp(inner, code))
                return d;
    }
    return nullptr;
}

} // namespace

TEST(EmitMma, TheAccumulatorStaysInTheMmaLayoutAcrossTheLoop)
{
    auto r = lowerAndEmit(kTiledMatmul, "mm", tiledMatmulSig("fp16", 128, 128, 32, false, false), 80);
    ASSERT_TRUE(r->cuda) << r->messages();
    const ir::Op *loop = findOp(r->lk->kernel.body, ir::OpCode::For);
    ASSERT_NE(loop, nullptr);
    // No conversion inside the K loop: the carried accumulator is in the dot's own layout.
    EXPECT_EQ(passes::test::countOps(loop->regions[0], ir::OpCode::ConvertLayout), 0);
    const ir::Op *dot = findOp(loop->regions[0], ir::OpCode::Dot);
    ASSERT_NE(dot, nullptr);
    EXPECT_TRUE(isMmaAccumulatorLayout(r->lk->layoutOf(dot->result()), 4));
    EXPECT_TRUE(isMmaAccumulatorLayout(r->lk->layoutOf(loop->regions[0].args[1]), 4));

    const std::string &c = r->code();
    EXPECT_NE(c.find("mma.sync m16n8k16"), std::string::npos); // the comment naming the path
    // The resource report's record of the path.
    ASSERT_EQ(r->cuda->dots.size(), 1u);
    EXPECT_EQ(r->cuda->dots[0].path, "mma.sync");
    EXPECT_EQ(r->cuda->dots[0].line, 15u); // acc = tl.dot(a, b, acc)
    // a's loads are 16-byte vectors (K % 16 == 0): copied by cp.async; b's mask varies along N
    // (N unaligned), so b goes through registers.
    EXPECT_EQ(r->cuda->dots[0].detail, "128x128x32 fp16, m16n8k16, warps 2x2, cp.async into 3 buffers (a)");
    EXPECT_NE(c.find("tsm::ldmatrix_x4<false>(dot_fa[i]"), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::ldmatrix_x4<true>(dot_fb[0]"), std::string::npos) << c;
    // b's 8-element rows go to shared memory as one 16-byte store each.
    EXPECT_EQ(count(c, "tsm::sts<8>("), 1) << c;

    const std::string ptx = expectCompiles(*r);
    // 2 steps along K x 4 x 8 instructions per warp.
    EXPECT_EQ(count(ptx, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"), 64);
    EXPECT_EQ(count(ptx, "ldmatrix.sync.aligned.m8n8.x4.shared.b16"), 8);
    EXPECT_EQ(count(ptx, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"), 8);
    const cuda::CompileResult sm90 = compileFor(*r->cuda, "sm_90");
    ASSERT_TRUE(sm90.resources.parsed) << sm90.log;
    EXPECT_EQ(sm90.resources.spillStoreBytes, 0) << sm90.log;
}

TEST(EmitMma, TransposedOperandsAreStagedAlongTheirContiguousDimension)
{
    // a as a transposed view (contiguous along M) and b contiguous along K: a staged [K][M] and
    // read with ldmatrix.trans, b staged [N][K] and read without.
    auto r = lowerAndEmit(kTiledMatmul, "mm", tiledMatmulSig("fp16", 64, 64, 32, true, true), 80);
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->code();
    EXPECT_NE(c.find("rows along K"), std::string::npos) << c;
    EXPECT_NE(c.find("rows along N"), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::ldmatrix_x4<true>(dot_fa[i]"), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::ldmatrix_x4<false>(dot_fb[0]"), std::string::npos) << c;
    const std::string ptx = expectCompiles(*r);
    EXPECT_GT(count(ptx, "mma.sync.aligned.m16n8k16"), 0);
}

TEST(EmitMma, Bf16AndManyTileShapesCompile)
{
    struct Case
    {
        const char *dt;
        int m, n, k, warps;
    };
    for (const Case &t : {Case{"bf16", 64, 64, 32, 4}, Case{"fp16", 16, 16, 16, 4},
                          Case{"fp16", 16, 64, 64, 4}, Case{"fp16", 128, 256, 64, 8},
                          Case{"bf16", 256, 128, 64, 8}, Case{"fp16", 64, 32, 32, 2},
                          Case{"fp16", 32, 16, 16, 1}}) {
        SCOPED_TRACE(std::string(t.dt) + " " + std::to_string(t.m) + "x" + std::to_string(t.n) + "x"
                     + std::to_string(t.k) + " on " + std::to_string(t.warps) + " warps");
        auto r = lowerAndEmit(kTiledMatmul, "mm", tiledMatmulSig(t.dt, t.m, t.n, t.k, false, false, t.warps), 80);
        ASSERT_TRUE(r->cuda) << r->messages();
        const std::string ptx = expectCompiles(*r);
        const std::string ptxType = std::string(t.dt) == "fp16" ? "f16" : t.dt;
        EXPECT_NE(ptx.find("mma.sync.aligned.m16n8k16.row.col.f32." + ptxType), std::string::npos);
    }
}

TEST(EmitMma, InALoopOfItsOwnTheStagingAlternatesBetweenTwoBuffers)
{
    // K unaligned: neither operand's loads are 16-byte vectors, so both are staged from
    // registers.
    std::string unaligned = tiledMatmulSig("fp16", 64, 64, 32, false, false);
    unaligned.replace(unaligned.find("K=i32:16"), 8, "K=i32");
    auto r = lowerAndEmit(kTiledMatmul, "mm", unaligned, 80);
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->code();
    // One barrier per iteration (after staging), the buffer chosen by a phase that flips.
    EXPECT_NE(c.find("int dot_phase = 0;"), std::string::npos) << c;
    EXPECT_NE(c.find("dot_phase ^= 1;"), std::string::npos) << c;
    EXPECT_NE(c.find("unsigned char *dot_buf = tsm_smem + dot_phase * "), std::string::npos) << c;
    const std::size_t loop = c.find("for (int k = ");
    const std::size_t dot = c.find("dot_phase ^= 1;");
    ASSERT_NE(loop, std::string::npos);
    EXPECT_EQ(count(c.substr(loop, c.find("dot_k < ", dot) - loop), "__syncthreads()"), 1);
    const MmaStaging st = mmaStaging(ir::Type{DType::F16, false, {64, 32}},
                                     ir::Type{DType::F16, false, {32, 64}}, true, false);
    EXPECT_GE(r->cuda->sharedBytes, 2 * st.bytes);
    expectCompiles(*r);

    // A reduction in the same loop shares the buffer: back to a barrier before the staging.
    const std::string withReduce = std::string(kTiledMatmul).replace(
        std::string(kTiledMatmul).find("        acc = tl.dot(a, b, acc)\n"),
        std::string("        acc = tl.dot(a, b, acc)\n").size(),
        "        acc = tl.dot(a, b, acc)\n        acc = acc - tl.max(acc, axis=1)[:, None]\n");
    auto s = lowerAndEmit(withReduce, "mm", unaligned, 80);
    ASSERT_TRUE(s->cuda) << s->messages();
    EXPECT_EQ(s->code().find("dot_phase"), std::string::npos);
    EXPECT_NE(s->code().find("__syncthreads(); // earlier readers of the buffer are done"), std::string::npos);
}

TEST(EmitMma, Fp32InputsTakeTf32TensorCoresRoundedAsTheyAreStaged)
{
    // Both operands staged with K contiguous (no transposing ldmatrix for 32-bit elements), each
    // value rounded to tf32 on the way (the interpreter's rounding), m16n8k8 steps.
    auto r = lowerAndEmit(kTiledMatmul, "mm", tiledMatmulSig("fp32", 64, 64, 32, false, false), 80);
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->code();
    EXPECT_NE(c.find("tsm::sts_tf32<"), std::string::npos) << c;
    EXPECT_NE(c.find("rows along N"), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::mma_m16n8k8_tf32("), std::string::npos) << c;
    ASSERT_EQ(r->cuda->dots.size(), 1u);
    EXPECT_EQ(r->cuda->dots[0].detail, "64x64x32 fp32, tf32 m16n8k8, warps 2x2, double-buffered");
    const std::string ptx = expectCompiles(*r);
    // 4 steps of k8 x (2 x 4) instructions per warp.
    EXPECT_EQ(count(ptx, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"), 32);
    EXPECT_EQ(count(ptx, "ldmatrix.sync.aligned.m8n8.x4.trans"), 0);
}

TEST(EmitMma, AlignedTileLoadsCopyStraightIntoAThreeBufferRing)
{
    std::string aligned = tiledMatmulSig("fp16", 128, 128, 32, false, false);
    aligned.replace(aligned.find("N=i32,"), 6, "N=i32:16,");
    auto r = lowerAndEmit(kTiledMatmul, "mm", aligned, 80);
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->code();
    ASSERT_EQ(r->cuda->dots.size(), 1u);
    EXPECT_EQ(r->cuda->dots[0].detail, "128x128x32 fp16, m16n8k16, warps 2x2, cp.async into 3 buffers (a, b)");
    // First tiles before the loop into buffer 0, the next ones inside it into the following
    // buffer; the dot waits for all but the two newest groups, then one barrier.
    EXPECT_EQ(count(c, "tsm::cp_async16("), 4) << c;
    EXPECT_EQ(count(c, "tsm::cp_async_commit();"), 4);
    EXPECT_EQ(count(c, "(dot_slot == 2 ? 0 : dot_slot + 1) * "), 2);
    EXPECT_NE(c.find("tsm::cp_async_wait<2>();"), std::string::npos);
    EXPECT_NE(c.find("dot_slot = (dot_slot == 2 ? 0 : dot_slot + 1);"), std::string::npos);
    EXPECT_NE(c.find("tsm::cp_async_wait<0>();"), std::string::npos); // after the loop
    EXPECT_EQ(c.find("tsm::sts<"), std::string::npos);
    const MmaStaging st = mmaStaging(ir::Type{DType::F16, false, {128, 32}},
                                     ir::Type{DType::F16, false, {32, 128}}, true, false);
    EXPECT_GE(r->cuda->sharedBytes, 3 * st.bytes);
    const std::string ptx = expectCompiles(*r);
    EXPECT_NE(ptx.find("cp.async.cg.shared.global"), std::string::npos);
    EXPECT_NE(ptx.find("cp.async.wait_group 2"), std::string::npos);
    EXPECT_EQ(count(ptx, "mma.sync.aligned.m16n8k16"), 64);
}

TEST(EmitMma, BatchedDotsRunOnMmaSyncOneBatchPerWarpAndCompile)
{
    // [B, M, K] x [B, K, N] with strides, so a transposed operand is one signature away.
    const std::string src = R"py(
@triton.jit
def bmm(a_ptr, b_ptr, c_ptr, sam, sak, sbk, sbn, BLOCK_B: tl.constexpr, BLOCK_M: tl.constexpr,
        BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rb = tl.arange(0, BLOCK_B)
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a = tl.load(a_ptr + rb[:, None, None] * (BLOCK_M * BLOCK_K) + rm[None, :, None] * sam + rk[None, None, :] * sak)
    b = tl.load(b_ptr + rb[:, None, None] * (BLOCK_K * BLOCK_N) + rk[None, :, None] * sbk + rn[None, None, :] * sbn)
    c = tl.dot(a, b)
    tl.store(c_ptr + rb[:, None, None] * (BLOCK_M * BLOCK_N) + rm[None, :, None] * BLOCK_N + rn[None, None, :], c)
)py";
    struct Case
    {
        const char *dt;
        int b, m, n, k, warps;
        bool aT, bT;
        int mmas; // per warp: batches per warp x instruction tiles x steps along K
        const char *detail;
    };
    for (const Case &t : {
             Case{"fp16", 2, 32, 32, 32, 4, false, false, 1 * 1 * 4 * 2, "2x32x32x32 fp16, m16n8k16, warps 2x1"},
             Case{"fp16", 4, 16, 16, 16, 4, false, false, 1 * 1 * 2 * 1, "4x16x16x16 fp16, m16n8k16, warps 1x1"},
             Case{"bf16", 8, 32, 32, 16, 4, false, false, 2 * 2 * 4 * 1, "8x32x32x16 bf16, m16n8k16, warps 1x1"},
             Case{"fp16", 4, 32, 64, 32, 4, true, true, 1 * 2 * 8 * 2, "4x32x64x32 fp16, m16n8k16, warps 1x1"},
             Case{"fp32", 4, 32, 32, 16, 4, false, false, 1 * 2 * 4 * 2, "4x32x32x16 fp32, tf32 m16n8k8, warps 1x1"},
         }) {
        SCOPED_TRACE(std::string(t.dt) + " " + std::to_string(t.b) + "x" + std::to_string(t.m) + "x"
                     + std::to_string(t.n) + "x" + std::to_string(t.k) + (t.aT ? " a transposed" : "")
                     + (t.bT ? " b transposed" : ""));
        const std::string rowMajor = "=i32:16, ", unit = "=1, ";
        const std::string sig = std::string("a_ptr=*") + t.dt + ":16, b_ptr=*" + t.dt + ":16, c_ptr=*fp32:16, sam"
                                + (t.aT ? unit : rowMajor) + "sak" + (t.aT ? rowMajor : unit) + "sbk"
                                + (t.bT ? unit : rowMajor) + "sbn" + (t.bT ? rowMajor : unit)
                                + "BLOCK_B=" + std::to_string(t.b) + ", BLOCK_M=" + std::to_string(t.m)
                                + ", BLOCK_N=" + std::to_string(t.n) + ", BLOCK_K=" + std::to_string(t.k)
                                + ", num_warps=" + std::to_string(t.warps);
        auto r = lowerAndEmit(src, "bmm", sig, 90);
        ASSERT_TRUE(r->cuda) << r->messages();
        const ir::Op *dot = findOp(r->lk->kernel.body, ir::OpCode::Dot);
        ASSERT_NE(dot, nullptr);
        EXPECT_TRUE(isMmaAccumulatorLayout(r->lk->layoutOf(dot->result()), t.warps));
        ASSERT_EQ(r->cuda->dots.size(), 1u);
        EXPECT_EQ(r->cuda->dots[0].path, "mma.sync");
        EXPECT_EQ(r->cuda->dots[0].detail, t.detail);
        const std::string ptx = expectCompiles(*r);
        const bool tf32 = std::string(t.dt) == "fp32";
        EXPECT_EQ(count(ptx, tf32 ? "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"
                                  : "mma.sync.aligned.m16n8k16.row.col.f32."),
                  t.mmas)
            << ptx.substr(0, 200);
    }
}
