// Reductions through the whole CUDA pipeline (layout passes, emitter) on kernels from
// source: the structure of the generated code (in-thread loop, butterflies over the axis lanes,
// shared memory only when warps split the axis, shared memory recorded in CudaSource) and every
// kernel compiled by NVRTC for sm_80 and sm_90. Results on a GPU: tests/gpu/reduce_*.py.

#include "emit_test_support.h"

using namespace tsm;
using namespace tsm::codegen;
using namespace tsm::codegen::test;

namespace {

const char *const kRowSum = R"py(
@triton.jit
def k(x_ptr, y_ptr, s_ptr, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, AXIS: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm[:, None] * BLOCK_N + rn[None, :])
    s = tl.sum(x, axis=AXIS)
    if AXIS == 1:
        tl.store(y_ptr + rm[:, None] * BLOCK_N + rn[None, :], x - s[:, None])
    else:
        tl.store(s_ptr + rn, s)
        tl.store(y_ptr + rm[:, None] * BLOCK_N + rn[None, :], x - s[None, :])
)py";

} // namespace

TEST(EmitReduce, RowSumShufflesOverTheLanesOnlyAndBroadcastsBackForFree)
{
    // [16, 128] fp32: 4 per thread, 32 lanes along a row, 4 warps over the rows: the axis is
    // covered by registers and lanes, and x - s[:, None] reads s in its slice layout: no shared
    // memory at all. (A store of s alone would convert it to the store's own layout, as Triton.)
    auto r = lowerAndEmit(kRowSum,
                          "k",
                          "x_ptr=*fp32:16, y_ptr=*fp32:16, s_ptr=*fp32:16, N=i32, BLOCK_M=16, "
                          "BLOCK_N=128, AXIS=1");
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->cuda->code;
    EXPECT_EQ(count(c, "tsm::shfl_xor("), 5) << c; // one per lane bit along the row
    EXPECT_EQ(count(c, "__syncthreads"), 0) << c;
    EXPECT_EQ(r->cuda->sharedBytes, 0);
    expectCompiles(*r);
}

TEST(EmitReduce, ColumnSumGoesThroughSharedMemoryAcrossWarps)
{
    auto r = lowerAndEmit(kRowSum,
                          "k",
                          "x_ptr=*fp32:16, y_ptr=*fp32:16, s_ptr=*fp32:16, N=i32, BLOCK_M=64, "
                          "BLOCK_N=64, AXIS=0");
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->cuda->code;
    EXPECT_GE(count(c, "tsm::shfl_xor("), 1) << c;
    EXPECT_GE(count(c, "__syncthreads"), 2) << c;
    // 4 warps along the axis x 64 columns x 4 bytes.
    EXPECT_GE(r->cuda->sharedBytes, 4 * 64 * 4);
    expectCompiles(*r);
}

TEST(EmitReduce, ScalarResultOfAOneDimensionalBlock)
{
    auto r = lowerAndEmit(R"py(
@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=-float("inf"))
    m = tl.max(x, axis=0)
    e = tl.exp(x - m)
    tl.store(y_ptr + offs, e / tl.sum(e, axis=0), mask=offs < n)
)py",
                          "k",
                          "x_ptr=*fp32:16, y_ptr=*fp32:16, n=i32, BLOCK=1024");
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->cuda->code;
    EXPECT_EQ(count(c, "auto combine"), 2) << c;
    EXPECT_NE(c.find("fmaxf"), std::string::npos) << c;
    expectCompiles(*r);
}

TEST(EmitReduce, SmallBlockOnManyThreadsDoesNotCountCopiesTwice)
{
    // [8] on 128 threads: lanes 3.. and the warps hold copies; only the 3 lane bits with
    // elements along the axis are combined.
    auto r = lowerAndEmit(R"py(
@triton.jit
def k(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr, tl.sum(tl.load(x_ptr + offs), axis=0))
)py",
                          "k",
                          "x_ptr=*fp32:16, y_ptr=*fp32:16, BLOCK=8");
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->cuda->code;
    EXPECT_EQ(count(c, "tsm::shfl_xor("), 3) << c;
    EXPECT_EQ(count(c, "__syncthreads"), 0) << c;
    expectCompiles(*r);
}

TEST(EmitReduce, ArgmaxAndTupleCombinesAndThreeDimensions)
{
    auto r = lowerAndEmit(R"py(
@triton.jit
def pair(a, ia, b, ib):
    return a + b, tl.maximum(ia, ib)


@triton.jit
def k(x_ptr, i_ptr, y_ptr, z_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + a * B * C + b * C + c)
    idx = tl.argmax(x, axis=1)
    tl.store(i_ptr + tl.arange(0, A)[:, None] * C + tl.arange(0, C)[None, :], idx)
    s, m = tl.reduce((x, (a + b + c).to(tl.int32)), 2, pair)
    tl.store(y_ptr + tl.arange(0, A)[:, None] * B + tl.arange(0, B)[None, :], s)
    tl.store(z_ptr + tl.arange(0, A)[:, None] * B + tl.arange(0, B)[None, :], m)
    tl.store(y_ptr + tl.arange(0, B), tl.max(tl.max(x, axis=0), axis=1))
)py",
                          "k",
                          "x_ptr=*fp16:16, i_ptr=*i32:16, y_ptr=*fp16:16, z_ptr=*i32:16, A=4, "
                          "B=32, C=16");
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->cuda->code;
    // argmax is not a single commutative op: lane pairs combine in axis order.
    EXPECT_NE(c.find("(lane & "), std::string::npos) << c;
    expectCompiles(*r);
}

TEST(EmitReduce, UniformOperandWithWarpsAlongTheAxis)
{
    // Nothing but the reduction indexes threads here: the kernel must still declare lane / warp.
    auto r = lowerAndEmit(R"py(
@triton.jit
def k(y_ptr, BLOCK: tl.constexpr):
    tl.store(y_ptr, tl.sum(tl.full([BLOCK], 1.5, tl.float32), axis=0))
)py",
                          "k",
                          "y_ptr=*fp32:16, BLOCK=1024");
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_NE(r->cuda->code.find("const int warp = "), std::string::npos) << r->cuda->code;
    expectCompiles(*r);
}
