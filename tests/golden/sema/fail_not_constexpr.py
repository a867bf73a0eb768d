# A runtime argument used where Triton needs a compile-time constant.
# SIGNATURE: k(x_ptr=*fp32, n=i32, axis=i32)
import triton
import triton.language as tl


@triton.jit
def helper(x, WIDTH: tl.constexpr):
    return x * WIDTH


@triton.jit
def k(x_ptr, n, axis):
    offs = tl.arange(0, n)  # CHECK-ERROR: NotConstexpr: the end of tl.arange must be a compile-time constant
    z = tl.zeros([n], dtype=tl.float32)  # CHECK-ERROR: NotConstexpr: make it a tl.constexpr parameter
    p = tl.program_id(axis)  # CHECK-ERROR: NotConstexpr
    h = helper(1.0, n)  # CHECK-ERROR: NotConstexpr: argument 'WIDTH' of helper()
