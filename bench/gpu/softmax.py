"""
Row softmax, fp32: Triton's tutorial 02 kernel (one program per row, the whole row in one block
of BLOCK_SIZE = next power of two of the row length, num_warps 4 / 8 / 16 as the tutorial picks
from BLOCK_SIZE), at 4096 x 4096 and 32768 x 2048 (issue 5's "Done when": >= 1.0x Triton).

Runs unchanged with `python3 softmax.py` and with `tilesmith test / bench softmax.py --backend
cuda`. Providers 'triton' (the kernel) and 'torch' (`torch.softmax`: PyTorch eager, or Tilesmith's eager
GPU ops). Bytes moved: each element read once and written once (2·4·M·N).
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    # The rows of the softmax are independent, so each program handles one row.
    row_idx = tl.program_id(0)
    row_start_ptr = input_ptr + row_idx * input_row_stride
    # BLOCK_SIZE is the next power of two of n_cols: the whole row fits in one block.
    col_offsets = tl.arange(0, BLOCK_SIZE)
    input_ptrs = row_start_ptr + col_offsets
    row = tl.load(input_ptrs, mask=col_offsets < n_cols, other=-float('inf'))
    # Subtract the maximum for numerical stability.
    row_minus_max = row - tl.max(row, axis=0)
    numerator = tl.exp(row_minus_max)
    denominator = tl.sum(numerator, axis=0)
    softmax_output = numerator / denominator
    output_row_start_ptr = output_ptr + row_idx * output_row_stride
    output_ptrs = output_row_start_ptr + col_offsets
    tl.store(output_ptrs, softmax_output, mask=col_offsets < n_cols)


def softmax(x):
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    # The tutorial's heuristic: more warps per row for longer rows.
    num_warps = 4
    if BLOCK_SIZE >= 2048:
        num_warps = 8
    if BLOCK_SIZE >= 4096:
        num_warps = 16
    y = torch.empty_like(x)
    softmax_kernel[(n_rows, )](y, x, x.stride(0), y.stride(0), n_cols, num_warps=num_warps, BLOCK_SIZE=BLOCK_SIZE)
    return y


def test_softmax():
    torch.manual_seed(0)
    # 781 is the tutorial's irregular row length; 2048 and 4096 take 8 and 16 warps.
    for n_rows, n_cols in [(1, 1), (7, 781), (3, 2048), (2, 4096)]:
        x = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32) * 4.0
        torch.testing.assert_close(softmax(x), torch.softmax(x, dim=1))


@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['M', 'N'],
        x_vals=[(4096, 4096), (32768, 2048)],
        line_arg='provider',
        line_vals=['triton', 'torch'],
        line_names=['Triton', 'Torch'],
        styles=[('blue', '-'), ('green', '-')],
        ylabel='GB/s',
        plot_name='softmax-fp32',
        args={},
    ))
def benchmark(M, N, provider):
    x = torch.randn(M, N, device=DEVICE, dtype=torch.float32)
    quantiles = [0.5, 0.2, 0.8]
    fn = (lambda: torch.softmax(x, axis=-1)) if provider == 'torch' else (lambda: softmax(x))
    ms, min_ms, max_ms = triton.testing.do_bench(fn, warmup=25, rep=100, quantiles=quantiles)
    # Each element is read once and written once.
    gbps = lambda ms: 2 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_softmax()
    print("test_softmax passed")
    benchmark.run(print_data=True, show_plots=False)
