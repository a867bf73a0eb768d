# DuplicateArgument: a parameter given both positionally and by keyword.
import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask, mask=mask)  # CHECK-ERROR: DuplicateArgument: load() got multiple values for argument 'mask'
    s = tl.sum(x, 0, axis=0)  # CHECK-ERROR: DuplicateArgument: sum() got multiple values for argument 'axis'
    tl.store(y_ptr + offs, x + s, mask=mask, pointer=y_ptr)  # CHECK-ERROR: DuplicateArgument: store() got multiple values for argument 'pointer'
