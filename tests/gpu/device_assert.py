# Run on the GPU machine: tl.device_assert on the GPU, in debug builds only (as Triton).
#   tilesmith run tests/gpu/device_assert.py --backend cuda --debug   (or TRITON_DEBUG=1)
#   TRITON_DEBUG=1 python3 tests/gpu/device_assert.py                 (real Triton)
# The first launch passes its asserts. In the second, element 300 is negative: with BLOCK=128
# and num_warps=4 (one element per thread) that is program 2, thread/element 44, and the launch
# must fail on the assert at line 25: Tilesmith reports DeviceAssertFailed there ("program
# (2, 0, 0) at element held by GPU thread 44: x must be non-negative", the context lost), real
# Triton's CUDA runtime prints "...device_assert.py:25: sqrt_kernel: block: [2,0,0], thread:
# [44,0,0] Assertion `x must be non-negative` failed." on stderr and torch raises RuntimeError.
# Without debug neither checks the assert ("second launch ran" is printed; Tilesmith notes once
# that the asserts are unchecked); --backend interp always reports element [44] of program 2.
# Not part of tests/programs: a failed assert on a GPU loses the CUDA context.
import torch

import triton
import triton.language as tl


@triton.jit
def sqrt_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.device_assert(x >= 0, "x must be non-negative")
    tl.store(out_ptr + offsets, tl.sqrt(x), mask=mask)


x = torch.arange(0, 1000, device="cuda", dtype=torch.float32)
out = torch.empty_like(x)
grid = (triton.cdiv(1000, 128), )
sqrt_kernel[grid](x, out, 1000, BLOCK_SIZE=128)
torch.cuda.synchronize()
print("first launch passed its asserts:", out[400].item() == 20.0)
x[300] = -1.0
sqrt_kernel[grid](x, out, 1000, BLOCK_SIZE=128)
torch.cuda.synchronize()
print("second launch ran")
