# Run on the GPU machine: tl.device_print output from --backend cuda must match the
# interpreter's, grouped by program, in program order (scripts/gpu-check compares the two).
import torch

import triton
import triton.language as tl


@triton.jit
def show(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=-1)
    tl.device_print("x", x)
    tl.device_print("pid", pid)


x = torch.arange(0, 10, device="cuda", dtype=torch.int32)
show[(3, )](x, 10, BLOCK=4)
torch.cuda.synchronize()
print("done")
