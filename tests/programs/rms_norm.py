"""
RMSNorm forward: y = x * rsqrt(mean(x^2) + eps) * w, one program per row, a runtime `for` loop
over the row in BLOCK_SIZE chunks (rows longer than one block), 1/rms written out per row.
fp32 and fp16 inputs; the sum of squares is accumulated in fp32 (fp16 values near 300 would
overflow fp16 when squared). Reference: float32 torch ops and `F.rms_norm`.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def rms_norm_fwd_kernel(
    X,  # pointer to the input, [M, N]
    Y,  # pointer to the output, [M, N]
    W,  # pointer to the weights, [N]
    Rrms,  # pointer to 1/rms of each row, [M], fp32
    stride_x,  # row stride of X
    stride_y,  # row stride of Y
    N,  # number of columns
    eps,
    BLOCK_SIZE: tl.constexpr,
):
    row = tl.program_id(0)
    X += row * stride_x
    Y += row * stride_y
    # Sum of squares in fp32, chunk by chunk.
    _sq = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        _sq += x * x
    mean_sq = tl.sum(_sq, axis=0) / N
    rrms = tl.rsqrt(mean_sq + eps)
    tl.store(Rrms + row, rrms)
    # Normalize and scale.
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask).to(tl.float32)
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        y = x * rrms * w
        tl.store(Y + cols, y.to(Y.dtype.element_ty), mask=mask)


def rms_norm(x, weight, eps=1e-6, block_size=None):
    M, N = x.shape
    if block_size is None:
        block_size = min(1024, triton.next_power_of_2(N))
    y = torch.empty((M, N), device=x.device, dtype=x.dtype)
    rrms = torch.empty((M, ), device=x.device, dtype=torch.float32)
    rms_norm_fwd_kernel[(M, )](x, y, weight, rrms, x.stride(0), y.stride(0), N, eps, BLOCK_SIZE=block_size)
    return y, rrms


def reference(x, weight, eps):
    xf = x.float()
    rrms = torch.rsqrt((xf * xf).mean(dim=1, keepdim=True) + eps)
    return (xf * rrms * weight.float()).to(x.dtype), rrms[:, 0]


def tolerances(dtype):
    return (1e-2, 1e-2) if dtype == torch.float16 else (1e-5, 1e-5)


@pytest.mark.parametrize("M, N, block_size", [(1, 1, 16), (3, 3, 16), (1, 5, 4), (7, 100, 32), (5, 1000, 256),
                                              (33, 512, 512), (2, 3000, 1024), (2, 4096, 1024)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_rms_norm(M, N, block_size, dtype):
    torch.manual_seed(0)
    eps = 1e-6
    x = (torch.randn(M, N, device=DEVICE, dtype=torch.float32) * 2.0 + 0.5).to(dtype)
    weight = (torch.rand(N, device=DEVICE, dtype=torch.float32) + 0.5).to(dtype)
    y, rrms = rms_norm(x, weight, eps, block_size)
    y_ref, rrms_ref = reference(x, weight, eps)
    atol, rtol = tolerances(dtype)
    torch.testing.assert_close(y, y_ref, atol=atol, rtol=rtol)
    torch.testing.assert_close(rrms, rrms_ref, atol=1e-5, rtol=1e-5)


def test_rms_norm_matches_functional():
    torch.manual_seed(1)
    x = torch.randn(9, 333, device=DEVICE, dtype=torch.float32)
    weight = torch.randn(333, device=DEVICE, dtype=torch.float32)
    y, _ = rms_norm(x, weight, 1e-5, block_size=128)
    torch.testing.assert_close(y, torch.nn.functional.rms_norm(x, (333, ), weight, 1e-5), atol=1e-5, rtol=1e-5)


def test_rms_norm_zero_rows_and_strided_view():
    # A zero row gives rsqrt(eps) and an all-zero output; the input is a view with a row stride (40)
    # larger than its row length (33).
    torch.manual_seed(2)
    base = torch.randn(6, 40, device=DEVICE, dtype=torch.float32)
    base[2] = 0.0
    x = base[:, :33]
    assert x.stride(0) == 40
    weight = torch.rand(33, device=DEVICE, dtype=torch.float32)
    eps = 1e-6
    y, rrms = rms_norm(x, weight, eps, block_size=16)
    y_ref, rrms_ref = reference(x, weight, eps)
    torch.testing.assert_close(y, y_ref, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(rrms, rrms_ref, atol=1e-5, rtol=1e-5)
    assert torch.equal(y[2], torch.zeros(33, device=DEVICE, dtype=torch.float32))
    assert abs(rrms[2].item() - 1000.0) < 1e-2


def test_rms_norm_fp16_large_values():
    # |x| around 300: x * x (9e4) would overflow fp16; the kernel squares in fp32.
    torch.manual_seed(3)
    x = (torch.rand(4, 200, device=DEVICE, dtype=torch.float32) * 100.0 + 250.0).to(torch.float16)
    x[1] = -x[1]
    weight = torch.ones(200, device=DEVICE, dtype=torch.float16)
    y, rrms = rms_norm(x, weight, 1e-6, block_size=64)
    assert y.float().abs().max().item() < 10.0  # finite: no fp16 overflow in the sum of squares
    y_ref, rrms_ref = reference(x, weight, 1e-6)
    torch.testing.assert_close(y, y_ref, atol=1e-2, rtol=1e-2)
    torch.testing.assert_close(rrms, rrms_ref, atol=1e-6, rtol=1e-4)
