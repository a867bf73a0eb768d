# @triton.jit helpers are inlined, so recursion cannot compile.
# SIGNATURE: k(x_ptr=*fp32, n=i32)
import triton
import triton.language as tl


@triton.jit
def fact(n):
    return n * fact(n - 1)  # CHECK-ERROR: RecursiveJitCall: 'fact' calls itself recursively


@triton.jit
def k(x_ptr, n):
    tl.store(x_ptr, fact(n))
