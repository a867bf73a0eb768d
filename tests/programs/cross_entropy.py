"""
Per-row cross-entropy loss, loss[i] = logsumexp(logits[i]) - logits[i, target[i]], one program per
row. The vocabulary is processed in BLOCK_SIZE chunks by runtime `for` loops: first the row's
maximum, then the sum of exp(x - max) (so exp never overflows), then the target's logit gathered
with a masked scalar load; rows whose target is `ignore_index` get loss 0 (PyTorch's
`reduction='none'`). fp32 and fp16 logits (math in fp32), int64 targets; a row of a
32768-entry vocabulary. Reference: `F.cross_entropy(reduction='none')` and `torch.logsumexp`.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def cross_entropy_fwd_kernel(
    logits_ptr,  # [n_rows, n_cols]
    targets_ptr,  # [n_rows], int64
    loss_ptr,  # [n_rows], fp32
    lse_ptr,  # [n_rows], fp32: logsumexp of each row
    stride,  # row stride of the logits
    n_cols,
    ignore_index,
    BLOCK_SIZE: tl.constexpr,
):
    row = tl.program_id(0)
    row_ptr = logits_ptr + row * stride
    # Pass 1: the row's maximum.
    _max = tl.full([BLOCK_SIZE], -float('inf'), dtype=tl.float32)
    for off in range(0, n_cols, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(row_ptr + cols, mask=cols < n_cols, other=-float('inf')).to(tl.float32)
        _max = tl.maximum(_max, x)
    m = tl.max(_max, axis=0)
    # Pass 2: the sum of exp(x - max); masked lanes are -inf and add exp(-inf) = 0.
    _sum = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, n_cols, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(row_ptr + cols, mask=cols < n_cols, other=-float('inf')).to(tl.float32)
        _sum += tl.exp(x - m)
    lse = m + tl.log(tl.sum(_sum, axis=0))
    # The target's logit: a scalar load that an ignored row masks off.
    target = tl.load(targets_ptr + row)
    valid = target != ignore_index
    x_target = tl.load(row_ptr + target, mask=valid, other=0.0).to(tl.float32)
    loss = tl.where(valid, lse - x_target, 0.0)
    tl.store(loss_ptr + row, loss)
    tl.store(lse_ptr + row, lse)


def cross_entropy(logits, targets, ignore_index=-100, block_size=None):
    n_rows, n_cols = logits.shape
    if block_size is None:
        block_size = min(4096, triton.next_power_of_2(n_cols))
    loss = torch.empty((n_rows, ), device=logits.device, dtype=torch.float32)
    lse = torch.empty((n_rows, ), device=logits.device, dtype=torch.float32)
    cross_entropy_fwd_kernel[(n_rows, )](logits, targets, loss, lse, logits.stride(0), n_cols, ignore_index,
                                         BLOCK_SIZE=block_size)
    return loss, lse


@pytest.mark.parametrize("n_rows, n_cols, block_size", [(1, 1, 16), (3, 1, 16), (1, 3, 16), (4, 100, 32),
                                                        (7, 1000, 256), (5, 5000, 1024), (33, 128, 128),
                                                        (1, 32768, 4096)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_cross_entropy(n_rows, n_cols, block_size, dtype):
    torch.manual_seed(0)
    logits = (torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32) * 3.0).to(dtype)
    targets = torch.randint(0, n_cols, (n_rows, ), device=DEVICE, dtype=torch.int64)
    loss, lse = cross_entropy(logits, targets, block_size=block_size)
    expected = torch.nn.functional.cross_entropy(logits.float(), targets, reduction='none')
    torch.testing.assert_close(loss, expected, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(lse, torch.logsumexp(logits.float(), dim=1), atol=1e-4, rtol=1e-4)


def test_cross_entropy_32k_vocab_several_rows():
    # Four rows of a 32768-entry vocabulary (2^17 logits), processed in 8 chunks of 4096; targets at
    # the first and the last entry of the vocabulary.
    torch.manual_seed(1)
    logits = torch.randn(4, 32768, device=DEVICE, dtype=torch.float32) * 2.0
    targets = torch.tensor([0, 32767, 12345, 4096], device=DEVICE, dtype=torch.int64)
    loss, _ = cross_entropy(logits, targets)
    expected = torch.nn.functional.cross_entropy(logits, targets, reduction='none')
    torch.testing.assert_close(loss, expected, atol=1e-4, rtol=1e-4)


def test_cross_entropy_ignore_index():
    torch.manual_seed(2)
    n_rows, n_cols = 9, 300
    logits = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32)
    targets = torch.randint(0, n_cols, (n_rows, ), device=DEVICE, dtype=torch.int64)
    targets[0] = -100
    targets[4] = -100
    targets[8] = -100
    loss, _ = cross_entropy(logits, targets, block_size=128)
    expected = torch.nn.functional.cross_entropy(logits, targets, reduction='none', ignore_index=-100)
    torch.testing.assert_close(loss, expected, atol=1e-5, rtol=1e-5)
    assert loss[0].item() == 0.0 and loss[4].item() == 0.0 and loss[8].item() == 0.0
    assert loss[1].item() > 0.0
    # Another ignore_index that is also a valid class: rows whose target is 7 are ignored.
    targets2 = targets.clone()
    targets2[0] = 7
    targets2[3] = 7
    targets2[4] = 299
    targets2[8] = 0
    loss2, _ = cross_entropy(logits, targets2, ignore_index=7, block_size=64)
    expected2 = torch.nn.functional.cross_entropy(logits, targets2, reduction='none', ignore_index=7)
    torch.testing.assert_close(loss2, expected2, atol=1e-5, rtol=1e-5)
    assert loss2[0].item() == 0.0 and loss2[3].item() == 0.0


def test_cross_entropy_large_logits_and_strided_rows():
    # Logits around 1000 (exp would overflow without the max subtraction) in a view whose row stride
    # (520) is larger than its row length (500); a confident row has a loss near 0.
    torch.manual_seed(3)
    base = torch.randn(6, 520, device=DEVICE, dtype=torch.float32) * 5.0 + 1000.0
    base[5, 17] = 1100.0
    logits = base[:, :500]
    assert logits.stride(0) == 520
    targets = torch.tensor([0, 499, 250, 3, 100, 17], device=DEVICE, dtype=torch.int64)
    loss, _ = cross_entropy(logits, targets, block_size=128)
    expected = torch.nn.functional.cross_entropy(logits, targets, reduction='none')
    torch.testing.assert_close(loss, expected, atol=1e-4, rtol=1e-4)
    assert loss[5].item() < 1e-3
