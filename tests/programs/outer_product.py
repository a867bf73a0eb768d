"""
Outer product by broadcasting: `x[:, None] * y[None, :]` on a 2-D grid of tiles, with the row
and column masks combined the same way. Also an outer sum with `tl.broadcast_to` and
`tl.expand_dims`, and int32 inputs.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def outer_kernel(x_ptr, y_ptr, out_ptr, M, N, stride_om, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 ADD: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + offs_m, mask=offs_m < M, other=0)
    y = tl.load(y_ptr + offs_n, mask=offs_n < N, other=0)
    if ADD:
        xs = tl.broadcast_to(tl.expand_dims(x, 1), (BLOCK_M, BLOCK_N))
        ys = tl.broadcast_to(tl.expand_dims(y, 0), (BLOCK_M, BLOCK_N))
        out = xs + ys
    else:
        out = x[:, None] * y[None, :]
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(out_ptr + offs_m[:, None] * stride_om + offs_n[None, :], out, mask=mask)


def outer(x, y, add=False):
    M = x.numel()
    N = y.numel()
    out = torch.empty((M, N), device=x.device, dtype=x.dtype)
    BLOCK_M = 16
    BLOCK_N = 32
    grid = (triton.cdiv(M, BLOCK_M), triton.cdiv(N, BLOCK_N))
    outer_kernel[grid](x, y, out, M, N, out.stride(0), BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, ADD=add)
    return out


@pytest.mark.parametrize("M, N", [(1, 1), (1, 3), (3, 1), (16, 32), (17, 33), (100, 70)])
def test_outer_product(M, N):
    torch.manual_seed(0)
    x = torch.randn(M, device=DEVICE, dtype=torch.float32)
    y = torch.randn(N, device=DEVICE, dtype=torch.float32)
    torch.testing.assert_close(outer(x, y), x[:, None] * y[None, :])


@pytest.mark.parametrize("M, N", [(3, 5), (40, 20)])
def test_outer_sum_int32(M, N):
    x = torch.arange(0, M, device=DEVICE, dtype=torch.int32) * 7 - 11
    y = torch.arange(0, N, device=DEVICE, dtype=torch.int32) * -3
    out = outer(x, y, add=True)
    assert out.dtype == torch.int32
    assert torch.equal(out, x[:, None] + y[None, :])
    assert torch.equal(outer(x, y), x[:, None] * y[None, :])
