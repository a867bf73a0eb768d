"""
tl.dot on the GPU: the CUDA backend's FMA path (operands staged in shared memory, one FMA per
result element and step along K) for ieee fp32 and int8, and the tensor cores for the rest (tf32
on wgmma k8 on Hopper, fp16 on mma.sync in tiles under one warpgroup). Ragged M / N / K masked on
every load and the store;
fp32 (tf32 by default, and input_precision="ieee"), fp16 into an fp32 accumulator, fp16 with
out_dtype=fp16, int8 into int32 (exact), a bias + ReLU epilogue, a transposed B, 8 warps, and
128x128x64 fp32 blocks, whose 65 KiB of operands need dynamic shared memory (above the 48 KiB a
static declaration allows). Checked against torch.

Runs unchanged under real Triton; with Tilesmith:
    tilesmith test tests/gpu/dot_fma.py --backend cuda     (the GPU)
    tilesmith test tests/gpu/dot_fma.py --backend interp   (the same checks on the interpreter)
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def matmul_kernel(
    a_ptr, b_ptr, c_ptr, bias_ptr,  #
    M, N, K,  #
    stride_am, stride_ak,  #
    stride_bk, stride_bn,  #
    stride_cm, stride_cn,  #
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,  #
    PRECISION: tl.constexpr, OUT_F16: tl.constexpr, INT_ACC: tl.constexpr,  #
    BIAS_RELU: tl.constexpr,  #
):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    if OUT_F16:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float16)
    elif INT_ACC:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_remaining = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_remaining), other=0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_remaining) & (offs_n[None, :] < N), other=0)
        if OUT_F16:
            acc = tl.dot(a, b, acc, out_dtype=tl.float16)
        elif INT_ACC:
            # Triton asserts that the accumulator's dtype is out_dtype's (int32 for int8 inputs).
            acc = tl.dot(a, b, acc, out_dtype=tl.int32)
        else:
            acc = tl.dot(a, b, acc, input_precision=PRECISION)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    if BIAS_RELU:
        bias = tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0)
        acc = tl.maximum(acc + bias[None, :], 0.0)
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


def matmul(a, b, out_dtype, blocks=(32, 32, 16), precision="tf32", out_f16=False, bias=None,
           num_warps=4):
    M, K = a.shape
    K2, N = b.shape
    assert K == K2
    block_m, block_n, block_k = blocks
    c = torch.empty((M, N), device=a.device, dtype=out_dtype)
    grid = (triton.cdiv(M, block_m), triton.cdiv(N, block_n))
    matmul_kernel[grid](
        a, b, c, bias if bias is not None else c,  #
        M, N, K,  #
        a.stride(0), a.stride(1),  #
        b.stride(0), b.stride(1),  #
        c.stride(0), c.stride(1),  #
        BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k,  #
        PRECISION=precision, OUT_F16=out_f16, INT_ACC=out_dtype == torch.int32,  #
        BIAS_RELU=bias is not None,  #
        num_warps=num_warps)
    return c


SIZES = [(1, 1, 1), (3, 5, 7), (16, 16, 16), (33, 47, 70), (64, 96, 128), (100, 37, 129), (257, 130, 65)]


@pytest.mark.parametrize("M, N, K", SIZES)
def test_fp32_ieee(M, N, K):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float32)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float32)
    c = matmul(a, b, torch.float32, blocks=(32, 64, 32), precision="ieee")
    expected = torch.matmul(a.to(torch.float64), b.to(torch.float64)).to(torch.float32)
    torch.testing.assert_close(c, expected, atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("M, N, K", SIZES)
def test_fp32_tf32(M, N, K):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float32)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float32)
    c = matmul(a, b, torch.float32, blocks=(64, 64, 32))
    expected = torch.matmul(a.to(torch.float64), b.to(torch.float64)).to(torch.float32)
    # tf32 keeps 10 mantissa bits of each input: about 1e-3 relative per product.
    torch.testing.assert_close(c, expected, atol=5e-2, rtol=1e-2)


@pytest.mark.parametrize("M, N, K", SIZES)
def test_fp16_fp32_acc(M, N, K):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float16)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float16)
    c = matmul(a, b, torch.float16, blocks=(32, 64, 16))
    expected = torch.matmul(a.to(torch.float64), b.to(torch.float64))
    torch.testing.assert_close(c.to(torch.float64), expected, atol=2e-2, rtol=1e-2)


@pytest.mark.parametrize("M, N, K", [(16, 16, 16), (33, 47, 70)])
def test_fp16_out_fp16(M, N, K):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float16)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float16)
    c = matmul(a, b, torch.float16, blocks=(32, 32, 16), out_f16=True)
    expected = torch.matmul(a.to(torch.float64), b.to(torch.float64))
    # Real Triton may accumulate in fp16 on tensor cores: a looser tolerance.
    torch.testing.assert_close(c.to(torch.float64), expected, atol=0.25, rtol=5e-2)


@pytest.mark.parametrize("M, N, K", [(1, 1, 1), (3, 5, 7), (33, 47, 70), (100, 37, 129)])
def test_int8_exact(M, N, K):
    torch.manual_seed(0)
    a = torch.randint(-128, 128, (M, K), device=DEVICE, dtype=torch.int8)
    b = torch.randint(-128, 128, (K, N), device=DEVICE, dtype=torch.int8)
    c = matmul(a, b, torch.int32, blocks=(32, 32, 32))
    expected = torch.matmul(a.to(torch.float64), b.to(torch.float64)).to(torch.int32)
    assert torch.equal(c, expected)


def test_bias_relu_epilogue():
    torch.manual_seed(0)
    M, N, K = 70, 90, 50
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float32)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float32)
    bias = torch.randn(N, device=DEVICE, dtype=torch.float32)
    c = matmul(a, b, torch.float32, blocks=(32, 32, 16), precision="ieee", bias=bias)
    expected = torch.relu(torch.matmul(a.to(torch.float64), b.to(torch.float64)) + bias.to(torch.float64))
    torch.testing.assert_close(c, expected.to(torch.float32), atol=1e-4, rtol=1e-4)


def test_transposed_b_and_8_warps():
    torch.manual_seed(0)
    a = torch.randn(75, 60, device=DEVICE, dtype=torch.float16)
    bt = torch.randn(90, 60, device=DEVICE, dtype=torch.float16)
    b = bt.t()
    assert b.stride(0) == 1
    c = matmul(a, b, torch.float16, blocks=(64, 64, 32), num_warps=8)
    expected = torch.matmul(a.to(torch.float64), b.to(torch.float64))
    torch.testing.assert_close(c.to(torch.float64), expected, atol=2e-2, rtol=1e-2)


@pytest.mark.parametrize("a_transposed, b_transposed", [(False, True), (True, False), (True, True)])
def test_tf32_transposed_operands(a_transposed, b_transposed):
    # tf32 on Hopper's wgmma reads both operands K-major: a transposed a (M contiguous) and a
    # row-major b are staged transposed from registers, a transposed b (K contiguous) is copied
    # as it is. 128x128x32 blocks on 8 warps (two warpgroups), ragged sizes.
    torch.manual_seed(0)
    M, N, K = 200, 150, 100
    a = torch.randn(K, M, device=DEVICE, dtype=torch.float32).t() if a_transposed else \
        torch.randn(M, K, device=DEVICE, dtype=torch.float32)
    b = torch.randn(N, K, device=DEVICE, dtype=torch.float32).t() if b_transposed else \
        torch.randn(K, N, device=DEVICE, dtype=torch.float32)
    c = matmul(a, b, torch.float32, blocks=(128, 128, 32), num_warps=8)
    expected = torch.matmul(a.to(torch.float64), b.to(torch.float64)).to(torch.float32)
    torch.testing.assert_close(c, expected, atol=5e-2, rtol=1e-2)


def test_large_blocks_dynamic_shared_memory():
    # 128x128x64 fp32: a and b take 65 KiB of shared memory, more than a static declaration.
    torch.manual_seed(0)
    M, N, K = 300, 260, 200
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float32)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float32)
    c = matmul(a, b, torch.float32, blocks=(128, 128, 64), precision="ieee", num_warps=8)
    expected = torch.matmul(a.to(torch.float64), b.to(torch.float64)).to(torch.float32)
    torch.testing.assert_close(c, expected, atol=1e-3, rtol=1e-4)
