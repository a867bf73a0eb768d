# tl.load with `other=` but no mask.
# SIGNATURE: k(x_ptr=*fp32, BLOCK=64)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, other=0.0)  # CHECK-ERROR: OtherWithoutMask
