"""
Atomics on the GPU: tl.atomic_add / max / min / and / or / xor / xchg / cas on blocks and on
scalar pointers, with masks and memory orderings, the old values they return, blocks smaller
than the program's threads (replicated layouts: each element's atomic must happen once), and
tutorial 05's spin lock (`while tl.atomic_cas(lock, 0, 1) == 1: pass`) guarding a shared
accumulation. References are PyTorch on the same data.

Run on the GPU machine: `tilesmith test --backend cuda tests/gpu/atomics.py` (and under real
Triton: `python3 -m pytest tests/gpu/atomics.py`); it passes on the interpreter too.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def scatter_kernel(idx_ptr, v_ptr, sum_ptr, max_ptr, min_ptr, count_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    idx = tl.load(idx_ptr + offs, mask=mask, other=0)
    v = tl.load(v_ptr + offs, mask=mask, other=0.0)
    tl.atomic_add(sum_ptr + idx, v, mask=mask)
    tl.atomic_max(max_ptr + idx, v, mask=mask, sem="relaxed")
    tl.atomic_min(min_ptr + idx, v, mask=mask, sem="release")
    tl.atomic_add(count_ptr + idx, 1, mask=mask, scope="gpu")


@pytest.mark.parametrize("n, block", [(1, 128), (1000, 16), (5000, 128), (20000, 1024)])
def test_scatter_add_max_min(n, block):
    torch.manual_seed(0)
    bins = 13
    idx = torch.randint(0, bins, (n, ), device=DEVICE, dtype=torch.int32)
    v = torch.randn(n, device=DEVICE, dtype=torch.float32)
    sums = torch.zeros(bins, device=DEVICE, dtype=torch.float32)
    maxs = torch.full((bins, ), -1000.0, device=DEVICE, dtype=torch.float32)
    mins = torch.full((bins, ), 1000.0, device=DEVICE, dtype=torch.float32)
    counts = torch.zeros(bins, device=DEVICE, dtype=torch.int32)
    scatter_kernel[(triton.cdiv(n, block), )](idx, v, sums, maxs, mins, counts, n, BLOCK=block)
    assert torch.equal(counts, torch.bincount(idx.long(), minlength=bins).to(torch.int32))
    for b in range(bins):
        sel = v[idx == b]
        if sel.numel() == 0:
            assert maxs[b].item() == -1000.0 and mins[b].item() == 1000.0
            continue
        torch.testing.assert_close(sums[b], sel.sum(), rtol=1e-4, atol=1e-4)
        assert maxs[b].item() == sel.max().item()
        assert mins[b].item() == sel.min().item()


@triton.jit
def ticket_kernel(counter_ptr, tickets_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    ones = tl.full((BLOCK, ), 1, dtype=tl.int32)
    old = tl.atomic_add(counter_ptr + offs * 0, ones, mask=mask)
    tl.store(tickets_ptr + offs, old, mask=mask)


@pytest.mark.parametrize("n, block", [(3, 16), (100, 32), (4096, 256)])
def test_atomic_add_returns_each_old_value_once(n, block):
    counter = torch.zeros(1, device=DEVICE, dtype=torch.int32)
    tickets = torch.full((n, ), -1, device=DEVICE, dtype=torch.int32)
    ticket_kernel[(triton.cdiv(n, block), )](counter, tickets, n, BLOCK=block)
    assert counter.item() == n
    assert torch.equal(torch.bincount(tickets.long(), minlength=n), torch.ones(n, device=DEVICE, dtype=torch.int64))


@triton.jit
def bits_kernel(and_ptr, or_ptr, xor_ptr, x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    zero = offs * 0
    tl.atomic_and(and_ptr + zero, x | 0x100, mask=mask, scope="sys")
    tl.atomic_or(or_ptr + zero, x, mask=mask, sem="acquire")
    tl.atomic_xor(xor_ptr + zero, x, mask=mask)


def test_atomic_and_or_xor():
    torch.manual_seed(1)
    n = 777
    x = torch.randint(0, 1 << 20, (n, ), device=DEVICE, dtype=torch.int32)
    a = torch.full((1, ), 0x7FFFFFFF, device=DEVICE, dtype=torch.int32)
    o = torch.zeros(1, device=DEVICE, dtype=torch.int32)
    xo = torch.zeros(1, device=DEVICE, dtype=torch.int32)
    bits_kernel[(triton.cdiv(n, 64), )](a, o, xo, x, n, BLOCK=64)
    want_and, want_or, want_xor = 0x7FFFFFFF, 0, 0
    for v in x.tolist():
        want_and &= v | 0x100
        want_or |= v
        want_xor ^= v
    assert (a.item(), o.item(), xo.item()) == (want_and, want_or, want_xor)


@triton.jit
def cta_count_kernel(count_ptr, BLOCK: tl.constexpr):
    # scope="cta": ordered among the program's own threads, enough for one program.
    offs = tl.arange(0, BLOCK)
    tl.atomic_add(count_ptr + offs % 4, 1, scope="cta", sem="relaxed")


def test_cta_scope_in_one_program():
    c = torch.zeros(4, device=DEVICE, dtype=torch.int32)
    cta_count_kernel[(1, )](c, BLOCK=256)
    assert c.tolist() == [64, 64, 64, 64]


@triton.jit
def cas_xchg_kernel(ptr, cmp_ptr, old_ptr, swapped_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    cmp = tl.load(cmp_ptr + offs)
    old = tl.atomic_cas(ptr + offs, cmp, cmp + 100)
    tl.store(old_ptr + offs, old)
    prev = tl.atomic_xchg(swapped_ptr + offs, offs.to(tl.int64) * 3, mask=offs % 2 == 0)
    tl.store(swapped_ptr + BLOCK + offs, prev)


def test_atomic_cas_and_xchg_int64():
    block = 64
    data = torch.arange(0, block, device=DEVICE, dtype=torch.int64)
    cmp = torch.where(data % 3 == 0, torch.full_like(data, -1), data)  # every third compare fails
    olds = torch.zeros(block, device=DEVICE, dtype=torch.int64)
    swapped = torch.full((2 * block, ), 7, device=DEVICE, dtype=torch.int64)
    expected = torch.where(cmp == data, data + 100, data)
    cas_xchg_kernel[(1, )](data, cmp, olds, swapped, BLOCK=block)
    assert torch.equal(olds, torch.arange(0, block, device=DEVICE, dtype=torch.int64))
    assert torch.equal(data, expected)
    even = torch.arange(0, block, device=DEVICE) % 2 == 0
    lanes = torch.arange(0, block, device=DEVICE, dtype=torch.int64)
    assert torch.equal(swapped[:block], torch.where(even, lanes * 3, torch.full_like(lanes, 7)))
    # Masked-off lanes return 0.
    assert torch.equal(swapped[block:], torch.where(even, torch.full_like(lanes, 7), torch.zeros_like(lanes)))


@triton.jit
def sum_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.atomic_add(out_ptr + offs % 4, x, mask=mask)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float64])
def test_float_atomic_add(dtype):
    torch.manual_seed(2)
    n = 128
    x = (torch.rand(n, device=DEVICE, dtype=torch.float32) * 0.25).to(dtype)
    out = torch.zeros(4, device=DEVICE, dtype=dtype)
    sum_kernel[(triton.cdiv(n, 32), )](x, out, n, BLOCK=32)
    # Each of the 4 sums adds 32 values of about 0.125 in the atomic's own precision.
    tol = {torch.float16: 0.05, torch.bfloat16: 0.25, torch.float64: 1e-9}[dtype]
    for k in range(4):
        part = x[k::4]
        want = part.sum().item() if dtype == torch.float64 else part.float().sum().item()
        got = out[k].item()
        assert abs(got - want) <= tol, f"sum {k}: {got} vs {want}"


@triton.jit
def last_program_kernel(counter_ptr, flag_ptr):
    # The program that takes the last ticket writes its id: the scalar atomic's old value must
    # reach every thread of the program.
    ticket = tl.atomic_add(counter_ptr, 1)
    if ticket == tl.num_programs(0) - 1:
        tl.store(flag_ptr + tl.arange(0, 256), tl.program_id(0))


def test_scalar_atomic_result_is_broadcast():
    counter = torch.zeros(1, device=DEVICE, dtype=torch.int32)
    flag = torch.full((256, ), -1, device=DEVICE, dtype=torch.int32)
    last_program_kernel[(300, )](counter, flag)
    assert counter.item() == 300
    # Every thread saw the ticket: all 256 elements hold one program's id.
    first = flag[0].item()
    assert 0 <= first < 300
    assert torch.equal(flag, torch.full_like(flag, first))


@triton.jit
def locked_accumulate(x_ptr, partial_ptr, lock_ptr, count_ptr, N, GROUPS: tl.constexpr,
                      BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    group = row % GROUPS
    lock = lock_ptr + group
    count = count_ptr + group
    partial = partial_ptr + group * N + cols
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    if tl.load(count) == 0:
        tl.atomic_xchg(count, 1)
    else:
        x += tl.load(partial, mask=mask)
    tl.store(partial, x, mask=mask)
    tl.atomic_xchg(lock, 0)


@pytest.mark.parametrize("rows, n, groups", [(1, 3, 1), (64, 100, 4), (257, 1000, 8)])
def test_spin_lock_accumulation(rows, n, groups):
    torch.manual_seed(3)
    x = torch.randn(rows, n, device=DEVICE, dtype=torch.float32)
    partial = torch.zeros(groups, n, device=DEVICE, dtype=torch.float32)
    locks = torch.zeros(groups, device=DEVICE, dtype=torch.int32)
    counts = torch.zeros(groups, device=DEVICE, dtype=torch.int32)
    locked_accumulate[(rows, )](x, partial, locks, counts, n, GROUPS=groups,
                                BLOCK=triton.next_power_of_2(n))
    for g in range(groups):
        if g < rows:
            torch.testing.assert_close(partial[g], x[g::groups].sum(0), rtol=1e-4, atol=1e-4)
    assert torch.equal(locks, torch.zeros_like(locks))
