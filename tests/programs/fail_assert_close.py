# A deliberately wrong kernel: it should double every element but adds 1 more wherever the
# element index is a multiple of 7. Over 1000 elements (0, 7, ..., 994) that is 143 wrong values,
# each off by exactly 1.0, far outside float32's default tolerance (atol 1e-5, rtol 1.3e-6 of at
# most 1998 = 0.0026). The test fails at assert_close; its validation report must say 143
# mismatched of 1000, the greatest absolute difference 1.0 at index (0,) (the first mismatch),
# the greatest relative difference inf at index (0,) (expected value 0 there).
# Runs under real Triton too, and fails the same way (verified on the GPU machine, Triton 3.6):
#   Mismatched elements: 143 / 1000 (14.3%)
#   Greatest absolute difference: 1.0 at index (0,) (up to 1e-05 allowed)
#   Greatest relative difference: inf at index (0,) (up to 1.3e-06 allowed)
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def wrong_double_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    bug = tl.where(offsets % 7 == 0, 1.0, 0.0)
    tl.store(out_ptr + offsets, x * 2.0 + bug, mask=mask)


def test_wrong_double():
    x = torch.arange(0, 1000, device=DEVICE, dtype=torch.float32)
    out = torch.empty_like(x)
    wrong_double_kernel[(triton.cdiv(1000, 256), )](x, out, 1000, BLOCK_SIZE=256)
    torch.testing.assert_close(out, x * 2.0)  # CHECK-ERROR: TestFailed: test_wrong_double
    # CHECK-VALIDATION: mismatched=143 total=1000
