"""
Scans on the GPU against torch: cumsum / cumprod along either axis of 2-D blocks, 1-D blocks
smaller and larger than the program's threads, reverse=True, int32 (exact), and
associative_scan with a non-commutative @triton.jit combine (a first-order linear recurrence
h = a * h + b over (a, b) pairs), where the order of every combine matters.
Run: tilesmith test --backend cuda tests/gpu/reduce_scan.py
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def scan2d_kernel(x_ptr, out_ptr, M, N, AXIS: tl.constexpr, REVERSE: tl.constexpr, PROD: tl.constexpr,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)[:, None]
    rn = tl.arange(0, BLOCK_N)[None, :]
    mask = (rm < M) & (rn < N)
    if PROD:
        x = tl.load(x_ptr + rm * N + rn, mask=mask, other=1)
        y = tl.cumprod(x, axis=AXIS, reverse=REVERSE)
    else:
        x = tl.load(x_ptr + rm * N + rn, mask=mask, other=0)
        y = tl.cumsum(x, axis=AXIS, reverse=REVERSE)
    tl.store(out_ptr + rm * N + rn, y, mask=mask)


def scan2d(x, axis, reverse=False, prod=False, num_warps=4):
    M, N = x.shape
    out = torch.empty_like(x)
    scan2d_kernel[(1, )](x, out, M, N, AXIS=axis, REVERSE=reverse, PROD=prod, BLOCK_M=triton.next_power_of_2(M),
                         BLOCK_N=triton.next_power_of_2(N), num_warps=num_warps)
    return out


def torch_scan(x, axis, reverse, prod):
    f = torch.cumprod if prod else torch.cumsum
    if reverse:
        return f(x.flip(axis), dim=axis).flip(axis).to(x.dtype)
    return f(x, dim=axis).to(x.dtype)


@pytest.mark.parametrize("M, N", [(1, 1), (1, 2048), (4, 1000), (16, 64), (64, 16), (128, 8), (3, 33)])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("num_warps", [1, 4])
def test_cumsum_int32_exact(M, N, axis, reverse, num_warps):
    torch.manual_seed(0)
    x = torch.randint(-100, 100, (M, N), device=DEVICE, dtype=torch.int32)
    assert torch.equal(scan2d(x, axis, reverse, num_warps=num_warps), torch_scan(x, axis, reverse, False))


@pytest.mark.parametrize("M, N", [(8, 64), (32, 32), (2, 4096)])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("reverse", [False, True])
def test_cumsum_cumprod_fp32(M, N, axis, reverse):
    torch.manual_seed(0)
    x = torch.randn(M, N, device=DEVICE, dtype=torch.float32)
    torch.testing.assert_close(scan2d(x, axis, reverse), torch_scan(x, axis, reverse, False), atol=1e-3, rtol=1e-3)
    p = 1.0 + 0.01 * torch.randn(M, N, device=DEVICE, dtype=torch.float32)
    torch.testing.assert_close(scan2d(p, axis, reverse, prod=True), torch_scan(p, axis, reverse, True), atol=1e-3,
                               rtol=1e-3)


@triton.jit
def affine_combine(a1, b1, a2, b2):
    # apply (a1, b1) first, then (a2, b2): h -> a2 * (a1 * h + b1) + b2
    return a1 * a2, a2 * b1 + b2


@triton.jit
def recurrence_kernel(a_ptr, b_ptr, h_ptr, n, REVERSE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=1.0)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)
    _, h = tl.associative_scan((a, b), 0, affine_combine, reverse=REVERSE)
    tl.store(h_ptr + offs, h, mask=mask)


@pytest.mark.parametrize("n", [1, 7, 32, 200, 1024, 3000])
@pytest.mark.parametrize("reverse", [False, True])
def test_linear_recurrence_non_commutative(n, reverse):
    torch.manual_seed(0)
    a = (0.5 + 0.5 * torch.rand(n, device=DEVICE, dtype=torch.float64)).to(torch.float32)
    b = torch.randn(n, device=DEVICE, dtype=torch.float32)
    h = torch.empty_like(a)
    recurrence_kernel[(1, )](a, b, h, n, REVERSE=reverse, BLOCK=triton.next_power_of_2(n))
    ref = torch.empty(n, dtype=torch.float64)
    acc = 0.0
    order = range(n - 1, -1, -1) if reverse else range(n)
    for i in order:
        acc = float(a[i]) * acc + float(b[i])
        ref[i] = acc
    torch.testing.assert_close(h.double().cpu(), ref, atol=1e-4, rtol=1e-4)
