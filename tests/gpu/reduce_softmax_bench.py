"""
Softmax rows of 4096 and 2048 fp32 (the sizes of the issue's speed targets), checked against
torch and timed with do_bench; run the same file under real Triton (`python3`) and under
`tilesmith run --backend cuda` in one call and compare the GB/s lines.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    row = tl.load(input_ptr + row_idx * input_row_stride + col_offsets, mask=mask, other=-float('inf'))
    row_minus_max = row - tl.max(row, axis=0)
    numerator = tl.exp(row_minus_max)
    denominator = tl.sum(numerator, axis=0)
    tl.store(output_ptr + row_idx * output_row_stride + col_offsets, numerator / denominator, mask=mask)


def softmax(x, y, num_warps):
    n_rows, n_cols = x.shape
    softmax_kernel[(n_rows, )](y, x, x.stride(0), y.stride(0), n_cols, BLOCK_SIZE=triton.next_power_of_2(n_cols),
                               num_warps=num_warps)


for n_rows, n_cols in [(4096, 4096), (32768, 2048)]:
    torch.manual_seed(0)
    x = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32)
    y = torch.empty_like(x)
    for num_warps in [4, 8, 16]:
        softmax(x, y, num_warps)
        torch.testing.assert_close(y, torch.softmax(x, dim=1))
        ms = triton.testing.do_bench(lambda: softmax(x, y, num_warps))
        gbps = 2 * x.numel() * 4 / ms * 1e-6
        print(f"softmax {n_rows}x{n_cols} num_warps={num_warps}: {ms:.4f} ms {gbps:.0f} GB/s")
