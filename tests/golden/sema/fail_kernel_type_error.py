# Other type errors: a Python int too large for the block's dtype, a mask that is not int1,
# loading through a non-pointer, a loop-carried variable that changes type, tl.exp on fp16, a
# tl.dot accumulator whose dtype is not out_dtype (Triton asserts acc.dtype == out_dtype).
# SIGNATURE: k(x_ptr=*i8, h_ptr=*fp16, n=i32, BLOCK=16)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, h_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = x * 300  # CHECK-ERROR: KernelTypeError: scalar 300 is out of range for type i8
    z = tl.load(x_ptr + offs, mask=offs)  # CHECK-ERROR: KernelTypeError: must be a boolean (int1) block
    w = tl.load(offs)  # CHECK-ERROR: KernelTypeError: needs a pointer
    acc = 0
    for i in range(n):  # CHECK-ERROR: KernelTypeError: loop-carried variable 'acc' is i32 before the loop but <16xi32>
        acc += x
    h = tl.load(h_ptr + offs)
    e = tl.exp(h)  # CHECK-ERROR: KernelTypeError: expects fp32 or fp64 values, but got <16xfp16>
    m = tl.load(h_ptr + offs[:, None] * BLOCK + offs[None, :])
    acc16 = tl.zeros((BLOCK, BLOCK), dtype=tl.float16)
    d = tl.dot(m, m, acc16)  # CHECK-ERROR: KernelTypeError: the accumulator of tl.dot is float16 but out_dtype is float32 (the default); Triton requires them to be the same: pass out_dtype=tl.float16
    ok = tl.dot(m, m, acc16, out_dtype=tl.float16)
