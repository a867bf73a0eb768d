# associative_scan with reverse=True along axis 1 of a 2-D block (suffix products by a
# @triton.jit combine), and cumsum along axis 0.
# SIGNATURE: suffix_scan(x_ptr=*fp32:16, y_ptr=*fp32:16, z_ptr=*fp32:16, BLOCK_M=32, BLOCK_N=64)
import triton
import triton.language as tl


@triton.jit
def mul_combine(a, b):
    return a * b


@triton.jit
def suffix_scan(x_ptr, y_ptr, z_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)[:, None]
    rn = tl.arange(0, BLOCK_N)[None, :]
    x = tl.load(x_ptr + rm * BLOCK_N + rn)
    y = tl.associative_scan(x, 1, mul_combine, reverse=True)
    tl.store(y_ptr + rm * BLOCK_N + rn, y)
    tl.store(z_ptr + rm * BLOCK_N + rn, tl.cumsum(x, axis=0))

# ---- DUMP ----
# #blocked = #blocked<spt=[1,4], tpw=[2,16], wpc=[4,1], order=[1,0]>
# #blocked1 = #blocked<spt=[1,1], tpw=[32,1], wpc=[1,4], order=[0,1]>
# #slice = #slice<dim=1, parent=#blocked>
# #slice1 = #slice<dim=0, parent=#blocked>
# kernel @suffix_scan(%x_ptr: ptr<fp32>, %y_ptr: ptr<fp32>, %z_ptr: ptr<fp32>, BLOCK_M: constexpr, BLOCK_N: constexpr) num_warps=4 {
#   %3 = make_range {range = [0, 32]} : <32xi32> #slice  # L15
#   %rm = expand_dims %3 {axis = 1} : <32x1xi32> #blocked  # L15
#   %5 = make_range {range = [0, 64]} : <64xi32> #slice1  # L16
#   %rn = expand_dims %5 {axis = 0} : <1x64xi32> #blocked  # L16
#   %7 = constant 64 : i32  # L17
#   %8 = splat %7 : <32x1xi32> #blocked  # L17
#   %9 = mul %rm, %8 : <32x1xi32> #blocked  # L17
#   %10 = splat %x_ptr : <32x1xptr<fp32>> #blocked  # L17
#   %11 = addptr %10, %9 : <32x1xptr<fp32>> #blocked  # L17
#   %12 = broadcast %11 : <32x64xptr<fp32>> #blocked  # L17
#   %13 = broadcast %rn : <32x64xi32> #blocked  # L17
#   %14 = addptr %12, %13 : <32x64xptr<fp32>> #blocked  # L17
#   %x = load %14 : <32x64xfp32> #blocked  # L17
#   %x_1 = convert_layout %x : <32x64xfp32> #blocked1  # L17
#   %y = scan %x {axis = 1, reverse = 1} : <32x64xfp32> #blocked {  # L18
#   ^(%16: fp32, %17: fp32):
#     %18 = mul %16, %17 : fp32  # L10
#     yield %18  # L18
#   }
#   %20 = constant 64 : i32  # L19
#   %21 = splat %20 : <32x1xi32> #blocked  # L19
#   %22 = mul %rm, %21 : <32x1xi32> #blocked  # L19
#   %23 = splat %y_ptr : <32x1xptr<fp32>> #blocked  # L19
#   %24 = addptr %23, %22 : <32x1xptr<fp32>> #blocked  # L19
#   %25 = broadcast %24 : <32x64xptr<fp32>> #blocked  # L19
#   %26 = broadcast %rn : <32x64xi32> #blocked  # L19
#   %27 = addptr %25, %26 : <32x64xptr<fp32>> #blocked  # L19
#   store %27, %y  # L19
#   %28 = constant 64 : i32  # L20
#   %29 = splat %28 : <32x1xi32> #blocked  # L20
#   %30 = mul %rm, %29 : <32x1xi32> #blocked  # L20
#   %31 = splat %z_ptr : <32x1xptr<fp32>> #blocked  # L20
#   %32 = addptr %31, %30 : <32x1xptr<fp32>> #blocked  # L20
#   %33 = broadcast %32 : <32x64xptr<fp32>> #blocked  # L20
#   %34 = broadcast %rn : <32x64xi32> #blocked  # L20
#   %35 = addptr %33, %34 : <32x64xptr<fp32>> #blocked  # L20
#   %39 = scan %x_1 {axis = 0} : <32x64xfp32> #blocked1 {  # L20
#   ^(%36: fp32, %37: fp32):
#     %38 = add %36, %37 : fp32  # L20
#     yield %38  # L20
#   }
#   %41 = convert_layout %39 : <32x64xfp32> #blocked  # L20
#   store %35, %41  # L20
# }
