# Blocks whose shapes do not broadcast: the error names both shapes.
# SIGNATURE: k(x_ptr=*fp32, A=32, B=64)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, A: tl.constexpr, B: tl.constexpr):
    a = tl.arange(0, A)
    b = tl.arange(0, B)
    c = a + b  # CHECK-ERROR: IncompatibleShapes: [32] and [64]
    d = tl.reshape(a, (4, 4))  # CHECK-ERROR: IncompatibleShapes: reshape cannot change the number of elements
    tl.store(x_ptr + a, a.to(tl.float32))
    # tl.dot: 2-D with 2-D or 3-D with 3-D (batched), batches alike, K alike.
    h = tl.zeros((2, 16, 16), dtype=tl.float16)
    g = tl.zeros((16, 16), dtype=tl.float16)
    e = tl.dot(h, g)  # CHECK-ERROR: IncompatibleShapes: [2, 16, 16] and [16, 16]: tl.dot needs [M, K] and [K, N] blocks, or [B, M, K] and [B, K, N]
    f = tl.dot(h, tl.zeros((4, 16, 16), dtype=tl.float16))  # CHECK-ERROR: IncompatibleShapes: [2, 16, 16] and [4, 16, 16]
    z = tl.dot(h, tl.zeros((2, 32, 16), dtype=tl.float16))  # CHECK-ERROR: IncompatibleShapes: [2, 16, 16] and [2, 32, 16]
    ok = tl.dot(h, tl.zeros((2, 16, 32), dtype=tl.float16))
    tl.store(x_ptr + tl.arange(0, 2)[:, None, None] * 512 + tl.arange(0, 16)[None, :, None] * 32
             + tl.arange(0, 32)[None, None, :], ok)
