# A batched tl.dot: [8, 32, 16] x [8, 16, 32] fp16 blocks accumulated over a runtime K loop on 4
# warps. It runs on mma.sync on every GPU (as Triton's MMAv2 for 3-D dots, sm_90 included):
# the 4 warps lie along the batch (wpc=[4,1,1]), each warp's [32, 32] tile is 2x4 instructions,
# and the 8 batches are two per warp, the second in registers after the first's.
# SIGNATURE: bmm_f16(a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp32:16, K=i32, BLOCK_B=8, BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
import triton
import triton.language as tl


@triton.jit
def bmm_f16(a_ptr, b_ptr, c_ptr, K, BLOCK_B: tl.constexpr, BLOCK_M: tl.constexpr,
            BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rb = tl.arange(0, BLOCK_B)
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rb[:, None, None] * BLOCK_M * K + rm[None, :, None] * K + rk[None, None, :]
    b_ptrs = b_ptr + rb[:, None, None] * K * BLOCK_N + rk[None, :, None] * BLOCK_N + rn[None, None, :]
    acc = tl.zeros((BLOCK_B, BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        acc = tl.dot(tl.load(a_ptrs), tl.load(b_ptrs), acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * BLOCK_N
    tl.store(c_ptr + rb[:, None, None] * BLOCK_M * BLOCK_N + rm[None, :, None] * BLOCK_N + rn[None, None, :], acc)

# ---- DUMP ----
# #blocked = #blocked<spt=[1,1,1], tpw=[1,2,16], wpc=[1,4,1], order=[2,1,0]>
# #blocked1 = #blocked<spt=[1,1,8], tpw=[1,8,4], wpc=[2,2,1], order=[2,1,0]>
# #blocked2 = #blocked<spt=[1,1,4], tpw=[1,4,8], wpc=[1,4,1], order=[2,1,0]>
# #linear = #linear<[8] reg=[1,2,4] lane=[0,0,0,0,0] warp=[0,0]>
# #linear1 = #linear<[8] reg=[2,4] lane=[0,0,0,0,0] warp=[0,1]>
# #linear2 = #linear<[32] reg=[16] lane=[0,0,0,1,2] warp=[4,8]>
# #linear3 = #linear<[32] reg=[8,16] lane=[0,0,0,0,1] warp=[2,4]>
# #linear4 = #linear<[32] reg=[1,2] lane=[4,8,16,0,0] warp=[0,0]>
# #linear5 = #linear<[32] reg=[1,2,4] lane=[8,16,0,0,0] warp=[0,0]>
# #linear6 = #linear<[16] reg=[] lane=[0,0,1,2,4] warp=[8,0]>
# #linear7 = #linear<[16] reg=[] lane=[1,2,4,8,0] warp=[0,0]>
# #slice = #slice<dim=1, parent=#blocked>
# #slice1 = #slice<dim=2, parent=#blocked>
# #slice2 = #slice<dim=0, parent=#blocked>
# #slice3 = #slice<dim=1, parent=#blocked1>
# #slice4 = #slice<dim=2, parent=#blocked1>
# #slice5 = #slice<dim=0, parent=#blocked1>
# #mma = #mma<v2, wpc=[4,1,1], instr=[1,16,8]>
# #slice6 = #slice<dim=2, parent=#blocked2>
# #slice7 = #slice<dim=0, parent=#blocked2>
# kernel @bmm_f16(%a_ptr: ptr<fp16>, %b_ptr: ptr<fp16>, %c_ptr: ptr<fp32>, %K: i32, BLOCK_B: constexpr, BLOCK_M: constexpr, BLOCK_N: constexpr, BLOCK_K: constexpr) num_warps=4 {
#   %rb = make_range {range = [0, 8]} : <8xi32> #linear  # L13
#   %rb_1 = make_range {range = [0, 8]} : <8xi32> #linear1  # L13
#   %rm = make_range {range = [0, 32]} : <32xi32> #linear2  # L14
#   %rm_1 = make_range {range = [0, 32]} : <32xi32> #linear3  # L14
#   %rn = make_range {range = [0, 32]} : <32xi32> #linear4  # L15
#   %rn_1 = make_range {range = [0, 32]} : <32xi32> #linear5  # L15
#   %rk = make_range {range = [0, 16]} : <16xi32> #linear6  # L16
#   %rk_1 = make_range {range = [0, 16]} : <16xi32> #linear7  # L16
#   %8 = expand_dims %rb {axis = 1} : <8x1xi32> #slice  # L17
#   %9 = expand_dims %8 {axis = 2} : <8x1x1xi32> #blocked  # L17
#   %10 = constant 32 : i32  # L17
#   %11 = splat %10 : <8x1x1xi32> #blocked  # L17
#   %12 = mul %9, %11 : <8x1x1xi32> #blocked  # L17
#   %13 = splat %K : <8x1x1xi32> #blocked  # L17
#   %14 = mul %12, %13 : <8x1x1xi32> #blocked  # L17
#   %15 = splat %a_ptr : <8x1x1xptr<fp16>> #blocked  # L17
#   %16 = addptr %15, %14 : <8x1x1xptr<fp16>> #blocked  # L17
#   %17 = expand_dims %rm_1 {axis = 0} : <1x32xi32> #slice1  # L17
#   %18 = expand_dims %17 {axis = 2} : <1x32x1xi32> #blocked  # L17
#   %19 = splat %K : <1x32x1xi32> #blocked  # L17
#   %20 = mul %18, %19 : <1x32x1xi32> #blocked  # L17
#   %21 = broadcast %16 : <8x32x1xptr<fp16>> #blocked  # L17
#   %22 = broadcast %20 : <8x32x1xi32> #blocked  # L17
#   %23 = addptr %21, %22 : <8x32x1xptr<fp16>> #blocked  # L17
#   %24 = expand_dims %rk_1 {axis = 0} : <1x16xi32> #slice2  # L17
#   %25 = expand_dims %24 {axis = 1} : <1x1x16xi32> #blocked  # L17
#   %26 = broadcast %23 : <8x32x16xptr<fp16>> #blocked  # L17
#   %27 = broadcast %25 : <8x32x16xi32> #blocked  # L17
#   %a_ptrs = addptr %26, %27 : <8x32x16xptr<fp16>> #blocked  # L17
#   %29 = expand_dims %rb_1 {axis = 1} : <8x1xi32> #slice3  # L18
#   %30 = expand_dims %29 {axis = 2} : <8x1x1xi32> #blocked1  # L18
#   %31 = splat %K : <8x1x1xi32> #blocked1  # L18
#   %32 = mul %30, %31 : <8x1x1xi32> #blocked1  # L18
#   %33 = constant 32 : i32  # L18
#   %34 = splat %33 : <8x1x1xi32> #blocked1  # L18
#   %35 = mul %32, %34 : <8x1x1xi32> #blocked1  # L18
#   %36 = splat %b_ptr : <8x1x1xptr<fp16>> #blocked1  # L18
#   %37 = addptr %36, %35 : <8x1x1xptr<fp16>> #blocked1  # L18
#   %38 = expand_dims %rk {axis = 0} : <1x16xi32> #slice4  # L18
#   %39 = expand_dims %38 {axis = 2} : <1x16x1xi32> #blocked1  # L18
#   %40 = constant 32 : i32  # L18
#   %41 = splat %40 : <1x16x1xi32> #blocked1  # L18
#   %42 = mul %39, %41 : <1x16x1xi32> #blocked1  # L18
#   %43 = broadcast %37 : <8x16x1xptr<fp16>> #blocked1  # L18
#   %44 = broadcast %42 : <8x16x1xi32> #blocked1  # L18
#   %45 = addptr %43, %44 : <8x16x1xptr<fp16>> #blocked1  # L18
#   %46 = expand_dims %rn_1 {axis = 0} : <1x32xi32> #slice5  # L18
#   %47 = expand_dims %46 {axis = 1} : <1x1x32xi32> #blocked1  # L18
#   %48 = broadcast %45 : <8x16x32xptr<fp16>> #blocked1  # L18
#   %49 = broadcast %47 : <8x16x32xi32> #blocked1  # L18
#   %b_ptrs = addptr %48, %49 : <8x16x32xptr<fp16>> #blocked1  # L18
#   %acc = constant 0.0 : <8x32x32xfp32> #mma  # L19
#   %52 = constant 0 : i32  # L20
#   %53 = constant 16 : i32  # L20
#   %93 = cmp %52, %K {predicate = lt} : i1  # L20
#   %94 = splat %93 : <8x32x16xi1> #blocked  # L21
#   %95 = load %a_ptrs, %94 : <8x32x16xfp16> #blocked  # L21
#   %96 = splat %93 : <8x16x32xi1> #blocked1  # L21
#   %97 = load %b_ptrs, %96 : <8x16x32xfp16> #blocked1  # L21
#   %a_ptrs_1, %acc_1, %b_ptrs_1, %106, %107 = for %52, %K, %53, %a_ptrs, %acc, %b_ptrs, %95, %97 : <8x32x16xptr<fp16>> #blocked, <8x32x32xfp32> #mma, <8x16x32xptr<fp16>> #blocked1, <8x32x16xfp16> #blocked, <8x16x32xfp16> #blocked1 {  # L20
#   ^(%k: i32, %a_ptrs_2: <8x32x16xptr<fp16>> #blocked, %acc_2: <8x32x32xfp32> #mma, %b_ptrs_2: <8x16x32xptr<fp16>> #blocked1, %104: <8x32x16xfp16> #blocked, %105: <8x16x32xfp16> #blocked1):
#     %61 = constant 16 : i32  # L22
#     %62 = splat %61 : <8x32x16xi32> #blocked  # L22
#     %a_ptrs_3 = addptr %a_ptrs_2, %62 : <8x32x16xptr<fp16>> #blocked  # L22
#     %64 = constant 512 : i32  # L23
#     %65 = splat %64 : <8x16x32xi32> #blocked1  # L23
#     %b_ptrs_3 = addptr %b_ptrs_2, %65 : <8x16x32xptr<fp16>> #blocked1  # L23
#     %k_next = add %k, %53 : i32  # L20
#     %99 = cmp %k_next, %K {predicate = lt} : i1  # L20
#     %100 = splat %99 : <8x32x16xi1> #blocked  # L21
#     %101 = load %a_ptrs_3, %100 : <8x32x16xfp16> #blocked  # L21
#     %102 = splat %99 : <8x16x32xi1> #blocked1  # L21
#     %103 = load %b_ptrs_3, %102 : <8x16x32xfp16> #blocked1  # L21
#     %acc_3 = dot %104, %105, %acc_2 {input_precision = ieee, out = fp32} : <8x32x32xfp32> #mma  # L21
#     yield %a_ptrs_3, %acc_3, %b_ptrs_3, %101, %103  # L20
#   }
#   %acc_4 = convert_layout %acc_1 : <8x32x32xfp32> #blocked2  # L20
#   %70 = expand_dims %rb {axis = 1} : <8x1xi32> #slice  # L24
#   %71 = expand_dims %70 {axis = 2} : <8x1x1xi32> #blocked  # L24
#   %72 = constant 32 : i32  # L24
#   %73 = splat %72 : <8x1x1xi32> #blocked  # L24
#   %74 = mul %71, %73 : <8x1x1xi32> #blocked  # L24
#   %75 = constant 32 : i32  # L24
#   %76 = splat %75 : <8x1x1xi32> #blocked  # L24
#   %77 = mul %74, %76 : <8x1x1xi32> #blocked  # L24
#   %78 = splat %c_ptr : <8x1x1xptr<fp32>> #blocked  # L24
#   %79 = addptr %78, %77 : <8x1x1xptr<fp32>> #blocked  # L24
#   %80 = expand_dims %rm {axis = 0} : <1x32xi32> #slice6  # L24
#   %81 = expand_dims %80 {axis = 2} : <1x32x1xi32> #blocked2  # L24
#   %82 = constant 32 : i32  # L24
#   %83 = splat %82 : <1x32x1xi32> #blocked2  # L24
#   %84 = mul %81, %83 : <1x32x1xi32> #blocked2  # L24
#   %85 = broadcast %79 : <8x32x1xptr<fp32>> #blocked2  # L24
#   %86 = broadcast %84 : <8x32x1xi32> #blocked2  # L24
#   %87 = addptr %85, %86 : <8x32x1xptr<fp32>> #blocked2  # L24
#   %88 = expand_dims %rn {axis = 0} : <1x32xi32> #slice7  # L24
#   %89 = expand_dims %88 {axis = 1} : <1x1x32xi32> #blocked2  # L24
#   %90 = broadcast %87 : <8x32x32xptr<fp32>> #blocked2  # L24
#   %91 = broadcast %89 : <8x32x32xi32> #blocked2  # L24
#   %92 = addptr %90, %91 : <8x32x32xptr<fp32>> #blocked2  # L24
#   store %92, %acc_4  # L24
# }
