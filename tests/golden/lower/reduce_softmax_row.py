# Softmax over one row per program (Triton's tutorial 02): max and sum of a 1-D block are
# scalars every thread holds; the row's layout is split across lanes and warps, so both
# reductions go through shuffles and shared memory.
# SIGNATURE: softmax_kernel(out_ptr=*fp32:16, in_ptr=*fp32:16, in_row_stride=i32:16, out_row_stride=i32:16, n_cols=i32, BLOCK_SIZE=1024)
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=cols < n_cols, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    out = num / tl.sum(num, axis=0)
    tl.store(out_ptr + row * out_row_stride + cols, out, mask=cols < n_cols)

# ---- DUMP ----
# #blocked = #blocked<spt=[4], tpw=[32], wpc=[4], order=[0]>
# kernel @softmax_kernel(%out_ptr: ptr<fp32>, %in_ptr: ptr<fp32>, %in_row_stride: i32, %out_row_stride: i32, %n_cols: i32, BLOCK_SIZE: constexpr) num_warps=4 {
#   %row = program_id {axis = 0} : i32  # L11
#   %cols = make_range {range = [0, 1024]} : <1024xi32> #blocked  # L12
#   %7 = mul %row, %in_row_stride : i32  # L13
#   %8 = addptr %in_ptr, %7 : ptr<fp32>  # L13
#   %9 = splat %8 : <1024xptr<fp32>> #blocked  # L13
#   %10 = addptr %9, %cols : <1024xptr<fp32>> #blocked  # L13
#   %11 = splat %n_cols : <1024xi32> #blocked  # L13
#   %12 = cmp %cols, %11 {predicate = lt} : <1024xi1> #blocked  # L13
#   %13 = constant -inf : fp32  # L13
#   %14 = splat %13 : <1024xfp32> #blocked  # L13
#   %x = load %10, %12, %14 : <1024xfp32> #blocked  # L13
#   %19 = reduce %x {axis = 0} : fp32 {  # L14
#   ^(%16: fp32, %17: fp32):
#     %18 = max %16, %17 : fp32  # L14
#     yield %18  # L14
#   }
#   %20 = splat %19 : <1024xfp32> #blocked  # L14
#   %x_1 = sub %x, %20 : <1024xfp32> #blocked  # L14
#   %num = math.exp %x_1 : <1024xfp32> #blocked  # L15
#   %26 = reduce %num {axis = 0} : fp32 {  # L16
#   ^(%23: fp32, %24: fp32):
#     %25 = add %23, %24 : fp32  # L16
#     yield %25  # L16
#   }
#   %27 = splat %26 : <1024xfp32> #blocked  # L16
#   %out = fdiv %num, %27 : <1024xfp32> #blocked  # L16
#   %29 = mul %row, %out_row_stride : i32  # L17
#   %30 = addptr %out_ptr, %29 : ptr<fp32>  # L17
#   %31 = splat %30 : <1024xptr<fp32>> #blocked  # L17
#   %32 = addptr %31, %cols : <1024xptr<fp32>> #blocked  # L17
#   %33 = splat %n_cols : <1024xi32> #blocked  # L17
#   %34 = cmp %cols, %33 {predicate = lt} : <1024xi1> #blocked  # L17
#   store %32, %out, %34  # L17
# }
