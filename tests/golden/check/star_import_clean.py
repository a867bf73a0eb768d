# A `from m import *` anywhere makes every otherwise-unbound name possibly defined, so the
# name check stays quiet; names from `from triton.language import *` still resolve to the
# registry, so their calls are checked (correctly here).
from math import *

import triton
from triton.language import *


@triton.jit
def kernel(x_ptr, n, BLOCK: constexpr):
    offs = program_id(0) * BLOCK + arange(0, BLOCK)
    x = load(x_ptr + offs, mask=offs < n, other=0.0)
    store(x_ptr + offs, exp(x) * 2.0, mask=offs < n)


print(sqrt(2.0), floor(pi))
