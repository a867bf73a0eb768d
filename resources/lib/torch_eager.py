"""
Tilesmith's eager GPU torch ops: the kernels that torch operations on cuda tensors launch inside
`triton.testing.do_bench` (and `do_bench_cudagraph`) under `--backend cuda`, one kernel per op
as PyTorch eager runs them, so a benchmark's "torch" line is a GPU measurement. Compiled by
Tilesmith itself (core/host/eager_gpu_ops.cpp builds the launch signature and the grid); a real
Triton program, so `python3 torch_eager.py` checks the kernels against PyTorch.

Operands are up to 4-D views with any strides (0 for broadcast dimensions), addressed through
the index of the contiguous output. Arithmetic is done in COMPUTE (fp32 for fp16 / bf16 / fp32
inputs, fp64 for fp64, int64 for integers and bool) and rounded once when stored, as PyTorch's
elementwise kernels do; integer results wrap to the stored width, as PyTorch's do.
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
        y = tl.where(x > 0, x, tl.zeros_like(x))
    elif OP == "sign":  # NaN stays NaN
        z = tl.zeros_like(x)
        y = tl.where(x != x, x, tl.where(x > 0, z + 1, tl.where(x < 0, z - 1, z)))
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
    elif OP == "trunc":
        y = libdevice.trunc(x)
    elif OP == "round":
        y = libdevice.rint(x)
    elif OP == "expm1":
        y = libdevice.expm1(x)
    elif OP == "log1p":
        y = libdevice.log1p(x)
    elif OP == "log10":
        y = libdevice.log10(x)
    elif OP == "tan":
        y = libdevice.tan(x)
    elif OP == "bitwise_not":
        y = ~x
    elif OP == "logical_not":
        y = x == 0
    elif OP == "nonzero":  # a cast to bool
        y = x != 0
    elif OP == "isnan":
        y = x != x
    elif OP == "isinf":
        y = tl.abs(x) == float("inf")
    elif OP == "isfinite":
        y = tl.abs(x) < float("inf")
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


@triton.jit(do_not_specialize=["value"])
def fill_kernel(out_ptr, n, value, COMPUTE: tl.constexpr, BLOCK: tl.constexpr):
    # value is a COMPUTE argument (fp32, fp64 or int64), rounded once to the tensor's dtype.
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, (tl.zeros((BLOCK, ), COMPUTE) + value).to(out_ptr.dtype.element_ty),
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
    elif OP == "ge":
        y = a >= b
    elif OP == "pow":
        y = libdevice.pow(a, b)
    elif OP == "remainder":  # the sign of b, as Python's % (floats)
        r = libdevice.fmod(a, b)
        y = tl.where((r != 0) & ((r < 0) != (b < 0)), r + b, r)
    elif OP == "floor_divide":  # torch's: the quotient from fmod, floored, exact halves fixed
        q = tl.div_rn(a, b)
        r = libdevice.fmod(a, b)
        d = tl.div_rn(a - r, b)
        d = tl.where((r != 0) & ((b < 0) != (r < 0)), d - 1.0, d)
        f = tl.floor(d)
        f = tl.where(d - f > 0.5, f + 1.0, f)
        y = tl.where(b == 0, q, tl.where(d == 0, libdevice.copysign(d * 0.0, q), f))
    elif OP == "fmod":  # the sign of a, as C's fmod
        y = libdevice.fmod(a, b)
    elif OP == "atan2":
        y = libdevice.atan2(a, b)
    elif OP == "int_floor_divide":  # Triton's // truncates; torch's floors. b == 0 never comes
        s = tl.where((b == 0) | (b == -1), 1, b)  # (the host raised); b == -1 wraps as torch's
        q = a // s
        r = a % s
        q = tl.where((r != 0) & ((r < 0) != (b < 0)), q - 1, q)
        y = tl.where(b == -1, -a, q)
    elif OP == "int_remainder":  # the sign of b, as Python's %
        s = tl.where((b == 0) | (b == -1), 1, b)
        r = a % s
        r = tl.where((r != 0) & ((r < 0) != (b < 0)), r + b, r)
        y = tl.where(b == -1, 0, r)
    elif OP == "int_fmod":  # the sign of a, as C's %
        s = tl.where((b == 0) | (b == -1), 1, b)
        y = tl.where(b == -1, 0, a % s)
    elif OP == "lshift":  # shifting by 64 or more, or by a negative amount, gives 0 (torch)
        out = (b < 0) | (b >= 64)
        y = tl.where(out, 0, a << tl.where(out, 0, b))
    elif OP == "rshift":  # ... and the sign for >>
        out = (b < 0) | (b >= 64)
        y = tl.where(out, tl.where(a < 0, -1, 0), a >> tl.where(out, 0, b))
    elif OP == "maximum":  # NaN propagates, as torch.maximum
        y = tl.where((a != a) | (b != b), a + b, tl.maximum(a, b))
    elif OP == "minimum":
        y = tl.where((a != a) | (b != b), a + b, tl.minimum(a, b))
    elif OP == "bitwise_and":
        y = a & b
    elif OP == "bitwise_or":
        y = a | b
    elif OP == "bitwise_xor":
        y = a ^ b
    elif OP == "logical_and":
        y = (a != 0) & (b != 0)
    elif OP == "logical_or":
        y = (a != 0) | (b != 0)
    else:  # "logical_xor"
        y = (a != 0) ^ (b != 0)
    return y


@triton.jit
def _int_pow(a, b, B_SCALAR: tl.constexpr):
    # Square and multiply, wrapping as torch's integer pow. The host raised torch's error for
    # negative exponents, so the exponent's bits run out; a Python-number exponent loops over
    # its own bits only.
    base = a + b * 0
    y = base * 0 + 1
    if B_SCALAR:
        e = b
        while e > 0:
            y = tl.where((e & 1) != 0, y * base, y)
            base = base * base
            e = e >> 1
    else:
        e = b + a * 0
        for _ in range(63):
            y = tl.where((e & 1) != 0, y * base, y)
            base = base * base
            e = e >> 1
    return y


@triton.jit(do_not_specialize=["a_scalar", "b_scalar"])
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
    if OP == "int_pow":
        y = _int_pow(a.to(COMPUTE), b.to(COMPUTE), B_SCALAR)
    else:
        y = _binary(a.to(COMPUTE), b.to(COMPUTE), OP)
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, n_cols, inner, LOG: tl.constexpr, COMPUTE: tl.constexpr,
                   BLOCK: tl.constexpr):
    # One row per program, the whole row in one block. A row runs along the softmax's dimension
    # of a contiguous tensor: its elements are `inner` apart (the size of the dimensions after
    # it; 1, specialized, for the last dimension).
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    offs = (row // inner) * n_cols * inner + row % inner + cols * inner
    x = tl.load(in_ptr + offs, mask=mask, other=-float("inf")).to(COMPUTE)
    shifted = x - tl.max(x, axis=0)
    e = tl.exp(shifted)
    total = tl.sum(e, axis=0)
    if LOG:
        y = shifted - tl.log(total)
    else:
        y = e / total
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def _reduce_block(x_ptr, offs, mask, OP: tl.constexpr, COMPUTE: tl.constexpr):
    # amax / amin / sum (OP "sum" or "mean") of the block x_ptr[offs], in COMPUTE. A block holds
    # at least one element, offs[0]: amax / amin fill the masked-off lanes with it, which needs no
    # identity of COMPUTE (-inf has no integer).
    x = tl.load(x_ptr + offs, mask=mask, other=0).to(COMPUTE)
    if OP == "amax":
        r = tl.max(tl.where(mask, x, tl.load(x_ptr + tl.min(offs, axis=0)).to(COMPUTE)), axis=0)
    elif OP == "amin":
        r = tl.min(tl.where(mask, x, tl.load(x_ptr + tl.min(offs, axis=0)).to(COMPUTE)), axis=0)
    else:
        r = tl.sum(x, axis=0)
    return r


@triton.jit
def row_reduce_kernel(x_ptr, out_ptr, n_cols, divisor, OP: tl.constexpr, COMPUTE: tl.constexpr, BLOCK: tl.constexpr):
    # sum / mean / amax / amin of each contiguous row (the last dimension), one row per program;
    # a mean divides by divisor (the row's length, or the length of the rows whose partial results
    # partial_reduce_kernel wrote).
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    r = _reduce_block(x_ptr, row * n_cols + cols, cols < n_cols, OP, COMPUTE)
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
    r = _reduce_block(x_ptr, row * n_cols + cols, cols < n_cols, OP, COMPUTE)
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


@triton.jit(do_not_specialize=["a_scalar", "b_scalar"])
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
def cross_entropy_kernel(x_ptr, target_ptr, loss_ptr, n_cols, ignore_index, smoothing, PROBS: tl.constexpr,
                         SMOOTHED: tl.constexpr, COMPUTE: tl.constexpr, BLOCK: tl.constexpr):
    # F.cross_entropy's loss of one contiguous row of logits per program, from the row's
    # log-sum-exp (a running max and sum over its blocks). Against an int64 class index t:
    # (1 - smoothing) (lse - x[t]) + smoothing (lse - mean(x)), 0 for a row whose t is
    # ignore_index. With PROBS, against a row of class probabilities p (target_ptr, contiguous):
    # q = p (1 - smoothing) + smoothing / C, and the loss is sum(q) lse - sum(q x). SMOOTHED:
    # smoothing is not 0.
    row = tl.program_id(0).to(tl.int64)
    if not PROBS:
        target = tl.load(target_ptr + row)
    zero = tl.zeros((BLOCK, ), COMPUTE)
    m = tl.max(zero - float("inf"), axis=0)
    total = tl.sum(zero, axis=0)
    picked = total  # x[t], or sum(q x)
    spread = total  # sum(x), or sum(q)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=-float("inf")).to(COMPUTE)
        m_new = tl.maximum(m, tl.max(x, axis=0))
        total = total * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        x = tl.where(mask, x, 0.0)
        if PROBS:
            p = tl.load(target_ptr + row * n_cols + cols, mask=mask, other=0).to(COMPUTE)
            q = tl.where(mask, p * (1.0 - smoothing) + smoothing / n_cols, 0.0)
            picked += tl.sum(q * x, axis=0)
            spread += tl.sum(q, axis=0)
        else:
            picked += tl.sum(tl.where(cols == target, x, 0.0), axis=0)
            if SMOOTHED:
                spread += tl.sum(x, axis=0)
        m = m_new
    lse = m + tl.log(total)
    if PROBS:
        loss = spread * lse - picked
    elif SMOOTHED:
        loss = tl.where(target == ignore_index, 0.0,
                        (1.0 - smoothing) * (lse - picked) + smoothing * (lse - spread / n_cols))
    else:
        loss = tl.where(target == ignore_index, 0.0, lse - picked)
    tl.store(loss_ptr + row, loss.to(loss_ptr.dtype.element_ty))


@triton.jit
def cross_entropy_reduce_kernel(loss_ptr, target_ptr, out_ptr, n_rows, ignore_index, MEAN: tl.constexpr,
                                PROBS: tl.constexpr, BLOCK: tl.constexpr):
    # reduction='sum' / 'mean' of cross_entropy_kernel's per-row losses, in one program; a mean
    # divides by the number of rows whose target is not ignore_index, as torch (0 / 0: nan), or by
    # the number of rows for probability targets.
    zero = tl.zeros((BLOCK, ), loss_ptr.dtype.element_ty)
    total = tl.sum(zero, axis=0)
    count = total
    for start in range(0, n_rows, BLOCK):
        rows = start + tl.arange(0, BLOCK)
        mask = rows < n_rows
        total += tl.sum(tl.load(loss_ptr + rows, mask=mask, other=0.0), axis=0)
        if MEAN:
            if PROBS:
                count += tl.sum(tl.where(mask, 1.0, 0.0), axis=0)
            else:
                t = tl.load(target_ptr + rows, mask=mask, other=0)
                count += tl.sum(tl.where(mask & (t != ignore_index), 1.0, 0.0), axis=0)
    if MEAN:
        total = total / count
    tl.store(out_ptr, total.to(out_ptr.dtype.element_ty))


@triton.jit
def dropout_kernel(x_ptr, out_ptr, n, p, scale, seed, COMPUTE: tl.constexpr, BLOCK: tl.constexpr):
    # F.dropout(training=True) of a contiguous tensor: element i is zeroed when tl.rand(seed, i) < p
    # and otherwise scaled by scale = 1 / (1 - p); the harness draws seed from torch's generator.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(COMPUTE)
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
    softmax_kernel[(4, )](sm, rows, 1000, 1, LOG=False, COMPUTE=tl.float32, BLOCK=1024)
    torch.testing.assert_close(sm, torch.softmax(rows, dim=1))
    softmax_kernel[(1000, )](sm, rows, 4, 1000, LOG=True, COMPUTE=tl.float32, BLOCK=4)
    torch.testing.assert_close(sm, torch.log_softmax(rows, dim=0))
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
    F = torch.nn.functional
    cross_entropy_kernel[(4, )](rows, target, losses, 1000, -100, 0.1, PROBS=False, SMOOTHED=True, COMPUTE=tl.float32,
                                BLOCK=256)
    torch.testing.assert_close(losses, F.cross_entropy(rows, target, reduction="none", label_smoothing=0.1))
    loss = torch.empty((), device=dev)
    cross_entropy_reduce_kernel[(1, )](losses, target, loss, 4, -100, MEAN=True, PROBS=False, BLOCK=2)
    torch.testing.assert_close(loss, F.cross_entropy(rows, target, label_smoothing=0.1))
    probs = torch.softmax(torch.randn(4, 1000, device=dev), dim=1)
    cross_entropy_kernel[(4, )](rows, probs, losses, 1000, -100, 0.0, PROBS=True, SMOOTHED=False, COMPUTE=tl.float32,
                                BLOCK=256)
    torch.testing.assert_close(losses, F.cross_entropy(rows, probs, reduction="none"))
    ints = torch.randint(-1000, 1000, (4, 1000), device=dev, dtype=torch.int32)
    int_sums = torch.empty(4, device=dev, dtype=torch.int64)
    row_reduce_kernel[(4, )](ints, int_sums, 1000, 1000.0, OP="sum", COMPUTE=tl.int64, BLOCK=1024)
    torch.testing.assert_close(int_sums, ints.sum(dim=1))
    row_reduce_kernel[(4, )](ints, int_sums, 1000, 1000.0, OP="amin", COMPUTE=tl.int64, BLOCK=1024)
    torch.testing.assert_close(int_sums, ints.amin(dim=1).long())
    a = torch.randint(-100, 100, (1000, ), device=dev)
    bb = torch.randint(1, 10, (1000, ), device=dev) * (torch.randint(0, 2, (1000, ), device=dev) * 2 - 1)
    e = torch.randint(0, 7, (1000, ), device=dev)
    res = torch.empty_like(a)
    for op, b_arg, ref in [("int_floor_divide", bb, a // bb), ("int_remainder", bb, a % bb),
                           ("int_fmod", bb, torch.fmod(a, bb)), ("int_pow", e, a**e), ("lshift", e * 11, a << (e * 11)),
                           ("rshift", e, a >> e)]:
        binary_kernel[(1, )](a, b_arg, res, 1000, 1, 1, 1000, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, OP=op, COMPUTE=tl.int64,
                             A_SCALAR=False, B_SCALAR=False, CONTIGUOUS=True, BLOCK=1024)
        torch.testing.assert_close(res, ref, atol=0, rtol=0)
    binary_kernel[(1, )](a, a, res, 1000, 1, 1, 1000, 0, 0, 0, 1, 0, 0, 0, 1, 0, 5, OP="int_pow", COMPUTE=tl.int64,
                         A_SCALAR=False, B_SCALAR=True, CONTIGUOUS=True, BLOCK=1024)
    torch.testing.assert_close(res, a**5, atol=0, rtol=0)
    fa, fb = rows[0] * 10, rows[1] + 0.25
    fres = torch.empty_like(fa)
    for op, ref in [("floor_divide", fa // fb), ("fmod", torch.fmod(fa, fb)), ("atan2", torch.atan2(fa, fb))]:
        binary_kernel[(1, )](fa, fb, fres, 1000, 1, 1, 1000, 0, 0, 0, 1, 0, 0, 0, 1, 0.0, 0.0, OP=op,
                             COMPUTE=tl.float32, A_SCALAR=False, B_SCALAR=False, CONTIGUOUS=True, BLOCK=1024)
        torch.testing.assert_close(fres, ref)
    ones = torch.ones(4000, device=dev)
    dropped = torch.empty_like(ones)
    dropout_kernel[(4, )](ones, dropped, 4000, 0.25, 1 / 0.75, 1234, COMPUTE=tl.float32, BLOCK=1024)
    torch.testing.assert_close(dropped, torch.where(dropped == 0, 0.0, ones / 0.75))
    assert abs((dropped == 0).float().mean().item() - 0.25) < 0.05
    print("torch_eager kernels match PyTorch")


if __name__ == "__main__":
    _check()
