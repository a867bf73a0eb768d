"""
Throughput of tl.dot on the CUDA backend's FMA path (no tensor cores yet): a plain tiled matmul
at 2048^3 for a few block shapes, fp32 (ieee) and fp16 inputs, fp32 accumulation. Prints
TFLOP/s; the H200's fp32 FMA peak is about 67 TFLOP/s (132 SMs x 128 FMA/clk x 2 x 1.98 GHz).

    tilesmith run tests/gpu/dot_fma_bench.py --backend cuda
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * K + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * N + offs_n[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        acc = tl.dot(a, b, acc, input_precision="ieee")
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * N
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc)


def bench(dtype, bm, bn, bk, warps, size=2048):
    a = torch.randn(size, size, device=DEVICE, dtype=dtype)
    b = torch.randn(size, size, device=DEVICE, dtype=dtype)
    c = torch.empty(size, size, device=DEVICE, dtype=torch.float32)
    grid = (size // bm, size // bn)
    run = lambda: matmul_kernel[grid](a, b, c, size, size, size, BLOCK_M=bm, BLOCK_N=bn,
                                      BLOCK_K=bk, num_warps=warps)
    ms = triton.testing.do_bench(run)
    tflops = 2 * size ** 3 / (ms * 1e-3) / 1e12
    print(f"{str(dtype):14s} BLOCK {bm}x{bn}x{bk} warps={warps}: {ms:.3f} ms  {tflops:.2f} TFLOP/s")


for dtype in (torch.float32, torch.float16):
    for bm, bn, bk, warps in ((64, 64, 32, 4), (128, 128, 32, 8), (128, 64, 32, 4), (64, 128, 16, 4)):
        bench(dtype, bm, bn, bk, warps)
