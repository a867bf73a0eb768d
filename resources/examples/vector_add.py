"""
Vector addition in Triton, benchmarked
======================================
Triton's first tutorial (out = x + y) with a bandwidth benchmark small enough to finish in a few
seconds on Tilesmith's CPU interpreter: `tilesmith bench vector_add.py --backend interp`, or
Bench (Ctrl+Shift+F5) in the studio, which charts it in the Benchmarks pane. Runs unchanged with
`python vector_add.py` (Python + PyTorch + Triton).
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements  # the last block may run past the end
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor):
    output = torch.empty_like(x)
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=1024)
    return output


def test_add():
    torch.manual_seed(0)
    for size in [1, 1000, 98432]:
        x = torch.rand(size, device=DEVICE)
        y = torch.rand(size, device=DEVICE)
        torch.testing.assert_close(add(x, y), x + y)


@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['size'],  # the x axis: number of elements
        x_vals=[2**i for i in range(10, 19, 2)],  # 2^10 ... 2^18
        x_log=True,
        line_arg='provider',  # one line per implementation
        line_vals=['triton', 'torch'],
        line_names=['Triton', 'Torch'],
        styles=[('blue', '-'), ('green', '-')],
        ylabel='GB/s',
        plot_name='vector-add-performance',
        args={},
    ))
def benchmark(size, provider):
    x = torch.rand(size, device=DEVICE, dtype=torch.float32)
    y = torch.rand(size, device=DEVICE, dtype=torch.float32)
    quantiles = [0.5, 0.2, 0.8]
    if provider == 'torch':
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: x + y, quantiles=quantiles)
    if provider == 'triton':
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: add(x, y), quantiles=quantiles)
    # Two vectors read, one written.
    gbps = lambda ms: 3 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_add()
    print("test_add passed")
    benchmark.run(print_data=True, show_plots=False)
