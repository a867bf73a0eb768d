# UnsupportedInKernel: statements Triton's code generator has no visitor for (or whose
# visitor raises), each reported at its keyword.
import triton
import triton.language as tl


@triton.jit
def statements_kernel(x_ptr, n, BLOCK: tl.constexpr):
    import math  # CHECK-ERROR: UnsupportedInKernel: 'import' statements are not supported inside @triton.jit functions
    from math import pi  # CHECK-ERROR: UnsupportedInKernel: 'import' statements
    global COUNTER  # CHECK-ERROR: UnsupportedInKernel: 'global' declarations
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    try:  # CHECK-ERROR: UnsupportedInKernel: 'try' statements
        y = x * 2
    except ValueError:
        raise  # CHECK-ERROR: UnsupportedInKernel: 'raise' statements
    del y  # CHECK-ERROR: UnsupportedInKernel: 'del' statements
    if BLOCK > 4096:
        # The untaken branch of a constexpr test is never compiled: no diagnostic.
        raise ValueError("BLOCK is too large")

    class Point:  # CHECK-ERROR: UnsupportedInKernel: 'class' definitions
        x = 0

    def helper(v):  # CHECK-ERROR: UnsupportedInKernel: nested function definitions
        return v + 1

    tl.store(x_ptr + offs, x + math.pi + pi, mask=offs < n)


@triton.jit
def closure_kernel(x_ptr):
    counter = 0

    @triton.jit
    def inner(v):  # CHECK-ERROR: UnsupportedInKernel: nested function definitions
        nonlocal counter  # CHECK-ERROR: UnsupportedInKernel: 'nonlocal' declarations
        return v + counter

    tl.store(x_ptr, inner(counter))


@triton.jit
async def async_kernel(x_ptr):  # CHECK-ERROR: UnsupportedInKernel: 'async' functions
    v = await tl.load(x_ptr)  # CHECK-ERROR: UnsupportedInKernel: 'await' expressions
    tl.store(x_ptr, v)


@triton.jit
def generator_kernel(x_ptr):
    yield tl.load(x_ptr)  # CHECK-ERROR: UnsupportedInKernel: 'yield' expressions
    yield from range(3)  # CHECK-ERROR: UnsupportedInKernel: 'yield from' expressions


COUNTER = 0
