# A store whose value block does not fit the pointer block.
# SIGNATURE: k(x_ptr=*fp32, BLOCK=64)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.zeros([2 * BLOCK], dtype=tl.float32)
    tl.store(x_ptr + offs, v)  # CHECK-ERROR: StoreShapeMismatch: cannot store a value of shape [128] through pointers of shape [64]
    tl.store(x_ptr, v)  # CHECK-ERROR: StoreShapeMismatch: through pointers of shape scalar
