"""
Interpreter throughput benchmark (b): row softmax of a 1024 x 1024 fp32 matrix, one program per
row, BLOCK_SIZE=1024 (1024 programs). Pure Triton + torch, so it runs unchanged under Python and
under `tilesmith run`. `launch()` runs the kernel once; `check()` verifies the last result.
`time_triton_interpreter.py` imports this file and times `launch()` under Triton's own
interpreter (TRITON_INTERPRET=1); run as a program, it times itself with do_bench (on
Tilesmith's interpreter backend, do_bench measures CPU time).
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()

NAME = "softmax_1024"
N_ROWS = 1024
N_COLS = 1024
BLOCK_SIZE = 1024


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


torch.manual_seed(0)
x = torch.randn(N_ROWS, N_COLS, device=DEVICE, dtype=torch.float32)
y = torch.empty_like(x)


def launch():
    softmax_kernel[(N_ROWS, )](y, x, x.stride(0), y.stride(0), N_COLS, BLOCK_SIZE=BLOCK_SIZE)
    return y


def check():
    torch.testing.assert_close(y, torch.softmax(x, dim=1))


if __name__ == "__main__":
    launch()
    check()
    ms = triton.testing.do_bench(launch, warmup=50, rep=1000, return_mode="median")
    print(f"RESULT name={NAME} seconds_per_launch={ms / 1000.0:.6g}")
