"""
A tensor-core matmul for the roofline (issue 9: "the studio's roofline places the matmul within
10% of the measured tensor-core roof"): tutorial 03's kernel at the config its autotuner picks on
the H200 at 4096^3 fp16 (128 x 256 x 64 tiles, 8 warps, 3 stages), declared with Triton's
`launch_metadata` hook (as tutorial 09 does) so a profiler knows the FLOPs and bytes a launch
must do: CUPTI's counters do not count tensor-core instructions.

`python3 matmul_roofline.py` / `tilesmith run` checks the product against torch and runs it ten
times at 4096^3 in fp16, then ten times in fp32 (tf32 tensor cores, tl.dot's default precision,
with 128 x 128 x 32 tiles on 4 warps: 128 x 256 x 64 fp32 tiles need more shared memory than a
block has); `tilesmith profile matmul_roofline.py --kernel matmul_kernel` places those launches
on the roofline, each under the roof of its input type. `tilesmith bench` times the fp16 one
against cuBLAS.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()
CONFIG = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=8, num_stages=3)
TF32_CONFIG = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=32, GROUP_SIZE_M=8, num_warps=4, num_stages=3)


def _matmul_launch_metadata(grid, kernel, args):
    # What one launch must do: 2·M·N·K FLOPs, and A, B and C read or written once.
    M, N, K = args["M"], args["N"], args["K"]
    size = args["c_ptr"].element_size()
    return {"name": f"{kernel.name} [M={M}, N={N}, K={K}]", f"flops{size * 8}": 2. * M * N * K,
            "bytes": size * (M * K + N * K + M * N)}


@triton.jit(launch_metadata=_matmul_launch_metadata)
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                  GROUP_SIZE_M: tl.constexpr):
    # Tutorial 03: grouped tile order, rows and columns past M and N wrapped, K masked.
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
    c = accumulator.to(c_ptr.dtype.element_ty)
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, c, mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


def matmul(a, b):
    M, K = a.shape
    K, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=a.dtype)
    config = TF32_CONFIG if a.dtype == torch.float32 else CONFIG
    grid = (triton.cdiv(M, config['BLOCK_SIZE_M']) * triton.cdiv(N, config['BLOCK_SIZE_N']), )
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0),
                        c.stride(1), **config)
    return c


def test_matmul_ragged():
    torch.manual_seed(0)
    a = torch.randn(300, 129, device=DEVICE, dtype=torch.float16)
    b = torch.randn(129, 520, device=DEVICE, dtype=torch.float16)
    torch.testing.assert_close(matmul(a, b).float(), a.float() @ b.float(), atol=1e-2, rtol=1e-2)
    # fp32 in, tf32 products (10 mantissa bits of each input).
    a32, b32 = a.float(), b.float()
    torch.testing.assert_close(matmul(a32, b32), a32 @ b32, atol=5e-2, rtol=1e-2)


@triton.testing.perf_report(
    triton.testing.Benchmark(x_names=['M', 'N', 'K'], x_vals=[(4096, 4096, 4096)], line_arg='provider',
                             line_vals=['triton', 'torch'], line_names=['Triton', 'cuBLAS'],
                             styles=[('blue', '-'), ('green', '-')], ylabel='TFLOP/s',
                             plot_name='matmul-roofline-fp16', args={}))
def benchmark(M, N, K, provider):
    a = torch.randn((M, K), device=DEVICE, dtype=torch.float16)
    b = torch.randn((K, N), device=DEVICE, dtype=torch.float16)
    fn = (lambda: torch.matmul(a, b)) if provider == 'torch' else (lambda: matmul(a, b))
    ms, min_ms, max_ms = triton.testing.do_bench(fn, warmup=25, rep=100, quantiles=[0.5, 0.2, 0.8])
    tflops = lambda ms: 2 * M * N * K * 1e-12 / (ms * 1e-3)
    return tflops(ms), tflops(max_ms), tflops(min_ms)


if __name__ == "__main__":
    test_matmul_ragged()
    a = torch.randn((4096, 4096), device=DEVICE, dtype=torch.float16)
    b = torch.randn((4096, 4096), device=DEVICE, dtype=torch.float16)
    for _ in range(10):
        c = matmul(a, b)
    a32, b32 = a.float(), b.float()
    for _ in range(10):
        c = matmul(a32, b32)
    torch.cuda.synchronize()
    print("matmul_roofline: 10 launches at 4096^3 fp16, 10 in fp32 (tf32)")
