# argmax of each row: (value, index) pairs with Triton's tie-breaking (the smallest index among
# equal maxima) combined by one inline function at every level.
# SIGNATURE: row_argmax(x_ptr=*fp16:16, i_ptr=*i32:16, N=i32:16, BLOCK_M=8, BLOCK_N=256)
import triton
import triton.language as tl


@triton.jit
def row_argmax(x_ptr, i_ptr, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=-float("inf"))
    tl.store(i_ptr + rm, tl.argmax(x, axis=1))

# ---- DUMP ----
# #blocked = #blocked<spt=[1], tpw=[32], wpc=[4], order=[0]>
# #blocked1 = #blocked<spt=[1,8], tpw=[1,32], wpc=[4,1], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked1>
# #slice1 = #slice<dim=0, parent=#blocked1>
# kernel @row_argmax(%x_ptr: ptr<fp16>, %i_ptr: ptr<i32>, %N: i32, BLOCK_M: constexpr, BLOCK_N: constexpr) num_warps=4 {
#   %3 = program_id {axis = 0} : i32  # L10
#   %4 = constant 8 : i32  # L10
#   %5 = mul %3, %4 : i32  # L10
#   %6 = make_range {range = [0, 8]} : <8xi32> #blocked  # L10
#   %49 = make_range {range = [0, 8]} : <8xi32> #slice  # L10
#   %7 = splat %5 : <8xi32> #blocked  # L10
#   %48 = splat %5 : <8xi32> #slice  # L10
#   %rm = add %7, %6 : <8xi32> #blocked  # L10
#   %rm_1 = add %48, %49 : <8xi32> #slice  # L10
#   %rn = make_range {range = [0, 256]} : <256xi32> #slice1  # L11
#   %10 = expand_dims %rm_1 {axis = 1} : <8x1xi32> #blocked1  # L12
#   %11 = splat %N : <8x1xi32> #blocked1  # L12
#   %12 = mul %10, %11 : <8x1xi32> #blocked1  # L12
#   %13 = splat %x_ptr : <8x1xptr<fp16>> #blocked1  # L12
#   %14 = addptr %13, %12 : <8x1xptr<fp16>> #blocked1  # L12
#   %15 = expand_dims %rn {axis = 0} : <1x256xi32> #blocked1  # L12
#   %16 = broadcast %14 : <8x256xptr<fp16>> #blocked1  # L12
#   %17 = broadcast %15 : <8x256xi32> #blocked1  # L12
#   %18 = addptr %16, %17 : <8x256xptr<fp16>> #blocked1  # L12
#   %19 = expand_dims %rn {axis = 0} : <1x256xi32> #blocked1  # L12
#   %20 = splat %N : <1x256xi32> #blocked1  # L12
#   %21 = cmp %19, %20 {predicate = lt} : <1x256xi1> #blocked1  # L12
#   %22 = broadcast %21 : <8x256xi1> #blocked1  # L12
#   %23 = constant -inf : fp32  # L12
#   %24 = cast %23 : fp16  # L12
#   %25 = splat %24 : <8x256xfp16> #blocked1  # L12
#   %x = load %18, %22, %25 : <8x256xfp16> #blocked1  # L12
#   %27 = splat %i_ptr : <8xptr<i32>> #blocked  # L13
#   %28 = addptr %27, %rm : <8xptr<i32>> #blocked  # L13
#   %51 = make_range {range = [0, 256]} : <256xi32> #slice1  # L13
#   %52 = expand_dims %51 {axis = 0} : <1x256xi32> #blocked1  # L13
#   %53 = broadcast %52 : <8x256xi32> #blocked1  # L13
#   %43, %44 = reduce %x, %53 {axis = 1} : <8xfp16> #slice, <8xi32> #slice {  # L13
#   ^(%32: fp16, %33: i32, %34: fp16, %35: i32):
#     %36 = cmp %32, %34 {predicate = gt} : i1  # L13
#     %37 = cmp %33, %35 {predicate = lt} : i1  # L13
#     %38 = cmp %32, %34 {predicate = eq} : i1  # L13
#     %39 = and %38, %37 : i1  # L13
#     %40 = or %36, %39 : i1  # L13
#     %41 = select %40, %32, %34 : fp16  # L13
#     %42 = select %40, %33, %35 : i32  # L13
#     yield %41, %42  # L13
#   }
#   %47 = convert_layout %44 : <8xi32> #blocked  # L13
#   store %28, %47  # L13
# }
