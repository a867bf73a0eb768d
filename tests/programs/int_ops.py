"""
Integer arithmetic and conversions with Triton's (C's) semantics: `//` and `%` truncate toward
zero (so -7 // 2 == -3 and -7 % 2 == -1, unlike Python), by a block and by a scalar of either
sign; `/` on integers gives fp32; `tl.where`, `tl.maximum`, `tl.minimum`; `.to()` casts
float -> int (truncation), int32 -> int8 (wrap-around), int -> float, fp32 -> fp16.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def divmod_kernel(a_ptr, b_ptr, q_ptr, r_ptr, qs_ptr, rs_ptr, true_div_ptr, n, DIVISOR: tl.constexpr,
                  BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=1)
    tl.store(q_ptr + offs, a // b, mask=mask)
    tl.store(r_ptr + offs, a % b, mask=mask)
    tl.store(qs_ptr + offs, a // DIVISOR, mask=mask)
    tl.store(rs_ptr + offs, a % DIVISOR, mask=mask)
    tl.store(true_div_ptr + offs, a / b, mask=mask)


@triton.jit
def select_cast_kernel(x_ptr, a_ptr, b_ptr, abs_ptr, max_ptr, min_ptr, trunc_ptr, wrap_ptr, itof_ptr, half_ptr, n,
                       BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=0)
    tl.store(abs_ptr + offs, tl.where(a < 0, -a, a), mask=mask)
    tl.store(max_ptr + offs, tl.maximum(a, b), mask=mask)
    tl.store(min_ptr + offs, tl.minimum(x, 0.5), mask=mask)
    tl.store(trunc_ptr + offs, x.to(tl.int32), mask=mask)
    tl.store(wrap_ptr + offs, a.to(tl.int8), mask=mask)
    tl.store(itof_ptr + offs, a.to(tl.float32) * 0.5, mask=mask)
    tl.store(half_ptr + offs, x.to(tl.float16), mask=mask)


def make_operands(n):
    torch.manual_seed(0)
    a = torch.randint(-1000, 1000, (n, ), device=DEVICE, dtype=torch.int32)
    # Divisors in [-9, 9] without 0.
    b = torch.randint(1, 10, (n, ), device=DEVICE, dtype=torch.int32)
    sign = torch.randint(0, 2, (n, ), device=DEVICE, dtype=torch.int32) * 2 - 1
    return a, b * sign


@pytest.mark.parametrize("n", [1, 3, 1000, 1024, 5000])
@pytest.mark.parametrize("divisor", [4, -3])
def test_truncating_division(n, divisor):
    a, b = make_operands(n)
    q = torch.empty_like(a)
    r = torch.empty_like(a)
    qs = torch.empty_like(a)
    rs = torch.empty_like(a)
    true_div = torch.empty(n, device=DEVICE, dtype=torch.float32)
    divmod_kernel[(triton.cdiv(n, 256), )](a, b, q, r, qs, rs, true_div, n, DIVISOR=divisor, BLOCK=256)
    assert torch.equal(q, torch.div(a, b, rounding_mode='trunc'))
    assert torch.equal(r, torch.fmod(a, b))
    assert torch.equal(qs, torch.div(a, divisor, rounding_mode='trunc'))
    assert torch.equal(rs, torch.fmod(a, divisor))
    torch.testing.assert_close(true_div, a.float() / b.float())


def test_truncating_division_known_values():
    a = torch.tensor([-7, -7, 7, 7, 0, -1, 1], device=DEVICE, dtype=torch.int32)
    b = torch.tensor([2, -2, 2, -2, 5, 3, -3], device=DEVICE, dtype=torch.int32)
    n = a.numel()
    q = torch.empty_like(a)
    r = torch.empty_like(a)
    qs = torch.empty_like(a)
    rs = torch.empty_like(a)
    true_div = torch.empty(n, device=DEVICE, dtype=torch.float32)
    divmod_kernel[(1, )](a, b, q, r, qs, rs, true_div, n, DIVISOR=4, BLOCK=8)
    assert q.tolist() == [-3, 3, 3, -3, 0, 0, 0]
    assert r.tolist() == [-1, -1, 1, 1, 0, -1, 1]
    assert qs.tolist() == [-1, -1, 1, 1, 0, 0, 0]
    assert rs.tolist() == [-3, -3, 3, 3, 0, -1, 1]


@pytest.mark.parametrize("n", [1, 3, 1000, 1024, 5000])
def test_select_and_casts(n):
    a, b = make_operands(n)
    x = torch.randn(n, device=DEVICE, dtype=torch.float32) * 100.0
    outs = [torch.empty_like(a), torch.empty_like(a), torch.empty_like(x), torch.empty_like(a)]
    wrap = torch.empty(n, device=DEVICE, dtype=torch.int8)
    itof = torch.empty(n, device=DEVICE, dtype=torch.float32)
    half = torch.empty(n, device=DEVICE, dtype=torch.float16)
    select_cast_kernel[(triton.cdiv(n, 512), )](x, a, b, outs[0], outs[1], outs[2], outs[3], wrap, itof, half, n,
                                                BLOCK=512)
    assert torch.equal(outs[0], torch.abs(a))
    assert torch.equal(outs[1], torch.maximum(a, b))
    assert torch.equal(outs[2], torch.clamp(x, max=0.5))
    # float -> int truncates toward zero, like torch's conversion.
    assert torch.equal(outs[3], x.to(torch.int32))
    # int32 -> int8 keeps the low 8 bits.
    assert torch.equal(wrap, a.to(torch.int8))
    assert torch.equal(itof, a.float() * 0.5)
    assert torch.equal(half, x.half())
