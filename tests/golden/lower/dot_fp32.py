# tl.dot of fp32 blocks (64x64x32, tf32 by default) accumulated over a runtime K loop: on sm_90
# the tf32 dot runs on warpgroup tensor cores (wgmma k8), so the result and the carried
# accumulator are in the MMA layout and one conversion after the loop feeds the store; a and b
# keep their loads' layouts (the emitter stages them in shared memory) and are loaded one
# iteration ahead.
# SIGNATURE: matmul(a_ptr=*fp32:16, b_ptr=*fp32:16, c_ptr=*fp32:16, M=i32:16, N=i32:16, K=i32:16, BLOCK_M=64, BLOCK_N=64, BLOCK_K=32)
import triton
import triton.language as tl


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
           BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)

# ---- DUMP ----
# #blocked = #blocked<spt=[1,4], tpw=[4,8], wpc=[4,1], order=[1,0]>
# #blocked1 = #blocked<spt=[1,4], tpw=[2,16], wpc=[4,1], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked1>
# #slice1 = #slice<dim=1, parent=#blocked>
# #slice2 = #slice<dim=0, parent=#blocked1>
# #slice3 = #slice<dim=1, parent=#blocked1>
# #slice4 = #slice<dim=0, parent=#blocked>
# #mma = #mma<v3, wpc=[4,1], instr=[16,64,16]>
# kernel @matmul(%a_ptr: ptr<fp32>, %b_ptr: ptr<fp32>, %c_ptr: ptr<fp32>, %M: i32, %N: i32, %K: i32, BLOCK_M: constexpr, BLOCK_N: constexpr, BLOCK_K: constexpr) num_warps=4 {
#   %6 = program_id {axis = 0} : i32  # L14
#   %7 = constant 64 : i32  # L14
#   %8 = mul %6, %7 : i32  # L14
#   %9 = make_range {range = [0, 64]} : <64xi32> #slice  # L14
#   %122 = make_range {range = [0, 64]} : <64xi32> #slice1  # L14
#   %10 = splat %8 : <64xi32> #slice  # L14
#   %121 = splat %8 : <64xi32> #slice1  # L14
#   %rm = add %10, %9 : <64xi32> #slice  # L14
#   %rm_1 = add %121, %122 : <64xi32> #slice1  # L14
#   %12 = program_id {axis = 1} : i32  # L15
#   %13 = constant 64 : i32  # L15
#   %14 = mul %12, %13 : i32  # L15
#   %15 = make_range {range = [0, 64]} : <64xi32> #slice2  # L15
#   %16 = splat %14 : <64xi32> #slice2  # L15
#   %rn = add %16, %15 : <64xi32> #slice2  # L15
#   %rk = make_range {range = [0, 32]} : <32xi32> #slice3  # L16
#   %rk_1 = make_range {range = [0, 32]} : <32xi32> #slice4  # L16
#   %acc = constant 0.0 : <64x64xfp32> #mma  # L17
#   %20 = constant 0 : i32  # L18
#   %21 = constant 32 : i32  # L18
#   %59 = cmp %20, %K {predicate = lt} : i1  # L18
#   %60 = expand_dims %rm_1 {axis = 1} : <64x1xi32> #blocked  # L19
#   %61 = splat %K : <64x1xi32> #blocked  # L19
#   %62 = mul %60, %61 : <64x1xi32> #blocked  # L19
#   %63 = splat %a_ptr : <64x1xptr<fp32>> #blocked  # L19
#   %64 = addptr %63, %62 : <64x1xptr<fp32>> #blocked  # L19
#   %65 = splat %20 : <32xi32> #slice4  # L19
#   %66 = add %65, %rk_1 : <32xi32> #slice4  # L19
#   %67 = expand_dims %66 {axis = 0} : <1x32xi32> #blocked  # L19
#   %68 = broadcast %64 : <64x32xptr<fp32>> #blocked  # L19
#   %69 = broadcast %67 : <64x32xi32> #blocked  # L19
#   %70 = addptr %68, %69 : <64x32xptr<fp32>> #blocked  # L19
#   %71 = splat %59 : <64x32xi1> #blocked  # L19
#   %a = load %70, %71 : <64x32xfp32> #blocked  # L19
#   %73 = splat %20 : <32xi32> #slice3  # L20
#   %74 = add %73, %rk : <32xi32> #slice3  # L20
#   %75 = expand_dims %74 {axis = 1} : <32x1xi32> #blocked1  # L20
#   %76 = splat %N : <32x1xi32> #blocked1  # L20
#   %77 = mul %75, %76 : <32x1xi32> #blocked1  # L20
#   %78 = splat %b_ptr : <32x1xptr<fp32>> #blocked1  # L20
#   %79 = addptr %78, %77 : <32x1xptr<fp32>> #blocked1  # L20
#   %80 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L20
#   %81 = broadcast %79 : <32x64xptr<fp32>> #blocked1  # L20
#   %82 = broadcast %80 : <32x64xi32> #blocked1  # L20
#   %83 = addptr %81, %82 : <32x64xptr<fp32>> #blocked1  # L20
#   %84 = splat %59 : <32x64xi1> #blocked1  # L20
#   %b = load %83, %84 : <32x64xfp32> #blocked1  # L20
#   %acc_1, %a_1, %b_1 = for %20, %K, %21, %acc, %a, %b : <64x64xfp32> #mma, <64x32xfp32> #blocked, <32x64xfp32> #blocked1 {  # L18
#   ^(%k: i32, %acc_2: <64x64xfp32> #mma, %a_2: <64x32xfp32> #blocked, %b_2: <32x64xfp32> #blocked1):
#     %k_next = add %k, %21 : i32  # L18
#     %87 = cmp %k_next, %K {predicate = lt} : i1  # L18
#     %88 = expand_dims %rm_1 {axis = 1} : <64x1xi32> #blocked  # L19
#     %89 = splat %K : <64x1xi32> #blocked  # L19
#     %90 = mul %88, %89 : <64x1xi32> #blocked  # L19
#     %91 = splat %a_ptr : <64x1xptr<fp32>> #blocked  # L19
#     %92 = addptr %91, %90 : <64x1xptr<fp32>> #blocked  # L19
#     %93 = splat %k_next : <32xi32> #slice4  # L19
#     %94 = add %93, %rk_1 : <32xi32> #slice4  # L19
#     %95 = expand_dims %94 {axis = 0} : <1x32xi32> #blocked  # L19
#     %96 = broadcast %92 : <64x32xptr<fp32>> #blocked  # L19
#     %97 = broadcast %95 : <64x32xi32> #blocked  # L19
#     %98 = addptr %96, %97 : <64x32xptr<fp32>> #blocked  # L19
#     %99 = splat %87 : <64x32xi1> #blocked  # L19
#     %a_3 = load %98, %99 : <64x32xfp32> #blocked  # L19
#     %101 = splat %k_next : <32xi32> #slice3  # L20
#     %102 = add %101, %rk : <32xi32> #slice3  # L20
#     %103 = expand_dims %102 {axis = 1} : <32x1xi32> #blocked1  # L20
#     %104 = splat %N : <32x1xi32> #blocked1  # L20
#     %105 = mul %103, %104 : <32x1xi32> #blocked1  # L20
#     %106 = splat %b_ptr : <32x1xptr<fp32>> #blocked1  # L20
#     %107 = addptr %106, %105 : <32x1xptr<fp32>> #blocked1  # L20
#     %108 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L20
#     %109 = broadcast %107 : <32x64xptr<fp32>> #blocked1  # L20
#     %110 = broadcast %108 : <32x64xi32> #blocked1  # L20
#     %111 = addptr %109, %110 : <32x64xptr<fp32>> #blocked1  # L20
#     %112 = splat %87 : <32x64xi1> #blocked1  # L20
#     %b_3 = load %111, %112 : <32x64xfp32> #blocked1  # L20
#     %acc_3 = dot %a_2, %b_2, %acc_2 {input_precision = tf32, out = fp32} : <64x64xfp32> #mma  # L21
#     yield %acc_3, %a_3, %b_3  # L18
#   }
#   %acc_4 = convert_layout %acc_1 : <64x64xfp32> #blocked1  # L18
#   %50 = expand_dims %rm {axis = 1} : <64x1xi32> #blocked1  # L22
#   %51 = splat %N : <64x1xi32> #blocked1  # L22
#   %52 = mul %50, %51 : <64x1xi32> #blocked1  # L22
#   %53 = splat %c_ptr : <64x1xptr<fp32>> #blocked1  # L22
#   %54 = addptr %53, %52 : <64x1xptr<fp32>> #blocked1  # L22
#   %55 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L22
#   %56 = broadcast %54 : <64x64xptr<fp32>> #blocked1  # L22
#   %57 = broadcast %55 : <64x64xi32> #blocked1  # L22
#   %58 = addptr %56, %57 : <64x64xptr<fp32>> #blocked1  # L22
#   store %58, %acc_4  # L22
# }
