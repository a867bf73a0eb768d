# A harness that defines a class for its settings. `class` statements are outside Tilesmith's
# host subset (LANGUAGE.md "Python subset"): UnsupportedHostFeature at the class line, naming
# the construct. Runs (and passes) under real Python.
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def fill_kernel(out_ptr, n_elements, value, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    tl.store(out_ptr + offsets, tl.full((BLOCK_SIZE, ), value, tl.float32), mask=offsets < n_elements)


class FillSettings:  # CHECK-ERROR: UnsupportedHostFeature: class
    size = 100
    value = 2.5


def test_fill():
    out = torch.empty(FillSettings.size, device=DEVICE, dtype=torch.float32)
    fill_kernel[(triton.cdiv(FillSettings.size, 64), )](out, FillSettings.size, FillSettings.value, BLOCK_SIZE=64)
    torch.testing.assert_close(out, torch.full((FillSettings.size, ), 2.5, device=DEVICE))
