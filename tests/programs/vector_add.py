"""
Vector addition (the constructs of Triton's tutorial 01): one program per block, masked tail,
fp32 and fp16, and an int32 case where Python-int weak typing keeps the dtype.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor, block_size=1024):
    output = torch.empty_like(x)
    assert x.device == DEVICE and y.device == DEVICE and output.device == DEVICE
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=block_size)
    return output


@pytest.mark.parametrize("size", [1, 3, 1000, 1024, 98432])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_add(size, dtype):
    torch.manual_seed(0)
    x = torch.rand(size, device=DEVICE, dtype=dtype)
    y = torch.rand(size, device=DEVICE, dtype=dtype)
    torch.testing.assert_close(add(x, y), x + y)


@pytest.mark.parametrize("block_size", [16, 128])
def test_add_int32_small_blocks(block_size):
    x = torch.arange(0, 777, device=DEVICE, dtype=torch.int32) - 300
    y = torch.arange(0, 777, device=DEVICE, dtype=torch.int32) * 3
    out = add(x, y, block_size=block_size)
    assert out.dtype == torch.int32
    assert torch.equal(out, x + y)
