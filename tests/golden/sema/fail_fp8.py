# fp8 blocks convert to and from fp16 / bf16 / fp32 and feed tl.dot; Triton has no fp8 arithmetic,
# no fp8 <-> integer or fp8 <-> fp8 conversion, and tl.dot on fp8 (or int8) needs K >= 32.
# SIGNATURE: k(q_ptr=*fp8e4nv, r_ptr=*fp8e5, i_ptr=*i32, BLOCK=16)
import triton
import triton.language as tl


@triton.jit
def k(q_ptr, r_ptr, i_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    q = tl.load(q_ptr + offs)
    r = tl.load(r_ptr + offs)
    ok = q.to(tl.float32) + r  # fp8 meets fp32 in fp32
    half = q + r  # different fp8 formats meet in fp16
    tl.store(q_ptr + offs, tl.where(offs < 4, q, 0.0))
    a = q * 2.0  # CHECK-ERROR: IncompatibleTypes: has no arithmetic
    b = q + tl.load(i_ptr + offs)  # CHECK-ERROR: IncompatibleTypes: fp8 does not mix with integers
    c = q.to(tl.int32)  # CHECK-ERROR: KernelTypeError: cannot convert fp8e4nv to i32
    d = q.to(tl.float8e5)  # CHECK-ERROR: KernelTypeError: cannot convert fp8e4nv to fp8e5
    e = -q  # CHECK-ERROR: KernelTypeError: cannot negate
    f = tl.exp(q)  # CHECK-ERROR: KernelTypeError: fp8e4nv
    g = tl.sum(q, axis=0)  # CHECK-ERROR: KernelTypeError: cannot reduce or scan
    tl.store(q_ptr + offs, tl.load(i_ptr + offs))  # CHECK-ERROR: KernelTypeError: cannot convert i32 to fp8e4nv
    m = tl.load(q_ptr + offs[:, None] * BLOCK + offs[None, :])
    h = tl.dot(m, m)  # CHECK-ERROR: KernelTypeError: tl.dot on fp8 needs K of at least 32
    # int8 as well: Triton's smallest 8-bit dot is K = 32.
    n = tl.load(i_ptr + offs[:, None] * BLOCK + offs[None, :]).to(tl.int8)
    j = tl.dot(n, n)  # CHECK-ERROR: KernelTypeError: tl.dot on int8 needs K of at least 32
