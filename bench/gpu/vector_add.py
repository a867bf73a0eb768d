"""
Vector addition, fp32 (Triton's tutorial 01 kernel): out = x + y at 2^20, 2^24 and 2^28
elements with BLOCK_SIZE 1024 and 4096 (issue 4: at 2^28 >= 95% of the copy bandwidth and
>= 1.0x Triton, at 2^20 >= 0.95x Triton).

Runs unchanged with `python3 vector_add.py` and with `tilesmith test / bench vector_add.py
--backend cuda`. Providers 'triton' (the kernel) and, in the BLOCK_SIZE 1024 table, 'torch' (`x + y`: PyTorch
eager, or Tilesmith's eager GPU ops). Bytes moved: two reads and one write per element.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor, block_size=1024):
    output = torch.empty_like(x)
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=block_size)
    return output


def test_add():
    torch.manual_seed(0)
    for size in [1, 1000, 4096, 98432]:
        for block_size in [1024, 4096]:
            x = torch.rand(size, device=DEVICE, dtype=torch.float32)
            y = torch.rand(size, device=DEVICE, dtype=torch.float32)
            torch.testing.assert_close(add(x, y, block_size=block_size), x + y)


# Inputs are drawn once per size and shared by both block sizes: Tilesmith's harness draws random
# numbers on the host, and 2^28 of them take seconds there.
_inputs = {}


def random_inputs(size):
    if size not in _inputs:
        _inputs[size] = (torch.rand(size, device=DEVICE, dtype=torch.float32),
                         torch.rand(size, device=DEVICE, dtype=torch.float32))
    return _inputs[size]


@triton.testing.perf_report([
    triton.testing.Benchmark(
        x_names=['size'],
        x_vals=[2**20, 2**24, 2**28],
        x_log=True,
        line_arg='provider',
        # PyTorch's eager `x + y` beside it (once: it has no block size), as in Triton's tutorial.
        line_vals=['triton', 'torch'] if block_size == 1024 else ['triton'],
        line_names=['Triton', 'Torch'] if block_size == 1024 else ['Triton'],
        styles=[('blue', '-'), ('green', '-')],
        ylabel='GB/s',
        plot_name='vector-add-fp32-block' + str(block_size),
        args={'block_size': block_size},
    ) for block_size in [1024, 4096]
])
def benchmark(size, provider, block_size):
    x, y = random_inputs(size)
    quantiles = [0.5, 0.2, 0.8]
    if provider == 'torch':
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: x + y, warmup=25, rep=100, quantiles=quantiles)
    else:
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: add(x, y, block_size=block_size), warmup=25,
                                                     rep=100, quantiles=quantiles)
    gbps = lambda ms: 3 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_add()
    print("test_add passed")
    benchmark.run(print_data=True, show_plots=False)
