// Scans through the whole CUDA pipeline: in-thread, shfl_up / shfl_down over the lanes along the
// axis, shared memory across warps; every kernel compiled by NVRTC for sm_80 and sm_90. Results
// on a GPU: tests/gpu/reduce_scan.py.

#include "emit_test_support.h"

using namespace tsm;
using namespace tsm::codegen;
using namespace tsm::codegen::test;

TEST(EmitScan, CumsumAndReverseAssociativeScanCompile)
{
    auto r = lowerAndEmit(R"py(
@triton.jit
def affine(a1, b1, a2, b2):
    return a1 * a2, a2 * b1 + b2


@triton.jit
def k(x_ptr, y_ptr, z_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)[:, None]
    rn = tl.arange(0, BLOCK_N)[None, :]
    x = tl.load(x_ptr + rm * BLOCK_N + rn)
    tl.store(y_ptr + rm * BLOCK_N + rn, tl.cumsum(x, axis=0))
    _, h = tl.associative_scan((x, x + 1.0), 1, affine, reverse=True)
    tl.store(z_ptr + rm * BLOCK_N + rn, h)
)py",
                          "k",
                          "x_ptr=*fp32:16, y_ptr=*fp32:16, z_ptr=*fp32:16, BLOCK_M=64, BLOCK_N=64");
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->cuda->code;
    EXPECT_NE(c.find("tsm::shfl_up("), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::shfl_down("), std::string::npos) << c;
    EXPECT_GT(r->cuda->sharedBytes, 0);
    expectCompiles(*r);
}

TEST(EmitScan, LongVectorScanInOneThreadRunPerThread)
{
    auto r = lowerAndEmit(R"py(
@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.store(y_ptr + offs, tl.cumsum(x, axis=0, reverse=True), mask=offs < n)
)py",
                          "k",
                          "x_ptr=*i32:16, y_ptr=*i32:16, n=i32, BLOCK=4096");
    ASSERT_TRUE(r->cuda) << r->messages();
    expectCompiles(*r);
}
