"""
@triton.autotune on three kernels people tune: a row softmax that handles ROWS rows per program
(tutorial 02's kernel with its row count and warps tuned), a tiled transposed copy whose tiles
are staged through shared memory (its 256x256 config needs more than a GPU has, and the tuner
must say so and go on), and a row sum that accumulates into its output with tl.atomic_add
(reset_to_zero keeps the tuned result right).
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.autotune(
    configs=[
        triton.Config({'ROWS': 1}, num_warps=4),
        triton.Config({'ROWS': 1}, num_warps=8),
        triton.Config({'ROWS': 2}, num_warps=4),
        triton.Config({'ROWS': 4}, num_warps=4),
        triton.Config({'ROWS': 4}, num_warps=8),
    ],
    key=['n_cols'],
)
@triton.jit
def softmax_kernel(out_ptr, in_ptr, n_rows, n_cols, in_stride, out_stride, BLOCK_SIZE: tl.constexpr,
                   ROWS: tl.constexpr):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(in_ptr + rows[:, None] * in_stride + cols[None, :], mask=mask, other=-float('inf'))
    x = x - tl.max(x, axis=1)[:, None]
    num = tl.exp(x)
    y = num / tl.sum(num, axis=1)[:, None]
    tl.store(out_ptr + rows[:, None] * out_stride + cols[None, :], y, mask=mask)


def softmax(x):
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    grid = lambda meta: (triton.cdiv(n_rows, meta['ROWS']), )
    softmax_kernel[grid](y, x, n_rows, n_cols, x.stride(0), y.stride(0), BLOCK_SIZE=triton.next_power_of_2(n_cols))
    return y


@triton.autotune(
    configs=[
        triton.Config({'BLOCK_M': 32, 'BLOCK_N': 32}, num_warps=4),
        triton.Config({'BLOCK_M': 64, 'BLOCK_N': 64}, num_warps=4),
        triton.Config({'BLOCK_M': 64, 'BLOCK_N': 128}, num_warps=8),
        # 256 x 256 fp32 staged through shared memory is 256 KiB: more than one block may have
        # on an H100/H200 (227 KiB). On a GPU the tuner reports it and times the others.
        triton.Config({'BLOCK_M': 256, 'BLOCK_N': 256}, num_warps=8),
    ],
    key=['M', 'N'],
)
@triton.jit
def transpose_kernel(x_ptr, out_ptr, M, N, stride_xm, stride_om, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tile = tl.load(x_ptr + offs_m[:, None] * stride_xm + offs_n[None, :], mask=mask)
    # Written through transposed addresses: coalesced stores need the tile in another layout.
    tl.store(out_ptr + offs_n[None, :] * stride_om + offs_m[:, None], tile, mask=mask)


def transpose(x):
    M, N = x.shape
    out = torch.empty((N, M), device=x.device, dtype=x.dtype)
    grid = lambda meta: (triton.cdiv(M, meta['BLOCK_M']), triton.cdiv(N, meta['BLOCK_N']))
    transpose_kernel[grid](x, out, M, N, x.stride(0), out.stride(0))
    return out


@triton.autotune(
    configs=[
        triton.Config({'BLOCK': 64}, num_warps=2),
        triton.Config({'BLOCK': 256}, num_warps=4),
        triton.Config({'BLOCK': 1024}, num_warps=4),
    ],
    key=['n_cols'],
    reset_to_zero=['out_ptr'],
)
@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    # Program (row, chunk) adds its chunk's sum to out[row]: the output accumulates, so every
    # timed run must start from zeros.
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    tl.atomic_add(out_ptr + row, tl.sum(x, axis=0))


def row_sum(x):
    n_rows, n_cols = x.shape
    out = torch.zeros(n_rows, device=x.device, dtype=torch.float32)
    grid = lambda meta: (n_rows, triton.cdiv(n_cols, meta['BLOCK']))
    row_sum_kernel[grid](x, out, n_cols, x.stride(0))
    return out


@pytest.mark.parametrize("n_rows, n_cols", [(1, 1), (7, 5), (33, 100), (9, 1000), (4, 4096)])
def test_softmax(n_rows, n_cols):
    torch.manual_seed(0)
    x = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32)
    torch.testing.assert_close(softmax(x), torch.softmax(x, dim=1))
    assert softmax_kernel.best_config.kwargs['ROWS'] in (1, 2, 4)


@pytest.mark.parametrize("M, N", [(1, 1), (3, 70), (100, 61), (300, 257)])
def test_transpose(M, N):
    torch.manual_seed(0)
    x = torch.randn(M, N, device=DEVICE, dtype=torch.float32)
    torch.testing.assert_close(transpose(x), x.t())


@pytest.mark.parametrize("n_rows, n_cols", [(1, 1), (5, 300), (3, 5000)])
def test_row_sum_accumulates_from_zero(n_rows, n_cols):
    torch.manual_seed(0)
    x = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32)
    # Tuning runs the kernel many times; without reset_to_zero the sums would pile up.
    torch.testing.assert_close(row_sum(x), x.sum(dim=1), rtol=1e-4, atol=1e-4)
    # A second call with the same key uses the cached config.
    torch.testing.assert_close(row_sum(x), x.sum(dim=1), rtol=1e-4, atol=1e-4)


@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['N'],
        x_vals=[128 * i for i in range(2, 33, 6)],
        line_arg='provider',
        line_vals=['triton', 'torch'],
        line_names=['Triton (autotuned)', 'Torch'],
        styles=[('blue', '-'), ('green', '-')],
        ylabel='GB/s',
        plot_name='softmax-autotuned',
        args={'M': 4096},
    ))
def benchmark(M, N, provider):
    x = torch.randn(M, N, device=DEVICE, dtype=torch.float32)
    quantiles = [0.5, 0.2, 0.8]
    if provider == 'torch':
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: torch.softmax(x, dim=-1), quantiles=quantiles)
    if provider == 'triton':
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: softmax(x), quantiles=quantiles)
    gbps = lambda ms: 2 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_softmax(33, 100)
    test_transpose(100, 61)
    test_row_sum_accumulates_from_zero(5, 300)
    print("autotune tests passed")
    benchmark.run(print_data=True, show_plots=False)
