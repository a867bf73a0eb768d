# A tl.dot whose operands cannot fit in the shared memory of any GPU: 256x256 blocks with
# BLOCK_K=128 fp32 stage 258 KiB, more than sm_90's 227 KiB; refused at the dot, naming the
# block sizes, before any device is involved.
# SIGNATURE: big_dot(a_ptr=*fp32:16, b_ptr=*fp32:16, c_ptr=*fp32:16, BLOCK_M=256, BLOCK_N=256, BLOCK_K=128)
import triton
import triton.language as tl


@triton.jit
def big_dot(a_ptr, b_ptr, c_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
            BLOCK_K: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a = tl.load(a_ptr + rm[:, None] * BLOCK_K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BLOCK_N + rn[None, :])
    c = tl.dot(a, b)  # CHECK-ERROR: SharedMemoryExceeded: tl.dot with BLOCK 256x256x128 fp32 needs 258 KiB
    tl.store(c_ptr + rm[:, None] * BLOCK_N + rn[None, :], c)
