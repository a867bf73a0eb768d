# Axes outside a block's rank.
# SIGNATURE: k(x_ptr=*fp32, BLOCK=64)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    s = tl.sum(x, axis=1)  # CHECK-ERROR: InvalidAxis: axis 1 is out of range for a block of rank 1
    m = tl.max(x[None, :], axis=-3)  # CHECK-ERROR: InvalidAxis: axis -3
    p = tl.program_id(3)  # CHECK-ERROR: InvalidAxis
    e = tl.expand_dims(x, 2)  # CHECK-ERROR: InvalidAxis
