"""
Prefix sums with `tl.cumsum`: along the rows of a 2-D tile (axis=1, one program per block of
rows), and over a 1-D vector in one block (int32, exact) and with `reverse=True`.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def row_cumsum_kernel(x_ptr, out_ptr, n_rows, n_cols, stride, BLOCK_ROWS: tl.constexpr, BLOCK_COLS: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    cols = tl.arange(0, BLOCK_COLS)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    offs = rows[:, None] * stride + cols[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.cumsum(x, axis=1), mask=mask)


@triton.jit
def vector_cumsum_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, REVERSE: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.store(out_ptr + offs, tl.cumsum(x, axis=0, reverse=REVERSE), mask=mask)


def row_cumsum(x):
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    BLOCK_ROWS = 4
    BLOCK_COLS = triton.next_power_of_2(n_cols)
    row_cumsum_kernel[(triton.cdiv(n_rows, BLOCK_ROWS), )](x, out, n_rows, n_cols, x.stride(0), BLOCK_ROWS=BLOCK_ROWS,
                                                           BLOCK_COLS=BLOCK_COLS)
    return out


def vector_cumsum(x, reverse=False):
    n = x.numel()
    out = torch.empty_like(x)
    vector_cumsum_kernel[(1, )](x, out, n, BLOCK=triton.next_power_of_2(n), REVERSE=reverse)
    return out


@pytest.mark.parametrize("n_rows, n_cols", [(1, 1), (3, 1), (1, 3), (5, 7), (13, 100), (32, 256), (9, 1000)])
def test_row_cumsum(n_rows, n_cols):
    torch.manual_seed(0)
    x = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32)
    torch.testing.assert_close(row_cumsum(x), torch.cumsum(x, dim=1), atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("n", [1, 3, 100, 1024, 3000])
def test_vector_cumsum_int32(n):
    torch.manual_seed(0)
    x = torch.randint(-50, 50, (n, ), device=DEVICE, dtype=torch.int32)
    out = vector_cumsum(x)
    assert torch.equal(out, torch.cumsum(x, dim=0).to(torch.int32))
    # Suffix sums: out[i] = x[i] + x[i + 1] + ... + x[n - 1].
    rev = vector_cumsum(x, reverse=True)
    assert torch.equal(rev, torch.cumsum(x.flip(0), dim=0).flip(0).to(torch.int32))
