"""
Matrix multiplication with `tl.dot`: a 2-D grid of output tiles, a runtime loop over K in
BLOCK_K steps, an fp32 accumulator. fp16 inputs (fp32 accumulation, fp16 output) and fp32 inputs
with input_precision="ieee" (no tf32 rounding, so the result matches an fp32 reference closely).
M, N and K that are not multiples of the blocks are masked on every load and on the store.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def matmul_kernel(
    a_ptr, b_ptr, c_ptr,  #
    M, N, K,  #
    stride_am, stride_ak,  #
    stride_bk, stride_bn,  #
    stride_cm, stride_cn,  #
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,  #
    IEEE: tl.constexpr,  #
):
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
        a_mask = (offs_m[:, None] < M) & (offs_k[None, :] < k_remaining)
        b_mask = (offs_k[:, None] < k_remaining) & (offs_n[None, :] < N)
        a = tl.load(a_ptrs, mask=a_mask, other=0.0)
        b = tl.load(b_ptrs, mask=b_mask, other=0.0)
        if IEEE:
            acc = tl.dot(a, b, acc, input_precision="ieee")
        else:
            acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    c_mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    # The store converts the fp32 accumulator to C's element type (fp16 or fp32).
    tl.store(c_ptrs, acc, mask=c_mask)


def matmul(a, b, block_m=32, block_n=32, block_k=16):
    assert a.shape[1] == b.shape[0], "incompatible dimensions"
    M, K = a.shape
    K, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=a.dtype)
    grid = (triton.cdiv(M, block_m), triton.cdiv(N, block_n))
    matmul_kernel[grid](
        a, b, c,  #
        M, N, K,  #
        a.stride(0), a.stride(1),  #
        b.stride(0), b.stride(1),  #
        c.stride(0), c.stride(1),  #
        BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k,  #
        IEEE=a.dtype == torch.float32)
    return c


@pytest.mark.parametrize("M, N, K", [(1, 1, 1), (3, 5, 7), (16, 16, 16), (33, 47, 70), (64, 96, 128), (100, 37, 129)])
def test_matmul_fp16(M, N, K):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float16)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float16)
    c = matmul(a, b)
    expected = torch.matmul(a.float(), b.float())
    torch.testing.assert_close(c.float(), expected, atol=2e-2, rtol=1e-2)


@pytest.mark.parametrize("M, N, K", [(1, 1, 1), (3, 5, 7), (33, 47, 70), (100, 37, 129)])
def test_matmul_fp32_ieee(M, N, K):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float32)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float32)
    c = matmul(a, b, block_m=16, block_n=32, block_k=32)
    expected = torch.matmul(a, b)
    torch.testing.assert_close(c, expected, atol=1e-4, rtol=1e-4)


def test_matmul_transposed_operand():
    # B given as a transposed view: its strides are (1, K), not (N, 1).
    torch.manual_seed(0)
    a = torch.randn(20, 30, device=DEVICE, dtype=torch.float16)
    bt = torch.randn(40, 30, device=DEVICE, dtype=torch.float16)
    b = bt.t()
    assert b.stride(0) == 1
    c = matmul(a, b)
    torch.testing.assert_close(c.float(), torch.matmul(a.float(), b.float()), atol=2e-2, rtol=1e-2)
