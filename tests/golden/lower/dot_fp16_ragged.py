# fp16 inputs into an fp32 accumulator, with ragged M / N / K masked on the loads (other=0) and
# the store; the fp32 result is cast to fp16 for the store. `acc += tl.dot(a, b)` becomes
# `dot(a, b, acc)` (combine-dot-add), so on sm_90 the loop carries the accumulator in the MMA
# layout and converts it once after the loop.
# SIGNATURE: matmul_f16(a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp16:16, M=i32, N=i32, K=i32, stride_am=i32, stride_bk=i32, stride_cm=i32, BLOCK_M=32, BLOCK_N=64, BLOCK_K=16)
import triton
import triton.language as tl


@triton.jit
def matmul_f16(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        kk = k * BLOCK_K + rk
        a = tl.load(a_ptr + rm[:, None] * stride_am + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * stride_bk + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    c = acc.to(tl.float16)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], c,
             mask=(rm[:, None] < M) & (rn[None, :] < N))

# ---- DUMP ----
# #blocked = #blocked<spt=[1,1], tpw=[2,16], wpc=[4,1], order=[1,0]>
# #blocked1 = #blocked<spt=[1,1], tpw=[1,32], wpc=[2,2], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked1>
# #slice1 = #slice<dim=1, parent=#blocked>
# #slice2 = #slice<dim=0, parent=#blocked1>
# #slice3 = #slice<dim=1, parent=#blocked1>
# #slice4 = #slice<dim=0, parent=#blocked>
# #mma = #mma<v2, wpc=[2,2], instr=[16,8]>
# kernel @matmul_f16(%a_ptr: ptr<fp16>, %b_ptr: ptr<fp16>, %c_ptr: ptr<fp16>, %M: i32, %N: i32, %K: i32, %stride_am: i32, %stride_bk: i32, %stride_cm: i32, BLOCK_M: constexpr, BLOCK_N: constexpr, BLOCK_K: constexpr) num_warps=4 {
#   %9 = program_id {axis = 0} : i32  # L13
#   %10 = constant 32 : i32  # L13
#   %11 = mul %9, %10 : i32  # L13
#   %12 = make_range {range = [0, 32]} : <32xi32> #slice  # L13
#   %108 = make_range {range = [0, 32]} : <32xi32> #slice1  # L13
#   %13 = splat %11 : <32xi32> #slice  # L13
#   %107 = splat %11 : <32xi32> #slice1  # L13
#   %rm = add %13, %12 : <32xi32> #slice  # L13
#   %rm_1 = add %107, %108 : <32xi32> #slice1  # L13
#   %15 = program_id {axis = 1} : i32  # L14
#   %16 = constant 64 : i32  # L14
#   %17 = mul %15, %16 : i32  # L14
#   %18 = make_range {range = [0, 64]} : <64xi32> #slice2  # L14
#   %19 = splat %17 : <64xi32> #slice2  # L14
#   %rn = add %19, %18 : <64xi32> #slice2  # L14
#   %rk = make_range {range = [0, 16]} : <16xi32> #slice3  # L15
#   %rk_1 = make_range {range = [0, 16]} : <16xi32> #slice4  # L15
#   %acc = constant 0.0 : <32x64xfp32> #mma  # L16
#   %23 = constant 16 : i32  # L17
#   %24 = add %K, %23 : i32  # L17
#   %25 = constant 1 : i32  # L17
#   %26 = sub %24, %25 : i32  # L17
#   %27 = constant 16 : i32  # L17
#   %28 = idiv %26, %27 : i32  # L17
#   %29 = constant 0 : i32  # L17
#   %30 = constant 1 : i32  # L17
#   %acc_1 = for %29, %28, %30, %acc : <32x64xfp32> #mma {  # L17
#   ^(%k: i32, %acc_2: <32x64xfp32> #mma):
#     %33 = constant 16 : i32  # L18
#     %34 = mul %k, %33 : i32  # L18
#     %35 = splat %34 : <16xi32> #slice3  # L18
#     %110 = splat %34 : <16xi32> #slice4  # L18
#     %kk = add %35, %rk : <16xi32> #slice3  # L18
#     %kk_1 = add %110, %rk_1 : <16xi32> #slice4  # L18
#     %37 = expand_dims %rm_1 {axis = 1} : <32x1xi32> #blocked  # L19
#     %38 = splat %stride_am : <32x1xi32> #blocked  # L19
#     %39 = mul %37, %38 : <32x1xi32> #blocked  # L19
#     %40 = splat %a_ptr : <32x1xptr<fp16>> #blocked  # L19
#     %41 = addptr %40, %39 : <32x1xptr<fp16>> #blocked  # L19
#     %42 = expand_dims %kk_1 {axis = 0} : <1x16xi32> #blocked  # L19
#     %43 = broadcast %41 : <32x16xptr<fp16>> #blocked  # L19
#     %44 = broadcast %42 : <32x16xi32> #blocked  # L19
#     %45 = addptr %43, %44 : <32x16xptr<fp16>> #blocked  # L19
#     %46 = expand_dims %rm_1 {axis = 1} : <32x1xi32> #blocked  # L20
#     %47 = splat %M : <32x1xi32> #blocked  # L20
#     %48 = cmp %46, %47 {predicate = lt} : <32x1xi1> #blocked  # L20
#     %49 = expand_dims %kk_1 {axis = 0} : <1x16xi32> #blocked  # L20
#     %50 = splat %K : <1x16xi32> #blocked  # L20
#     %51 = cmp %49, %50 {predicate = lt} : <1x16xi1> #blocked  # L20
#     %52 = broadcast %48 : <32x16xi1> #blocked  # L20
#     %53 = broadcast %51 : <32x16xi1> #blocked  # L20
#     %54 = and %52, %53 : <32x16xi1> #blocked  # L20
#     %55 = constant 0.0 : fp32  # L20
#     %56 = cast %55 : fp16  # L19
#     %57 = splat %56 : <32x16xfp16> #blocked  # L19
#     %a = load %45, %54, %57 : <32x16xfp16> #blocked  # L19
#     %59 = expand_dims %kk {axis = 1} : <16x1xi32> #blocked1  # L21
#     %60 = splat %stride_bk : <16x1xi32> #blocked1  # L21
#     %61 = mul %59, %60 : <16x1xi32> #blocked1  # L21
#     %62 = splat %b_ptr : <16x1xptr<fp16>> #blocked1  # L21
#     %63 = addptr %62, %61 : <16x1xptr<fp16>> #blocked1  # L21
#     %64 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L21
#     %65 = broadcast %63 : <16x64xptr<fp16>> #blocked1  # L21
#     %66 = broadcast %64 : <16x64xi32> #blocked1  # L21
#     %67 = addptr %65, %66 : <16x64xptr<fp16>> #blocked1  # L21
#     %68 = expand_dims %kk {axis = 1} : <16x1xi32> #blocked1  # L22
#     %69 = splat %K : <16x1xi32> #blocked1  # L22
#     %70 = cmp %68, %69 {predicate = lt} : <16x1xi1> #blocked1  # L22
#     %71 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L22
#     %72 = splat %N : <1x64xi32> #blocked1  # L22
#     %73 = cmp %71, %72 {predicate = lt} : <1x64xi1> #blocked1  # L22
#     %74 = broadcast %70 : <16x64xi1> #blocked1  # L22
#     %75 = broadcast %73 : <16x64xi1> #blocked1  # L22
#     %76 = and %74, %75 : <16x64xi1> #blocked1  # L22
#     %77 = constant 0.0 : fp32  # L22
#     %78 = cast %77 : fp16  # L21
#     %79 = splat %78 : <16x64xfp16> #blocked1  # L21
#     %b = load %67, %76, %79 : <16x64xfp16> #blocked1  # L21
#     %acc_3 = dot %a, %b, %acc_2 {input_precision = ieee, out = fp32} : <32x64xfp32> #mma  # L23
#     yield %acc_3  # L17
#   }
#   %acc_4 = convert_layout %acc_1 : <32x64xfp32> #blocked1  # L17
#   %c = cast %acc_4 : <32x64xfp16> #blocked1  # L24
#   %86 = expand_dims %rm {axis = 1} : <32x1xi32> #blocked1  # L25
#   %87 = splat %stride_cm : <32x1xi32> #blocked1  # L25
#   %88 = mul %86, %87 : <32x1xi32> #blocked1  # L25
#   %89 = splat %c_ptr : <32x1xptr<fp16>> #blocked1  # L25
#   %90 = addptr %89, %88 : <32x1xptr<fp16>> #blocked1  # L25
#   %91 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L25
#   %92 = broadcast %90 : <32x64xptr<fp16>> #blocked1  # L25
#   %93 = broadcast %91 : <32x64xi32> #blocked1  # L25
#   %94 = addptr %92, %93 : <32x64xptr<fp16>> #blocked1  # L25
#   %95 = expand_dims %rm {axis = 1} : <32x1xi32> #blocked1  # L26
#   %96 = splat %M : <32x1xi32> #blocked1  # L26
#   %97 = cmp %95, %96 {predicate = lt} : <32x1xi1> #blocked1  # L26
#   %98 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L26
#   %99 = splat %N : <1x64xi32> #blocked1  # L26
#   %100 = cmp %98, %99 {predicate = lt} : <1x64xi1> #blocked1  # L26
#   %101 = broadcast %97 : <32x64xi1> #blocked1  # L26
#   %102 = broadcast %100 : <32x64xi1> #blocked1  # L26
#   %103 = and %101, %102 : <32x64xi1> #blocked1  # L26
#   store %94, %c, %103  # L25
# }
