"""
fp8 (tl.float8e4nv = torch.float8_e4m3fn, tl.float8e5 = torch.float8_e5m2): quantize fp32 to fp8
with a scale, read fp8 back, and multiply fp8 matrices with tl.dot (fp32 accumulation), mixing
the two formats. In kernels a float -> fp8 conversion rounds to nearest even and saturates to
the largest finite value (PTX cvt.rn.satfinite); torch's .to() does not saturate, so references
clamp first.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()

FP8 = {"e4nv": torch.float8_e4m3fn, "e5": torch.float8_e5m2}
FP8_MAX = {"e4nv": 448.0, "e5": 57344.0}


@triton.jit
def quantize_kernel(x_ptr, out_ptr, scale, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    # The output pointer's element type decides the format.
    tl.store(out_ptr + offs, (x * scale).to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def dequantize_kernel(q_ptr, out_ptr, scale, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    q = tl.load(q_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, q.to(tl.float32) * scale, mask=mask)


@triton.jit
def fp8_to_half_kernel(q_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # fp8 -> fp16 and a mixed fp8 + fp16 sum (promoted to fp16).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    q = tl.load(q_ptr + offs, mask=mask, other=0.0)
    h = q.to(tl.float16)
    tl.store(out_ptr + offs, h + q, mask=mask)


@triton.jit
def fp8_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                      MAX_IMPRECISE: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        kk = k * BLOCK_K + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        # MAX_IMPRECISE None: the tensor cores' own sums (Triton's sm_90 default); 32: every 32
        # products are added into the fp32 accumulator.
        acc = tl.dot(a, b, acc, max_num_imprecise_acc=MAX_IMPRECISE)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


def quantize(x, fmt, scale):
    out = torch.empty(x.shape, device=DEVICE, dtype=FP8[fmt])
    n = x.numel()
    quantize_kernel[(triton.cdiv(n, 256), )](x, out, scale, n, BLOCK=256)
    return out


@pytest.mark.parametrize("fmt", ["e4nv", "e5"])
@pytest.mark.parametrize("n", [1, 100, 1000])
def test_quantize_rounds_to_nearest_even(fmt, n):
    torch.manual_seed(0)
    x = torch.randn(n, device=DEVICE) * 20
    q = quantize(x, fmt, 2.0)
    ref = (x * 2.0).to(FP8[fmt])
    assert torch.equal(q.view(torch.uint8), ref.view(torch.uint8))


@pytest.mark.parametrize("fmt", ["e4nv", "e5"])
def test_quantize_saturates(fmt):
    big = FP8_MAX[fmt]
    x = torch.tensor([3 * big, -3 * big, big, -big, 0.5, -0.0, float("inf"), float("-inf")], device=DEVICE)
    q = quantize(x, fmt, 1.0)
    ref = x.clamp(-big, big).to(FP8[fmt])
    assert torch.equal(q.view(torch.uint8), ref.view(torch.uint8))


@pytest.mark.parametrize("fmt", ["e4nv", "e5"])
def test_dequantize_every_finite_value(fmt):
    bits = torch.arange(256, device=DEVICE, dtype=torch.int32).to(torch.uint8)
    q = bits.view(FP8[fmt])
    ref = q.to(torch.float32) * 0.5
    finite = torch.isfinite(ref)
    out = torch.empty(256, device=DEVICE)
    dequantize_kernel[(1, )](q, out, 0.5, 256, BLOCK=256)
    assert torch.equal(out[finite], ref[finite])
    assert torch.equal(torch.isnan(out), torch.isnan(ref))


def test_fp8_to_half():
    torch.manual_seed(0)
    q = (torch.randn(300, device=DEVICE) * 8).to(torch.float8_e4m3fn)
    out = torch.empty(300, device=DEVICE, dtype=torch.float16)
    fp8_to_half_kernel[(2, )](q, out, 300, BLOCK=256)
    torch.testing.assert_close(out, q.to(torch.float16) * 2)


@pytest.mark.parametrize("fa, fb, max_imprecise", [("e4nv", "e4nv", None), ("e5", "e5", None), ("e4nv", "e5", None),
                                                   ("e4nv", "e4nv", 32)])
@pytest.mark.parametrize("M, N, K", [(64, 64, 64), (50, 70, 90)])
def test_fp8_matmul(fa, fb, max_imprecise, M, N, K):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE).to(FP8[fa])
    b = torch.randn(K, N, device=DEVICE).to(FP8[fb])
    c = torch.empty(M, N, device=DEVICE)
    grid = (triton.cdiv(M, 64), triton.cdiv(N, 64))
    fp8_matmul_kernel[grid](a, b, c, M, N, K, BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, MAX_IMPRECISE=max_imprecise)
    ref = a.to(torch.float32) @ b.to(torch.float32)
    # Products of fp8 values are exact in fp32, but Hopper's fp8 tensor cores add them with
    # fewer mantissa bits than fp32 (Triton's default max_num_imprecise_acc on sm_90 never
    # promotes the sum): up to about 1e-2 here, against 1e-6 on the interpreter.
    torch.testing.assert_close(c, ref, rtol=1e-3, atol=2e-2)
