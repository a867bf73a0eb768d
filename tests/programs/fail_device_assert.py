# A kernel that asserts its input is non-negative, given one negative value: element 300, which
# is lane 44 of program (1, 0, 0) with BLOCK_SIZE=256. Tilesmith's interpreter checks
# device_assert and must report DeviceAssertFailed at the tl.device_assert line with the
# assert's message.
# Under real Triton, device_assert is only checked in debug mode (TRITON_DEBUG=1 / debug=True):
# a plain compiled run and Triton's interpreter (TRITON_INTERPRET=1) both ignore it and this test
# then passes (verified with Triton 3.6), so the expectation is for Tilesmith's interpreter.
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def sqrt_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.device_assert(x >= 0, "x must be non-negative")  # CHECK-ERROR: DeviceAssertFailed: x must be non-negative
    tl.store(out_ptr + offsets, tl.sqrt(x), mask=mask)


def test_sqrt_of_negative():
    x = torch.arange(0, 1000, device=DEVICE, dtype=torch.float32)
    x[300] = -1.0
    out = torch.empty_like(x)
    sqrt_kernel[(triton.cdiv(1000, 256), )](x, out, 1000, BLOCK_SIZE=256)
    assert out[299].item() > 17.0
