# UndefinedName inside @triton.jit functions: a misspelled local, a misspelled helper and a
# constexpr that was never defined. Each name is reported once per scope.
import triton
import triton.language as tl


@triton.jit
def helper(x):
    return x * 2


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = helpr(x)  # CHECK-ERROR: UndefinedName: name 'helpr' is not defined
    z = y * SCALE  # CHECK-ERROR: UndefinedName: name 'SCALE' is not defined
    tl.store(out_ptr + offs, z + y + offz, mask=mask)  # CHECK-ERROR: UndefinedName: 'offz'
    tl.store(out_ptr + offs, z + offz, mask=mask)  # CHECK-NOTE: UndefinedName: 'offz' is also used here
