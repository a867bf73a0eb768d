"""
fp8 matrix multiplication on tensor cores, as Triton's tutorial 03 runs it with fp8 inputs: A and
B in torch.float8_e5m2, B a transposed view (K contiguous, the layout fp8 tensor cores read), an
fp32 accumulator and fp16 C, the tutorial's grouped tile order, tuned by `@triton.autotune` over
the tutorial's fp8 configs (BLOCK_SIZE_K 64 and 128). Issue 9's "Done when": fp8 matmul >= 0.9x
Triton at 4096^3 and 8192^3.

Runs unchanged with `python3 matmul_fp8.py` and with `tilesmith test / bench matmul_fp8.py
--backend cuda`. One provider, 'triton' (the kernel): torch has no plain fp8 matmul to compare
with. TFLOP/s from 2·M·N·K.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


def get_fp8_autotune_config():
    # Tutorial 03's "good configs for fp8 inputs".
    return [
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 256, 'BLOCK_SIZE_K': 128, 'GROUP_SIZE_M': 8}, num_stages=3,
                      num_warps=8),
        triton.Config({'BLOCK_SIZE_M': 256, 'BLOCK_SIZE_N': 128, 'BLOCK_SIZE_K': 128, 'GROUP_SIZE_M': 8}, num_stages=3,
                      num_warps=8),
        triton.Config({'BLOCK_SIZE_M': 256, 'BLOCK_SIZE_N': 64, 'BLOCK_SIZE_K': 128, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        triton.Config({'BLOCK_SIZE_M': 64, 'BLOCK_SIZE_N': 256, 'BLOCK_SIZE_K': 128, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 128, 'BLOCK_SIZE_K': 128, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 64, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        triton.Config({'BLOCK_SIZE_M': 64, 'BLOCK_SIZE_N': 128, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 32, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
    ]


@triton.autotune(
    configs=get_fp8_autotune_config(),
    key=['M', 'N', 'K'],
)
@triton.jit
def matmul_kernel(
    a_ptr, b_ptr, c_ptr,
    M, N, K,
    stride_am, stride_ak,
    stride_bk, stride_bn,
    stride_cm, stride_cn,
    BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
    GROUP_SIZE_M: tl.constexpr,
):
    # Tutorial 03's kernel: grouped program order, K in BLOCK_SIZE_K steps, K masked.
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m

    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)

    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    c = accumulator.to(tl.float16)

    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


def matmul(a, b, config=None):
    # C (fp16) = A @ B for fp8 A and B, accumulated in fp32.
    assert a.shape[1] == b.shape[0], "incompatible dimensions"
    M, K = a.shape
    K, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=torch.float16)
    grid = lambda META: (triton.cdiv(M, META['BLOCK_SIZE_M']) * triton.cdiv(N, META['BLOCK_SIZE_N']), )
    args = (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    if config is None:
        matmul_kernel[grid](*args)
    else:
        matmul_kernel.fn[grid](*args, num_warps=config.num_warps, num_stages=config.num_stages, **config.kwargs)
    return c


def fp8_inputs(M, N, K):
    # As the tutorial: fp16 draws cast to e5m2, B transposed (an (N, K) tensor viewed as (K, N)).
    a = torch.randn((M, K), device=DEVICE, dtype=torch.float16).to(torch.float8_e5m2)
    b = torch.randn((N, K), device=DEVICE, dtype=torch.float16).to(torch.float8_e5m2).T
    return a, b


def check(M, N, K, config=None):
    torch.manual_seed(0)
    a, b = fp8_inputs(M, N, K)
    c = matmul(a, b, config)
    # Products of fp8 values are exact in fp32; C's rounding to fp16 dominates the error.
    expected = torch.matmul(a.to(torch.float32), b.to(torch.float32))
    torch.testing.assert_close(c.to(torch.float32), expected, atol=2e-2, rtol=1e-2)


def test_matmul_fp8():
    for M, N, K in [(128, 128, 128), (100, 37, 200)]:
        check(M, N, K)


def test_matmul_fp8_every_config():
    for config in matmul_kernel.configs:
        check(300, 500, 192, config=config)


_inputs = {}


def inputs_of(M, N, K):
    if (M, N, K) not in _inputs:
        _inputs[(M, N, K)] = fp8_inputs(M, N, K)
    return _inputs[(M, N, K)]


@triton.testing.perf_report([
    triton.testing.Benchmark(
        x_names=['M', 'N', 'K'],
        x_vals=[(4096, 4096, 4096), (8192, 8192, 8192)],
        line_arg='provider',
        line_vals=['triton'],
        line_names=['Triton'],
        styles=[('blue', '-')],
        ylabel='TFLOP/s',
        plot_name='matmul-fp8',
        args={},
    )
])
def benchmark(M, N, K, provider):
    a, b = inputs_of(M, N, K)
    quantiles = [0.5, 0.2, 0.8]
    ms, min_ms, max_ms = triton.testing.do_bench(lambda: matmul(a, b), warmup=25, rep=100, quantiles=quantiles)
    tflops = lambda ms: 2 * M * N * K * 1e-12 / (ms * 1e-3)
    return tflops(ms), tflops(max_ms), tflops(min_ms)


if __name__ == "__main__":
    test_matmul_fp8()
    test_matmul_fp8_every_config()
    print("matmul fp8 tests passed")
    benchmark.run(print_data=True, show_plots=False)
