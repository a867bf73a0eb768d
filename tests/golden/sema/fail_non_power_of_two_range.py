# tl.arange with a non-power-of-two extent, and a block shape that is not all powers of two.
# SIGNATURE: k(x_ptr=*fp32, BLOCK=100)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)  # CHECK-ERROR: NonPowerOfTwoRange: tl.arange(0, 100) has 100 elements
    z = tl.zeros((16, 24), dtype=tl.float32)  # CHECK-ERROR: NonPowerOfTwoRange: the dimension 24
