# Kernel idioms of FlagGems: decorator factories stacked above @triton.jit, `and` between block
# masks, `dtype is tl.bfloat16`, tl.max with return_indices, tl.philox's four results,
# do_not_specialize, a compile-time `if tl.constexpr(...)`, a mask passed positionally,
# eviction_policy, launches written `kernel[n,](...)` and a relative import with a fallback.
import logging

import torch
import triton
import triton.language as tl

try:
    from ..utils import libentry
except ImportError:
    def libentry():
        return lambda fn: fn


@libentry()
@triton.jit
def row_argmax_kernel(inp, out_index, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    dtype = inp.type.element_ty
    acc_type = tl.float32 if dtype is tl.bfloat16 else dtype
    best = tl.full([BLOCK_M], float("-inf"), dtype=acc_type)
    best_idx = tl.full([BLOCK_M], dtype=tl.int64, value=0)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        mask = rows[:, None] < M and cols[None, :] < N
        vals = tl.load(inp + rows[:, None] * N + cols[None, :], mask, other=float("-inf"))
        local, local_idx = tl.max(vals, 1, return_indices=True, return_indices_tie_break_left=True)
        better = local > best
        best = tl.where(better, local, best)
        best_idx = tl.where(better, start + local_idx, best_idx)
    tl.store(out_index + rows, best_idx, mask=rows < M)


@triton.jit(do_not_specialize=["p", "seed"])
def dropout_kernel(X, Y, N, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    c0 = offs.to(tl.uint32)
    zero = c0 * 0
    r0, r1, r2, r3 = tl.philox(seed, c0, zero, zero, zero)
    keep = (r0 >> 8).to(tl.float32) * (1.0 / 16777216.0) > p
    x = tl.load(X + offs, mask=offs < N, other=0.0, eviction_policy="evict_first")
    y = x * keep / (1.0 - p)
    if tl.constexpr(x.dtype.is_bf16()):
        y = y.to(tl.float32)
    tl.store(Y + offs, y, mask=offs < N, eviction_policy="evict_first")


def row_argmax(inp, *, dtype=None):
    logging.debug("GEMS ROW ARGMAX")
    M, N = inp.shape
    out = torch.empty((M,), dtype=torch.int64, device=inp.device)
    row_argmax_kernel[M,](inp, out, M, N, 1, triton.next_power_of_2(N))
    return out


def dropout(x, p=0.5, seed=0):
    y = torch.empty_like(x)
    grid_fn = lambda meta: (triton.cdiv(x.numel(), meta["BLOCK"]),)
    dropout_kernel[grid_fn](x, y, x.numel(), p, seed, BLOCK=1024)
    return y
