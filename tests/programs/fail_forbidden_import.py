# A harness that imports `os` to read an environment variable. Tilesmith's harness never
# reaches the file system, processes or the environment: the import itself is refused with
# ForbiddenHostAccess at that line, and nothing of the module runs.
# Runs (and passes) under real Python, where `os` is available.
import os  # CHECK-ERROR: ForbiddenHostAccess: os

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def fill_kernel(out_ptr, n_elements, value, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    tl.store(out_ptr + offsets, tl.full((BLOCK_SIZE, ), value, tl.float32), mask=offsets < n_elements)


def test_fill_from_environment():
    n = int(os.environ.get("FILL_SIZE", "100"))
    out = torch.empty(n, device=DEVICE, dtype=torch.float32)
    fill_kernel[(triton.cdiv(n, 64), )](out, n, 1.5, BLOCK_SIZE=64)
    torch.testing.assert_close(out, torch.full((n, ), 1.5, device=DEVICE))
