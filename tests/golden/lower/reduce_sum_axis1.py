# Row sums of a 2-D block, and x - mean[:, None]: the reduction's result is in the slice of the
# load's layout, so the broadcast back needs no conversion.
# SIGNATURE: row_center(x_ptr=*fp32:16, y_ptr=*fp32:16, s_ptr=*fp32:16, N=i32:16, BLOCK_M=16, BLOCK_N=128)
import triton
import triton.language as tl


@triton.jit
def row_center(x_ptr, y_ptr, s_ptr, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    mask = rn[None, :] < N
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask, other=0.0)
    s = tl.sum(x, axis=1)
    tl.store(s_ptr + rm, s)
    y = x - (s / N)[:, None]
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], y, mask=mask)

# ---- DUMP ----
# #blocked = #blocked<spt=[1], tpw=[32], wpc=[4], order=[0]>
# #blocked1 = #blocked<spt=[1,4], tpw=[1,32], wpc=[4,1], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked1>
# #slice1 = #slice<dim=0, parent=#blocked1>
# kernel @row_center(%x_ptr: ptr<fp32>, %y_ptr: ptr<fp32>, %s_ptr: ptr<fp32>, %N: i32, BLOCK_M: constexpr, BLOCK_N: constexpr) num_warps=4 {
#   %4 = program_id {axis = 0} : i32  # L10
#   %5 = constant 16 : i32  # L10
#   %6 = mul %4, %5 : i32  # L10
#   %7 = make_range {range = [0, 16]} : <16xi32> #slice  # L10
#   %52 = make_range {range = [0, 16]} : <16xi32> #blocked  # L10
#   %8 = splat %6 : <16xi32> #slice  # L10
#   %51 = splat %6 : <16xi32> #blocked  # L10
#   %rm = add %8, %7 : <16xi32> #slice  # L10
#   %rm_1 = add %51, %52 : <16xi32> #blocked  # L10
#   %rn = make_range {range = [0, 128]} : <128xi32> #slice1  # L11
#   %11 = expand_dims %rn {axis = 0} : <1x128xi32> #blocked1  # L12
#   %12 = splat %N : <1x128xi32> #blocked1  # L12
#   %mask = cmp %11, %12 {predicate = lt} : <1x128xi1> #blocked1  # L12
#   %14 = expand_dims %rm {axis = 1} : <16x1xi32> #blocked1  # L13
#   %15 = splat %N : <16x1xi32> #blocked1  # L13
#   %16 = mul %14, %15 : <16x1xi32> #blocked1  # L13
#   %17 = splat %x_ptr : <16x1xptr<fp32>> #blocked1  # L13
#   %18 = addptr %17, %16 : <16x1xptr<fp32>> #blocked1  # L13
#   %19 = expand_dims %rn {axis = 0} : <1x128xi32> #blocked1  # L13
#   %20 = broadcast %18 : <16x128xptr<fp32>> #blocked1  # L13
#   %21 = broadcast %19 : <16x128xi32> #blocked1  # L13
#   %22 = addptr %20, %21 : <16x128xptr<fp32>> #blocked1  # L13
#   %23 = broadcast %mask : <16x128xi1> #blocked1  # L13
#   %24 = constant 0.0 : fp32  # L13
#   %25 = splat %24 : <16x128xfp32> #blocked1  # L13
#   %x = load %22, %23, %25 : <16x128xfp32> #blocked1  # L13
#   %s = reduce %x {axis = 1} : <16xfp32> #slice {  # L14
#   ^(%27: fp32, %28: fp32):
#     %29 = add %27, %28 : fp32  # L14
#     yield %29  # L14
#   }
#   %s_1 = convert_layout %s : <16xfp32> #blocked  # L14
#   %31 = splat %s_ptr : <16xptr<fp32>> #blocked  # L15
#   %32 = addptr %31, %rm_1 : <16xptr<fp32>> #blocked  # L15
#   store %32, %s_1  # L15
#   %33 = cast %N : fp32  # L16
#   %34 = splat %33 : <16xfp32> #slice  # L16
#   %35 = fdiv %s, %34 : <16xfp32> #slice  # L16
#   %36 = expand_dims %35 {axis = 1} : <16x1xfp32> #blocked1  # L16
#   %37 = broadcast %36 : <16x128xfp32> #blocked1  # L16
#   %y = sub %x, %37 : <16x128xfp32> #blocked1  # L16
#   %39 = expand_dims %rm {axis = 1} : <16x1xi32> #blocked1  # L17
#   %40 = splat %N : <16x1xi32> #blocked1  # L17
#   %41 = mul %39, %40 : <16x1xi32> #blocked1  # L17
#   %42 = splat %y_ptr : <16x1xptr<fp32>> #blocked1  # L17
#   %43 = addptr %42, %41 : <16x1xptr<fp32>> #blocked1  # L17
#   %44 = expand_dims %rn {axis = 0} : <1x128xi32> #blocked1  # L17
#   %45 = broadcast %43 : <16x128xptr<fp32>> #blocked1  # L17
#   %46 = broadcast %44 : <16x128xi32> #blocked1  # L17
#   %47 = addptr %45, %46 : <16x128xptr<fp32>> #blocked1  # L17
#   %48 = broadcast %mask : <16x128xi1> #blocked1  # L17
#   store %47, %y, %48  # L17
# }
