"""
Histogram with atomics: every program adds 1 to the bin of each of its elements with
`tl.atomic_add`, so many programs hit the same bins concurrently. Also a per-bin maximum with
`tl.atomic_max`. Reference: `torch.bincount`.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def histogram_kernel(x_ptr, bins_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    ones = tl.full((BLOCK_SIZE, ), 1, dtype=tl.int32)
    tl.atomic_add(bins_ptr + x, ones, mask=mask)


@triton.jit
def bin_max_kernel(x_ptr, v_ptr, max_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    v = tl.load(v_ptr + offsets, mask=mask, other=0)
    tl.atomic_max(max_ptr + x, v, mask=mask)


def histogram(x, n_bins, block_size=256):
    bins = torch.zeros(n_bins, device=x.device, dtype=torch.int32)
    n = x.numel()
    histogram_kernel[(triton.cdiv(n, block_size), )](x, bins, n, BLOCK_SIZE=block_size)
    return bins


@pytest.mark.parametrize("n, n_bins", [(1, 1), (3, 5), (1000, 7), (1024, 64), (20000, 100)])
def test_histogram(n, n_bins):
    torch.manual_seed(0)
    x = torch.randint(0, n_bins, (n, ), device=DEVICE, dtype=torch.int32)
    bins = histogram(x, n_bins)
    expected = torch.bincount(x, minlength=n_bins).to(torch.int32)
    assert torch.equal(bins, expected)
    assert bins.sum().item() == n


def test_histogram_all_in_one_bin():
    x = torch.full((5000, ), 3, device=DEVICE, dtype=torch.int32)
    bins = histogram(x, 4, block_size=128)
    assert bins.tolist() == [0, 0, 0, 5000]


def test_bin_max():
    torch.manual_seed(0)
    n = 3000
    n_bins = 10
    x = torch.randint(0, n_bins, (n, ), device=DEVICE, dtype=torch.int32)
    v = torch.randint(-1000, 1000, (n, ), device=DEVICE, dtype=torch.int32)
    out = torch.full((n_bins, ), -2000, device=DEVICE, dtype=torch.int32)
    bin_max_kernel[(triton.cdiv(n, 512), )](x, v, out, n, BLOCK_SIZE=512)
    for b in range(n_bins):
        in_bin = v[x == b]
        expected = in_bin.max().item() if in_bin.numel() > 0 else -2000
        assert out[b].item() == expected, f"bin {b}: {out[b].item()} != {expected}"
