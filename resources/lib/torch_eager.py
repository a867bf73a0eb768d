"""
Tilesmith's eager GPU torch ops: the kernels that torch operations on cuda tensors launch inside
`triton.testing.do_bench` (and `do_bench_cudagraph`) under `--backend cuda`, one kernel per op
as PyTorch eager runs them, so a benchmark's "torch" line is a GPU measurement. Compiled by
Tilesmith itself (core/host/eager_gpu_ops.cpp builds the launch signature and the grid); a real
Triton program, so `python3 torch_eager.py` checks the kernels against PyTorch.

Operands are up to 4-D views with any strides (0 for broadcast dimensions), addressed through
the index of the contiguous output. Arithmetic is done in COMPUTE (fp32 for fp16 / bf16 / fp32
inputs, fp64 for fp64) and rounded once when stored, as PyTorch's elementwise kernels do.
"""

import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def _offsets4(offs, s1, s2, s3, st0, st1, st2, st3):
    # Element offset, for strides st*, of the contiguous index offs over sizes (., s1, s2, s3).
    i3 = offs % s3
    r = offs // s3
    i2 = r % s2
    r = r // s2
    i1 = r % s1
    i0 = r // s1
    return i0 * st0 + i1 * st1 + i2 * st2 + i3 * st3


@triton.jit
def _unary(x, OP: tl.constexpr):
    if OP == "neg":
        y = -x
    elif OP == "abs":
        y = tl.abs(x)
    elif OP == "relu":
        y = tl.where(x > 0, x, 0.0)
    elif OP == "exp":
        y = tl.exp(x)
    elif OP == "exp2":
        y = tl.exp2(x)
    elif OP == "log":
        y = tl.log(x)
    elif OP == "log2":
        y = tl.log2(x)
    elif OP == "sqrt":
        y = tl.sqrt_rn(x)
    elif OP == "rsqrt":
        y = 1.0 / tl.sqrt_rn(x)
    elif OP == "reciprocal":
        y = tl.div_rn(1.0, x)
    elif OP == "sigmoid":
        y = tl.sigmoid(x)
    elif OP == "silu":
        y = x * tl.sigmoid(x)
    elif OP == "tanh":
        y = libdevice.tanh(x)
    elif OP == "sin":
        y = tl.sin(x)
    elif OP == "cos":
        y = tl.cos(x)
    elif OP == "erf":
        y = tl.math.erf(x)
    elif OP == "gelu":
        y = 0.5 * x * (1.0 + tl.math.erf(x * 0.7071067811865476))
    elif OP == "gelu_tanh":
        inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
        y = 0.5 * x * (1.0 + libdevice.tanh(inner))
    elif OP == "floor":
        y = tl.floor(x)
    elif OP == "ceil":
        y = tl.ceil(x)
    else:  # "copy": a cast or a contiguous copy
        y = x
    return y


@triton.jit
def unary_kernel(x_ptr, out_ptr, n, s1, s2, s3, x0, x1, x2, x3, OP: tl.constexpr, COMPUTE: tl.constexpr,
                 CONTIGUOUS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    if CONTIGUOUS:
        x = tl.load(x_ptr + offs, mask=mask)
    else:
        x = tl.load(x_ptr + _offsets4(offs, s1, s2, s3, x0, x1, x2, x3), mask=mask)
    y = _unary(x.to(COMPUTE), OP)
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def fill_kernel(out_ptr, n, value, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, (tl.zeros((BLOCK, ), tl.float32) + value).to(out_ptr.dtype.element_ty),
             mask=offs < n)


@triton.jit
def _binary(a, b, OP: tl.constexpr):
    if OP == "add":
        y = a + b
    elif OP == "sub":
        y = a - b
    elif OP == "mul":
        y = a * b
    elif OP == "div":
        y = tl.div_rn(a, b)
    elif OP == "eq":
        y = a == b
    elif OP == "ne":
        y = a != b
    elif OP == "lt":
        y = a < b
    elif OP == "le":
        y = a <= b
    elif OP == "gt":
        y = a > b
    else:  # "ge"
        y = a >= b
    return y


@triton.jit
def binary_kernel(a_ptr, b_ptr, out_ptr, n, s1, s2, s3, a0, a1, a2, a3, b0, b1, b2, b3, a_scalar, b_scalar,
                  OP: tl.constexpr, COMPUTE: tl.constexpr, A_SCALAR: tl.constexpr, B_SCALAR: tl.constexpr,
                  CONTIGUOUS: tl.constexpr, BLOCK: tl.constexpr):
    # An operand given as a Python number (A_SCALAR / B_SCALAR) is a kernel argument, as
    # PyTorch passes it; the other is loaded through its strides (or flat when CONTIGUOUS).
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    if A_SCALAR:
        a = a_scalar
    elif CONTIGUOUS:
        a = tl.load(a_ptr + offs, mask=mask)
    else:
        a = tl.load(a_ptr + _offsets4(offs, s1, s2, s3, a0, a1, a2, a3), mask=mask)
    if B_SCALAR:
        b = b_scalar
    elif CONTIGUOUS:
        b = tl.load(b_ptr + offs, mask=mask)
    else:
        b = tl.load(b_ptr + _offsets4(offs, s1, s2, s3, b0, b1, b2, b3), mask=mask)
    y = _binary(a.to(COMPUTE), b.to(COMPUTE), OP)
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols, LOG: tl.constexpr,
                   COMPUTE: tl.constexpr, BLOCK: tl.constexpr):
    # One row per program (the last dimension, contiguous), the whole row in one block.
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=mask, other=-float("inf")).to(COMPUTE)
    shifted = x - tl.max(x, axis=0)
    e = tl.exp(shifted)
    total = tl.sum(e, axis=0)
    if LOG:
        y = shifted - tl.log(total)
    else:
        y = e / total
    tl.store(out_ptr + row * out_row_stride + cols, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def _reduce_block(ptrs, mask, OP: tl.constexpr, COMPUTE: tl.constexpr):
    # amax / amin / sum (OP "sum" or "mean") of the block at ptrs, in COMPUTE.
    if OP == "amax":
        r = tl.max(tl.load(ptrs, mask=mask, other=-float("inf")).to(COMPUTE), axis=0)
    elif OP == "amin":
        r = tl.min(tl.load(ptrs, mask=mask, other=float("inf")).to(COMPUTE), axis=0)
    else:
        r = tl.sum(tl.load(ptrs, mask=mask, other=0.0).to(COMPUTE), axis=0)
    return r


@triton.jit
def row_reduce_kernel(x_ptr, out_ptr, n_cols, divisor, OP: tl.constexpr, COMPUTE: tl.constexpr, BLOCK: tl.constexpr):
    # sum / mean / amax / amin of each contiguous row (the last dimension), one row per program;
    # a mean divides by divisor (the row's length, or the length of the rows whose partial results
    # partial_reduce_kernel wrote).
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    r = _reduce_block(x_ptr + row * n_cols + cols, cols < n_cols, OP, COMPUTE)
    if OP == "mean":
        r = r / divisor
    tl.store(out_ptr + row, r.to(out_ptr.dtype.element_ty))


@triton.jit
def partial_reduce_kernel(x_ptr, out_ptr, n_cols, n_parts, OP: tl.constexpr, COMPUTE: tl.constexpr,
                          BLOCK: tl.constexpr):
    # One pass of a reduction of rows longer than a block (a whole tensor is one row): program i
    # reduces block i % n_parts of contiguous row i // n_parts into out[i] (COMPUTE), a row of
    # n_parts partial results that row_reduce_kernel (or another pass) reduces. OP "sum" for a mean.
    pid = tl.program_id(0).to(tl.int64)
    row = pid // n_parts
    cols = (pid % n_parts) * BLOCK + tl.arange(0, BLOCK)
    r = _reduce_block(x_ptr + row * n_cols + cols, cols < n_cols, OP, COMPUTE)
    tl.store(out_ptr + pid, r.to(out_ptr.dtype.element_ty))


@triton.jit
def norm_kernel(x_ptr, w_ptr, b_ptr, out_ptr, n_cols, eps, RMS: tl.constexpr, HAS_W: tl.constexpr,
                HAS_B: tl.constexpr, COMPUTE: tl.constexpr, BLOCK: tl.constexpr):
    # F.layer_norm (RMS=False: biased variance) or F.rms_norm over the last dimension, one
    # contiguous row per program, the whole row in one block.
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(COMPUTE)
    if RMS:
        y = x * (1.0 / tl.sqrt_rn(tl.sum(x * x, axis=0) / n_cols + eps))
    else:
        centered = tl.where(mask, x - tl.sum(x, axis=0) / n_cols, 0.0)
        y = centered * (1.0 / tl.sqrt_rn(tl.sum(centered * centered, axis=0) / n_cols + eps))
    if HAS_W:
        y = y * tl.load(w_ptr + cols, mask=mask, other=0.0).to(COMPUTE)
    if HAS_B:
        y = y + tl.load(b_ptr + cols, mask=mask, other=0.0).to(COMPUTE)
    tl.store(out_ptr + row * n_cols + cols, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def where_kernel(c_ptr, a_ptr, b_ptr, out_ptr, n, s1, s2, s3, c0, c1, c2, c3, a0, a1, a2, a3, b0, b1, b2, b3,
                 a_scalar, b_scalar, COMPUTE: tl.constexpr, A_SCALAR: tl.constexpr, B_SCALAR: tl.constexpr,
                 CONTIGUOUS: tl.constexpr, BLOCK: tl.constexpr):
    # torch.where(cond, a, b): the bool cond and the operands broadcast to the output as in
    # binary_kernel (a Python-number operand is an argument); the picked value is cast to the
    # output's dtype.
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    if CONTIGUOUS:
        c = tl.load(c_ptr + offs, mask=mask)
    else:
        c = tl.load(c_ptr + _offsets4(offs, s1, s2, s3, c0, c1, c2, c3), mask=mask)
    if A_SCALAR:
        a = a_scalar
    elif CONTIGUOUS:
        a = tl.load(a_ptr + offs, mask=mask)
    else:
        a = tl.load(a_ptr + _offsets4(offs, s1, s2, s3, a0, a1, a2, a3), mask=mask)
    if B_SCALAR:
        b = b_scalar
    elif CONTIGUOUS:
        b = tl.load(b_ptr + offs, mask=mask)
    else:
        b = tl.load(b_ptr + _offsets4(offs, s1, s2, s3, b0, b1, b2, b3), mask=mask)
    y = tl.where(c, a.to(COMPUTE), b.to(COMPUTE))
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def cross_entropy_kernel(x_ptr, target_ptr, loss_ptr, n_cols, ignore_index, COMPUTE: tl.constexpr,
                         BLOCK: tl.constexpr):
    # F.cross_entropy's loss of one contiguous row of logits per program against its int64 class
    # index: log-sum-exp (a running max and sum over the row's blocks) minus the target's logit; 0
    # for a row whose target is ignore_index.
    row = tl.program_id(0).to(tl.int64)
    target = tl.load(target_ptr + row)
    m = -float("inf")
    total = 0.0
    picked = 0.0
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=-float("inf")).to(COMPUTE)
        m_new = tl.maximum(m, tl.max(x, axis=0))
        total = total * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        picked += tl.sum(tl.where(cols == target, x, 0.0), axis=0)
        m = m_new
    loss = tl.where(target == ignore_index, 0.0, m + tl.log(total) - picked)
    tl.store(loss_ptr + row, loss.to(loss_ptr.dtype.element_ty))


@triton.jit
def cross_entropy_reduce_kernel(loss_ptr, target_ptr, out_ptr, n_rows, ignore_index, MEAN: tl.constexpr,
                                BLOCK: tl.constexpr):
    # reduction='sum' / 'mean' of cross_entropy_kernel's per-row losses, in one program; a mean
    # divides by the number of rows whose target is not ignore_index, as torch (0 / 0: nan).
    total = 0.0
    count = 0.0
    for start in range(0, n_rows, BLOCK):
        rows = start + tl.arange(0, BLOCK)
        mask = rows < n_rows
        total += tl.sum(tl.load(loss_ptr + rows, mask=mask, other=0.0).to(tl.float32), axis=0)
        if MEAN:
            t = tl.load(target_ptr + rows, mask=mask, other=0)
            count += tl.sum(tl.where(mask & (t != ignore_index), 1.0, 0.0), axis=0)
    if MEAN:
        total = total / count
    tl.store(out_ptr, total.to(out_ptr.dtype.element_ty))


@triton.jit
def dropout_kernel(x_ptr, out_ptr, n, p, scale, seed, BLOCK: tl.constexpr):
    # F.dropout(training=True) of a contiguous tensor: element i is zeroed when tl.rand(seed, i) < p
    # and otherwise scaled by scale = 1 / (1 - p); the harness draws seed from torch's generator.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(tl.float32)
    y = tl.where(tl.rand(seed, offs) < p, 0.0, x * scale)
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


def _check():
    # python3 torch_eager.py: each kernel against PyTorch on random inputs.
    import torch
    torch.manual_seed(0)
    dev = "cuda"
    x = torch.randn(3, 5, 7, device=dev)
    y = torch.randn(5, 1, device=dev)  # strides (1, 1) -> broadcast over dims 0 and 2
    out = torch.empty_like(x)
    n = x.numel()
    for op, ref in [("exp", torch.exp), ("silu", torch.nn.functional.silu), ("gelu", torch.nn.functional.gelu)]:
        unary_kernel[(triton.cdiv(n, 128), )](x, out, n, 3, 5, 7, 0, 35, 7, 1, OP=op, COMPUTE=tl.float32,
                                              CONTIGUOUS=True, BLOCK=128)
        torch.testing.assert_close(out, ref(x))
    yb = y.expand(3, 5, 7)
    # x as (1, 3, 5, 7); y broadcast to it: strides (0, 0, 1, 0).
    binary_kernel[(triton.cdiv(n, 128), )](x, yb, out, n, 3, 5, 7, 0, 35, 7, 1, 0, 0, 1, 0, 0.0, 0.0, OP="mul",
                                           COMPUTE=tl.float32, A_SCALAR=False, B_SCALAR=False, CONTIGUOUS=False,
                                           BLOCK=128)
    torch.testing.assert_close(out, x * y)
    rows = torch.randn(4, 1000, device=dev)
    sm = torch.empty_like(rows)
    softmax_kernel[(4, )](sm, rows, 1000, 1000, 1000, LOG=False, COMPUTE=tl.float32, BLOCK=1024)
    torch.testing.assert_close(sm, torch.softmax(rows, dim=1))
    sums = torch.empty(4, device=dev)
    row_reduce_kernel[(4, )](rows, sums, 1000, 1000.0, OP="sum", COMPUTE=tl.float32, BLOCK=1024)
    torch.testing.assert_close(sums, rows.sum(dim=1))
    w = torch.rand(1000, device=dev)
    b = torch.randn(1000, device=dev)
    norm_kernel[(4, )](rows, w, b, sm, 1000, 1e-5, RMS=False, HAS_W=True, HAS_B=True, COMPUTE=tl.float32, BLOCK=1024)
    torch.testing.assert_close(sm, torch.nn.functional.layer_norm(rows, (1000, ), w, b, 1e-5))
    cond = rows > 0.5
    where_out = torch.empty_like(rows)
    # cond (4, 1000) contiguous, a the rows, b the Python number -1.0.
    where_kernel[(4, )](cond, rows, rows, where_out, 4000, 1, 4, 1000, 0, 0, 1000, 1, 0, 0, 1000, 1, 0, 0, 0, 0,
                        0.0, -1.0, COMPUTE=tl.float32, A_SCALAR=False, B_SCALAR=True, CONTIGUOUS=True, BLOCK=1024)
    torch.testing.assert_close(where_out, torch.where(cond, rows, -1.0))
    big = torch.randn(3, 70000, device=dev)
    parts = torch.empty(3, 9, device=dev)
    partial_reduce_kernel[(27, )](big, parts, 70000, 9, OP="sum", COMPUTE=tl.float32, BLOCK=8192)
    means = torch.empty(3, device=dev)
    row_reduce_kernel[(3, )](parts, means, 9, 70000.0, OP="mean", COMPUTE=tl.float32, BLOCK=16)
    torch.testing.assert_close(means, big.mean(dim=1))
    target = torch.tensor([3, -100, 999, 0], device=dev)
    losses = torch.empty(4, device=dev)
    cross_entropy_kernel[(4, )](rows, target, losses, 1000, -100, COMPUTE=tl.float32, BLOCK=256)
    torch.testing.assert_close(losses, torch.nn.functional.cross_entropy(rows, target, reduction="none"))
    loss = torch.empty((), device=dev)
    cross_entropy_reduce_kernel[(1, )](losses, target, loss, 4, -100, MEAN=True, BLOCK=2)
    torch.testing.assert_close(loss, torch.nn.functional.cross_entropy(rows, target))
    ones = torch.ones(4000, device=dev)
    dropped = torch.empty_like(ones)
    dropout_kernel[(4, )](ones, dropped, 4000, 0.25, 1 / 0.75, 1234, BLOCK=1024)
    torch.testing.assert_close(dropped, torch.where(dropped == 0, 0.0, ones / 0.75))
    assert abs((dropped == 0).float().mean().item() - 0.25) < 0.05
    print("torch_eager kernels match PyTorch")


if __name__ == "__main__":
    _check()
