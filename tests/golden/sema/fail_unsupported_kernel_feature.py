# Tier 2/3 builtins and constructs Tilesmith cannot compile yet are named in the error.
# SIGNATURE: k(x_ptr=*fp32, n=i32, BLOCK=64)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    d = isinstance(x, tl.dtype)  # CHECK-ERROR: UnsupportedKernelFeature: isinstance() against builtin 'tl.dtype'
    s = tl.sort(x)  # CHECK-ERROR: UnsupportedKernelFeature: tl.sort
    g = tl.gather(x, offs, 0)  # CHECK-ERROR: UnsupportedKernelFeature: tl.gather
    h = tl.histogram(offs, 8)  # CHECK-ERROR: UnsupportedKernelFeature: tl.histogram
    y = x ** 2  # CHECK-ERROR: UnsupportedKernelFeature: the '**' operator on blocks
    for i in range(n):
        break  # CHECK-ERROR: UnsupportedKernelFeature: 'break'
    first = x[0]  # CHECK-ERROR: UnsupportedKernelFeature: indexing a block
