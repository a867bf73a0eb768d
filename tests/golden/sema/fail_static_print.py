# tl.static_print prints at compile time (a note), here before a failing static_assert.
# SIGNATURE: k(x_ptr=*fp16, BLOCK=32)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.static_print(x.dtype, x.shape)  # CHECK-NOTE: StaticPrint: fp16 (32,)
    tl.static_assert(x.dtype == tl.float32)  # CHECK-ERROR: StaticAssertFailed
