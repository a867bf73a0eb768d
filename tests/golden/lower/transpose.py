# A transposed copy: loads are contiguous along dim 1, stores along dim 0, so the loaded block
# goes through exactly one convert_layout (shared memory), as in Triton.
# SIGNATURE: transpose_copy(src_ptr=*fp32:16, dst_ptr=*fp32:16, M=i32:16, N=i32:16, BLOCK=64)
import triton
import triton.language as tl


@triton.jit
def transpose_copy(src_ptr, dst_ptr, M, N, BLOCK: tl.constexpr):
    rm = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rn = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tile = tl.load(src_ptr + rm[:, None] * N + rn[None, :], mask=mask)
    tl.store(dst_ptr + rn[None, :] * M + rm[:, None], tile, mask=mask)

# ---- DUMP ----
# #blocked = #blocked<spt=[4,1], tpw=[16,2], wpc=[1,4], order=[0,1]>
# #blocked1 = #blocked<spt=[1,4], tpw=[2,16], wpc=[4,1], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked>
# #slice1 = #slice<dim=0, parent=#blocked>
# kernel @transpose_copy(%src_ptr: ptr<fp32>, %dst_ptr: ptr<fp32>, %M: i32, %N: i32, BLOCK: constexpr) num_warps=4 {
#   %4 = program_id {axis = 0} : i32  # L10
#   %5 = constant 64 : i32  # L10
#   %6 = mul %4, %5 : i32  # L10
#   %7 = make_range {range = [0, 64]} : <64xi32> #slice  # L10
#   %49 = make_range {range = [0, 64]} : <64xi32> #slice1  # L10
#   %8 = splat %6 : <64xi32> #slice  # L10
#   %48 = splat %6 : <64xi32> #slice1  # L10
#   %rm = add %8, %7 : <64xi32> #slice  # L10
#   %rm_1 = add %48, %49 : <64xi32> #slice1  # L10
#   %10 = program_id {axis = 1} : i32  # L11
#   %11 = constant 64 : i32  # L11
#   %12 = mul %10, %11 : i32  # L11
#   %13 = make_range {range = [0, 64]} : <64xi32> #slice1  # L11
#   %52 = make_range {range = [0, 64]} : <64xi32> #slice  # L11
#   %14 = splat %12 : <64xi32> #slice1  # L11
#   %51 = splat %12 : <64xi32> #slice  # L11
#   %rn = add %14, %13 : <64xi32> #slice1  # L11
#   %rn_1 = add %51, %52 : <64xi32> #slice  # L11
#   %16 = expand_dims %rm {axis = 1} : <64x1xi32> #blocked  # L12
#   %54 = expand_dims %rm_1 {axis = 1} : <64x1xi32> #blocked1  # L12
#   %17 = splat %M : <64x1xi32> #blocked  # L12
#   %55 = splat %M : <64x1xi32> #blocked1  # L12
#   %18 = cmp %16, %17 {predicate = lt} : <64x1xi1> #blocked  # L12
#   %56 = cmp %54, %55 {predicate = lt} : <64x1xi1> #blocked1  # L12
#   %19 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked  # L12
#   %58 = expand_dims %rn_1 {axis = 0} : <1x64xi32> #blocked1  # L12
#   %20 = splat %N : <1x64xi32> #blocked  # L12
#   %59 = splat %N : <1x64xi32> #blocked1  # L12
#   %21 = cmp %19, %20 {predicate = lt} : <1x64xi1> #blocked  # L12
#   %60 = cmp %58, %59 {predicate = lt} : <1x64xi1> #blocked1  # L12
#   %22 = broadcast %18 : <64x64xi1> #blocked  # L12
#   %57 = broadcast %56 : <64x64xi1> #blocked1  # L12
#   %23 = broadcast %21 : <64x64xi1> #blocked  # L12
#   %61 = broadcast %60 : <64x64xi1> #blocked1  # L12
#   %mask = and %22, %23 : <64x64xi1> #blocked  # L12
#   %mask_1 = and %57, %61 : <64x64xi1> #blocked1  # L12
#   %25 = expand_dims %rm_1 {axis = 1} : <64x1xi32> #blocked1  # L13
#   %26 = splat %N : <64x1xi32> #blocked1  # L13
#   %27 = mul %25, %26 : <64x1xi32> #blocked1  # L13
#   %28 = splat %src_ptr : <64x1xptr<fp32>> #blocked1  # L13
#   %29 = addptr %28, %27 : <64x1xptr<fp32>> #blocked1  # L13
#   %30 = expand_dims %rn_1 {axis = 0} : <1x64xi32> #blocked1  # L13
#   %31 = broadcast %29 : <64x64xptr<fp32>> #blocked1  # L13
#   %32 = broadcast %30 : <64x64xi32> #blocked1  # L13
#   %33 = addptr %31, %32 : <64x64xptr<fp32>> #blocked1  # L13
#   %tile = load %33, %mask_1 : <64x64xfp32> #blocked1  # L13
#   %tile_1 = convert_layout %tile : <64x64xfp32> #blocked  # L13
#   %35 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked  # L14
#   %36 = splat %M : <1x64xi32> #blocked  # L14
#   %37 = mul %35, %36 : <1x64xi32> #blocked  # L14
#   %38 = splat %dst_ptr : <1x64xptr<fp32>> #blocked  # L14
#   %39 = addptr %38, %37 : <1x64xptr<fp32>> #blocked  # L14
#   %40 = expand_dims %rm {axis = 1} : <64x1xi32> #blocked  # L14
#   %41 = broadcast %39 : <64x64xptr<fp32>> #blocked  # L14
#   %42 = broadcast %40 : <64x64xi32> #blocked  # L14
#   %43 = addptr %41, %42 : <64x64xptr<fp32>> #blocked  # L14
#   store %43, %tile_1, %mask  # L14
# }
