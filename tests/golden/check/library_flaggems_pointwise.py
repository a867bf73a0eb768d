# Pointwise and reduction operators in the style of FlagGems: a caching launcher decorator
# stacked over @triton.autotune / @triton.heuristics, configs built by a helper, logging, and
# kernels that read meta-parameters chosen by heuristics.
import logging
import math

import torch
import triton
import triton.language as tl

logger = logging.getLogger(__name__)


def libentry():
    """A stand-in for FlagGems' launch cache: returns the kernel unchanged."""

    def decorator(fn):
        return fn

    return decorator


def cfggen_reduce_op():
    block_size = [1024, 2048, 4096, 8192]
    num_stage = [1, 3]
    configs = [
        triton.Config({"BLOCK_SIZE": m}, num_warps=4, num_stages=s) for m in block_size for s in num_stage
    ]
    return configs


@libentry()
@triton.jit
def gelu_tanh_kernel(X, Y, N, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < N
    x = tl.load(X + offsets, mask=mask, other=0.0).to(tl.float32)
    y = 0.5 * x * (1 + tl.extra.cuda.libdevice.tanh(x * 0.79788456 * (1 + 0.044715 * x * x)))
    tl.store(Y + offsets, y.to(Y.dtype.element_ty), mask=mask)


@libentry()
@triton.autotune(configs=cfggen_reduce_op(), key=["M"])
@triton.jit
def sum_kernel_1(inp, mid, M, BLOCK_SIZE: tl.constexpr):
    if tl.constexpr(inp.dtype.element_ty == tl.float16) or tl.constexpr(inp.dtype.element_ty == tl.bfloat16):
        cdtype = tl.float32
    else:
        cdtype = inp.dtype.element_ty
    pid = tl.program_id(0)
    offset = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    inp_ptrs = inp + offset
    mask = offset < M
    inp_val = tl.load(inp_ptrs, mask=mask, other=0).to(cdtype)
    sum_val = tl.sum(inp_val)
    mid_ptr = mid + pid
    tl.store(mid_ptr, sum_val)


@libentry()
@triton.jit
def sum_kernel_2(mid, out, mid_size, BLOCK_MID: tl.constexpr):
    offset = tl.arange(0, BLOCK_MID)
    mid_ptrs = mid + offset
    mask = offset < mid_size
    mid_val = tl.load(mid_ptrs, mask=mask, other=0).to(tl.float32)
    sum_val = tl.sum(mid_val)
    tl.store(out, sum_val)


@libentry()
@triton.heuristics(
    {
        "BLOCK_M": lambda args: 4,
        "BLOCK_N": lambda args: min(triton.next_power_of_2(args["N"]), 1024),
        "ONE_TILE_PER_CTA": lambda args: args["N"] <= 1024,
    }
)
@triton.jit(do_not_specialize=["eps"])
def softmax_kernel_inner(
    output_ptr,
    input_ptr,
    M,
    N,
    eps,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    ONE_TILE_PER_CTA: tl.constexpr,
):
    pid_m = tl.program_id(0)
    m_offsets = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    if ONE_TILE_PER_CTA:
        n_offsets = tl.arange(0, BLOCK_N)
        offset = m_offsets[:, None] * N + n_offsets
        mask = (m_offsets[:, None] < M) & (n_offsets < N)
        inp = tl.load(input_ptr + offset, mask=mask, other=-float("inf")).to(tl.float32)
        row_max = tl.max(inp, axis=1)[:, None]
        numerator = tl.exp(inp - row_max)
        denominator = tl.sum(numerator, axis=1)[:, None]
        tl.store(output_ptr + offset, numerator / (denominator + eps), mask=mask)
    else:
        m = tl.full([BLOCK_M, BLOCK_N], value=float("-inf"), dtype=tl.float32)
        z = tl.full([BLOCK_M, BLOCK_N], value=0.0, dtype=tl.float32)
        for start_n in range(0, N, BLOCK_N):
            n_offsets = start_n + tl.arange(0, BLOCK_N)
            offset = m_offsets[:, None] * N + n_offsets
            mask = (m_offsets[:, None] < M) & (n_offsets < N)
            inp = tl.load(input_ptr + offset, mask=mask, other=-float("inf")).to(tl.float32)
            m_new = tl.maximum(m, inp)
            all_neg_inf = m_new == float("-inf")
            z = tl.where(all_neg_inf, z, z * tl.exp(m - m_new) + tl.exp(inp - m_new))
            m = m_new
        m_reduced = tl.max(m, 1)
        z = tl.sum(z * tl.exp(m - m_reduced[:, None]), 1)
        for start_n in range(0, N, BLOCK_N):
            n_offsets = start_n + tl.arange(0, BLOCK_N)
            offset = m_offsets[:, None] * N + n_offsets
            mask = (m_offsets[:, None] < M) & (n_offsets < N)
            inp = tl.load(input_ptr + offset, mask=mask, other=-float("inf")).to(tl.float32)
            o = tl.exp(inp - m_reduced[:, None]) / z[:, None]
            tl.store(output_ptr + offset, o, mask=mask)


def gelu_tanh(x):
    logger.debug("GEMS GELU TANH")
    y = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 1024),)
    gelu_tanh_kernel[grid](x, y, n, BLOCK=1024)
    return y


def sum(inp, *, dtype=None):
    logger.debug("GEMS SUM")
    M = inp.numel()
    if dtype is None:
        dtype = inp.dtype
        if dtype is torch.bool:
            inp = inp.to(torch.int64)
            dtype = torch.int64
    block_size = triton.next_power_of_2(math.ceil(math.sqrt(M)))
    mid_size = triton.cdiv(M, block_size)
    block_mid = triton.next_power_of_2(mid_size)

    mid = torch.empty((mid_size,), dtype=dtype, device=inp.device)
    out = torch.empty([], dtype=dtype, device=inp.device)

    with torch.cuda.device(inp.device):
        sum_kernel_1[(mid_size, 1, 1)](inp, mid, M)
        sum_kernel_2[(1, 1, 1)](mid, out, mid_size, block_mid)
    return out


def softmax(x, dim=-1, eps=0.0):
    M = x.shape[0]
    N = x.numel() // M
    out = torch.empty_like(x)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), 1, 1)
    softmax_kernel_inner[grid](out, x, M, N, eps)
    return out
