"""
Integer division on lanes that are thrown away: `x` is loaded with `other=0`, so the masked-off
lanes compute `100 // 0`, and `tl.where(x != 0, 100 // x, -1)` divides by zero on the lanes it
does not pick. Neither is observed (the store is masked, `where` takes the other side), so this
is a correct kernel: the GPU computes garbage there and drops it, and the interpreter must not
report a division by zero.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def masked_div_kernel(x_ptr, q_ptr, r_ptr, safe_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.store(q_ptr + offs, 100 // x, mask=mask)
    tl.store(r_ptr + offs, 100 % x, mask=mask)
    tl.store(safe_ptr + offs, tl.where(x != 0, 1000 // x, -1), mask=mask)


@pytest.mark.parametrize("n", [1, 3, 100, 1000])
def test_masked_off_lanes_divide_by_zero(n):
    torch.manual_seed(0)
    x = torch.randint(1, 50, (n, ), device=DEVICE, dtype=torch.int32)
    q = torch.empty_like(x)
    r = torch.empty_like(x)
    safe = torch.empty_like(x)
    masked_div_kernel[(triton.cdiv(n, 128), )](x, q, r, safe, n, BLOCK=128)
    hundred = torch.full_like(x, 100)
    assert torch.equal(q, torch.div(hundred, x, rounding_mode='trunc'))
    assert torch.equal(r, torch.fmod(hundred, x))
    assert torch.equal(safe, torch.div(hundred * 10, x, rounding_mode='trunc'))


def test_where_skips_zero_divisors():
    x = torch.tensor([5, 0, -3, 0, 7], device=DEVICE, dtype=torch.int32)
    safe = torch.empty_like(x)
    safe_kernel[(1, )](x, safe, 5, BLOCK=8)
    assert safe.tolist() == [200, -1, -333, -1, 142]


@triton.jit
def safe_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.store(out_ptr + offs, tl.where(x != 0, 1000 // x, -1), mask=mask)
