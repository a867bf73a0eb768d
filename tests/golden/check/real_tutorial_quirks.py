# Harness and kernel idioms of the Triton tutorials: a config comprehension continued with
# backslashes, autotune given `list(filter(...))` positionally, @triton.jit(launch_metadata=...),
# a constexpr chosen by a conditional, tensor descriptors, grid-dependence control, a grid
# function using `nonlocal`, **-forwarded launch options, a backslash inside a from-import and a
# context manager written with `yield`.
from contextlib import contextmanager
from typing import Optional

import torch
import triton
import triton.language as tl

try:
    from flash_attn.flash_attn_interface import \
        flash_attn_qkvpacked_func as flash_attn_func
    HAS_FLASH = True
except BaseException:
    HAS_FLASH = False

configs = [
    triton.Config({'BLOCK_M': BM, 'BLOCK_N': BN}, num_stages=s, num_warps=w) \
    for BM in [64, 128]\
    for BN in [32, 64]\
    for s in [3, 4]\
    for w in [4, 8]\
]


def keep(conf):
    return not (conf.kwargs["BLOCK_M"] * conf.kwargs["BLOCK_N"] < 128 * 128 and conf.num_warps == 8)


def _metadata(grid, kernel, args):
    return {"name": f"{kernel.name} [M={args['M']}]", "flops": 2. * args["M"] * args["N"]}


@triton.autotune(list(filter(keep, configs)), key=["M", "N"])
@triton.jit(launch_metadata=_metadata)
def copy_tiles(a_ptr, c_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, USE_GDC: tl.constexpr):
    tl.static_assert(BLOCK_N <= 128)
    order: tl.constexpr = (0, 1) if BLOCK_M < BLOCK_N else (1, 0)
    if USE_GDC:
        tl.extra.cuda.gdc_wait()
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    for m in tl.range(tl.program_id(0) * BLOCK_M, M, tl.num_programs(0) * BLOCK_M, num_stages=2):
        for n in range(0, N, BLOCK_N):
            tile = a_desc.load([m, n])
            c_desc.store([m, n], tile.T.T)
    if USE_GDC:
        tl.extra.cuda.gdc_launch_dependents()


def copy(a, use_gdc=False):
    M, N = a.shape
    c = torch.empty_like(a)
    extra_kern_args = {"launch_pdl": use_gdc}
    calls = 0

    def alloc_fn(size: int, alignment: int, stream: Optional[int]):
        return torch.empty(size, device="cuda", dtype=torch.int8)

    triton.set_allocator(alloc_fn)

    def grid(META):
        nonlocal calls
        calls += 1
        return (triton.cdiv(M, META["BLOCK_M"]), )

    copy_tiles[grid](a, c, M, N, USE_GDC=use_gdc, **extra_kern_args)
    return c, calls


@contextmanager
def profiling(name):
    print("start", name)
    try:
        yield
    finally:
        print("stop", name)


if __name__ == "__main__":
    with profiling("copy"):
        out, n_grid_calls = copy(torch.randn(256, 64, device="cuda"))
    if not HAS_FLASH:
        exit(0)
