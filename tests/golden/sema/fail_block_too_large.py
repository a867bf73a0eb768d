# Blocks over 2^20 elements.
# SIGNATURE: k(x_ptr=*fp32, BLOCK=2097152)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)  # CHECK-ERROR: BlockTooLarge: a block of 2097152 elements
    z = tl.zeros((2048, 1024), dtype=tl.float16)  # CHECK-ERROR: BlockTooLarge
