"""
fp32 math builtins against PyTorch: tl.exp, exp2, log, log2, sqrt, rsqrt, sin, cos, erf, sigmoid,
libdevice.tanh, tl.fdiv (fast division), tl.div_rn and tl.sqrt_rn (IEEE-exact), and fp16 division.

On the GPU these are Triton's approximations (ex2.approx, sqrt.approx.ftz, div.full, libdevice
on its flush-to-zero path); scripts/gpu/numerics.py checks them bit for bit against real Triton's
recorded outputs, here they only have to be as close to PyTorch as assert_close's fp32
tolerances. div_rn and sqrt_rn must be exact.
"""

import pytest
import torch

import triton
import triton.language as tl
from triton.language.extra import libdevice

DEVICE = triton.runtime.driver.active.get_active_torch_device()
NAMES = ["exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "erf", "sigmoid", "tanh", "fdiv"]


@triton.jit
def math_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    a = tl.abs(x)
    tl.store(out_ptr + 0 * n + offs, tl.exp(x), mask=mask)
    tl.store(out_ptr + 1 * n + offs, tl.exp2(x), mask=mask)
    tl.store(out_ptr + 2 * n + offs, tl.log(a), mask=mask)
    tl.store(out_ptr + 3 * n + offs, tl.log2(a), mask=mask)
    tl.store(out_ptr + 4 * n + offs, tl.sqrt(a), mask=mask)
    tl.store(out_ptr + 5 * n + offs, tl.rsqrt(a), mask=mask)
    tl.store(out_ptr + 6 * n + offs, tl.sin(x), mask=mask)
    tl.store(out_ptr + 7 * n + offs, tl.cos(x), mask=mask)
    tl.store(out_ptr + 8 * n + offs, tl.erf(x), mask=mask)
    tl.store(out_ptr + 9 * n + offs, tl.sigmoid(x), mask=mask)
    tl.store(out_ptr + 10 * n + offs, libdevice.tanh(x), mask=mask)
    tl.store(out_ptr + 11 * n + offs, tl.fdiv(x, y), mask=mask)


@triton.jit
def exact_kernel(x_ptr, y_ptr, div_ptr, sqrt_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    tl.store(div_ptr + offs, tl.div_rn(x, y), mask=mask)
    tl.store(sqrt_ptr + offs, tl.sqrt_rn(tl.abs(x)), mask=mask)


@triton.jit
def half_div_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    # fp16 / fp16 is fp32 in Triton; rounded once to fp16 here.
    tl.store(out_ptr + offs, (x / y).to(tl.float16), mask=mask)


def operands(n):
    torch.manual_seed(0)
    x = torch.randn(n, device=DEVICE, dtype=torch.float32) * 4.0
    y = torch.randn(n, device=DEVICE, dtype=torch.float32) + 3.0
    return x, y


def references(x, y):
    a = x.abs()
    return [torch.exp(x), torch.exp2(x), torch.log(a), torch.log2(a), torch.sqrt(a), torch.rsqrt(a), torch.sin(x),
            torch.cos(x), torch.erf(x), torch.sigmoid(x), torch.tanh(x), x / y]


@pytest.mark.parametrize("n", [1, 3, 1000, 4099])
def test_math_functions(n):
    x, y = operands(n)
    out = torch.empty(len(NAMES) * n, device=DEVICE, dtype=torch.float32)
    math_kernel[(triton.cdiv(n, 512), )](x, y, out, n, BLOCK=512)
    for k, expected in enumerate(references(x, y)):
        torch.testing.assert_close(out[k * n:(k + 1) * n], expected, msg=NAMES[k])


def test_edge_values():
    x = torch.tensor([0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 88.0, -87.0, 100.0, -100.0, 1e-30, 1e30], device=DEVICE)
    y = torch.tensor([3.0, 7.0, -3.0, 1.5, 2.0, 3.0, 1.0, 1.0, 7.0, 3.0, 1e-30, 1e30], device=DEVICE)
    n = x.numel()
    out = torch.empty(len(NAMES) * n, device=DEVICE, dtype=torch.float32)
    math_kernel[(1, )](x, y, out, n, BLOCK=16)
    for k, expected in enumerate(references(x, y)):
        # exp(88) is 2^(88 * log2(e)) with the product rounded to fp32 first: 1.8e-6 relative.
        torch.testing.assert_close(out[k * n:(k + 1) * n], expected, rtol=1e-5, atol=1e-5, msg=NAMES[k],
                                   equal_nan=True)


@pytest.mark.parametrize("n", [3, 1000])
def test_div_rn_and_sqrt_rn_are_exact(n):
    x, y = operands(n)
    div = torch.empty_like(x)
    root = torch.empty_like(x)
    exact_kernel[(triton.cdiv(n, 256), )](x, y, div, root, n, BLOCK=256)
    assert torch.equal(div, x / y)
    assert torch.equal(root, torch.sqrt(x.abs()))


@pytest.mark.parametrize("n", [3, 1000])
def test_fp16_division(n):
    x, y = operands(n)
    x, y = x.half(), y.half()
    out = torch.empty_like(x)
    half_div_kernel[(triton.cdiv(n, 256), )](x, y, out, n, BLOCK=256)
    torch.testing.assert_close(out, (x.float() / y.float()).half())
