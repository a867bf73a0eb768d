"""
argmax / argmin with Triton's tie-breaking (the smallest index among equal values), max with
return_indices, and tl.reduce with a @triton.jit combine over a tuple (Welford mean / variance)
on the GPU, against torch.
Run: tilesmith test --backend cuda tests/gpu/reduce_argmax_tuple.py
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def argmax_kernel(x_ptr, imax_ptr, imin_ptr, vmax_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask, other=-float("inf"))
    tl.store(imax_ptr + rm, tl.argmax(x, axis=1), mask=rm < M)
    y = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask, other=float("inf"))
    tl.store(imin_ptr + rm, tl.argmin(y, axis=1), mask=rm < M)
    v, i = tl.max(x, axis=1, return_indices=True)
    tl.store(vmax_ptr + rm, v, mask=rm < M)


@pytest.mark.parametrize("M, N", [(1, 7), (5, 33), (16, 128), (4, 1024), (64, 16)])
def test_argmax_argmin_ties(M, N):
    torch.manual_seed(0)
    # few distinct values: many ties, the first index must win
    x = torch.randint(0, 4, (M, N), device=DEVICE).to(torch.float32)
    imax = torch.empty(M, device=DEVICE, dtype=torch.int32)
    imin = torch.empty(M, device=DEVICE, dtype=torch.int32)
    vmax = torch.empty(M, device=DEVICE, dtype=torch.float32)
    argmax_kernel[(1, )](x, imax, imin, vmax, M, N, BLOCK_M=triton.next_power_of_2(M),
                         BLOCK_N=triton.next_power_of_2(N))
    # torch.argmax returns the first maximal index as well
    assert torch.equal(imax.long(), torch.argmax(x, dim=1))
    assert torch.equal(imin.long(), torch.argmin(x, dim=1))
    torch.testing.assert_close(vmax, x.amax(dim=1))


@triton.jit
def welford_combine(mean_a, m2_a, n_a, mean_b, m2_b, n_b):
    n = n_a + n_b
    w = tl.where(n == 0.0, 0.0, n_b / n)
    delta = mean_b - mean_a
    return mean_a + delta * w, m2_a + m2_b + delta * delta * n_a * w, n


@triton.jit
def welford_kernel(x_ptr, mean_ptr, var_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(x_ptr + row * N + offs, mask=mask, other=0.0)
    cnt = tl.where(mask, 1.0, 0.0)
    mean, m2, n = tl.reduce((x, tl.zeros_like(x), cnt), 0, welford_combine)
    tl.store(mean_ptr + row, mean)
    tl.store(var_ptr + row, m2 / n)


@pytest.mark.parametrize("rows, N", [(3, 1), (4, 100), (2, 1024), (8, 4096)])
def test_welford_tuple_reduce(rows, N):
    torch.manual_seed(0)
    x = torch.randn(rows, N, device=DEVICE, dtype=torch.float32) * 3.0 + 1.5
    mean = torch.empty(rows, device=DEVICE, dtype=torch.float32)
    var = torch.empty(rows, device=DEVICE, dtype=torch.float32)
    welford_kernel[(rows, )](x, mean, var, N, BLOCK=triton.next_power_of_2(N))
    torch.testing.assert_close(mean, x.mean(dim=1), atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(var, x.var(dim=1, unbiased=False), atol=1e-3, rtol=1e-3)
