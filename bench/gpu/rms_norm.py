"""
RMSNorm, fp16 in and out (statistics and math in fp32): y = x / sqrt(mean(x^2) + eps) * w, one
program per row with the whole row in one block, the way Liger-Kernel and Unsloth write it
(BLOCK_SIZE = next power of two of the row, num_warps 4 / 8 / 16 / 32 from their
`calculate_settings`), the per-row rstd written out for a backward pass. At 8192 x 4096 and
8192 x 8192 (issue 5's "Done when": >= 0.95x Triton).

Runs unchanged with `python3 rms_norm.py` and with `tilesmith test / bench rms_norm.py --backend
cuda`. Provider 'triton' only. Bytes moved: x read and y written once (fp16), the weight read
once (fp16), rstd written once (fp32).
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def rms_norm_kernel(x_ptr, x_row_stride, y_ptr, y_row_stride, w_ptr, rstd_ptr, n_cols, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0).to(tl.float32)
    # Mean of the squares in fp32; masked lanes are 0 and add nothing.
    mean_square = tl.sum(x * x, axis=0) / n_cols
    rstd = tl.rsqrt(mean_square + eps)
    tl.store(rstd_ptr + row, rstd)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(y_ptr + row * y_row_stride + cols, x * rstd * w, mask=mask)


def calculate_settings(n_cols):
    # Liger-Kernel's and Unsloth's choice: the whole row in one block, more warps for longer rows.
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    num_warps = 4
    if BLOCK_SIZE >= 32768:
        num_warps = 32
    elif BLOCK_SIZE >= 8192:
        num_warps = 16
    elif BLOCK_SIZE >= 2048:
        num_warps = 8
    return BLOCK_SIZE, num_warps


def rms_norm(x, weight, eps=1e-6):
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    rstd = torch.empty(n_rows, device=x.device, dtype=torch.float32)
    BLOCK_SIZE, num_warps = calculate_settings(n_cols)
    rms_norm_kernel[(n_rows, )](x, x.stride(0), y, y.stride(0), weight, rstd, n_cols, eps, BLOCK_SIZE=BLOCK_SIZE,
                                num_warps=num_warps)
    return y, rstd


def random_problem(n_rows, n_cols):
    x = (torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32) * 2.0 + 0.5).half()
    weight = (torch.rand(n_cols, device=DEVICE, dtype=torch.float32) + 0.5).half()
    return x, weight


def test_rms_norm_fp16():
    torch.manual_seed(0)
    eps = 1e-6
    # 1000 is not a power of two (masked columns); 4096 and 8192 take 8 and 16 warps.
    for n_rows, n_cols in [(1, 3), (5, 1000), (3, 4096), (2, 8192)]:
        x, weight = random_problem(n_rows, n_cols)
        xf = x.float()
        expected = torch.nn.functional.rms_norm(xf, (n_cols, ), weight.float(), eps).half()
        y, rstd = rms_norm(x, weight, eps)
        torch.testing.assert_close(y, expected, atol=4e-3, rtol=4e-3)
        torch.testing.assert_close(rstd, 1.0 / torch.sqrt((xf * xf).mean(dim=1) + eps), atol=1e-4, rtol=1e-4)


@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['M', 'N'],
        x_vals=[(8192, 4096), (8192, 8192)],
        line_arg='provider',
        line_vals=['triton'],
        line_names=['Triton'],
        styles=[('blue', '-')],
        ylabel='GB/s',
        plot_name='rms-norm-fp16',
        args={},
    ))
def benchmark(M, N, provider):
    # x straight in fp16: Tilesmith's harness draws random numbers on the host, 2^26 take seconds.
    x = torch.randn(M, N, device=DEVICE, dtype=torch.float16)
    _, weight = random_problem(1, N)
    quantiles = [0.5, 0.2, 0.8]
    ms, min_ms, max_ms = triton.testing.do_bench(lambda: rms_norm(x, weight), warmup=25, rep=100,
                                                 quantiles=quantiles)
    n_bytes = 2 * M * N * x.element_size() + N * weight.element_size() + M * 4
    gbps = lambda ms: n_bytes * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_rms_norm_fp16()
    print("test_rms_norm_fp16 passed")
    benchmark.run(print_data=True, show_plots=False)
