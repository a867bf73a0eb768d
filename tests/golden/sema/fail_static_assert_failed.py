# tl.static_assert and `assert` on constexprs; tl.static_print reports a note.
# SIGNATURE: k(x_ptr=*fp32, BLOCK=64)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    tl.static_print("BLOCK is", BLOCK)  # CHECK-NOTE: StaticPrint: BLOCK is 64
    tl.static_assert(BLOCK >= 128, "BLOCK must be at least 128")  # CHECK-ERROR: StaticAssertFailed: static_assert failed: BLOCK must be at least 128
    assert BLOCK % 3 == 0  # CHECK-ERROR: StaticAssertFailed
