# Operand dtypes Triton rejects: bitwise ops on floats, `//` on floats, mixed signedness in `//`,
# pointer + float, and tl.dot on two dtypes.
# SIGNATURE: k(x_ptr=*fp32, u_ptr=*u8, i_ptr=*i8, h_ptr=*fp16, BLOCK=16)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, u_ptr, i_ptr, h_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    u = tl.load(u_ptr + offs)
    i = tl.load(i_ptr + offs)
    a = x & 1  # CHECK-ERROR: IncompatibleTypes: invalid operands of type fp32 and int for '&'
    b = x // 2.0  # CHECK-ERROR: IncompatibleTypes: for '//'
    c = u // i  # CHECK-ERROR: IncompatibleTypes: different signedness
    p = x_ptr + 1.5  # CHECK-ERROR: IncompatibleTypes: invalid operands of type pointer<fp32> and float
    h = tl.load(h_ptr + offs[:, None] + offs[None, :])
    d = tl.dot(h, x[:, None] + x[None, :])  # CHECK-ERROR: IncompatibleTypes: for tl.dot
