# Column sums of a 2-D block (axis 0, across the warps), with keep_dims.
# SIGNATURE: col_sum(x_ptr=*fp32:16, s_ptr=*fp32:16, N=i32:16, BLOCK_M=64, BLOCK_N=64)
import triton
import triton.language as tl


@triton.jit
def col_sum(x_ptr, s_ptr, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    s = tl.sum(x, axis=0, keep_dims=True)
    tl.store(s_ptr + rn[None, :], s)

# ---- DUMP ----
# #blocked = #blocked<spt=[1,4], tpw=[2,16], wpc=[4,1], order=[1,0]>
# #blocked1 = #blocked<spt=[1,1], tpw=[1,32], wpc=[2,2], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked>
# #slice1 = #slice<dim=0, parent=#blocked1>
# #slice2 = #slice<dim=0, parent=#blocked>
# kernel @col_sum(%x_ptr: ptr<fp32>, %s_ptr: ptr<fp32>, %N: i32, BLOCK_M: constexpr, BLOCK_N: constexpr) num_warps=4 {
#   %rm = make_range {range = [0, 64]} : <64xi32> #slice  # L9
#   %4 = program_id {axis = 0} : i32  # L10
#   %5 = constant 64 : i32  # L10
#   %6 = mul %4, %5 : i32  # L10
#   %7 = make_range {range = [0, 64]} : <64xi32> #slice1  # L10
#   %31 = make_range {range = [0, 64]} : <64xi32> #slice2  # L10
#   %8 = splat %6 : <64xi32> #slice1  # L10
#   %30 = splat %6 : <64xi32> #slice2  # L10
#   %rn = add %8, %7 : <64xi32> #slice1  # L10
#   %rn_1 = add %30, %31 : <64xi32> #slice2  # L10
#   %10 = expand_dims %rm {axis = 1} : <64x1xi32> #blocked  # L11
#   %11 = splat %N : <64x1xi32> #blocked  # L11
#   %12 = mul %10, %11 : <64x1xi32> #blocked  # L11
#   %13 = splat %x_ptr : <64x1xptr<fp32>> #blocked  # L11
#   %14 = addptr %13, %12 : <64x1xptr<fp32>> #blocked  # L11
#   %15 = expand_dims %rn_1 {axis = 0} : <1x64xi32> #blocked  # L11
#   %16 = broadcast %14 : <64x64xptr<fp32>> #blocked  # L11
#   %17 = broadcast %15 : <64x64xi32> #blocked  # L11
#   %18 = addptr %16, %17 : <64x64xptr<fp32>> #blocked  # L11
#   %x = load %18 : <64x64xfp32> #blocked  # L11
#   %23 = reduce %x {axis = 0} : <64xfp32> #slice2 {  # L12
#   ^(%20: fp32, %21: fp32):
#     %22 = add %20, %21 : fp32  # L12
#     yield %22  # L12
#   }
#   %29 = convert_layout %23 : <64xfp32> #slice1  # L12
#   %s = expand_dims %29 {axis = 0} : <1x64xfp32> #blocked1  # L12
#   %25 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L13
#   %26 = splat %s_ptr : <1x64xptr<fp32>> #blocked1  # L13
#   %27 = addptr %26, %25 : <1x64xptr<fp32>> #blocked1  # L13
#   store %27, %s  # L13
# }
