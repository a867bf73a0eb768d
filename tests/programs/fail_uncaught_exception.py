# Host code that raises: the mean of an empty list of timings divides by zero. Nothing catches
# the ZeroDivisionError, so the test fails with UncaughtException at the line that raised
# ("ZeroDivisionError: division by zero"), with a traceback. The kernel itself is correct.
# Runs under real Python too, and fails the same way there.
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def scale_kernel(x_ptr, out_ptr, n_elements, factor, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * factor, mask=mask)


def mean(values):
    return sum(values) / len(values)  # CHECK-ERROR: UncaughtException: ZeroDivisionError: division by zero


def test_scale_then_average():
    x = torch.rand(300, device=DEVICE)
    out = torch.empty_like(x)
    scale_kernel[(triton.cdiv(300, 128), )](x, out, 300, 2.0, BLOCK_SIZE=128)
    torch.testing.assert_close(out, x * 2.0)
    sizes = [n for n in [1, 2, 3] if n > 10]
    print("average size:", mean(sizes))
