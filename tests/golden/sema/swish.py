# The seed's swish kernel (resources/examples/swish.py), specialized as its harness launches it.
# SIGNATURE: swish_kernel(x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32, beta=1.702, BLOCK_SIZE=1024)
import triton
import triton.language as tl


@triton.jit
def swish_kernel(
    x_ptr,  # pointer to the input vector
    output_ptr,  # pointer to the output vector
    n_elements,  # number of elements in both vectors
    beta: tl.constexpr,  # slope of the sigmoid, fixed at compile time
    BLOCK_SIZE: tl.constexpr,  # elements handled by one program
):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    numerator = x
    denominator = 1.0 + tl.exp(-beta * x)
    output = numerator / denominator
    tl.store(output_ptr + offsets, output, mask=mask)

# ---- DUMP ----
# kernel @swish_kernel(%x_ptr: ptr<fp32>, %output_ptr: ptr<fp32>, %n_elements: i32, beta: constexpr, BLOCK_SIZE: constexpr) num_warps=4 {
#   %pid = program_id {axis = 0} : i32  # L15
#   %4 = constant 1024 : i32  # L16
#   %block_start = mul %pid, %4 : i32  # L16
#   %6 = make_range {range = [0, 1024]} : <1024xi32>  # L17
#   %7 = splat %block_start : <1024xi32>  # L17
#   %offsets = add %7, %6 : <1024xi32>  # L17
#   %9 = splat %n_elements : <1024xi32>  # L18
#   %mask = cmp %offsets, %9 {predicate = lt} : <1024xi1>  # L18
#   %11 = splat %x_ptr : <1024xptr<fp32>>  # L19
#   %12 = addptr %11, %offsets : <1024xptr<fp32>>  # L19
#   %x = load %12, %mask : <1024xfp32>  # L19
#   %14 = constant -1.702 : fp32  # L21
#   %15 = splat %14 : <1024xfp32>  # L21
#   %16 = mul %15, %x : <1024xfp32>  # L21
#   %17 = math.exp %16 : <1024xfp32>  # L21
#   %18 = constant 1.0 : fp32  # L21
#   %19 = splat %18 : <1024xfp32>  # L21
#   %denominator = add %19, %17 : <1024xfp32>  # L21
#   %output = fdiv %x, %denominator : <1024xfp32>  # L22
#   %22 = splat %output_ptr : <1024xptr<fp32>>  # L23
#   %23 = addptr %22, %offsets : <1024xptr<fp32>>  # L23
#   store %23, %output, %mask  # L23
# }
