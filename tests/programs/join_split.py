"""
tl.join, tl.split and tl.interleave: pairs built in registers and taken apart again.
A complex multiply over interleaved (re, im) pairs splits each loaded [BLOCK, 2] tile, computes,
and joins the result back; interleave writes two vectors as one; a [2] block splits into two
scalars and two scalars join into a [2] block.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def complex_mul_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # x, y, out: n complex numbers stored as interleaved (re, im) pairs.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    pair = offs[:, None] * 2 + tl.arange(0, 2)[None, :]
    mask = pair < 2 * n
    xr, xi = tl.split(tl.load(x_ptr + pair, mask=mask, other=0.0))
    yr, yi = tl.load(y_ptr + pair, mask=mask, other=0.0).split()
    re = xr * yr - xi * yi
    im = xr * yi + xi * yr
    tl.store(out_ptr + pair, tl.join(re, im), mask=mask)


def complex_mul(x, y, block=64):
    n = x.shape[0]
    out = torch.empty_like(x)
    complex_mul_kernel[(triton.cdiv(n, block), )](x, y, out, n, BLOCK=block)
    return out


@triton.jit
def interleave_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs, mask=offs < n, other=0)
    b = tl.load(b_ptr + offs, mask=offs < n, other=0)
    out_offs = tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    tl.store(out_ptr + out_offs, tl.interleave(a, b), mask=out_offs < 2 * n)


@triton.jit
def join_rows_kernel(a_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # out[m, n, :] = (a[m, n], 10 * m): a 2-D block joined with a broadcast column.
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    a = tl.load(a_ptr + rows[:, None] * N + cols[None, :], mask=mask, other=0)
    pairs = tl.join(a, rows[:, None] * 10)
    offs = (rows[:, None, None] * N + cols[None, :, None]) * 2 + tl.arange(0, 2)[None, None, :]
    tl.store(out_ptr + offs, pairs, mask=mask[:, :, None])


@triton.jit
def scalar_pairs_kernel(x_ptr, out_ptr):
    # A [2] block splits into two scalars; two scalars join into a [2] block.
    lo, hi = tl.split(tl.load(x_ptr + tl.arange(0, 2)))
    tl.store(out_ptr + tl.arange(0, 2), tl.join(hi - lo, hi + lo))


@pytest.mark.parametrize("n", [1, 3, 64, 100, 1000])
def test_complex_mul(n):
    torch.manual_seed(0)
    x = torch.randn(n, 2, device=DEVICE, dtype=torch.float32)
    y = torch.randn(n, 2, device=DEVICE, dtype=torch.float32)
    ref = torch.stack((x[:, 0] * y[:, 0] - x[:, 1] * y[:, 1], x[:, 0] * y[:, 1] + x[:, 1] * y[:, 0]), dim=1)
    torch.testing.assert_close(complex_mul(x, y), ref)


@pytest.mark.parametrize("n", [1, 3, 128, 1000])
@pytest.mark.parametrize("dtype", [torch.float16, torch.int32])
def test_interleave(n, dtype):
    torch.manual_seed(0)
    a = (torch.randn(n, device=DEVICE) * 100).to(dtype)
    b = (torch.randn(n, device=DEVICE) * 100).to(dtype)
    out = torch.empty(2 * n, device=DEVICE, dtype=dtype)
    block = 128
    interleave_kernel[(triton.cdiv(n, block), )](a, b, out, n, BLOCK=block)
    assert torch.equal(out, torch.stack((a, b), dim=1).reshape(-1))


@pytest.mark.parametrize("M, N", [(1, 1), (3, 5), (16, 32), (33, 20)])
def test_join_rows(M, N):
    a = torch.arange(M * N, device=DEVICE, dtype=torch.int32).reshape(M, N)
    out = torch.empty(M, N, 2, device=DEVICE, dtype=torch.int32)
    join_rows_kernel[(triton.cdiv(M, 16), )](a, out, M, N, BLOCK_M=16, BLOCK_N=32)
    rows = (torch.arange(M, device=DEVICE, dtype=torch.int32) * 10)[:, None].expand(M, N)
    assert torch.equal(out, torch.stack((a, rows), dim=2))


def test_scalar_pairs():
    x = torch.tensor([3.0, 10.0], device=DEVICE)
    out = torch.empty(2, device=DEVICE)
    scalar_pairs_kernel[(1, )](x, out)
    assert torch.equal(out, torch.tensor([7.0, 13.0], device=DEVICE))
