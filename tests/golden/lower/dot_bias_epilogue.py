# A dot followed by an epilogue: a bias row broadcast over the result, then a ReLU, fused before
# the store (ieee precision: fp32 inputs are not rounded to tf32).
# SIGNATURE: linear_relu(x_ptr=*fp32:16, w_ptr=*fp32:16, bias_ptr=*fp32:16, out_ptr=*fp32:16, BLOCK_M=16, BLOCK_N=32, BLOCK_K=16)
import triton
import triton.language as tl


@triton.jit
def linear_relu(x_ptr, w_ptr, bias_ptr, out_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                BLOCK_K: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    x = tl.load(x_ptr + rm[:, None] * BLOCK_K + rk[None, :])
    w = tl.load(w_ptr + rk[:, None] * BLOCK_N + rn[None, :])
    bias = tl.load(bias_ptr + rn)
    y = tl.dot(x, w, input_precision="ieee") + bias[None, :]
    y = tl.maximum(y, 0.0)
    tl.store(out_ptr + rm[:, None] * BLOCK_N + rn[None, :], y)

# ---- DUMP ----
# #blocked = #blocked<spt=[1,2], tpw=[4,8], wpc=[4,1], order=[1,0]>
# #blocked1 = #blocked<spt=[1,4], tpw=[4,8], wpc=[4,1], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked>
# #slice1 = #slice<dim=0, parent=#blocked1>
# #slice2 = #slice<dim=0, parent=#blocked>
# kernel @linear_relu(%x_ptr: ptr<fp32>, %w_ptr: ptr<fp32>, %bias_ptr: ptr<fp32>, %out_ptr: ptr<fp32>, BLOCK_M: constexpr, BLOCK_N: constexpr, BLOCK_K: constexpr) num_warps=4 {
#   %rm = make_range {range = [0, 16]} : <16xi32> #slice  # L11
#   %rn = make_range {range = [0, 32]} : <32xi32> #slice1  # L12
#   %rk = make_range {range = [0, 16]} : <16xi32> #slice  # L13
#   %rk_1 = make_range {range = [0, 16]} : <16xi32> #slice2  # L13
#   %7 = expand_dims %rm {axis = 1} : <16x1xi32> #blocked  # L14
#   %8 = constant 16 : i32  # L14
#   %9 = splat %8 : <16x1xi32> #blocked  # L14
#   %10 = mul %7, %9 : <16x1xi32> #blocked  # L14
#   %11 = splat %x_ptr : <16x1xptr<fp32>> #blocked  # L14
#   %12 = addptr %11, %10 : <16x1xptr<fp32>> #blocked  # L14
#   %13 = expand_dims %rk_1 {axis = 0} : <1x16xi32> #blocked  # L14
#   %14 = broadcast %12 : <16x16xptr<fp32>> #blocked  # L14
#   %15 = broadcast %13 : <16x16xi32> #blocked  # L14
#   %16 = addptr %14, %15 : <16x16xptr<fp32>> #blocked  # L14
#   %x = load %16 : <16x16xfp32> #blocked  # L14
#   %18 = expand_dims %rk {axis = 1} : <16x1xi32> #blocked  # L15
#   %19 = constant 32 : i32  # L15
#   %20 = splat %19 : <16x1xi32> #blocked  # L15
#   %21 = mul %18, %20 : <16x1xi32> #blocked  # L15
#   %22 = splat %w_ptr : <16x1xptr<fp32>> #blocked  # L15
#   %23 = addptr %22, %21 : <16x1xptr<fp32>> #blocked  # L15
#   %24 = expand_dims %rn {axis = 0} : <1x32xi32> #blocked1  # L15
#   %25 = broadcast %23 : <16x32xptr<fp32>> #blocked1  # L15
#   %26 = broadcast %24 : <16x32xi32> #blocked1  # L15
#   %27 = addptr %25, %26 : <16x32xptr<fp32>> #blocked1  # L15
#   %w = load %27 : <16x32xfp32> #blocked1  # L15
#   %55 = splat %bias_ptr : <32xptr<fp32>> #slice1  # L16
#   %56 = addptr %55, %rn : <32xptr<fp32>> #slice1  # L16
#   %bias = load %56 : <32xfp32> #slice1  # L16
#   %34 = expand_dims %bias {axis = 0} : <1x32xfp32> #blocked1  # L17
#   %35 = broadcast %34 : <16x32xfp32> #blocked1  # L17
#   %y = dot %x, %w, %35 {input_precision = ieee, out = fp32} : <16x32xfp32> #blocked1  # L17
#   %37 = constant 0.0 : fp32  # L18
#   %38 = splat %37 : <16x32xfp32> #blocked1  # L18
#   %y_1 = max %y, %38 : <16x32xfp32> #blocked1  # L18
#   %40 = expand_dims %rm {axis = 1} : <16x1xi32> #blocked  # L19
#   %41 = constant 32 : i32  # L19
#   %42 = splat %41 : <16x1xi32> #blocked  # L19
#   %43 = mul %40, %42 : <16x1xi32> #blocked  # L19
#   %44 = splat %out_ptr : <16x1xptr<fp32>> #blocked  # L19
#   %45 = addptr %44, %43 : <16x1xptr<fp32>> #blocked  # L19
#   %46 = expand_dims %rn {axis = 0} : <1x32xi32> #blocked1  # L19
#   %47 = broadcast %45 : <16x32xptr<fp32>> #blocked1  # L19
#   %48 = broadcast %46 : <16x32xi32> #blocked1  # L19
#   %49 = addptr %47, %48 : <16x32xptr<fp32>> #blocked1  # L19
#   store %49, %y_1  # L19
# }
