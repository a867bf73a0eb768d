# Row softmax (tutorial 02's kernel, one row per program, -inf padding).
# SIGNATURE: softmax_kernel(output_ptr=*fp32:16, input_ptr=*fp32:16, input_row_stride=i32, output_row_stride=i32, n_cols=781, BLOCK_SIZE=1024)
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    row_start_ptr = input_ptr + row_idx * input_row_stride
    col_offsets = tl.arange(0, BLOCK_SIZE)
    input_ptrs = row_start_ptr + col_offsets
    row = tl.load(input_ptrs, mask=col_offsets < n_cols, other=-float('inf'))
    row_minus_max = row - tl.max(row, axis=0)
    numerator = tl.exp(row_minus_max)
    denominator = tl.sum(numerator, axis=0)
    softmax_output = numerator / denominator
    output_row_start_ptr = output_ptr + row_idx * output_row_stride
    output_ptrs = output_row_start_ptr + col_offsets
    tl.store(output_ptrs, softmax_output, mask=col_offsets < n_cols)

# ---- DUMP ----
# kernel @softmax_kernel(%output_ptr: ptr<fp32>, %input_ptr: ptr<fp32>, %input_row_stride: i32, %output_row_stride: i32, %n_cols: i32, BLOCK_SIZE: constexpr) num_warps=4 {
#   %row_idx = program_id {axis = 0} : i32  # L9
#   %6 = mul %row_idx, %input_row_stride : i32  # L10
#   %row_start_ptr = addptr %input_ptr, %6 : ptr<fp32>  # L10
#   %col_offsets = make_range {range = [0, 1024]} : <1024xi32>  # L11
#   %9 = splat %row_start_ptr : <1024xptr<fp32>>  # L12
#   %input_ptrs = addptr %9, %col_offsets : <1024xptr<fp32>>  # L12
#   %11 = splat %n_cols : <1024xi32>  # L13
#   %12 = cmp %col_offsets, %11 {predicate = lt} : <1024xi1>  # L13
#   %13 = constant -inf : fp32  # L13
#   %14 = splat %13 : <1024xfp32>  # L13
#   %row = load %input_ptrs, %12, %14 : <1024xfp32>  # L13
#   %19 = reduce %row {axis = 0} : fp32 {  # L14
#   ^(%16: fp32, %17: fp32):
#     %18 = max %16, %17 : fp32  # L14
#     yield %18  # L14
#   }
#   %20 = splat %19 : <1024xfp32>  # L14
#   %row_minus_max = sub %row, %20 : <1024xfp32>  # L14
#   %numerator = math.exp %row_minus_max : <1024xfp32>  # L15
#   %denominator = reduce %numerator {axis = 0} : fp32 {  # L16
#   ^(%23: fp32, %24: fp32):
#     %25 = add %23, %24 : fp32  # L16
#     yield %25  # L16
#   }
#   %27 = splat %denominator : <1024xfp32>  # L17
#   %softmax_output = fdiv %numerator, %27 : <1024xfp32>  # L17
#   %29 = mul %row_idx, %output_row_stride : i32  # L18
#   %output_row_start_ptr = addptr %output_ptr, %29 : ptr<fp32>  # L18
#   %31 = splat %output_row_start_ptr : <1024xptr<fp32>>  # L19
#   %output_ptrs = addptr %31, %col_offsets : <1024xptr<fp32>>  # L19
#   %33 = splat %n_cols : <1024xi32>  # L20
#   %34 = cmp %col_offsets, %33 {predicate = lt} : <1024xi1>  # L20
#   store %output_ptrs, %softmax_output, %34  # L20
# }
