# tl.make_tensor_descriptor checks what Triton's semantic.py checks, with its messages: rank 1 to 5,
# matching strides and block_shape, a last stride of the constant 1, at least 16 bytes in the
# last block dimension, padding "zero" or "nan" (floats only); accesses take one int32 offset per
# dimension and stores take a block of exactly the block shape.
# SIGNATURE: k(x_ptr=*fp16, i_ptr=*i32, M=i32, N=i32, stride=i32, off64=i64, BLOCK=16)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, i_ptr, M, N, stride, off64, BLOCK: tl.constexpr):
    d = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK, BLOCK])
    v = d.load([0, BLOCK])
    d.store([BLOCK, 0], v + 1)
    tl.store_tensor_descriptor(d, [0, 0], tl.load_tensor_descriptor(d, [1, 2]))
    rows = d.shape[0] + d.strides[0]
    e = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1, 1], [BLOCK, BLOCK])  # CHECK-ERROR: KernelTypeError: Expected 2 strides but got 3
    f = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [BLOCK])  # CHECK-ERROR: KernelTypeError: Expected block_shape to have 2 dimensions but got 1
    g = tl.make_tensor_descriptor(x_ptr, [M, N], [1, stride], [BLOCK, BLOCK])  # CHECK-ERROR: KernelTypeError: Tensor descriptor last dim must be 1
    h = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [BLOCK, 4])  # CHECK-ERROR: KernelTypeError: at least 16 bytes in the last dimension, but got 4 * 2 = 8 bytes
    p = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [BLOCK, BLOCK], padding_option="inf")  # CHECK-ERROR: KernelTypeError: Padding option inf not supported
    q = tl.make_tensor_descriptor(i_ptr, [M, N], [N, 1], [BLOCK, BLOCK], padding_option="nan")  # CHECK-ERROR: KernelTypeError: Padding option `nan` is not supported for integer blocks
    r = tl.make_tensor_descriptor(x_ptr, [M, N, M, N, M, N], [1, 1, 1, 1, 1, 1], [2, 2, 2, 2, 2, 8])  # CHECK-ERROR: KernelTypeError: Expected 1 <= ndim <= 5 but got 6 dimensions
    s = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [BLOCK, 24])  # CHECK-ERROR: NonPowerOfTwoRange
    w = d.load([0])  # CHECK-ERROR: KernelTypeError: expected 2 offsets, but got 1
    y = d.load([off64, 0])  # CHECK-ERROR: KernelTypeError: Block pointers only support 32 bit `offsets/block_shape`, add a `.to(tl.int32)`
    d.store([0, 0], 1.0)  # CHECK-ERROR: KernelTypeError: must be a block of the descriptor's block shape [16, 16]
    d.atomic_and([0, 0], v)  # CHECK-ERROR: KernelTypeError: Unsupported dtype fp16 for a tensor descriptor's atomic_and
    z = d.foo  # CHECK-ERROR: KernelTypeError: tensor descriptors have no attribute 'foo'
