"""
Kernel control flow: `tl.static_range` (unrolled at compile time), a runtime `for` over
`range` and over `tl.range` with a step, a `while` on a scalar, `if`/`else` on runtime scalars
(one depends on the program id), a constexpr `if`, and a helper `@triton.jit` function that is
inlined.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def horner(x, DEGREE: tl.constexpr):
    # 1 * x^(DEGREE-1) + 2 * x^(DEGREE-2) + ... + DEGREE, unrolled.
    acc = tl.zeros_like(x)
    for i in tl.static_range(DEGREE):
        acc = acc * x + (i + 1)
    return acc


@triton.jit
def control_flow_kernel(x_ptr, out_ptr, n, n_iters, flag, BLOCK: tl.constexpr, DEGREE: tl.constexpr,
                        NEGATE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    acc = horner(x, DEGREE)
    # Runtime loop: s = x * (0 + 1 + ... + n_iters - 1).
    s = tl.zeros_like(x)
    for j in range(n_iters):
        s += x * j
    # Runtime loop with a step: t = number of even j below n_iters.
    t = 0
    for j in tl.range(0, n_iters, 2):
        t += 1
    # Scalar if on an argument.
    if flag > 0:
        out = acc + s
    else:
        out = acc - s
    # Scalar if on the program id.
    if pid % 2 == 1:
        out = out + 1000.0
    # While on a scalar: the smallest power of two >= n_iters.
    k = 1
    while k < n_iters:
        k *= 2
    out = out + (k * 100 + t)
    if NEGATE:
        out = -out
    tl.store(out_ptr + offs, out, mask=mask)


def run_kernel(x, n_iters, flag, degree, negate, block=128):
    n = x.numel()
    out = torch.empty_like(x)
    control_flow_kernel[(triton.cdiv(n, block), )](x, out, n, n_iters, flag, BLOCK=block, DEGREE=degree,
                                                    NEGATE=negate)
    return out


def reference(x, n_iters, flag, degree, negate, block=128):
    acc = torch.zeros_like(x)
    for i in range(degree):
        acc = acc * x + (i + 1)
    s = x * float(sum(range(n_iters)))
    if flag > 0:
        out = acc + s
    else:
        out = acc - s
    pid = torch.arange(0, x.numel(), device=x.device) // block
    out = out + (pid % 2 == 1).float() * 1000.0
    k = 1
    while k < n_iters:
        k *= 2
    t = (n_iters + 1) // 2
    out = out + float(k * 100 + t)
    if negate:
        out = -out
    return out


@pytest.mark.parametrize("n", [1, 3, 300])
@pytest.mark.parametrize("n_iters", [0, 1, 5])
@pytest.mark.parametrize("flag", [1, -2])
def test_control_flow(n, n_iters, flag):
    torch.manual_seed(0)
    x = torch.rand(n, device=DEVICE, dtype=torch.float32) * 2.0 - 1.0
    out = run_kernel(x, n_iters, flag, degree=3, negate=False)
    torch.testing.assert_close(out, reference(x, n_iters, flag, 3, False), atol=1e-4, rtol=1e-5)


@pytest.mark.parametrize("degree", [1, 4])
def test_control_flow_constexprs(degree):
    torch.manual_seed(0)
    x = torch.rand(200, device=DEVICE, dtype=torch.float32) * 2.0 - 1.0
    out = run_kernel(x, 7, 3, degree=degree, negate=True, block=64)
    torch.testing.assert_close(out, reference(x, 7, 3, degree, True, block=64), atol=1e-4, rtol=1e-5)
