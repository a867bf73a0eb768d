"""
Batched matrix multiplication with a batched (3-D) `tl.dot`: each program multiplies BLOCK_B
whole [M, K] x [K, N] matrices of a batch, as [BLOCK_B, M, K] x [BLOCK_B, K, N] blocks, fp16 in and
out with an fp32 accumulator (many small matrices: attention heads, per-expert projections).
Triton runs 3-D dots on mma.sync (MMAv2) also on an H100 / H200, and so does Tilesmith.

Runs unchanged with `python3 bmm.py` and with `tilesmith test / bench bmm.py --backend cuda`.
Lines: 'triton' (the kernel) and 'torch' (torch.bmm, cuBLAS's strided-batched GEMM). TFLOP/s
from 2·B·M·N·K.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def bmm_kernel(a_ptr, b_ptr, c_ptr, BATCH, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
               BLOCK_B: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    offs_b = pid * BLOCK_B + tl.arange(0, BLOCK_B)
    offs_m = tl.arange(0, M)
    offs_n = tl.arange(0, N)
    offs_k = tl.arange(0, BLOCK_K)
    in_batch = offs_b[:, None, None] < BATCH
    a_ptrs = a_ptr + offs_b[:, None, None] * (M * K) + offs_m[None, :, None] * K + offs_k[None, None, :]
    b_ptrs = b_ptr + offs_b[:, None, None] * (K * N) + offs_k[None, :, None] * N + offs_n[None, None, :]
    acc = tl.zeros((BLOCK_B, M, N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=in_batch, other=0.0)
        b = tl.load(b_ptrs, mask=in_batch, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * N
    c_ptrs = c_ptr + offs_b[:, None, None] * (M * N) + offs_m[None, :, None] * N + offs_n[None, None, :]
    tl.store(c_ptrs, acc.to(tl.float16), mask=in_batch)


def bmm(a, b, block_b=4, block_k=32, num_warps=4):
    BATCH, M, K = a.shape
    N = b.shape[2]
    c = torch.empty((BATCH, M, N), device=a.device, dtype=torch.float16)
    grid = (triton.cdiv(BATCH, block_b), )
    bmm_kernel[grid](a, b, c, BATCH, M, N, K, BLOCK_B=block_b, BLOCK_K=block_k, num_warps=num_warps)
    return c


def test_bmm():
    for BATCH, S in [(5, 32), (9, 64)]:
        torch.manual_seed(0)
        a = torch.randn((BATCH, S, S), device=DEVICE, dtype=torch.float16)
        b = torch.randn((BATCH, S, S), device=DEVICE, dtype=torch.float16)
        expected = torch.bmm(a.to(torch.float32), b.to(torch.float32))
        torch.testing.assert_close(bmm(a, b).to(torch.float32), expected, atol=2e-2, rtol=1e-2)


_inputs = {}


def inputs_of(BATCH, S):
    if (BATCH, S) not in _inputs:
        torch.manual_seed(0)
        _inputs[(BATCH, S)] = (torch.randn((BATCH, S, S), device=DEVICE, dtype=torch.float16),
                               torch.randn((BATCH, S, S), device=DEVICE, dtype=torch.float16))
    return _inputs[(BATCH, S)]


@triton.testing.perf_report([
    triton.testing.Benchmark(
        x_names=['BATCH', 'S'],
        x_vals=[(16384, 32), (16384, 64)],
        line_arg='provider',
        line_vals=['triton', 'torch'],
        line_names=['Triton', 'cuBLAS'],
        styles=[('blue', '-'), ('green', '-')],
        ylabel='TFLOP/s',
        plot_name='bmm-fp16',
        args={},
    )
])
def benchmark(BATCH, S, provider):
    a, b = inputs_of(BATCH, S)
    quantiles = [0.5, 0.2, 0.8]
    if provider == 'torch':
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: torch.bmm(a, b), warmup=25, rep=100,
                                                     quantiles=quantiles)
    else:
        # At least one matrix per warp: Triton puts every warp of a 3-D dot along the batch.
        block_b, warps = (8, 4) if S == 32 else (4, 4)
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: bmm(a, b, block_b=block_b, num_warps=warps),
                                                     warmup=25, rep=100, quantiles=quantiles)
    tflops = lambda ms: 2 * BATCH * S * S * S * 1e-12 / (ms * 1e-3)
    return tflops(ms), tflops(max_ms), tflops(min_ms)


if __name__ == "__main__":
    test_bmm()
    print("bmm tests passed")
    benchmark.run(print_data=True, show_plots=False)
