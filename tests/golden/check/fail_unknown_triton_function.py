# UnknownTritonFunction for every way a Triton module is reached: tl.X, tl.math.X, the
# libdevice module (both import paths), triton.language.X, triton.testing.X and from-imports.
import triton
import triton.language as tl
import triton.language.extra.cuda.libdevice as cuda_libdevice
from triton.language.extra import libdevice
from triton.language import lod  # CHECK-ERROR: UnknownTritonFunction: module 'triton.language' has no attribute 'lod'
from triton.language.math import tanh  # CHECK-ERROR: UnknownTritonFunction: module 'triton.language.math' has no attribute 'tanh'
# CHECK-NOTE@-1: UnknownTritonFunction: 'tanh' is in triton.language.extra.libdevice


@triton.jit
def kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.lod(x_ptr + offs, mask=mask)  # CHECK-ERROR: UnknownTritonFunction: module 'triton.language' has no attribute 'lod'
    # CHECK-NOTE@-1: UnknownTritonFunction: did you mean 'load'?
    a = tl.math.tanh(x)  # CHECK-ERROR: UnknownTritonFunction: module 'triton.language.math' has no attribute 'tanh'
    b = libdevice.tanhh(x)  # CHECK-ERROR: UnknownTritonFunction: module 'triton.language.extra.libdevice' has no attribute 'tanhh'
    # CHECK-NOTE@-1: UnknownTritonFunction: did you mean 'tanh'?
    c = cuda_libdevice.fast_exp(x)  # CHECK-ERROR: UnknownTritonFunction: has no attribute 'fast_exp'
    d = triton.language.sigmod(x)  # CHECK-ERROR: UnknownTritonFunction: module 'triton.language' has no attribute 'sigmod'
    # CHECK-NOTE@-1: UnknownTritonFunction: did you mean 'sigmoid'?
    e = tl.extra.cuda.libdevice.erfinverse(x)  # CHECK-ERROR: UnknownTritonFunction: 'erfinverse'
    tl.store(y_ptr + offs, x + a + b + c + d + e + lod(x) + tanh(x), mask=mask)


def bench(fn):
    return triton.testing.do_benchmark(fn)  # CHECK-ERROR: UnknownTritonFunction: module 'triton.testing' has no attribute 'do_benchmark'
