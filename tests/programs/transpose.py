"""
Transposed copy: out[j, i] = x[i, j], tile by tile, every address computed from strides, so a
non-contiguous input (a transposed or sliced view) works too. Also an in-register `tl.trans`.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def transpose_kernel(x_ptr, out_ptr, M, N, stride_xm, stride_xn, stride_om, stride_on, BLOCK_M: tl.constexpr,
                     BLOCK_N: tl.constexpr, USE_TRANS: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tile = tl.load(x_ptr + offs_m[:, None] * stride_xm + offs_n[None, :] * stride_xn, mask=mask)
    if USE_TRANS:
        # out is [N, M]: rows indexed by offs_n, columns by offs_m; the tile is [BLOCK_N, BLOCK_M].
        out_mask = (offs_n[:, None] < N) & (offs_m[None, :] < M)
        tl.store(out_ptr + offs_n[:, None] * stride_om + offs_m[None, :] * stride_on, tl.trans(tile), mask=out_mask)
    else:
        # Same [BLOCK_M, BLOCK_N] tile, written through transposed addresses.
        tl.store(out_ptr + offs_n[None, :] * stride_om + offs_m[:, None] * stride_on, tile, mask=mask)


def transpose(x, use_trans=False, block_m=16, block_n=32):
    M, N = x.shape
    out = torch.empty((N, M), device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(M, block_m), triton.cdiv(N, block_n))
    transpose_kernel[grid](x, out, M, N, x.stride(0), x.stride(1), out.stride(0), out.stride(1), BLOCK_M=block_m,
                           BLOCK_N=block_n, USE_TRANS=use_trans)
    return out


@pytest.mark.parametrize("M, N", [(1, 1), (1, 3), (3, 1), (16, 32), (17, 45), (100, 61)])
@pytest.mark.parametrize("use_trans", [False, True])
def test_transpose(M, N, use_trans):
    torch.manual_seed(0)
    x = torch.randn(M, N, device=DEVICE, dtype=torch.float32)
    assert torch.equal(transpose(x, use_trans), x.t().contiguous())


def test_transpose_of_views():
    torch.manual_seed(0)
    base = torch.randn(50, 70, device=DEVICE, dtype=torch.float16)
    # A transposed view (strides (1, 70)) ...
    xt = base.t()
    assert torch.equal(transpose(xt), base)
    # ... and a sliced view (row stride 70, column stride 2).
    xs = base[3:40, 1:60:2]
    assert torch.equal(transpose(xs, use_trans=True), xs.t().contiguous())
