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
