"""
Batched `tl.dot`: [BLOCK_B, BLOCK_M, BLOCK_K] x [BLOCK_B, BLOCK_K, BLOCK_N] -> [BLOCK_B, BLOCK_M,
BLOCK_N] blocks, a 3-D grid over (batch, M, N) tiles and a runtime loop over K, as torch.bmm.
fp16, bf16 and fp32 (tf32 by default, and input_precision="ieee") accumulate in fp32; int8 in
int32, exactly. Batch blocks of 1, 2, 4 and 8 on 4 warps (fewer batches than warps, as many, more);
transposed operands (a contiguous along M, b along K); ragged batch, M, N and K are masked on
every load and on the store.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def bmm_kernel(
    a_ptr, b_ptr, c_ptr,  #
    BATCH, M, N, K,  #
    stride_ab, stride_am, stride_ak,  #
    stride_bb, stride_bk, stride_bn,  #
    stride_cb, stride_cm, stride_cn,  #
    BLOCK_B: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,  #
    IEEE: tl.constexpr, INT: tl.constexpr,  #
):
    pid_b = tl.program_id(0)
    pid_m = tl.program_id(1)
    pid_n = tl.program_id(2)
    offs_b = pid_b * BLOCK_B + tl.arange(0, BLOCK_B)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = (a_ptr + offs_b[:, None, None] * stride_ab + offs_m[None, :, None] * stride_am
              + offs_k[None, None, :] * stride_ak)
    b_ptrs = (b_ptr + offs_b[:, None, None] * stride_bb + offs_k[None, :, None] * stride_bk
              + offs_n[None, None, :] * stride_bn)
    if INT:
        acc = tl.zeros((BLOCK_B, BLOCK_M, BLOCK_N), dtype=tl.int32)
    else:
        acc = tl.zeros((BLOCK_B, BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_remaining = K - k * BLOCK_K
        a_mask = ((offs_b[:, None, None] < BATCH) & (offs_m[None, :, None] < M)
                  & (offs_k[None, None, :] < k_remaining))
        b_mask = ((offs_b[:, None, None] < BATCH) & (offs_k[None, :, None] < k_remaining)
                  & (offs_n[None, None, :] < N))
        a = tl.load(a_ptrs, mask=a_mask, other=0)
        b = tl.load(b_ptrs, mask=b_mask, other=0)
        # out_dtype must be the accumulator's (Triton asserts it: int8 inputs sum into int32).
        if IEEE:
            acc = tl.dot(a, b, acc, input_precision="ieee", out_dtype=acc.dtype)
        else:
            acc = tl.dot(a, b, acc, out_dtype=acc.dtype)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = (c_ptr + offs_b[:, None, None] * stride_cb + offs_m[None, :, None] * stride_cm
              + offs_n[None, None, :] * stride_cn)
    c_mask = (offs_b[:, None, None] < BATCH) & (offs_m[None, :, None] < M) & (offs_n[None, None, :] < N)
    tl.store(c_ptrs, acc, mask=c_mask)


def bmm(a, b, out_dtype, block_b=2, block_m=32, block_n=32, block_k=16, ieee=False):
    assert a.shape[0] == b.shape[0] and a.shape[2] == b.shape[1], "incompatible dimensions"
    BATCH, M, K = a.shape
    N = b.shape[2]
    c = torch.empty((BATCH, M, N), device=a.device, dtype=out_dtype)
    grid = (triton.cdiv(BATCH, block_b), triton.cdiv(M, block_m), triton.cdiv(N, block_n))
    bmm_kernel[grid](
        a, b, c,  #
        BATCH, M, N, K,  #
        a.stride(0), a.stride(1), a.stride(2),  #
        b.stride(0), b.stride(1), b.stride(2),  #
        c.stride(0), c.stride(1), c.stride(2),  #
        BLOCK_B=block_b, BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k,  #
        IEEE=ieee, INT=out_dtype == torch.int32)
    return c


@pytest.mark.parametrize("block_b", [1, 2, 4, 8])
def test_bmm_fp16_batch_blocks(block_b):
    torch.manual_seed(0)
    a = torch.randn(5, 33, 40, device=DEVICE, dtype=torch.float16)
    b = torch.randn(5, 40, 47, device=DEVICE, dtype=torch.float16)
    c = bmm(a, b, torch.float16, block_b=block_b)
    expected = torch.bmm(a.float(), b.float())
    torch.testing.assert_close(c.float(), expected, atol=2e-2, rtol=1e-2)


def test_bmm_bf16_wide_tiles():
    torch.manual_seed(1)
    a = torch.randn(3, 64, 48, device=DEVICE, dtype=torch.bfloat16)
    b = torch.randn(3, 48, 80, device=DEVICE, dtype=torch.bfloat16)
    c = bmm(a, b, torch.float32, block_b=2, block_m=64, block_n=64, block_k=32)
    expected = torch.bmm(a.float(), b.float())
    torch.testing.assert_close(c, expected, atol=1e-3, rtol=1e-3)


def test_bmm_fp16_transposed_operands():
    # a contiguous along M and b along K: the tensor cores' other staging orders.
    torch.manual_seed(2)
    a = torch.randn(4, 40, 37, device=DEVICE, dtype=torch.float16).transpose(1, 2)
    b = torch.randn(4, 45, 40, device=DEVICE, dtype=torch.float16).transpose(1, 2)
    c = bmm(a, b, torch.float32, block_b=4)
    expected = torch.bmm(a.float(), b.float())
    torch.testing.assert_close(c, expected, atol=1e-3, rtol=1e-3)


@pytest.mark.parametrize("ieee", [False, True])
def test_bmm_fp32(ieee):
    torch.manual_seed(3)
    a = torch.randn(6, 20, 35, device=DEVICE, dtype=torch.float32)
    b = torch.randn(6, 35, 18, device=DEVICE, dtype=torch.float32)
    c = bmm(a, b, torch.float32, block_b=4, ieee=ieee)
    expected = torch.bmm(a.double(), b.double()).float()
    # tf32 keeps 10 mantissa bits of each input; ieee multiplies the fp32 values exactly.
    tol = 1e-5 if ieee else 2e-2
    torch.testing.assert_close(c, expected, atol=tol, rtol=tol)


def test_bmm_int8_exact():
    torch.manual_seed(4)
    a = torch.randint(-128, 128, (3, 17, 50), device=DEVICE, dtype=torch.int8)
    b = torch.randint(-128, 128, (3, 50, 30), device=DEVICE, dtype=torch.int8)
    c = bmm(a, b, torch.int32, block_b=2, block_k=32)
    expected = torch.bmm(a.to(torch.int32).float(), b.to(torch.int32).float()).to(torch.int32)
    assert torch.equal(c, expected)
