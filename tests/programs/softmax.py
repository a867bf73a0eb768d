"""
Row softmax, one program per row, the whole row in one block (the constructs of Triton's
tutorial 02): rows and columns that are not powers of two, a single column, a single row, and
rows with large values (the max subtraction keeps exp finite).
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    row_start_ptr = input_ptr + row_idx * input_row_stride
    col_offsets = tl.arange(0, BLOCK_SIZE)
    input_ptrs = row_start_ptr + col_offsets
    mask = col_offsets < n_cols
    row = tl.load(input_ptrs, mask=mask, other=-float('inf'))
    row_minus_max = row - tl.max(row, axis=0)
    numerator = tl.exp(row_minus_max)
    denominator = tl.sum(numerator, axis=0)
    softmax_output = numerator / denominator
    output_row_start_ptr = output_ptr + row_idx * output_row_stride
    tl.store(output_row_start_ptr + col_offsets, softmax_output, mask=mask)


def softmax(x):
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    y = torch.empty_like(x)
    softmax_kernel[(n_rows, )](y, x, x.stride(0), y.stride(0), n_cols, BLOCK_SIZE=BLOCK_SIZE)
    return y


@pytest.mark.parametrize("n_rows, n_cols", [(1, 1), (3, 1), (1, 3), (7, 5), (17, 100), (64, 128), (129, 781),
                                            (8, 1024), (5, 4096), (2, 32768)])
def test_softmax(n_rows, n_cols):
    torch.manual_seed(0)
    x = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32)
    y = softmax(x)
    torch.testing.assert_close(y, torch.softmax(x, dim=1))


def test_softmax_large_values_and_strided_rows():
    torch.manual_seed(1)
    # A view whose row stride (40) is larger than its row length (33).
    base = torch.randn(9, 40, device=DEVICE, dtype=torch.float32) * 50.0 + 1000.0
    x = base[:, :33]
    assert x.stride(0) == 40
    y = softmax(x)
    torch.testing.assert_close(y, torch.softmax(x, dim=1))
    ones = torch.sum(y, dim=1)
    torch.testing.assert_close(ones, torch.ones(9, device=DEVICE))
