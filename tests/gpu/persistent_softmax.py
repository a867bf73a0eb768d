"""
Triton's tutorial 02 sizes a persistent softmax grid from the device and the compiled kernel:
`get_device_properties` gives SMs, registers and shared memory, `kernel.warmup(...)` compiles
without launching and gives `n_regs` and `metadata.shared`, and the grid is SMs x occupancy. On
a GPU these are the real numbers (checked against the limits below); on the interpreter they are
nominal and the program still runs.

Run on the GPU machine: `tilesmith test --backend cuda tests/gpu/persistent_softmax.py` (and under
real Triton: `python3 -m pytest tests/gpu/persistent_softmax.py`).
"""

import pytest
import torch

import triton
import triton.language as tl
from triton.runtime import driver

DEVICE = triton.runtime.driver.active.get_active_torch_device()
properties = driver.active.utils.get_device_properties(DEVICE.index)
NUM_SM = properties["multiprocessor_count"]
NUM_REGS = properties["max_num_regs"]
SIZE_SMEM = properties["max_shared_mem"]
WARP_SIZE = properties["warpSize"]


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows, n_cols,
                   BLOCK_SIZE: tl.constexpr, num_stages: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
        row_start_ptr = input_ptr + row_idx * input_row_stride
        col_offsets = tl.arange(0, BLOCK_SIZE)
        mask = col_offsets < n_cols
        row = tl.load(row_start_ptr + col_offsets, mask=mask, other=-float('inf'))
        row_minus_max = row - tl.max(row, axis=0)
        numerator = tl.exp(row_minus_max)
        denominator = tl.sum(numerator, axis=0)
        softmax_output = numerator / denominator
        output_row_start_ptr = output_ptr + row_idx * output_row_stride
        tl.store(output_row_start_ptr + col_offsets, softmax_output, mask=mask)


def softmax(x):
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    num_warps = 8
    num_stages = 4 if SIZE_SMEM > 200000 else 2
    y = torch.empty_like(x)
    kernel = softmax_kernel.warmup(y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=BLOCK_SIZE,
                                   num_stages=num_stages, num_warps=num_warps, grid=(1, ))
    kernel._init_handles()
    n_regs = kernel.n_regs
    size_smem = kernel.metadata.shared
    occupancy = NUM_REGS // (n_regs * WARP_SIZE * num_warps)
    occupancy = min(occupancy, SIZE_SMEM // max(size_smem, 1))
    num_programs = min(NUM_SM * occupancy, n_rows)
    kernel[(num_programs, 1, 1)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE, num_stages)
    return y, kernel


def test_device_properties_are_a_gpus():
    assert NUM_SM >= 1 and WARP_SIZE == 32
    assert 16384 <= NUM_REGS <= 65536
    assert 49152 <= SIZE_SMEM <= 262144


@pytest.mark.parametrize("n_rows, n_cols", [(1, 1), (7, 100), (1000, 781), (4096, 1024)])
def test_persistent_softmax(n_rows, n_cols):
    torch.manual_seed(0)
    x = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32)
    y, kernel = softmax(x)
    torch.testing.assert_close(y, torch.softmax(x, dim=1))
    # What warmup reports is a real build's: registers within the hardware's range, no spills for
    # a row this small, and shared memory within the limit.
    assert 1 <= kernel.n_regs <= 255
    assert kernel.n_spills == 0
    assert 0 <= kernel.metadata.shared <= SIZE_SMEM
