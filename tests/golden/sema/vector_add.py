# Tutorial 01's vector add, once with a runtime n and once with n == 1 (folded to a constant).
# SIGNATURE: add_kernel(x_ptr=*fp32:16, y_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=98432, BLOCK_SIZE=1024)
# SIGNATURE: add_kernel(x_ptr=*fp16, y_ptr=*fp16, output_ptr=*fp16, n_elements=1, BLOCK_SIZE=64)
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)

# ---- DUMP ----
# kernel @add_kernel(%x_ptr: ptr<fp32>, %y_ptr: ptr<fp32>, %output_ptr: ptr<fp32>, %n_elements: i32, BLOCK_SIZE: constexpr) num_warps=4 {
#   %pid = program_id {axis = 0} : i32  # L10
#   %5 = constant 1024 : i32  # L11
#   %block_start = mul %pid, %5 : i32  # L11
#   %7 = make_range {range = [0, 1024]} : <1024xi32>  # L12
#   %8 = splat %block_start : <1024xi32>  # L12
#   %offsets = add %8, %7 : <1024xi32>  # L12
#   %10 = splat %n_elements : <1024xi32>  # L13
#   %mask = cmp %offsets, %10 {predicate = lt} : <1024xi1>  # L13
#   %12 = splat %x_ptr : <1024xptr<fp32>>  # L14
#   %13 = addptr %12, %offsets : <1024xptr<fp32>>  # L14
#   %x = load %13, %mask : <1024xfp32>  # L14
#   %15 = splat %y_ptr : <1024xptr<fp32>>  # L15
#   %16 = addptr %15, %offsets : <1024xptr<fp32>>  # L15
#   %y = load %16, %mask : <1024xfp32>  # L15
#   %output = add %x, %y : <1024xfp32>  # L16
#   %19 = splat %output_ptr : <1024xptr<fp32>>  # L17
#   %20 = addptr %19, %offsets : <1024xptr<fp32>>  # L17
#   store %20, %output, %mask  # L17
# }
# kernel @add_kernel(%x_ptr: ptr<fp16>, %y_ptr: ptr<fp16>, %output_ptr: ptr<fp16>, n_elements: folded, BLOCK_SIZE: constexpr) num_warps=4 {
#   %pid = program_id {axis = 0} : i32  # L10
#   %4 = constant 64 : i32  # L11
#   %block_start = mul %pid, %4 : i32  # L11
#   %6 = make_range {range = [0, 64]} : <64xi32>  # L12
#   %7 = splat %block_start : <64xi32>  # L12
#   %offsets = add %7, %6 : <64xi32>  # L12
#   %9 = constant 1 : i32  # L13
#   %10 = splat %9 : <64xi32>  # L13
#   %mask = cmp %offsets, %10 {predicate = lt} : <64xi1>  # L13
#   %12 = splat %x_ptr : <64xptr<fp16>>  # L14
#   %13 = addptr %12, %offsets : <64xptr<fp16>>  # L14
#   %x = load %13, %mask : <64xfp16>  # L14
#   %15 = splat %y_ptr : <64xptr<fp16>>  # L15
#   %16 = addptr %15, %offsets : <64xptr<fp16>>  # L15
#   %y = load %16, %mask : <64xfp16>  # L15
#   %output = add %x, %y : <64xfp16>  # L16
#   %19 = splat %output_ptr : <64xptr<fp16>>  # L17
#   %20 = addptr %19, %offsets : <64xptr<fp16>>  # L17
#   store %20, %output, %mask  # L17
# }
