# A 3-D block reduced along its middle axis with tl.max.
# SIGNATURE: max_mid(x_ptr=*fp32:16, y_ptr=*fp32:16, A=4, B=32, C=16)
import triton
import triton.language as tl


@triton.jit
def max_mid(x_ptr, y_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + a * B * C + b * C + c)
    m = tl.max(x, axis=1)
    tl.store(y_ptr + tl.arange(0, A)[:, None] * C + tl.arange(0, C)[None, :], m)

# ---- DUMP ----
# #blocked = #blocked<spt=[1,1,4], tpw=[1,8,4], wpc=[1,4,1], order=[2,1,0]>
# #blocked1 = #blocked<spt=[1,1], tpw=[2,16], wpc=[4,1], order=[1,0]>
# #linear = #linear<[4] reg=[1,2] lane=[0,0,0,0,0] warp=[0,0]>
# #slice = #slice<dim=1, parent=#blocked>
# #linear1 = #linear<[32] reg=[] lane=[0,0,1,2,4] warp=[8,16]>
# #slice1 = #slice<dim=2, parent=#blocked>
# #linear2 = #linear<[16] reg=[1,2] lane=[4,8,0,0,0] warp=[0,0]>
# #slice2 = #slice<dim=0, parent=#blocked>
# #slice3 = #slice<dim=1, parent=#blocked>
# #slice4 = #slice<dim=1, parent=#blocked1>
# #slice5 = #slice<dim=0, parent=#blocked1>
# kernel @max_mid(%x_ptr: ptr<fp32>, %y_ptr: ptr<fp32>, A: constexpr, B: constexpr, C: constexpr) num_warps=4 {
#   %2 = make_range {range = [0, 4]} : <4xi32> #linear  # L9
#   %3 = expand_dims %2 {axis = 1} : <4x1xi32> #slice  # L9
#   %a = expand_dims %3 {axis = 2} : <4x1x1xi32> #blocked  # L9
#   %5 = make_range {range = [0, 32]} : <32xi32> #linear1  # L10
#   %6 = expand_dims %5 {axis = 0} : <1x32xi32> #slice1  # L10
#   %b = expand_dims %6 {axis = 2} : <1x32x1xi32> #blocked  # L10
#   %8 = make_range {range = [0, 16]} : <16xi32> #linear2  # L11
#   %9 = expand_dims %8 {axis = 0} : <1x16xi32> #slice2  # L11
#   %c = expand_dims %9 {axis = 1} : <1x1x16xi32> #blocked  # L11
#   %11 = constant 32 : i32  # L12
#   %12 = splat %11 : <4x1x1xi32> #blocked  # L12
#   %13 = mul %a, %12 : <4x1x1xi32> #blocked  # L12
#   %14 = constant 16 : i32  # L12
#   %15 = splat %14 : <4x1x1xi32> #blocked  # L12
#   %16 = mul %13, %15 : <4x1x1xi32> #blocked  # L12
#   %17 = splat %x_ptr : <4x1x1xptr<fp32>> #blocked  # L12
#   %18 = addptr %17, %16 : <4x1x1xptr<fp32>> #blocked  # L12
#   %19 = constant 16 : i32  # L12
#   %20 = splat %19 : <1x32x1xi32> #blocked  # L12
#   %21 = mul %b, %20 : <1x32x1xi32> #blocked  # L12
#   %22 = broadcast %18 : <4x32x1xptr<fp32>> #blocked  # L12
#   %23 = broadcast %21 : <4x32x1xi32> #blocked  # L12
#   %24 = addptr %22, %23 : <4x32x1xptr<fp32>> #blocked  # L12
#   %25 = broadcast %24 : <4x32x16xptr<fp32>> #blocked  # L12
#   %26 = broadcast %c : <4x32x16xi32> #blocked  # L12
#   %27 = addptr %25, %26 : <4x32x16xptr<fp32>> #blocked  # L12
#   %x = load %27 : <4x32x16xfp32> #blocked  # L12
#   %m = reduce %x {axis = 1} : <4x16xfp32> #slice3 {  # L13
#   ^(%29: fp32, %30: fp32):
#     %31 = max %29, %30 : fp32  # L13
#     yield %31  # L13
#   }
#   %m_1 = convert_layout %m : <4x16xfp32> #blocked1  # L13
#   %33 = make_range {range = [0, 4]} : <4xi32> #slice4  # L14
#   %34 = expand_dims %33 {axis = 1} : <4x1xi32> #blocked1  # L14
#   %35 = constant 16 : i32  # L14
#   %36 = splat %35 : <4x1xi32> #blocked1  # L14
#   %37 = mul %34, %36 : <4x1xi32> #blocked1  # L14
#   %38 = splat %y_ptr : <4x1xptr<fp32>> #blocked1  # L14
#   %39 = addptr %38, %37 : <4x1xptr<fp32>> #blocked1  # L14
#   %40 = make_range {range = [0, 16]} : <16xi32> #slice5  # L14
#   %41 = expand_dims %40 {axis = 0} : <1x16xi32> #blocked1  # L14
#   %42 = broadcast %39 : <4x16xptr<fp32>> #blocked1  # L14
#   %43 = broadcast %41 : <4x16xi32> #blocked1  # L14
#   %44 = addptr %42, %43 : <4x16xptr<fp32>> #blocked1  # L14
#   store %44, %m_1  # L14
# }
