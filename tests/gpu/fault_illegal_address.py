# Run on the GPU machine by scripts/gpu-check's caller: a kernel that writes far outside its
# tensor. On --backend cuda the launch must fail with CudaLaunchFailed naming the kernel and the
# driver's "illegal memory access", and the next launch must say the CUDA context is lost and the
# process must restart (never a wrong result, never a crash). On --backend interp the same store
# is an OutOfBoundsAccess. Not part of tests/programs: a real GPU fault poisons the process.
import torch

import triton
import triton.language as tl


@triton.jit
def scatter_far(out_ptr, offset, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offset + offs, offs.to(tl.float32))


@triton.jit
def fill(out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs.to(tl.float32))


out = torch.empty(128, device="cuda", dtype=torch.float32)
try:
    scatter_far[(1, )](out, 1 << 40, BLOCK=128)
    torch.cuda.synchronize()
    print("no fault reported")
except Exception as e:
    print("first launch:", type(e).__name__, str(e)[:300])
try:
    fill[(1, )](out, BLOCK=128)
    torch.cuda.synchronize()
    print("second launch ran")
except Exception as e:
    print("second launch:", type(e).__name__, str(e)[:300])
