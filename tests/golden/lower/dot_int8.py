# int8 x int8 -> int32, exact (integer products and sums wrap in 32 bits as in the interpreter).
# SIGNATURE: matmul_i8(a_ptr=*i8:16, b_ptr=*i8:16, c_ptr=*i32:16, BLOCK_M=32, BLOCK_N=32, BLOCK_K=64)
import triton
import triton.language as tl


@triton.jit
def matmul_i8(a_ptr, b_ptr, c_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
              BLOCK_K: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a = tl.load(a_ptr + rm[:, None] * BLOCK_K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BLOCK_N + rn[None, :])
    c = tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * BLOCK_N + rn[None, :], c)

# ---- DUMP ----
# #blocked = #blocked<spt=[1,16], tpw=[8,4], wpc=[4,1], order=[1,0]>
# #blocked1 = #blocked<spt=[1,16], tpw=[16,2], wpc=[4,1], order=[1,0]>
# #blocked2 = #blocked<spt=[1,4], tpw=[4,8], wpc=[4,1], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked2>
# #slice1 = #slice<dim=1, parent=#blocked>
# #slice2 = #slice<dim=0, parent=#blocked2>
# #slice3 = #slice<dim=0, parent=#blocked>
# #slice4 = #slice<dim=1, parent=#blocked1>
# #slice5 = #slice<dim=0, parent=#blocked>
# kernel @matmul_i8(%a_ptr: ptr<i8>, %b_ptr: ptr<i8>, %c_ptr: ptr<i32>, BLOCK_M: constexpr, BLOCK_N: constexpr, BLOCK_K: constexpr) num_warps=4 {
#   %rm = make_range {range = [0, 32]} : <32xi32> #slice  # L10
#   %rm_1 = make_range {range = [0, 32]} : <32xi32> #slice1  # L10
#   %rn = make_range {range = [0, 32]} : <32xi32> #slice2  # L11
#   %rn_1 = make_range {range = [0, 32]} : <32xi32> #slice3  # L11
#   %rk = make_range {range = [0, 64]} : <64xi32> #slice4  # L12
#   %rk_1 = make_range {range = [0, 64]} : <64xi32> #slice5  # L12
#   %6 = expand_dims %rm_1 {axis = 1} : <32x1xi32> #blocked  # L13
#   %7 = constant 64 : i32  # L13
#   %8 = splat %7 : <32x1xi32> #blocked  # L13
#   %9 = mul %6, %8 : <32x1xi32> #blocked  # L13
#   %10 = splat %a_ptr : <32x1xptr<i8>> #blocked  # L13
#   %11 = addptr %10, %9 : <32x1xptr<i8>> #blocked  # L13
#   %12 = expand_dims %rk_1 {axis = 0} : <1x64xi32> #blocked  # L13
#   %13 = broadcast %11 : <32x64xptr<i8>> #blocked  # L13
#   %14 = broadcast %12 : <32x64xi32> #blocked  # L13
#   %15 = addptr %13, %14 : <32x64xptr<i8>> #blocked  # L13
#   %a = load %15 : <32x64xi8> #blocked  # L13
#   %17 = expand_dims %rk {axis = 1} : <64x1xi32> #blocked1  # L14
#   %18 = constant 32 : i32  # L14
#   %19 = splat %18 : <64x1xi32> #blocked1  # L14
#   %20 = mul %17, %19 : <64x1xi32> #blocked1  # L14
#   %21 = splat %b_ptr : <64x1xptr<i8>> #blocked1  # L14
#   %22 = addptr %21, %20 : <64x1xptr<i8>> #blocked1  # L14
#   %23 = expand_dims %rn_1 {axis = 0} : <1x32xi32> #blocked1  # L14
#   %24 = broadcast %22 : <64x32xptr<i8>> #blocked1  # L14
#   %25 = broadcast %23 : <64x32xi32> #blocked1  # L14
#   %26 = addptr %24, %25 : <64x32xptr<i8>> #blocked1  # L14
#   %b = load %26 : <64x32xi8> #blocked1  # L14
#   %28 = constant 0 : <32x32xi32> #blocked2  # L15
#   %c = dot %a, %b, %28 {input_precision = ieee, out = i32} : <32x32xi32> #blocked2  # L15
#   %30 = expand_dims %rm {axis = 1} : <32x1xi32> #blocked2  # L16
#   %31 = constant 32 : i32  # L16
#   %32 = splat %31 : <32x1xi32> #blocked2  # L16
#   %33 = mul %30, %32 : <32x1xi32> #blocked2  # L16
#   %34 = splat %c_ptr : <32x1xptr<i32>> #blocked2  # L16
#   %35 = addptr %34, %33 : <32x1xptr<i32>> #blocked2  # L16
#   %36 = expand_dims %rn {axis = 0} : <1x32xi32> #blocked2  # L16
#   %37 = broadcast %35 : <32x32xptr<i32>> #blocked2  # L16
#   %38 = broadcast %36 : <32x32xi32> #blocked2  # L16
#   %39 = addptr %37, %38 : <32x32xptr<i32>> #blocked2  # L16
#   store %39, %c  # L16
# }
