"""
LayerNorm + Swish, fp16 in and out (statistics and math in fp32): the seed article's fused
kernel (section 4.2, as in tests/programs/layernorm_swish_fused.py) against the same work done
as two separate Triton kernels, a LayerNorm kernel then a swish kernel, launched one after the
other inside the timed function. At 8192 x 4096 (issue 5's "Done when": fused >= 1.0x Triton)
and 8192 x 8192.

Runs unchanged with `python3 layernorm_swish_fp16.py` and with `tilesmith test / bench
layernorm_swish_fp16.py --backend cuda`. Provider 'triton' only. Both benchmarks report GB/s
from the same byte count, the bytes the fused kernel has to move (x read once, the output
written once, the weight and bias read once, mean and rstd written once), so the ratio of the two
tables' numbers is the fusion's speed-up (the separate pair moves 2·2·M·N bytes more: it writes
the normalized tensor and reads it back).
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def layer_norm_swish_kernel(
    input_ptr,  # [n_rows, n_cols], rows contiguous
    output_ptr,  # [n_rows, n_cols]
    n_cols,
    mean,  # [n_rows] output: mean of each row
    rstd,  # [n_rows] output: 1 / sqrt(var + eps) of each row
    beta,  # [n_cols] LayerNorm bias
    gamma,  # [n_cols] LayerNorm weight
    eps,
    BLOCK_SIZE: tl.constexpr,
    SWISH_BETA: tl.constexpr,
):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(input_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    # Mean and variance of the row, computed together from one load.
    row_mean = tl.sum(x, axis=0) / n_cols
    centered = tl.where(mask, x - row_mean, 0.0)
    var = tl.sum(centered * centered, axis=0) / n_cols
    row_rstd = 1.0 / tl.sqrt(var + eps)
    tl.store(mean + row, row_mean)
    tl.store(rstd + row, row_rstd)
    # LayerNorm.
    w = tl.load(gamma + cols, mask=mask)
    b = tl.load(beta + cols, mask=mask)
    y = centered * row_rstd * w + b
    # Swish.
    out = y * tl.sigmoid(SWISH_BETA * y)
    # One write.
    tl.store(output_ptr + row * n_cols + cols, out, mask=mask)


@triton.jit
def layer_norm_kernel(input_ptr, output_ptr, n_cols, mean, rstd, beta, gamma, eps, BLOCK_SIZE: tl.constexpr):
    # The fused kernel without the swish: the LayerNorm of one row, written out.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(input_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    row_mean = tl.sum(x, axis=0) / n_cols
    centered = tl.where(mask, x - row_mean, 0.0)
    var = tl.sum(centered * centered, axis=0) / n_cols
    row_rstd = 1.0 / tl.sqrt(var + eps)
    tl.store(mean + row, row_mean)
    tl.store(rstd + row, row_rstd)
    w = tl.load(gamma + cols, mask=mask)
    b = tl.load(beta + cols, mask=mask)
    tl.store(output_ptr + row * n_cols + cols, centered * row_rstd * w + b, mask=mask)


@triton.jit
def swish_kernel(x_ptr, output_ptr, n_elements, SWISH_BETA: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # The fused kernel's swish on its own: one masked 1-D block per program, computed in fp32.
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    y = tl.load(x_ptr + offsets, mask=mask).to(tl.float32)
    tl.store(output_ptr + offsets, y * tl.sigmoid(SWISH_BETA * y), mask=mask)


def launch_config(n_cols):
    # Triton's LayerNorm tutorial (05): the whole row in one block, 1 warp per 256 columns, 1 to 8.
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    return BLOCK_SIZE, min(max(BLOCK_SIZE // 256, 1), 8)


def layer_norm_swish(x, weight, bias, eps=1e-5, swish_beta=1.0):
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    mean = torch.empty(n_rows, device=x.device, dtype=torch.float32)
    rstd = torch.empty(n_rows, device=x.device, dtype=torch.float32)
    BLOCK_SIZE, num_warps = launch_config(n_cols)
    layer_norm_swish_kernel[(n_rows, )](x, out, n_cols, mean, rstd, bias, weight, eps, BLOCK_SIZE=BLOCK_SIZE,
                                        SWISH_BETA=swish_beta, num_warps=num_warps)
    return out, mean, rstd


def layer_norm_then_swish(x, weight, bias, eps=1e-5, swish_beta=1.0, swish_block=1024):
    n_rows, n_cols = x.shape
    normed = torch.empty_like(x)
    out = torch.empty_like(x)
    mean = torch.empty(n_rows, device=x.device, dtype=torch.float32)
    rstd = torch.empty(n_rows, device=x.device, dtype=torch.float32)
    BLOCK_SIZE, num_warps = launch_config(n_cols)
    layer_norm_kernel[(n_rows, )](x, normed, n_cols, mean, rstd, bias, weight, eps, BLOCK_SIZE=BLOCK_SIZE,
                                  num_warps=num_warps)
    n_elements = normed.numel()
    swish_kernel[(triton.cdiv(n_elements, swish_block), )](normed, out, n_elements, SWISH_BETA=swish_beta,
                                                           BLOCK_SIZE=swish_block)
    return out, mean, rstd


def random_problem(n_rows, n_cols):
    x = (torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32) * 2.0 + 0.5).half()
    weight = (torch.rand(n_cols, device=DEVICE, dtype=torch.float32) + 0.5).half()
    bias = torch.randn(n_cols, device=DEVICE, dtype=torch.float32).half()
    return x, weight, bias


def test_layer_norm_swish_fp16():
    torch.manual_seed(0)
    eps = 1e-5
    # 1000 is not a power of two (masked columns); 4096 and 8192 are the benchmark's rows.
    for n_rows, n_cols in [(1, 3), (5, 1000), (3, 4096), (2, 8192)]:
        x, weight, bias = random_problem(n_rows, n_cols)
        xf = x.float()
        y = torch.nn.functional.layer_norm(xf, (n_cols, ), weight.float(), bias.float(), eps)
        expected = (y * torch.sigmoid(y)).half()
        expected_mean = xf.mean(dim=1)
        expected_rstd = 1.0 / torch.sqrt(((xf - expected_mean[:, None])**2).mean(dim=1) + eps)
        for fn in [layer_norm_swish, layer_norm_then_swish]:
            out, mean, rstd = fn(x, weight, bias, eps)
            torch.testing.assert_close(out, expected, atol=4e-3, rtol=4e-3)
            torch.testing.assert_close(mean, expected_mean, atol=1e-4, rtol=1e-4)
            torch.testing.assert_close(rstd, expected_rstd, atol=1e-3, rtol=1e-3)


# Inputs are drawn once per size and shared by both benchmarks, x straight in fp16: Tilesmith's
# harness draws random numbers on the host, where 2^26 of them take seconds.
_inputs = {}


def inputs_of(M, N):
    if (M, N) not in _inputs:
        _, weight, bias = random_problem(1, N)
        _inputs[(M, N)] = (torch.randn(M, N, device=DEVICE, dtype=torch.float16), weight, bias)
    return _inputs[(M, N)]


@triton.testing.perf_report([
    triton.testing.Benchmark(
        x_names=['M', 'N'],
        x_vals=[(8192, 4096), (8192, 8192)],
        line_arg='provider',
        line_vals=['triton'],
        line_names=['Triton'],
        styles=[('blue', '-')],
        ylabel='GB/s',
        plot_name='layernorm-swish-fp16-' + mode,
        args={'mode': mode},
    ) for mode in ['fused', 'separate']
])
def benchmark(M, N, provider, mode):
    x, weight, bias = inputs_of(M, N)
    fn = layer_norm_swish if mode == 'fused' else layer_norm_then_swish
    quantiles = [0.5, 0.2, 0.8]
    ms, min_ms, max_ms = triton.testing.do_bench(lambda: fn(x, weight, bias), warmup=25, rep=100,
                                                 quantiles=quantiles)
    # The fused kernel's bytes, for both modes: x and the output (fp16), weight and bias (fp16),
    # mean and rstd (fp32).
    n_bytes = 2 * M * N * x.element_size() + 2 * N * weight.element_size() + 2 * M * 4
    gbps = lambda ms: n_bytes * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_layer_norm_swish_fp16()
    print("test_layer_norm_swish_fp16 passed")
    benchmark.run(print_data=True, show_plots=False)
