"""
GELU, fp16 in and out, computed in fp32: the exact (erf) form that PyTorch's `F.gelu(x)`
computes by default and that Triton users write as `0.5 * x * (1 + tl.math.erf(x / sqrt(2)))`
(attorch and unsloth do), one masked 1-D block per program.

Runs unchanged with `python3 gelu_fp16.py` and with `tilesmith test / bench gelu_fp16.py
--backend cuda`. Provider 'triton' only. Bytes moved: one fp16 read and one fp16 write per
element.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def gelu_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask).to(tl.float32)
    # 0.7071067811865476 = 1 / sqrt(2)
    y = 0.5 * x * (1.0 + tl.math.erf(x * 0.7071067811865476))
    tl.store(out_ptr + offsets, y.to(tl.float16), mask=mask)


def gelu(x: torch.Tensor, block_size=1024):
    out = torch.empty_like(x)
    n_elements = out.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    gelu_kernel[grid](x, out, n_elements, BLOCK_SIZE=block_size)
    return out


def test_gelu():
    torch.manual_seed(0)
    for size in [1, 1000, 4096, 98432]:
        x = torch.randn(size, device=DEVICE, dtype=torch.float16) * 3
        expected = torch.nn.functional.gelu(x.float()).half()
        torch.testing.assert_close(gelu(x), expected)


@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['size'],
        x_vals=[2**20, 2**24, 2**28],
        x_log=True,
        line_arg='provider',
        line_vals=['triton'],
        line_names=['Triton'],
        styles=[('blue', '-')],
        ylabel='GB/s',
        plot_name='gelu-fp16',
        args={},
    ))
def benchmark(size, provider):
    x = torch.randn(size, device=DEVICE, dtype=torch.float16)
    quantiles = [0.5, 0.2, 0.8]
    ms, min_ms, max_ms = triton.testing.do_bench(lambda: gelu(x), warmup=25, rep=100, quantiles=quantiles)
    gbps = lambda ms: 2 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_gelu()
    print("test_gelu passed")
    benchmark.run(print_data=True, show_plots=False)
