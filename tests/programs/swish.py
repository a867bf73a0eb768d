"""
Swish activation (the seed program): swish(x) = x * sigmoid(beta * x).

One program per BLOCK_SIZE elements; sizes 1, 3 and 1000 are smaller than or not a multiple of
the block, 98432 is many blocks with a partial last one.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def swish_kernel(
    x_ptr,  # pointer to the input vector
    output_ptr,  # pointer to the output vector
    n_elements,  # number of elements in both vectors
    beta: tl.constexpr,  # slope of the sigmoid, fixed at compile time
    BLOCK_SIZE: tl.constexpr,  # elements handled by one program
):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    numerator = x
    denominator = 1.0 + tl.exp(-beta * x)
    output = numerator / denominator
    tl.store(output_ptr + offsets, output, mask=mask)


def triton_swish(x: torch.Tensor, beta=1.0):
    output = torch.empty_like(x)
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    swish_kernel[grid](x, output, n_elements, beta, BLOCK_SIZE=1024)
    return output


@pytest.mark.parametrize("size", [1, 3, 1000, 1024, 98432])
@pytest.mark.parametrize("beta", [1.0, 1.702])
def test_swish(size, beta):
    torch.manual_seed(0)
    x = torch.randn(size, device=DEVICE, dtype=torch.float32)
    expected = x * torch.sigmoid(beta * x)
    actual = triton_swish(x, beta=beta)
    torch.testing.assert_close(actual, expected)


def test_swish_extreme_values():
    # Large |x|: exp(-x) overflows to inf for x << 0, giving -0.0-ish results; x >> 0 gives x.
    x = torch.tensor([-100.0, -20.0, -1.0, 0.0, 1.0, 20.0, 100.0], device=DEVICE)
    expected = x * torch.sigmoid(x)
    torch.testing.assert_close(triton_swish(x), expected)
