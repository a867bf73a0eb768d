# Integer division and remainder by zero inside a kernel, one per test:
# - test_divide_by_zero_scalar: `a // d` with the scalar argument d == 0 -> IntegerDivisionByZero
#   at that line, in program (0, 0, 0).
# - test_remainder_by_zero_element: `a % b` where b[5] == 0 (b is loaded with other=1, so the
#   masked-off lanes divide by 1) -> IntegerDivisionByZero at that line, in program (0, 0, 0).
# Not for real Triton: integer division by zero on a GPU gives an unspecified value, no error, so
# this program is for Tilesmith's interpreter only.
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def div_scalar_kernel(a_ptr, out_ptr, n, d, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    q = a // d  # CHECK-ERROR: IntegerDivisionByZero: program (0, 0, 0)
    tl.store(out_ptr + offs, q, mask=mask)


@triton.jit
def rem_block_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=1)
    r = a % b  # CHECK-ERROR: IntegerDivisionByZero: program (0, 0, 0)
    tl.store(out_ptr + offs, r, mask=mask)


def test_divide_by_zero_scalar():
    a = torch.arange(0, 100, device=DEVICE, dtype=torch.int32)
    out = torch.empty_like(a)
    div_scalar_kernel[(1, )](a, out, 100, 0, BLOCK=128)
    assert out[0].item() == 0


def test_remainder_by_zero_element():
    a = torch.arange(0, 100, device=DEVICE, dtype=torch.int32)
    b = torch.full((100, ), 3, device=DEVICE, dtype=torch.int32)
    b[5] = 0
    out = torch.empty_like(a)
    rem_block_kernel[(1, )](a, b, out, 100, BLOCK=128)
    assert out[0].item() == 0
