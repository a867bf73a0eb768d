"""
Seeded dropout with `tl.rand` (the `_seeded_dropout` kernel of Triton's tutorial 04): the keep
mask comes from Philox on (seed, element offset), so the same seed gives the same mask and no
mask tensor is stored.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def _seeded_dropout(
    x_ptr,
    output_ptr,
    n_elements,
    p,
    seed,
    BLOCK_SIZE: tl.constexpr,
):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    random = tl.rand(seed, offsets)
    x_keep = random > p
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(output_ptr + offsets, output, mask=mask)


def seeded_dropout(x, p, seed):
    output = torch.empty_like(x)
    assert x.is_contiguous()
    n_elements = x.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    _seeded_dropout[grid](x, output, n_elements, p, seed, BLOCK_SIZE=1024)
    return output


@pytest.mark.parametrize("size", [1, 3, 1000, 1024, 50000])
@pytest.mark.parametrize("p", [0.25, 0.5])
def test_seeded_dropout(size, p):
    torch.manual_seed(0)
    # Strictly positive inputs, so a zero in the output always means "dropped".
    x = torch.rand(size, device=DEVICE, dtype=torch.float32) + 0.5
    out = seeded_dropout(x, p=p, seed=123)
    # Same seed, same result, bit for bit.
    again = seeded_dropout(x, p=p, seed=123)
    assert torch.equal(out, again)
    kept = out != 0
    # Kept elements are scaled by 1 / (1 - p).
    torch.testing.assert_close(out[kept], x[kept] / (1 - p))
    if size >= 1000:
        dropped_fraction = 1.0 - kept.float().mean().item()
        assert abs(dropped_fraction - p) < 0.05, f"dropped {dropped_fraction:.3f}, expected about {p}"
        # Another seed gives another mask.
        other = seeded_dropout(x, p=p, seed=512)
        assert not torch.equal(out, other)
        assert not torch.equal(kept, other != 0)


def test_dropout_keep_all_and_drop_all():
    x = torch.rand(300, device=DEVICE, dtype=torch.float32) + 0.5
    # rand is in [0, 1): with p = 0 nothing is dropped (random > 0 fails only for exact zeros,
    # which are possible but vanishingly rare over 300 draws)...
    kept_all = seeded_dropout(x, p=0.0, seed=7)
    assert (kept_all != 0).float().mean().item() > 0.99
    # ... and with p just below 1 only draws above it survive.
    dropped_all = seeded_dropout(x, p=0.9999, seed=7)
    assert (dropped_all == 0).float().mean().item() > 0.99
