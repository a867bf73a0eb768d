# Run on the GPU machine by scripts/gpu-check: fault_illegal_address.py's kernel with nothing
# catching the error. `tilesmith run --backend cuda --json` must exit 1 with a CudaLaunchFailed
# diagnostic that names the kernel and the driver's "illegal memory access" (never a crash,
# never a result).
import torch

import triton
import triton.language as tl


@triton.jit
def scatter_far(out_ptr, offset, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offset + offs, offs.to(tl.float32))


out = torch.empty(128, device="cuda", dtype=torch.float32)
scatter_far[(1, )](out, 1 << 40, BLOCK=128)
print(out.sum().item())
