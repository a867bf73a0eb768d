"""
A matmul whose operands come from host TensorDescriptors (triton.tools.tensor_descriptor), the
tiles that, on an H100 / H200, the TMA copy engine moves into wgmma's swizzled staging: fp16,
bf16, fp32 (tf32) and fp8 e4m3 inputs; B as a (K, N) tensor and as an (N, K) tensor transposed
per tile; 128-byte rows (BK 64 at 16 bits) and 64-byte rows (BK 32); one and two warpgroups;
ragged M, N and K, whose out-of-bounds elements the copy engine fills with zeros, or NaN with
padding="nan". Every result is checked against a float64 product of the same inputs.
Shapes keep every stride a multiple of 16 bytes, as TensorDescriptor requires.
"""

import pytest
import torch

import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def tma_matmul_kernel(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                      B_T: tl.constexpr):
    off_m = tl.program_id(0) * BM
    off_n = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([off_m, k * BK])
        if B_T:
            b = b_desc.load([off_n, k * BK]).T
        else:
            b = b_desc.load([k * BK, off_n])
        acc = tl.dot(a, b, acc)
    c_desc.store([off_m, off_n], acc)


def tma_matmul(a, b, b_t, BM, BN, BK, num_warps=4, padding="zero", num_stages=3):
    M, K = a.shape
    N = b.shape[0] if b_t else b.shape[1]
    c = torch.empty(M, N, device=DEVICE, dtype=torch.float32)
    a_desc = TensorDescriptor.from_tensor(a, [BM, BK], padding=padding)
    b_desc = TensorDescriptor.from_tensor(b, [BN, BK] if b_t else [BK, BN], padding=padding)
    c_desc = TensorDescriptor.from_tensor(c, [BM, BN])
    grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
    tma_matmul_kernel[grid](a_desc, b_desc, c_desc, M, N, K, BM=BM, BN=BN, BK=BK, B_T=b_t, num_warps=num_warps,
                            num_stages=num_stages)
    return c


def inputs(M, N, K, dtype, b_t):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float32).to(dtype)
    b = torch.randn(N, K, device=DEVICE, dtype=torch.float32).to(dtype)
    if not b_t:
        b = b.T.contiguous()
    return a, b


def reference(a, b, b_t):
    b64 = b.to(torch.float64)
    return (a.to(torch.float64) @ (b64.T if b_t else b64)).to(torch.float32)


@pytest.mark.parametrize("M, N, K", [(256, 256, 128), (200, 136, 80)])
@pytest.mark.parametrize("b_t", [False, True])
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_tma_matmul_16bit(M, N, K, b_t, dtype):
    a, b = inputs(M, N, K, dtype, b_t)
    c = tma_matmul(a, b, b_t, 128, 128, 64)
    torch.testing.assert_close(c, reference(a, b, b_t), atol=2e-2, rtol=1e-3)


@pytest.mark.parametrize("M, N, K", [(256, 512, 128), (136, 264, 80)])
def test_tma_matmul_two_warpgroups(M, N, K):
    a, b = inputs(M, N, K, torch.float16, False)
    # Two stages: Triton's three of a 128x256 fp32 tile (its TMA store's staging) and 64-wide
    # a and b tiles need 278552 bytes of shared memory, more than an H100's 232448.
    c = tma_matmul(a, b, False, 128, 256, 64, num_warps=8, num_stages=2)
    torch.testing.assert_close(c, reference(a, b, False), atol=2e-2, rtol=1e-3)


@pytest.mark.parametrize("b_t", [False, True])
def test_tma_matmul_64_byte_rows(b_t):
    a, b = inputs(192, 200, 96, torch.float16, b_t)
    c = tma_matmul(a, b, b_t, 64, 64, 32)
    torch.testing.assert_close(c, reference(a, b, b_t), atol=2e-2, rtol=1e-3)


@pytest.mark.parametrize("M, N, K", [(256, 128, 128), (200, 136, 80)])
def test_tma_matmul_tf32(M, N, K):
    a, b = inputs(M, N, K, torch.float32, True)
    c = tma_matmul(a, b, True, 128, 128, 32)
    torch.testing.assert_close(c, reference(a, b, True), atol=5e-2, rtol=1e-2)


@pytest.mark.parametrize("M, N, K", [(256, 256, 256), (200, 136, 80)])
def test_tma_matmul_fp8(M, N, K):
    a, b = inputs(M, N, K, torch.float8_e4m3fn, True)
    c = tma_matmul(a, b, True, 128, 128, 128)
    # The tensor cores sum fp8 products with fewer mantissa bits than fp32 (Triton's default
    # max_num_imprecise_acc on sm_90 never promotes): about 2^-10 of the sum's size here.
    torch.testing.assert_close(c, reference(a, b, True), atol=6e-2, rtol=2e-3)


def test_tma_matmul_nan_padding():
    # Ragged M and N only: the NaN rows and columns land outside C, so the stored part is exact.
    a, b = inputs(200, 136, 128, torch.float16, False)
    c = tma_matmul(a, b, False, 128, 128, 64, padding="nan")
    torch.testing.assert_close(c, reference(a, b, False), atol=2e-2, rtol=1e-3)
    # A ragged K reads NaN past its end in both operands: every product sums one in.
    a, b = inputs(128, 128, 80, torch.float16, False)
    c = tma_matmul(a, b, False, 128, 128, 64, padding="nan")
    assert torch.isnan(c).all()
