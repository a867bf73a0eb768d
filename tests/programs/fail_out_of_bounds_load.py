# A copy kernel that forgets the mask on its load: with 1000 elements and BLOCK_SIZE=256 the grid
# has 4 programs, and program 3 reads elements 1000..1023 of a 1000-element tensor. Tilesmith's
# interpreter must stop at the tl.load line and name program (3, 0, 0) (its first bad lane is
# lane 232, element 1000).
# Not for real Triton: on a GPU this out-of-bounds read is undefined behaviour (it may read
# garbage silently or fault), so this program is for Tilesmith's interpreter only.
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def copy_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets)  # CHECK-ERROR: OutOfBoundsAccess: program (3, 0, 0)
    tl.store(out_ptr + offsets, x, mask=mask)


def copy(x):
    out = torch.empty_like(x)
    n_elements = x.numel()
    copy_kernel[(triton.cdiv(n_elements, 256), )](x, out, n_elements, BLOCK_SIZE=256)
    return out


def test_copy_forgets_load_mask():
    x = torch.randn(1000, device=DEVICE, dtype=torch.float32)
    torch.testing.assert_close(copy(x), x)
