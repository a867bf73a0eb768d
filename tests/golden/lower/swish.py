# The seed's swish: 16-byte aligned pointers and n divisible by 16 give 4-wide fp32 accesses
# with one predicate per vector, and no layout conversion.
# SIGNATURE: swish_kernel(x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.0, BLOCK_SIZE=1024)
# SIGNATURE: swish_kernel(x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32, beta=1.0, BLOCK_SIZE=1024)
import triton
import triton.language as tl


@triton.jit
def swish_kernel(x_ptr, output_ptr, n_elements, beta: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    output = x / (1.0 + tl.exp(-beta * x))
    tl.store(output_ptr + offsets, output, mask=mask)

# ---- DUMP ----
# #blocked = #blocked<spt=[4], tpw=[32], wpc=[4], order=[0]>
# kernel @swish_kernel(%x_ptr: ptr<fp32>, %output_ptr: ptr<fp32>, %n_elements: i32, beta: constexpr, BLOCK_SIZE: constexpr) num_warps=4 {
#   %pid = program_id {axis = 0} : i32  # L11
#   %4 = constant 1024 : i32  # L12
#   %5 = mul %pid, %4 : i32  # L12
#   %6 = make_range {range = [0, 1024]} : <1024xi32> #blocked  # L12
#   %7 = splat %5 : <1024xi32> #blocked  # L12
#   %offsets = add %7, %6 : <1024xi32> #blocked  # L12
#   %9 = splat %n_elements : <1024xi32> #blocked  # L13
#   %mask = cmp %offsets, %9 {predicate = lt} : <1024xi1> #blocked  # L13
#   %11 = splat %x_ptr : <1024xptr<fp32>> #blocked  # L14
#   %12 = addptr %11, %offsets : <1024xptr<fp32>> #blocked  # L14
#   %x = load %12, %mask : <1024xfp32> #blocked  # L14
#   %14 = constant -1.0 : fp32  # L15
#   %15 = splat %14 : <1024xfp32> #blocked  # L15
#   %16 = mul %15, %x : <1024xfp32> #blocked  # L15
#   %17 = math.exp %16 : <1024xfp32> #blocked  # L15
#   %18 = constant 1.0 : fp32  # L15
#   %19 = splat %18 : <1024xfp32> #blocked  # L15
#   %20 = add %19, %17 : <1024xfp32> #blocked  # L15
#   %output = fdiv %x, %20 : <1024xfp32> #blocked  # L15
#   %22 = splat %output_ptr : <1024xptr<fp32>> #blocked  # L16
#   %23 = addptr %22, %offsets : <1024xptr<fp32>> #blocked  # L16
#   store %23, %output, %mask  # L16
# }
# #blocked = #blocked<spt=[4], tpw=[32], wpc=[4], order=[0]>
# kernel @swish_kernel(%x_ptr: ptr<fp32>, %output_ptr: ptr<fp32>, %n_elements: i32, beta: constexpr, BLOCK_SIZE: constexpr) num_warps=4 {
#   %pid = program_id {axis = 0} : i32  # L11
#   %4 = constant 1024 : i32  # L12
#   %5 = mul %pid, %4 : i32  # L12
#   %6 = make_range {range = [0, 1024]} : <1024xi32> #blocked  # L12
#   %7 = splat %5 : <1024xi32> #blocked  # L12
#   %offsets = add %7, %6 : <1024xi32> #blocked  # L12
#   %9 = splat %n_elements : <1024xi32> #blocked  # L13
#   %mask = cmp %offsets, %9 {predicate = lt} : <1024xi1> #blocked  # L13
#   %11 = splat %x_ptr : <1024xptr<fp32>> #blocked  # L14
#   %12 = addptr %11, %offsets : <1024xptr<fp32>> #blocked  # L14
#   %x = load %12, %mask : <1024xfp32> #blocked  # L14
#   %14 = constant -1.0 : fp32  # L15
#   %15 = splat %14 : <1024xfp32> #blocked  # L15
#   %16 = mul %15, %x : <1024xfp32> #blocked  # L15
#   %17 = math.exp %16 : <1024xfp32> #blocked  # L15
#   %18 = constant 1.0 : fp32  # L15
#   %19 = splat %18 : <1024xfp32> #blocked  # L15
#   %20 = add %19, %17 : <1024xfp32> #blocked  # L15
#   %output = fdiv %x, %20 : <1024xfp32> #blocked  # L15
#   %22 = splat %output_ptr : <1024xptr<fp32>> #blocked  # L16
#   %23 = addptr %22, %offsets : <1024xptr<fp32>> #blocked  # L16
#   store %23, %output, %mask  # L16
# }
