"""
Outer-product add, fp32: out[i, j] = x[i] + y[j], a 2-D broadcast (`x[:, None] + y[None, :]`)
on a 2-D grid of BLOCK_M x BLOCK_N tiles, for M x N of 1024^2, 4096^2 and 16384^2.

Runs unchanged with `python3 outer_add.py` and with `tilesmith test / bench outer_add.py
--backend cuda`. Provider 'triton' only. Bytes moved: x and y read once, out written once.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def outer_add_kernel(x_ptr, y_ptr, out_ptr, M, N, stride_om, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + offs_m, mask=offs_m < M)
    y = tl.load(y_ptr + offs_n, mask=offs_n < N)
    out = x[:, None] + y[None, :]
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(out_ptr + offs_m[:, None] * stride_om + offs_n[None, :], out, mask=mask)


def outer_add(x: torch.Tensor, y: torch.Tensor, block_m=32, block_n=128):
    M = x.numel()
    N = y.numel()
    out = torch.empty((M, N), device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(M, block_m), triton.cdiv(N, block_n))
    outer_add_kernel[grid](x, y, out, M, N, out.stride(0), BLOCK_M=block_m, BLOCK_N=block_n)
    return out


def test_outer_add():
    torch.manual_seed(0)
    for M, N in [(1, 1), (3, 200), (33, 129), (100, 1000), (256, 512)]:
        x = torch.randn(M, device=DEVICE, dtype=torch.float32)
        y = torch.randn(N, device=DEVICE, dtype=torch.float32)
        torch.testing.assert_close(outer_add(x, y), x[:, None] + y[None, :])


@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['M', 'N'],
        x_vals=[(1024, 1024), (4096, 4096), (16384, 16384)],
        line_arg='provider',
        line_vals=['triton'],
        line_names=['Triton'],
        styles=[('blue', '-')],
        ylabel='GB/s',
        plot_name='outer-add-fp32',
        args={},
    ))
def benchmark(M, N, provider):
    x = torch.randn(M, device=DEVICE, dtype=torch.float32)
    y = torch.randn(N, device=DEVICE, dtype=torch.float32)
    quantiles = [0.5, 0.2, 0.8]
    ms, min_ms, max_ms = triton.testing.do_bench(lambda: outer_add(x, y), warmup=25, rep=100, quantiles=quantiles)
    gbps = lambda ms: (M + N + M * N) * x.element_size() * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_outer_add()
    print("test_outer_add passed")
    benchmark.run(print_data=True, show_plots=False)
