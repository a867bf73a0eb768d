"""
Block pointers: `tl.make_block_ptr` over a parent tensor, `tl.advance` in a loop, loads with
`boundary_check` and `padding_option`, and stores with `boundary_check` (Triton's block-pointer
matmul tutorial, a transposed view, a 1-D copy and a NaN padding). Sizes that are not multiples
of the blocks make the boundary checks matter; the references are plain torch.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_block_ptr = tl.make_block_ptr(base=a_ptr, shape=(M, K), strides=(stride_am, stride_ak),
                                    offsets=(pid_m * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_K), order=(1, 0))
    b_block_ptr = tl.make_block_ptr(base=b_ptr, shape=(K, N), strides=(stride_bk, stride_bn),
                                    offsets=(0, pid_n * BLOCK_N), block_shape=(BLOCK_K, BLOCK_N), order=(1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_block_ptr, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_block_ptr, boundary_check=(0, 1), padding_option="zero")
        acc += tl.dot(a, b)
        a_block_ptr = tl.advance(a_block_ptr, (0, BLOCK_K))
        b_block_ptr = tl.advance(b_block_ptr, (BLOCK_K, 0))
    c_block_ptr = tl.make_block_ptr(base=c_ptr, shape=(M, N), strides=(stride_cm, stride_cn),
                                    offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N), block_shape=(BLOCK_M, BLOCK_N),
                                    order=(1, 0))
    tl.store(c_block_ptr, acc.to(c_ptr.dtype.element_ty), boundary_check=(0, 1))


def matmul(a, b, block_m, block_n, block_k, num_warps=4):
    M, K = a.shape
    _, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=a.dtype)
    grid = (triton.cdiv(M, block_m), triton.cdiv(N, block_n))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                        c.stride(0), c.stride(1), BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k,
                        num_warps=num_warps)
    return c


@pytest.mark.parametrize("M, N, K", [(64, 64, 64), (100, 72, 80), (33, 17, 40)])
@pytest.mark.parametrize("tile", [(32, 32, 16, 4), (64, 64, 32, 4)])
def test_block_ptr_matmul(M, N, K, tile):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float16)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float16)
    c = matmul(a, b, *tile)
    torch.testing.assert_close(c.float(), torch.matmul(a.float(), b.float()), atol=6e-2, rtol=2e-2)


def test_block_ptr_matmul_transposed_b():
    torch.manual_seed(1)
    a = torch.randn(70, 48, device=DEVICE, dtype=torch.float16)
    b = torch.randn(90, 48, device=DEVICE, dtype=torch.float16).t()
    c = matmul(a, b, 64, 64, 32)
    torch.testing.assert_close(c.float(), torch.matmul(a.float(), b.float()), atol=6e-2, rtol=2e-2)


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(pid * BLOCK,), block_shape=(BLOCK,), order=(0,))
    y = tl.make_block_ptr(y_ptr, shape=(n,), strides=(1,), offsets=(pid * BLOCK,), block_shape=(BLOCK,), order=(0,))
    tl.store(y, tl.load(x, boundary_check=(0,)) * 2, boundary_check=(0,))


def test_block_ptr_1d_copy_stops_at_the_end():
    x = torch.arange(1000, device=DEVICE, dtype=torch.float32)
    y = torch.full((1024,), -1.0, device=DEVICE, dtype=torch.float32)
    copy_kernel[(triton.cdiv(1000, 256),)](x, y, 1000, BLOCK=256)
    torch.testing.assert_close(y[:1000], x * 2)
    assert bool((y[1000:] == -1.0).all())


@triton.jit
def pad_kernel(x_ptr, out_ptr, M, N, stride_m, BLOCK: tl.constexpr):
    # One block over the whole tensor, the part past (M, N) padded with NaN; rows counted.
    p = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(stride_m, 1), offsets=(0, 0),
                          block_shape=(BLOCK, BLOCK), order=(1, 0))
    x = tl.load(p, boundary_check=(0, 1), padding_option="nan")
    nan_count = tl.sum((x != x).to(tl.int32), axis=1)
    tl.store(out_ptr + tl.arange(0, BLOCK), nan_count)


def test_block_ptr_nan_padding():
    x = torch.randn(5, 6, device=DEVICE, dtype=torch.float32)
    out = torch.empty(8, device=DEVICE, dtype=torch.int32)
    pad_kernel[(1,)](x, out, 5, 6, x.stride(0), BLOCK=8)
    expected = torch.tensor([2, 2, 2, 2, 2, 8, 8, 8], device=DEVICE, dtype=torch.int32)
    torch.testing.assert_close(out, expected)


@triton.jit
def shifted_copy_kernel(x_ptr, y_ptr, n, shift, BLOCK: tl.constexpr):
    # A block pointer moved in one branch of a runtime `if` and used after it.
    p = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(0,), block_shape=(BLOCK,), order=(0,))
    if shift > 0:
        p = tl.advance(p, (shift,))
    tl.store(y_ptr + tl.arange(0, BLOCK), tl.load(p, boundary_check=(0,), padding_option="zero"))


@pytest.mark.parametrize("shift", [0, 2, 40])
def test_block_ptr_advanced_in_a_branch(shift):
    x = torch.arange(100, device=DEVICE, dtype=torch.float32)
    y = torch.empty(64, device=DEVICE, dtype=torch.float32)
    shifted_copy_kernel[(1,)](x, y, 100, shift, BLOCK=64)
    expected = torch.zeros(64, device=DEVICE, dtype=torch.float32)
    expected[:min(64, 100 - shift)] = x[shift:shift + 64]
    torch.testing.assert_close(y, expected)
