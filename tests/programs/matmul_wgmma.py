"""
Matrix multiplication in tiles a Hopper warpgroup takes (BLOCK_M a multiple of 64, 4 or 8
warps), so that on sm_90 `tl.dot` runs on wgmma: one warpgroup, two along M, two along N, two
instructions along M. fp16 and bf16 inputs with an fp32 accumulator, an fp16 result, A and B as
transposed views (each operand staged with M, N or K contiguous), and M, N, K that are not
multiples of the tile (every load and the store masked). The reference is a float32 matmul of
the same inputs.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_remaining = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_remaining), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_remaining) & (offs_n[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


def matmul(a, b, block_m, block_n, block_k, num_warps):
    M, K = a.shape
    _, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=a.dtype)
    grid = (triton.cdiv(M, block_m), triton.cdiv(N, block_n))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                        c.stride(0), c.stride(1), BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k,
                        num_warps=num_warps)
    return c


# (BLOCK_M, BLOCK_N, BLOCK_K, num_warps): one warpgroup; two along M; two along N; one
# warpgroup with two m64 instructions along M.
TILES = [(64, 64, 32, 4), (128, 64, 64, 8), (64, 128, 32, 8), (128, 32, 16, 4)]


@pytest.mark.parametrize("tile", TILES)
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_matmul_tiles(tile, dtype):
    torch.manual_seed(0)
    M, N, K = 136, 72, 80
    a = torch.randn(M, K, device=DEVICE, dtype=dtype)
    b = torch.randn(K, N, device=DEVICE, dtype=dtype)
    c = matmul(a, b, *tile)
    torch.testing.assert_close(c.float(), torch.matmul(a.float(), b.float()), atol=6e-2, rtol=2e-2)


@pytest.mark.parametrize("transpose_a, transpose_b", [(True, False), (False, True), (True, True)])
def test_matmul_transposed_views(transpose_a, transpose_b):
    torch.manual_seed(1)
    M, N, K = 100, 140, 96
    a = torch.randn(K, M, device=DEVICE, dtype=torch.float16).t() if transpose_a else \
        torch.randn(M, K, device=DEVICE, dtype=torch.float16)
    b = torch.randn(N, K, device=DEVICE, dtype=torch.float16).t() if transpose_b else \
        torch.randn(K, N, device=DEVICE, dtype=torch.float16)
    c = matmul(a, b, 64, 64, 32, 4)
    torch.testing.assert_close(c.float(), torch.matmul(a.float(), b.float()), atol=6e-2, rtol=2e-2)
