"""
Mean and variance of each row with Welford's algorithm: `tl.reduce` over a (mean, m2, count) tuple
with a `@triton.jit` combine function that merges two partial results (Chan et al.'s parallel
update), numerically stable where the one-pass sum of squares is not (rows around 1e4 with unit
spread). Two kernels: a tile of rows reduced along axis=1 in one block, and one program per row
looping over the row in chunks, each chunk reduced to a tuple and merged into the running one by
calling the same combine function on scalars. Reference: `x.var(dim=1, unbiased=False)` and
`x.mean(dim=1)` (the values of `torch.var_mean(x, dim=1, unbiased=False)`).
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def welford_combine(mean_a, m2_a, count_a, mean_b, m2_b, count_b):
    count = count_a + count_b
    delta = mean_b - mean_a
    # Two empty partials (masked lanes) merge to an empty one.
    frac_b = tl.where(count == 0.0, 0.0, count_b / tl.where(count == 0.0, 1.0, count))
    mean = mean_a + delta * frac_b
    m2 = m2_a + m2_b + delta * delta * count_a * frac_b
    return mean, m2, count


@triton.jit
def welford_rows_kernel(x_ptr, mean_ptr, var_ptr, n_rows, n_cols, stride, BLOCK_ROWS: tl.constexpr,
                        BLOCK_COLS: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    cols = tl.arange(0, BLOCK_COLS)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=mask, other=0.0).to(tl.float32)
    # Each element is a partial of one value: (x, 0, 1); a masked lane is empty: (0, 0, 0).
    m2 = tl.zeros([BLOCK_ROWS, BLOCK_COLS], dtype=tl.float32)
    count = tl.where(mask, 1.0, 0.0)
    mean, m2, count = tl.reduce((x, m2, count), 1, welford_combine)
    row_mask = rows < n_rows
    tl.store(mean_ptr + rows, mean, mask=row_mask)
    tl.store(var_ptr + rows, m2 / count, mask=row_mask)


@triton.jit
def welford_chunked_kernel(x_ptr, mean_ptr, var_ptr, n_cols, stride, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    x_ptr += row * stride
    mean = 0.0
    m2 = 0.0
    count = 0.0
    for off in range(0, n_cols, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < n_cols
        x = tl.load(x_ptr + cols, mask=mask, other=0.0).to(tl.float32)
        c_mean, c_m2, c_count = tl.reduce((x, tl.zeros_like(x), tl.where(mask, 1.0, 0.0)), 0, welford_combine)
        mean, m2, count = welford_combine(mean, m2, count, c_mean, c_m2, c_count)
    tl.store(mean_ptr + row, mean)
    tl.store(var_ptr + row, m2 / count)


def welford_rows(x, block_rows=4):
    n_rows, n_cols = x.shape
    mean = torch.empty((n_rows, ), device=x.device, dtype=torch.float32)
    var = torch.empty((n_rows, ), device=x.device, dtype=torch.float32)
    welford_rows_kernel[(triton.cdiv(n_rows, block_rows), )](x, mean, var, n_rows, n_cols, x.stride(0),
                                                             BLOCK_ROWS=block_rows,
                                                             BLOCK_COLS=triton.next_power_of_2(n_cols))
    return mean, var


def welford_chunked(x, block_size):
    n_rows, n_cols = x.shape
    mean = torch.empty((n_rows, ), device=x.device, dtype=torch.float32)
    var = torch.empty((n_rows, ), device=x.device, dtype=torch.float32)
    welford_chunked_kernel[(n_rows, )](x, mean, var, n_cols, x.stride(0), BLOCK_SIZE=block_size)
    return mean, var


def reference(x):
    xf = x.double()
    return xf.mean(dim=1).float(), xf.var(dim=1, unbiased=False).float()


@pytest.mark.parametrize("n_rows, n_cols", [(1, 1), (3, 1), (1, 3), (5, 7), (13, 100), (32, 256), (9, 1000)])
def test_welford_rows(n_rows, n_cols):
    torch.manual_seed(0)
    x = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32) * 3.0 + 1.0
    mean, var = welford_rows(x)
    mean_ref, var_ref = reference(x)
    torch.testing.assert_close(mean, mean_ref, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(var, var_ref, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("n_rows, n_cols, block_size", [(1, 1, 16), (2, 3, 16), (3, 100, 32), (7, 1000, 256),
                                                        (4, 3000, 1024), (2, 4096, 512)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_welford_chunked(n_rows, n_cols, block_size, dtype):
    torch.manual_seed(0)
    x = (torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32) * 2.0 - 1.0).to(dtype)
    mean, var = welford_chunked(x, block_size)
    mean_ref, var_ref = reference(x)
    torch.testing.assert_close(mean, mean_ref, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(var, var_ref, atol=1e-5, rtol=1e-4)


def test_welford_large_offset_and_constant_rows():
    # Rows around 1e4 with unit spread: the mean of squares minus the squared mean loses every
    # significant digit in fp32 (squares near 1e8 are 8 apart); Welford keeps the variance. A
    # constant row has variance 0.
    torch.manual_seed(1)
    x = torch.randn(6, 777, device=DEVICE, dtype=torch.float32) + 10000.0
    x[5] = 12345.0
    mean_ref, var_ref = reference(x)
    for mean, var in [welford_rows(x, block_rows=2), welford_chunked(x, 128)]:
        torch.testing.assert_close(mean, mean_ref, atol=5e-3, rtol=1e-6)
        torch.testing.assert_close(var, var_ref, atol=1e-2, rtol=1e-2)
        # Exactly 0 and 12345 on the interpreter; the GPU's fp32 division (not correctly rounded)
        # may leave an ulp.
        assert abs(var[5].item()) < 1e-4
        assert abs(mean[5].item() - 12345.0) < 5e-3
