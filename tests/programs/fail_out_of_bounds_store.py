# A 2-D tiled copy that masks its load but forgets the row mask on its store: the output is
# 10 x 20, tiles are 8 x 16, the grid is (2, 2). Program (1, 0, 0) covers rows 8..15 and writes
# row 10, column 0 -- element 200 of a 200-element tensor -- first. (Program (0, 1, 0) also writes
# wrong places, columns 20..31 spill into the next rows, but those stay inside the allocation;
# only programs (1, 0, 0) and (1, 1, 0) leave it, and (1, 0, 0) comes first in grid order.)
# Tilesmith's interpreter must stop at the tl.store line and name program (1, 0, 0).
# Not for real Triton: on a GPU this out-of-bounds write is undefined behaviour (it may corrupt
# other memory silently or fault), so this program is for Tilesmith's interpreter only.
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def copy_2d_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs = rows[:, None] * N + cols[None, :]
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    tile = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tile)  # CHECK-ERROR: OutOfBoundsAccess: program (1, 0, 0)


def test_copy_2d_forgets_store_mask():
    x = torch.randn(10, 20, device=DEVICE, dtype=torch.float32)
    out = torch.empty_like(x)
    grid = (triton.cdiv(10, 8), triton.cdiv(20, 16))
    copy_2d_kernel[grid](x, out, 10, 20, BLOCK_M=8, BLOCK_N=16)
    torch.testing.assert_close(out, x)
