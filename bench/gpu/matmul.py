"""
Matrix multiplication on tensor cores, fp16 and bf16 in and out with an fp32 accumulator: the
kernel of Triton's tutorial 03 (one program per BLOCK_SIZE_M x BLOCK_SIZE_N tile of C, programs
numbered in groups of GROUP_SIZE_M tile rows so that neighbouring programs share tiles of A and
B in L2, a loop over K in BLOCK_SIZE_K steps with `tl.dot(a, b, accumulator)`, K masked),
tuned by `@triton.autotune` over the tutorial's eight CUDA fp16 configs, at 4096^3 and 8192^3
(issue 9's "Done when": >= 1.0x Triton and >= 0.95x cuBLAS). The same kernel with
ACTIVATION="gelu" applies GELU to the fp32 accumulator before the store: a Linear+GELU in one
kernel, against the same work as PyTorch does it unfused (a cuBLAS matmul, then a GELU kernel).
fp32 inputs take tf32 tensor cores (tl.dot's default input_precision), in the same table.

Runs unchanged with `python3 matmul.py` and with `tilesmith test / bench matmul.py --backend
cuda`. Providers 'triton' (the kernel) and 'torch' (`torch.matmul`, cuBLAS under PyTorch and
under Tilesmith, whose eager matmul calls cuBLAS; for Linear+GELU, `torch.matmul` then
`torch.nn.functional.gelu`). TFLOP/s from the multiply-adds a matmul must do: 2·M·N·K FLOPs
(the GELU's are not counted).
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


def get_cuda_autotune_config():
    # Tutorial 03's configs for fp16 inputs on NVIDIA GPUs (its fp8 ones left out).
    return [
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 256, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=3,
                      num_warps=8),
        triton.Config({'BLOCK_SIZE_M': 64, 'BLOCK_SIZE_N': 256, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 128, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 64, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        triton.Config({'BLOCK_SIZE_M': 64, 'BLOCK_SIZE_N': 128, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 32, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        triton.Config({'BLOCK_SIZE_M': 64, 'BLOCK_SIZE_N': 32, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8}, num_stages=5,
                      num_warps=2),
        triton.Config({'BLOCK_SIZE_M': 32, 'BLOCK_SIZE_N': 64, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8}, num_stages=5,
                      num_warps=2),
    ]


@triton.jit
def gelu(x):
    # GELU, exact erf form (PyTorch's default): 0.5 * x * (1 + erf(x / sqrt(2))).
    return 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))


@triton.autotune(
    configs=get_cuda_autotune_config(),
    key=['M', 'N', 'K'],
)
@triton.jit
def matmul_kernel(
    # Pointers to the matrices: A is (M, K), B is (K, N), C is (M, N).
    a_ptr, b_ptr, c_ptr,
    M, N, K,
    # How far a pointer moves for one step along each dimension (any strides: B may be a
    # transposed view).
    stride_am, stride_ak,
    stride_bk, stride_bn,
    stride_cm, stride_cn,
    BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
    GROUP_SIZE_M: tl.constexpr,
    ACTIVATION: tl.constexpr,  # "" or "gelu", applied to the fp32 accumulator
):
    # Which tile of C this program computes. Programs go down a group of GROUP_SIZE_M tile rows
    # first, then to the next tile column, so the programs running together read the same few
    # rows of A and columns of B (better L2 reuse than plain row-major order).
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    # The last group has fewer rows when num_pid_m is not a multiple of GROUP_SIZE_M.
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m

    # Pointers to the first K block of A's rows and B's columns. Rows and columns past M and N
    # wrap around (% M, % N): the loads stay in bounds without a mask, and the store below
    # leaves out what they computed.
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)

    # Accumulate in fp32, one BLOCK_SIZE_K slice of A and B at a time; the last slice is masked
    # when K is not a multiple of BLOCK_SIZE_K (zeros add nothing).
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    # An activation is fused here while the accumulator is still fp32.
    if ACTIVATION == "gelu":
        accumulator = gelu(accumulator)
    c = accumulator.to(c_ptr.dtype.element_ty)

    # Write the tile of C, masked at the edges of the matrix.
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


def matmul(a, b, activation="", config=None):
    # C = activation(A @ B), in A's dtype (fp16 or bf16), accumulated in fp32. The autotuner picks
    # the blocks, unless `config` (one of matmul_kernel.configs) names them.
    assert a.shape[1] == b.shape[0], "incompatible dimensions"
    assert a.dtype == b.dtype, "A and B must have the same dtype"
    M, K = a.shape
    K, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=a.dtype)
    # A 1-D grid: one program per tile of C (the kernel maps it to a tile in grouped order).
    grid = lambda META: (triton.cdiv(M, META['BLOCK_SIZE_M']) * triton.cdiv(N, META['BLOCK_SIZE_N']), )
    args = (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    if config is None:
        matmul_kernel[grid](*args, ACTIVATION=activation)
    else:
        # The kernel under the autotuner, launched with one config.
        matmul_kernel.fn[grid](*args, ACTIVATION=activation, num_warps=config.num_warps,
                               num_stages=config.num_stages, **config.kwargs)
    return c


DTYPES = {'fp16': torch.float16, 'bf16': torch.bfloat16, 'tf32': torch.float32}
# fp16 / bf16 inputs, exact products and fp32 sums; what differs from the fp32 reference is
# mostly C's rounding to the output type (half an ulp: 2^-11 relative in fp16, 2^-8 in bf16).
# fp32 inputs go through tf32 (tl.dot's default input_precision): 10 mantissa bits per input,
# so about 2^-11 relative per product, summed over K.
TOLERANCES = {'fp16': dict(atol=1e-2, rtol=1e-2), 'bf16': dict(atol=3e-2, rtol=2e-2),
              'tf32': dict(atol=5e-2, rtol=1e-2)}
# Small sizes (they also run on the CPU interpreter in seconds): aligned, and ragged in M, N
# and K (masked K, wrapped rows and columns, a partial last group).
TEST_SIZES = [(64, 64, 64), (128, 96, 80), (100, 37, 129)]


def check(M, N, K, dtype, activation="", transposed_b=False, config=None):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=DTYPES[dtype])
    if transposed_b:
        # B as the transposed view of an (N, K) tensor: strides (1, K).
        b = torch.randn(N, K, device=DEVICE, dtype=DTYPES[dtype]).T
        assert b.stride(0) == 1
    else:
        b = torch.randn(K, N, device=DEVICE, dtype=DTYPES[dtype])
    c = matmul(a, b, activation, config)
    assert c.dtype == a.dtype and c.shape == (M, N)
    expected = torch.matmul(a.float(), b.float())
    if activation == "gelu":
        expected = torch.nn.functional.gelu(expected)
    torch.testing.assert_close(c.float(), expected, **TOLERANCES[dtype])


def test_matmul_fp16():
    for M, N, K in TEST_SIZES:
        check(M, N, K, 'fp16')


def test_matmul_bf16():
    for M, N, K in TEST_SIZES:
        check(M, N, K, 'bf16')


def test_matmul_tf32():
    # fp32 inputs on tf32 tensor cores; one ragged size (each size costs real Triton eight cold
    # compiles).
    check(100, 37, 129, 'tf32')


def test_matmul_every_config():
    # Each config the autotuner may pick, not only the one it picks at the small sizes above: at
    # 1100 x 300 every config has several tiles in M and N, and with 128-row tiles more than one
    # group of GROUP_SIZE_M (the last one partial); M, N and K ragged.
    for config in matmul_kernel.configs:
        check(1100, 300, 129, 'fp16', config=config)
        check(300, 1100, 129, 'bf16', config=config)


def test_matmul_transposed_b():
    check(96, 64, 80, 'fp16', transposed_b=True)


def test_linear_gelu_fp16():
    # Sizes whose specialization the benchmark compiles anyway (each new one costs real Triton
    # eight cold compiles); the masks are the ones the plain tests check.
    for M, N, K in [(64, 64, 64), (128, 96, 80)]:
        check(M, N, K, 'fp16', activation="gelu")


# Inputs are drawn once per size and shared by the providers and the benchmarks, straight in
# fp16: Tilesmith's harness draws random numbers on the host, where 2^27 of them take seconds.
# The bf16 inputs are the same numbers cast to bf16 (still random, never zeros; no second draw).
_inputs = {}


def inputs_of(M, N, K, dtype):
    key = (M, N, K, dtype)
    if key not in _inputs:
        if dtype == 'fp16':
            a = torch.randn((M, K), device=DEVICE, dtype=torch.float16)
            b = torch.randn((K, N), device=DEVICE, dtype=torch.float16)
        else:
            a16, b16 = inputs_of(M, N, K, 'fp16')
            a, b = a16.to(DTYPES[dtype]), b16.to(DTYPES[dtype])
        _inputs[key] = (a, b)
    return _inputs[key]


# tf32: fp32 inputs under tl.dot's default input_precision; the cuBLAS line is torch.matmul's
# full-fp32 sgemm (torch.backends.cuda.matmul.allow_tf32 is False by default).
BENCHMARKS = [('matmul-fp16', 'fp16', ""), ('matmul-bf16', 'bf16', ""), ('linear-gelu-fp16', 'fp16', "gelu"),
              ('matmul-tf32', 'tf32', "")]


@triton.testing.perf_report([
    triton.testing.Benchmark(
        x_names=['M', 'N', 'K'],
        x_vals=[(4096, 4096, 4096), (8192, 8192, 8192)],
        line_arg='provider',
        line_vals=['triton', 'torch'],
        # The torch line: cuBLAS alone, or cuBLAS then a GELU kernel (PyTorch's unfused Linear+GELU).
        line_names=['Triton', 'cuBLAS' if activation == "" else 'Torch'],
        styles=[('blue', '-'), ('green', '-')],
        ylabel='TFLOP/s',
        plot_name=name,
        args={'dtype': dtype, 'activation': activation},
    ) for name, dtype, activation in BENCHMARKS
])
def benchmark(M, N, K, provider, dtype, activation):
    a, b = inputs_of(M, N, K, dtype)
    quantiles = [0.5, 0.2, 0.8]
    if provider == 'torch':
        if activation == "gelu":
            fn = lambda: torch.nn.functional.gelu(torch.matmul(a, b))
        else:
            fn = lambda: torch.matmul(a, b)
    else:
        fn = lambda: matmul(a, b, activation)
    ms, min_ms, max_ms = triton.testing.do_bench(fn, warmup=25, rep=100, quantiles=quantiles)
    # One multiply and one add per element of A x B: 2·M·N·K FLOPs.
    tflops = lambda ms: 2 * M * N * K * 1e-12 / (ms * 1e-3)
    return tflops(ms), tflops(max_ms), tflops(min_ms)


if __name__ == "__main__":
    test_matmul_fp16()
    test_matmul_bf16()
    test_matmul_every_config()
    test_matmul_transposed_b()
    test_linear_gelu_fp16()
    print("matmul tests passed")
    benchmark.run(print_data=True, show_plots=False)
