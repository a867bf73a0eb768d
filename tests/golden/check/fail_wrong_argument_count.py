# WrongArgumentCount: too many positional arguments to registry functions, in kernels and in
# the harness, reached through tl, a from-import and triton.testing.
import triton
import triton.language as tl
from triton.language import arange


@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0, 1)  # CHECK-ERROR: WrongArgumentCount: program_id() takes 1 positional argument but 2 were given
    offs = arange(0, BLOCK, 1)  # CHECK-ERROR: WrongArgumentCount: arange() takes 2 positional arguments but 3 were given
    x = tl.load(x_ptr + offs, offs < n, 0.0, (), "", "", "", False, None)  # CHECK-ERROR: WrongArgumentCount: load() takes from 1 to 8 positional arguments but 9 were given
    tl.debug_barrier(x)  # CHECK-ERROR: WrongArgumentCount: debug_barrier() takes 0 positional arguments but 1 was given
    tl.store(x_ptr + offs + pid, x)


def bench(fn):
    return triton.testing.do_bench(fn, 25, 100, None, None, True, "mean", 1)  # CHECK-ERROR: WrongArgumentCount: do_bench() takes from 1 to 7 positional arguments but 8 were given
