# MissingArgument: required parameters of registry functions left out.
import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(mask=offs < n)  # CHECK-ERROR: MissingArgument: load() missing 1 required argument: 'pointer'
    z = tl.zeros((BLOCK, ))  # CHECK-ERROR: MissingArgument: zeros() missing 1 required argument: 'dtype'
    w = tl.where(x > 0)  # CHECK-ERROR: MissingArgument: where() missing 2 required arguments: 'x' and 'y'
    f = tl.full()  # CHECK-ERROR: MissingArgument: full() missing 3 required arguments: 'shape', 'value', and 'dtype'
    tl.store(y_ptr + offs, x + z + w + f)


bench = triton.testing.Benchmark(x_names=["n"], x_vals=[1024], line_arg="p", line_vals=["t"], line_names=["T"], plot_name="p")  # CHECK-ERROR: MissingArgument: Benchmark() missing 1 required argument: 'args'
