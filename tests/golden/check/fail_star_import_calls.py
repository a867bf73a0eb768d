# Names from `from triton.language import *` resolve to the registry: their calls are checked.
import triton
from triton.language import *


@triton.jit
def kernel(x_ptr, n, BLOCK: constexpr):
    offs = program_id(0) * BLOCK + arange(0, BLOCK)
    x = load(x_ptr + offs, mask=offs < n, fill=0.0)  # CHECK-ERROR: UnknownKeywordArgument: load() got an unexpected keyword argument 'fill'
    store(x_ptr + offs, x)
