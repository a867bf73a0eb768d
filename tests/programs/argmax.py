"""
`tl.argmax` / `tl.argmin` along the rows of a 2-D tile (axis=1, a block of rows per program) and
over a vector in one block (axis=0), int32 and fp32. Ties go to the smallest index, as in Triton
(and in PyTorch, the reference): all-equal rows, rows of small integers with many ties, negative
values. Masked lanes are filled with the identity of the reduction (the dtype's lowest value for
argmax, its highest for argmin), which can only tie with a real element at a larger index, so
they never win. Also `tl.max(..., return_indices=True)` giving the value and its index.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def row_argmax_kernel(x_ptr, argmax_ptr, argmin_ptr, n_rows, n_cols, stride, LOW, HIGH, BLOCK_ROWS: tl.constexpr,
                      BLOCK_COLS: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    cols = tl.arange(0, BLOCK_COLS)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=mask, other=0)
    # Masked lanes must neither win argmax nor argmin.
    x_for_max = tl.where(mask, x, LOW)
    x_for_min = tl.where(mask, x, HIGH)
    row_mask = rows < n_rows
    tl.store(argmax_ptr + rows, tl.argmax(x_for_max, axis=1), mask=row_mask)
    tl.store(argmin_ptr + rows, tl.argmin(x_for_min, axis=1), mask=row_mask)


@triton.jit
def vector_argmax_kernel(x_ptr, out_ptr, max_ptr, n, LOW, HIGH, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    x_for_max = tl.where(mask, x, LOW)
    x_for_min = tl.where(mask, x, HIGH)
    tl.store(out_ptr, tl.argmax(x_for_max, axis=0))
    tl.store(out_ptr + 1, tl.argmin(x_for_min, axis=0))
    value, index = tl.max(x_for_max, axis=0, return_indices=True)
    tl.store(out_ptr + 2, index)
    tl.store(max_ptr, value)


def limits(dtype):
    if dtype == torch.int32:
        return -2147483648, 2147483647
    return -float('inf'), float('inf')


def row_argmax(x, block_rows=4):
    n_rows, n_cols = x.shape
    amax = torch.empty((n_rows, ), device=x.device, dtype=torch.int32)
    amin = torch.empty((n_rows, ), device=x.device, dtype=torch.int32)
    low, high = limits(x.dtype)
    row_argmax_kernel[(triton.cdiv(n_rows, block_rows), )](x, amax, amin, n_rows, n_cols, x.stride(0), low, high,
                                                           BLOCK_ROWS=block_rows,
                                                           BLOCK_COLS=triton.next_power_of_2(n_cols))
    return amax, amin


def vector_argmax(x):
    n = x.numel()
    out = torch.empty((3, ), device=x.device, dtype=torch.int32)
    mx = torch.empty((1, ), device=x.device, dtype=x.dtype)
    low, high = limits(x.dtype)
    vector_argmax_kernel[(1, )](x, out, mx, n, low, high, BLOCK=triton.next_power_of_2(n))
    return out, mx


def check_rows(x):
    amax, amin = row_argmax(x)
    assert torch.equal(amax, torch.argmax(x, dim=1).to(torch.int32))
    assert torch.equal(amin, torch.argmin(x, dim=1).to(torch.int32))


def check_vector(x):
    out, mx = vector_argmax(x)
    i_max = torch.argmax(x).item()
    assert out[0].item() == i_max
    assert out[1].item() == torch.argmin(x).item()
    assert out[2].item() == i_max
    assert mx[0].item() == x[i_max].item()


@pytest.mark.parametrize("n_rows, n_cols", [(1, 1), (3, 1), (1, 3), (5, 7), (13, 100), (32, 256), (9, 1000)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.int32])
def test_row_argmax(n_rows, n_cols, dtype):
    torch.manual_seed(0)
    if dtype == torch.int32:
        x = torch.randint(-1000, 1000, (n_rows, n_cols), device=DEVICE, dtype=torch.int32)
    else:
        x = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32)
    check_rows(x)


@pytest.mark.parametrize("dtype", [torch.float32, torch.int32])
def test_row_argmax_ties(dtype):
    # Small integers: most rows have their maximum and minimum several times; the first one wins.
    torch.manual_seed(1)
    x = torch.randint(-3, 3, (21, 50), device=DEVICE, dtype=torch.int32).to(dtype)
    check_rows(x)
    # All-equal rows (the answer is 0 for both), and rows that tie at their last and first column.
    y = torch.full((6, 37), 5, device=DEVICE, dtype=dtype)
    y[1] = -7
    y[2, 36] = 9
    y[2, 0] = 9
    y[3, 36] = -9
    y[4, 35] = 9
    y[4, 36] = 9
    amax, amin = row_argmax(y)
    assert amax.tolist() == [0, 0, 0, 0, 35, 0]
    assert amin.tolist() == [0, 0, 1, 36, 0, 0]
    check_rows(y)


@pytest.mark.parametrize("dtype", [torch.float32, torch.int32])
def test_row_argmax_negative_and_extreme(dtype):
    # All-negative rows; for int32 the dtype's lowest and highest values, which equal the fill of the
    # masked lanes (a tie the real lanes win by their smaller index).
    torch.manual_seed(2)
    x = -torch.randint(1, 100, (7, 45), device=DEVICE, dtype=torch.int32).to(dtype)
    check_rows(x)
    low, high = limits(dtype)
    z = torch.full((3, 5), low, device=DEVICE, dtype=dtype)
    z[1] = high
    z[2, 4] = high
    amax, amin = row_argmax(z)
    assert amax.tolist() == [0, 0, 4]
    assert amin.tolist() == [0, 0, 0]


@pytest.mark.parametrize("n", [1, 3, 100, 1024, 3000])
@pytest.mark.parametrize("dtype", [torch.float32, torch.int32])
def test_vector_argmax(n, dtype):
    torch.manual_seed(0)
    if dtype == torch.int32:
        x = torch.randint(-50, 50, (n, ), device=DEVICE, dtype=torch.int32)
    else:
        x = torch.randn(n, device=DEVICE, dtype=torch.float32)
    check_vector(x)


@pytest.mark.parametrize("dtype", [torch.float32, torch.int32])
def test_vector_argmax_ties(dtype):
    x = torch.tensor([2, -4, 7, 7, -4, 0, 7, -4], device=DEVICE, dtype=dtype)
    out, mx = vector_argmax(x)
    assert out.tolist() == [2, 1, 2]
    assert mx[0].item() == 7
    check_vector(x)
    flat = torch.full((77, ), -3, device=DEVICE, dtype=dtype)
    out, mx = vector_argmax(flat)
    assert out.tolist() == [0, 0, 0]
    assert mx[0].item() == -3
    # -0.0 == +0.0: a tie, so index 0 wins both ways.
    zeros = torch.tensor([-0.0, 0.0, -0.0, 0.0, -1.0], device=DEVICE, dtype=dtype)
    out, _ = vector_argmax(zeros)
    assert out.tolist() == [0, 4, 0]
