# UnsupportedInKernel: assignment targets Triton's code generator rejects.
import triton
import triton.language as tl


@triton.jit
def assignments_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    pair = (x, x)
    a = b = x  # CHECK-ERROR: UnsupportedInKernel: chained assignments
    x[0] = 1.0  # CHECK-ERROR: UnsupportedInKernel: item assignments
    pair[1] += x  # CHECK-ERROR: UnsupportedInKernel: item assignments
    x.dtype = tl.float16  # CHECK-ERROR: UnsupportedInKernel: attribute assignments
    first, *rest = pair  # CHECK-ERROR: UnsupportedInKernel: starred assignment targets
    [c, d] = pair  # CHECK-ERROR: UnsupportedInKernel: list assignment targets
    e, (f, g) = x, pair  # CHECK-ERROR: UnsupportedInKernel: nested tuple assignment targets
    h, i = pair
    tl.store(x_ptr + offs, a + b + c + d + e + f + g + h + i + first)
