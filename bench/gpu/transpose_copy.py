"""
Transposed copy, fp32: out[j, i] = x[i, j] for x of M x N (row-major) and out of N x M, one
BLOCK_M x BLOCK_N tile per program: the tile is loaded along x's rows and stored through
transposed addresses, so loads and stores are contiguous along different axes (Triton converts
the layout through shared memory). M x N of 1024^2, 4096^2 and 16384^2.

Runs unchanged with `python3 transpose_copy.py` and with `tilesmith test / bench
transpose_copy.py --backend cuda`. Provider 'triton' only. Bytes moved: x read once, out
written once.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def transpose_kernel(x_ptr, out_ptr, M, N, stride_xm, stride_om, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tile = tl.load(x_ptr + offs_m[:, None] * stride_xm + offs_n[None, :], mask=mask)
    # out is [N, M]: element (i, j) of the tile goes to out[j, i].
    tl.store(out_ptr + offs_n[None, :] * stride_om + offs_m[:, None], tile, mask=mask)


def transpose(x: torch.Tensor, block_m=64, block_n=64):
    M, N = x.shape
    out = torch.empty((N, M), device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(M, block_m), triton.cdiv(N, block_n))
    transpose_kernel[grid](x, out, M, N, x.stride(0), out.stride(0), BLOCK_M=block_m, BLOCK_N=block_n)
    return out


def test_transpose():
    torch.manual_seed(0)
    for M, N in [(1, 1), (3, 200), (65, 129), (100, 1000), (256, 512)]:
        x = torch.randn(M, N, device=DEVICE, dtype=torch.float32)
        assert torch.equal(transpose(x), x.t().contiguous())


@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['M', 'N'],
        x_vals=[(1024, 1024), (4096, 4096), (16384, 16384)],
        line_arg='provider',
        line_vals=['triton'],
        line_names=['Triton'],
        styles=[('blue', '-')],
        ylabel='GB/s',
        plot_name='transpose-copy-fp32',
        args={},
    ))
def benchmark(M, N, provider):
    x = torch.randn(M, N, device=DEVICE, dtype=torch.float32)
    quantiles = [0.5, 0.2, 0.8]
    ms, min_ms, max_ms = triton.testing.do_bench(lambda: transpose(x), warmup=25, rep=100, quantiles=quantiles)
    gbps = lambda ms: 2 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_transpose()
    print("test_transpose passed")
    benchmark.run(print_data=True, show_plots=False)
