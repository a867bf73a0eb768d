# tl.device_assert in a kernel built with @triton.jit(debug=True): every assert holds, so the
# program passes everywhere; on the GPU the asserts are compiled in and checked (the CUDA golden
# tests/golden/cuda/debug_asserts.cu shows the __assertfail calls, built by NVRTC).
import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit(debug=True)
def clamp_kernel(x_ptr, out_ptr, n_elements, lo, hi, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    tl.device_assert(pid >= 0, "program ids are never negative")
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=lo)
    y = tl.minimum(tl.maximum(x, lo), hi)
    tl.device_assert((y >= lo) & (y <= hi), "clamped value out of range")
    tl.store(out_ptr + offsets, y, mask=mask)


def clamp(x, lo, hi):
    out = torch.empty_like(x)
    n = out.numel()
    grid = lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']), )
    clamp_kernel[grid](x, out, n, lo, hi, BLOCK_SIZE=256)
    return out


@pytest.mark.parametrize("size", [1, 3, 1000])
def test_clamp(size):
    torch.manual_seed(0)
    x = torch.randn(size, device=DEVICE) * 10
    torch.testing.assert_close(clamp(x, -1.5, 2.5), torch.clamp(x, -1.5, 2.5))
