# Block pointers used the wrong way: every misuse is an error at the argument that is wrong.
# SIGNATURE: k(x_ptr=*fp32, i_ptr=*i32, n=i32, BLOCK=64)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, i_ptr, n, BLOCK: tl.constexpr):
    p = tl.make_block_ptr(x_ptr, (n, n), (n, 1), (0, 0), (BLOCK, BLOCK), (1, 0))
    a = tl.load(p, mask=tl.full((BLOCK, BLOCK), 1, tl.int1))  # CHECK-ERROR: KernelTypeError: mask= cannot be given when loading through a block pointer
    b = tl.load(p, boundary_check=(2,))  # CHECK-ERROR: KernelTypeError: boundary_check dimension 2 is out of range
    q = tl.make_block_ptr(i_ptr, (n,), (1,), (0,), (BLOCK,), (0,))
    c = tl.load(q, boundary_check=(0,), padding_option="nan")  # CHECK-ERROR: KernelTypeError: padding_option='nan' needs a floating-point block
    d = tl.advance(p, (BLOCK,))  # CHECK-ERROR: KernelTypeError: tl.advance's offsets has 1 values, but the block has 2 dimensions
    e = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (BLOCK,), (1,))  # CHECK-ERROR: KernelTypeError: order must be a permutation
    f = tl.advance(x_ptr, (1,))  # CHECK-ERROR: KernelTypeError: tl.advance needs a block pointer from tl.make_block_ptr
    r = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (BLOCK,), (0,))
    for i in range(n):  # CHECK-ERROR: KernelTypeError: loop-carried block pointer 'r'
        r = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (BLOCK * 2,), (0,))
