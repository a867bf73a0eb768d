"""
Layer norm forward and backward as in Triton's tutorial 05: the forward kernel (the whole row in one
block, mean and rstd saved), the backward kernel computing dX and accumulating partial dW/dB sums
of the rows that share one of GROUP_SIZE_M buffers under a spin lock built from `tl.atomic_cas` /
`tl.atomic_xchg` in a `while` loop (the first writer of a buffer stores, later ones accumulate),
and a second kernel summing the GROUP_SIZE_M partial rows into dW and dB.

The harness has no autograd, so the reference gradients are the analytic ones computed with torch
ops in float64, and a central finite difference of sum(layer_norm(x, w, b) * dy) checks the
kernel's gradients along random directions without using that formula.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def _layer_norm_fwd_fused(
    X,  # pointer to the input
    Y,  # pointer to the output
    W,  # pointer to the weights
    B,  # pointer to the biases
    Mean,  # pointer to the mean
    Rstd,  # pointer to the 1/std
    stride,  # how much to increase the pointer when moving by 1 row
    N,  # number of columns in X
    eps,  # epsilon to avoid division by zero
    BLOCK_SIZE: tl.constexpr,
):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < N
    X += row * stride
    Y += row * stride
    x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    xmean = tl.where(mask, x - mean, 0.)
    var = tl.sum(xmean * xmean, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    w = tl.load(W + cols, mask=mask)
    b = tl.load(B + cols, mask=mask)
    y = xmean * rstd * w + b
    tl.store(Y + cols, y, mask=mask)


@triton.jit
def _layer_norm_bwd_dx_fused(
    DX,  # pointer to the input gradient
    DY,  # pointer to the output gradient
    DW,  # pointer to the partial sums of the weights gradient, [GROUP_SIZE_M, N]
    DB,  # pointer to the partial sums of the biases gradient, [GROUP_SIZE_M, N]
    X,  # pointer to the input
    W,  # pointer to the weights
    Mean,  # pointer to the mean
    Rstd,  # pointer to the 1/std
    Lock,  # pointer to the locks, [GROUP_SIZE_M], then the counts, [GROUP_SIZE_M]
    stride,  # how much to increase the pointer when moving by 1 row
    N,  # number of columns in X
    GROUP_SIZE_M: tl.constexpr,
    BLOCK_SIZE_N: tl.constexpr,
):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE_N)
    mask = cols < N
    X += row * stride
    DY += row * stride
    DX += row * stride
    # The rows with the same row % GROUP_SIZE_M share one lock and one partial-sum buffer.
    lock_id = row % GROUP_SIZE_M
    Lock += lock_id
    Count = Lock + GROUP_SIZE_M
    DW = DW + lock_id * N + cols
    DB = DB + lock_id * N + cols
    x = tl.load(X + cols, mask=mask, other=0).to(tl.float32)
    dy = tl.load(DY + cols, mask=mask, other=0).to(tl.float32)
    w = tl.load(W + cols, mask=mask).to(tl.float32)
    mean = tl.load(Mean + row)
    rstd = tl.load(Rstd + row)
    # dx.
    xhat = (x - mean) * rstd
    wdy = w * dy
    xhat = tl.where(mask, xhat, 0.)
    wdy = tl.where(mask, wdy, 0.)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    tl.store(DX + cols, dx, mask=mask)
    # Partial dw/db, accumulated under the lock.
    partial_dw = (dy * xhat).to(w.dtype)
    partial_db = (dy).to(w.dtype)
    while tl.atomic_cas(Lock, 0, 1) == 1:
        pass
    count = tl.load(Count)
    # The first store does not accumulate.
    if count == 0:
        tl.atomic_xchg(Count, 1)
    else:
        partial_dw += tl.load(DW, mask=mask)
        partial_db += tl.load(DB, mask=mask)
    tl.store(DW, partial_dw, mask=mask)
    tl.store(DB, partial_db, mask=mask)
    # Every thread has stored before the lock is released.
    tl.debug_barrier()
    tl.atomic_xchg(Lock, 0)


@triton.jit
def _layer_norm_bwd_dwdb(
    DW,  # pointer to the partial sums of the weights gradient
    DB,  # pointer to the partial sums of the biases gradient
    FINAL_DW,  # pointer to the weights gradient
    FINAL_DB,  # pointer to the biases gradient
    M,  # number of partial rows (GROUP_SIZE_M, or fewer)
    N,  # number of columns
    BLOCK_SIZE_M: tl.constexpr,
    BLOCK_SIZE_N: tl.constexpr,
):
    pid = tl.program_id(0)
    cols = pid * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    dw = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    db = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for i in range(0, M, BLOCK_SIZE_M):
        rows = i + tl.arange(0, BLOCK_SIZE_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dw += tl.load(DW + offs, mask=mask, other=0.)
        db += tl.load(DB + offs, mask=mask, other=0.)
    sum_dw = tl.sum(dw, axis=0)
    sum_db = tl.sum(db, axis=0)
    tl.store(FINAL_DW + cols, sum_dw, mask=cols < N)
    tl.store(FINAL_DB + cols, sum_db, mask=cols < N)


def block_config(x):
    N = x.shape[1]
    MAX_FUSED_SIZE = 65536 // x.element_size()
    BLOCK_SIZE = min(MAX_FUSED_SIZE, triton.next_power_of_2(N))
    assert N <= BLOCK_SIZE, "This layer norm doesn't support feature dim >= 64KB."
    num_warps = min(max(BLOCK_SIZE // 256, 1), 8)
    return BLOCK_SIZE, num_warps


def layer_norm_fwd(x, weight, bias, eps):
    M, N = x.shape
    y = torch.empty_like(x)
    mean = torch.empty((M, ), dtype=torch.float32, device=x.device)
    rstd = torch.empty((M, ), dtype=torch.float32, device=x.device)
    BLOCK_SIZE, num_warps = block_config(x)
    _layer_norm_fwd_fused[(M, )](x, y, weight, bias, mean, rstd, x.stride(0), N, eps, BLOCK_SIZE=BLOCK_SIZE,
                                 num_warps=num_warps)
    return y, mean, rstd


def layer_norm_bwd(dy, x, w, mean, rstd, group_size_m=None):
    M, N = x.shape
    if group_size_m is None:
        # Tutorial 05's heuristic for the number of partial-sum buffers.
        group_size_m = 64
        if N <= 8192:
            group_size_m = 96
        if N <= 4096:
            group_size_m = 128
        if N <= 1024:
            group_size_m = 256
    BLOCK_SIZE, num_warps = block_config(x)
    locks = torch.zeros(2 * group_size_m, dtype=torch.int32, device=w.device)
    _dw = torch.zeros((group_size_m, N), dtype=x.dtype, device=w.device)
    _db = torch.zeros((group_size_m, N), dtype=x.dtype, device=w.device)
    dw = torch.empty((N, ), dtype=w.dtype, device=w.device)
    db = torch.empty((N, ), dtype=w.dtype, device=w.device)
    dx = torch.empty_like(dy)
    _layer_norm_bwd_dx_fused[(M, )](dx, dy, _dw, _db, x, w, mean, rstd, locks, x.stride(0), N,
                                    GROUP_SIZE_M=group_size_m, BLOCK_SIZE_N=BLOCK_SIZE, num_warps=num_warps)
    grid = lambda meta: (triton.cdiv(N, meta['BLOCK_SIZE_N']), )
    _layer_norm_bwd_dwdb[grid](_dw, _db, dw, db, min(group_size_m, M), N, BLOCK_SIZE_M=32, BLOCK_SIZE_N=128)
    # Every lock is released, and the count of every buffer that some row used is 1.
    assert locks[:group_size_m].sum().item() == 0
    assert locks[group_size_m:].sum().item() == min(group_size_m, M)
    return dx, dw, db


def reference_grads(x, w, dy, eps):
    # The analytic gradients of y = (x - mean) * rstd * w + b, in float64.
    xf, wf, dyf = x.double(), w.double(), dy.double()
    N = x.shape[1]
    mean = xf.mean(dim=1, keepdim=True)
    xc = xf - mean
    rstd = 1.0 / torch.sqrt((xc * xc).mean(dim=1, keepdim=True) + eps)
    xhat = xc * rstd
    wdy = wf[None, :] * dyf
    c1 = (xhat * wdy).sum(dim=1, keepdim=True) / N
    c2 = wdy.sum(dim=1, keepdim=True) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    return dx, (dyf * xhat).sum(dim=0), dyf.sum(dim=0)


def make_inputs(M, N, dtype, seed):
    torch.manual_seed(seed)
    weight = torch.rand(N, dtype=torch.float32, device=DEVICE).to(dtype)
    bias = torch.rand(N, dtype=torch.float32, device=DEVICE).to(dtype)
    x = (-2.3 + 0.5 * torch.randn(M, N, dtype=torch.float32, device=DEVICE)).to(dtype)
    dy = (.1 * torch.randn(M, N, dtype=torch.float32, device=DEVICE)).to(dtype)
    return x, weight, bias, dy


@pytest.mark.parametrize("M, N, group_size_m", [(1, 1, 4), (3, 3, 8), (7, 100, 2), (33, 128, 4), (65, 1000, 8),
                                                (100, 300, 64), (40, 77, None), (4, 4096, 2)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_layer_norm_fwd_bwd(M, N, group_size_m, dtype):
    eps = 1e-5
    x, weight, bias, dy = make_inputs(M, N, dtype, 0)
    y, mean, rstd = layer_norm_fwd(x, weight, bias, eps)
    y_ref = torch.nn.functional.layer_norm(x.float(), (N, ), weight.float(), bias.float(), eps).to(dtype)
    dx, dw, db = layer_norm_bwd(dy, x, weight, mean, rstd, group_size_m)
    dx_ref, dw_ref, db_ref = reference_grads(x, weight, dy, eps)
    if dtype == torch.float16:
        torch.testing.assert_close(y, y_ref, atol=1e-2, rtol=0)
        torch.testing.assert_close(dx, dx_ref.to(dtype), atol=1e-2, rtol=0)
        torch.testing.assert_close(dw, dw_ref.to(dtype), atol=2e-2, rtol=1e-2)
        torch.testing.assert_close(db, db_ref.to(dtype), atol=2e-2, rtol=1e-2)
    else:
        torch.testing.assert_close(y, y_ref, atol=1e-5, rtol=1e-5)
        torch.testing.assert_close(dx, dx_ref.float(), atol=1e-4, rtol=1e-4)
        torch.testing.assert_close(dw, dw_ref.float(), atol=1e-4, rtol=1e-4)
        torch.testing.assert_close(db, db_ref.float(), atol=1e-4, rtol=1e-4)


def loss(x, w, b, dy, eps):
    y = torch.nn.functional.layer_norm(x, (x.shape[1], ), w, b, eps)
    return (y * dy).sum().item()


def test_layer_norm_bwd_finite_differences():
    # d/dh sum(layer_norm(x + h v, w, b) * dy) at h = 0 is sum(dx * v); likewise for w and b. The
    # central difference in float64 checks the kernel's gradients independently of reference_grads.
    M, N, eps, h = 6, 37, 1e-5, 1e-4
    x, weight, bias, dy = make_inputs(M, N, torch.float32, 1)
    y, mean, rstd = layer_norm_fwd(x, weight, bias, eps)
    dx, dw, db = layer_norm_bwd(dy, x, weight, mean, rstd, group_size_m=4)
    xd, wd, bd, dyd = x.double(), weight.double(), bias.double(), dy.double()
    vx = torch.randn(M, N, dtype=torch.float32, device=DEVICE).double()
    vw = torch.randn(N, dtype=torch.float32, device=DEVICE).double()
    vb = torch.randn(N, dtype=torch.float32, device=DEVICE).double()
    fd_x = (loss(xd + h * vx, wd, bd, dyd, eps) - loss(xd - h * vx, wd, bd, dyd, eps)) / (2 * h)
    fd_w = (loss(xd, wd + h * vw, bd, dyd, eps) - loss(xd, wd - h * vw, bd, dyd, eps)) / (2 * h)
    fd_b = (loss(xd, wd, bd + h * vb, dyd, eps) - loss(xd, wd, bd - h * vb, dyd, eps)) / (2 * h)
    for fd, grad, v in [(fd_x, dx, vx), (fd_w, dw, vw), (fd_b, db, vb)]:
        analytic = (grad.double() * v).sum().item()
        assert abs(analytic - fd) <= 1e-4 * max(1.0, abs(fd)), f"{analytic} != {fd}"


def test_layer_norm_bwd_all_rows_share_one_lock():
    # GROUP_SIZE_M = 1: every row takes the same lock and accumulates into the same buffer.
    eps = 1e-5
    x, weight, bias, dy = make_inputs(50, 64, torch.float32, 2)
    y, mean, rstd = layer_norm_fwd(x, weight, bias, eps)
    dx, dw, db = layer_norm_bwd(dy, x, weight, mean, rstd, group_size_m=1)
    dx_ref, dw_ref, db_ref = reference_grads(x, weight, dy, eps)
    torch.testing.assert_close(dx, dx_ref.float(), atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(dw, dw_ref.float(), atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(db, db_ref.float(), atol=1e-4, rtol=1e-4)
