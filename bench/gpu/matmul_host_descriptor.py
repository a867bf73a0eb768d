"""
Matrix multiplication through host tensor descriptors, as Triton's tutorial 09 passes them to
its persistent TMA kernel: A, B and C are triton.tools.tensor_descriptor.TensorDescriptor
arguments whose block shapes each config's pre_hook sets, B given as an (N, K) tensor and
transposed per tile, fp16 in and out with an fp32 accumulator, the grouped tile order (one
program per tile), autotuned over the configs of matmul_descriptor.py. On an H100 / H200 Triton
moves these tiles with the TMA copy engine, and so does Tilesmith with TILESMITH_TMA=1
(docs/tensor-descriptors.md).

Runs unchanged with `python3 matmul_host_descriptor.py` and with `tilesmith test / bench
matmul_host_descriptor.py --backend cuda`. Lines: 'triton' (the kernel) and 'torch'
(torch.matmul, cuBLAS). TFLOP/s from 2·M·N·K.
"""

import torch

import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

DEVICE = triton.runtime.driver.active.get_active_torch_device()


def set_block_shapes(nargs):
    BM, BN, BK = nargs['BLOCK_SIZE_M'], nargs['BLOCK_SIZE_N'], nargs['BLOCK_SIZE_K']
    nargs['a_desc'].block_shape = [BM, BK]
    nargs['b_desc'].block_shape = [BN, BK]
    nargs['c_desc'].block_shape = [BM, BN]


def configs():
    return [
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 256, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=3,
                      num_warps=8, pre_hook=set_block_shapes),
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 128, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4, pre_hook=set_block_shapes),
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 128, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=8, pre_hook=set_block_shapes),
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 256, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=8, pre_hook=set_block_shapes),
        triton.Config({'BLOCK_SIZE_M': 64, 'BLOCK_SIZE_N': 128, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4, pre_hook=set_block_shapes),
    ]


@triton.autotune(configs=configs(), key=['M', 'N', 'K'])
@triton.jit
def matmul_kernel_host_descriptor(a_desc, b_desc, c_desc, M, N, K, BLOCK_SIZE_M: tl.constexpr,
                                  BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + (pid % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = pid_m * BLOCK_SIZE_M
    offs_bn = pid_n * BLOCK_SIZE_N
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        offs_k = k * BLOCK_SIZE_K
        a = a_desc.load([offs_am, offs_k])
        b = b_desc.load([offs_bn, offs_k])
        accumulator = tl.dot(a, b.T, accumulator)
    c_desc.store([offs_am, offs_bn], accumulator.to(tl.float16))


def matmul(a, b):
    # C = A @ B.T for A (M, K) and B (N, K), fp16.
    M, K = a.shape
    N, K = b.shape
    c = torch.empty((M, N), device=a.device, dtype=torch.float16)
    dummy = [1, 1]  # each config's pre_hook sets the block shapes
    a_desc = TensorDescriptor.from_tensor(a, dummy)
    b_desc = TensorDescriptor.from_tensor(b, dummy)
    c_desc = TensorDescriptor.from_tensor(c, dummy)
    grid = lambda META: (triton.cdiv(M, META['BLOCK_SIZE_M']) * triton.cdiv(N, META['BLOCK_SIZE_N']), )
    matmul_kernel_host_descriptor[grid](a_desc, b_desc, c_desc, M, N, K)
    return c


def test_matmul_host_descriptor():
    for M, N, K in [(128, 128, 128), (200, 136, 264)]:
        torch.manual_seed(0)
        a = torch.randn((M, K), device=DEVICE, dtype=torch.float16)
        b = torch.randn((N, K), device=DEVICE, dtype=torch.float16)
        expected = torch.matmul(a.to(torch.float32), b.to(torch.float32).T)
        torch.testing.assert_close(matmul(a, b).to(torch.float32), expected, atol=2e-2, rtol=1e-2)


_inputs = {}


def inputs_of(M, N, K):
    if (M, N, K) not in _inputs:
        torch.manual_seed(0)
        _inputs[(M, N, K)] = (torch.randn((M, K), device=DEVICE, dtype=torch.float16),
                              torch.randn((N, K), device=DEVICE, dtype=torch.float16))
    return _inputs[(M, N, K)]


@triton.testing.perf_report([
    triton.testing.Benchmark(
        x_names=['M', 'N', 'K'],
        x_vals=[(4096, 4096, 4096), (8192, 8192, 8192)],
        line_arg='provider',
        line_vals=['triton', 'torch'],
        line_names=['Triton', 'cuBLAS'],
        styles=[('blue', '-'), ('green', '-')],
        ylabel='TFLOP/s',
        plot_name='matmul-host-descriptor-fp16',
        args={},
    )
])
def benchmark(M, N, K, provider):
    a, b = inputs_of(M, N, K)
    quantiles = [0.5, 0.2, 0.8]
    if provider == 'torch':
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: torch.matmul(a, b.T), warmup=25, rep=100,
                                                     quantiles=quantiles)
    else:
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: matmul(a, b), warmup=25, rep=100, quantiles=quantiles)
    tflops = lambda ms: 2 * M * N * K * 1e-12 / (ms * 1e-3)
    return tflops(ms), tflops(max_ms), tflops(min_ms)


if __name__ == "__main__":
    test_matmul_host_descriptor()
    print("matmul host descriptor tests passed")
    benchmark.run(print_data=True, show_plots=False)
