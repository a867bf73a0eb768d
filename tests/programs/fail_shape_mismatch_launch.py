# Launches that cannot run, one per test:
# - test_wrong_argument_count: the launch leaves out `n_elements`, so the arguments do not match
#   the kernel's parameters -> KernelArgumentMismatch at the launch line, naming the parameter.
# - test_incompatible_shapes: the kernel adds a [32] block to a [64] block -> IncompatibleShapes
#   at that line of the kernel when the launch specializes it.
# Under real Triton both also fail (a TypeError from the launcher, a CompilationError from the
# compiler); Tilesmith must report them with these kinds and lines.
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


@triton.jit
def mismatched_add_kernel(x_ptr, y_ptr, output_ptr):
    a = tl.load(x_ptr + tl.arange(0, 32))
    b = tl.load(y_ptr + tl.arange(0, 64))
    c = a + b  # CHECK-ERROR: IncompatibleShapes: [32] and [64]
    tl.store(output_ptr + tl.arange(0, 64), c)


def test_wrong_argument_count():
    x = torch.rand(100, device=DEVICE)
    y = torch.rand(100, device=DEVICE)
    out = torch.empty_like(x)
    add_kernel[(1, )](x, y, out, BLOCK_SIZE=128)  # CHECK-ERROR: KernelArgumentMismatch: n_elements
    torch.testing.assert_close(out, x + y)


def test_incompatible_shapes():
    x = torch.rand(64, device=DEVICE)
    y = torch.rand(64, device=DEVICE)
    out = torch.empty_like(x)
    mismatched_add_kernel[(1, )](x, y, out)
    torch.testing.assert_close(out, x + y)
