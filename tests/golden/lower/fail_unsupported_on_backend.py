# Ops the CUDA backend does not compile yet are refused at their line, naming the builtin and
# pointing at the interpreter.
# SIGNATURE: row_sum(x_ptr=*fp32:16, out_ptr=*fp32:16, BLOCK=128)
import triton
import triton.language as tl


@triton.jit
def row_sum(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    total = tl.sum(x, axis=0)  # CHECK-ERROR: UnsupportedOnBackend: --backend interp
    tl.store(out_ptr, total)
