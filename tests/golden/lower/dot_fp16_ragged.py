# fp16 inputs into an fp32 accumulator, with ragged M / N / K masked on the loads (other=0) and
# the store; the fp32 result is cast to fp16 for the store.
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
# #blocked = #blocked<spt=[1,1], tpw=[1,32], wpc=[2,2], order=[1,0]>
# #blocked1 = #blocked<spt=[1,1], tpw=[2,16], wpc=[4,1], order=[1,0]>
# #blocked2 = #blocked<spt=[1,4], tpw=[2,16], wpc=[4,1], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked>
# #slice1 = #slice<dim=1, parent=#blocked1>
# #slice2 = #slice<dim=0, parent=#blocked>
# #slice3 = #slice<dim=1, parent=#blocked>
# #slice4 = #slice<dim=0, parent=#blocked>
# kernel @matmul_f16(%a_ptr: ptr<fp16>, %b_ptr: ptr<fp16>, %c_ptr: ptr<fp16>, %M: i32, %N: i32, %K: i32, %stride_am: i32, %stride_bk: i32, %stride_cm: i32, BLOCK_M: constexpr, BLOCK_N: constexpr, BLOCK_K: constexpr) num_warps=4 {
#   %9 = program_id {axis = 0} : i32  # L11
#   %10 = constant 32 : i32  # L11
#   %11 = mul %9, %10 : i32  # L11
#   %12 = make_range {range = [0, 32]} : <32xi32> #slice  # L11
#   %108 = make_range {range = [0, 32]} : <32xi32> #slice1  # L11
#   %13 = splat %11 : <32xi32> #slice  # L11
#   %107 = splat %11 : <32xi32> #slice1  # L11
#   %rm = add %13, %12 : <32xi32> #slice  # L11
#   %rm_1 = add %107, %108 : <32xi32> #slice1  # L11
#   %15 = program_id {axis = 1} : i32  # L12
#   %16 = constant 64 : i32  # L12
#   %17 = mul %15, %16 : i32  # L12
#   %18 = make_range {range = [0, 64]} : <64xi32> #slice2  # L12
#   %19 = splat %17 : <64xi32> #slice2  # L12
#   %rn = add %19, %18 : <64xi32> #slice2  # L12
#   %rk = make_range {range = [0, 16]} : <16xi32> #slice3  # L13
#   %rk_1 = make_range {range = [0, 16]} : <16xi32> #slice4  # L13
#   %acc = constant 0.0 : <32x64xfp32> #blocked  # L14
#   %23 = constant 16 : i32  # L15
#   %24 = add %K, %23 : i32  # L15
#   %25 = constant 1 : i32  # L15
#   %26 = sub %24, %25 : i32  # L15
#   %27 = constant 16 : i32  # L15
#   %28 = idiv %26, %27 : i32  # L15
#   %29 = constant 0 : i32  # L15
#   %30 = constant 1 : i32  # L15
#   %acc_1 = for %29, %28, %30, %acc : <32x64xfp32> #blocked {  # L15
#   ^(%k: i32, %acc_2: <32x64xfp32> #blocked):
#     %33 = constant 16 : i32  # L16
#     %34 = mul %k, %33 : i32  # L16
#     %35 = splat %34 : <16xi32> #slice3  # L16
#     %110 = splat %34 : <16xi32> #slice4  # L16
#     %kk = add %35, %rk : <16xi32> #slice3  # L16
#     %kk_1 = add %110, %rk_1 : <16xi32> #slice4  # L16
#     %37 = expand_dims %rm_1 {axis = 1} : <32x1xi32> #blocked1  # L17
#     %38 = splat %stride_am : <32x1xi32> #blocked1  # L17
#     %39 = mul %37, %38 : <32x1xi32> #blocked1  # L17
#     %40 = splat %a_ptr : <32x1xptr<fp16>> #blocked1  # L17
#     %41 = addptr %40, %39 : <32x1xptr<fp16>> #blocked1  # L17
#     %42 = expand_dims %kk_1 {axis = 0} : <1x16xi32> #blocked1  # L17
#     %43 = broadcast %41 : <32x16xptr<fp16>> #blocked1  # L17
#     %44 = broadcast %42 : <32x16xi32> #blocked1  # L17
#     %45 = addptr %43, %44 : <32x16xptr<fp16>> #blocked1  # L17
#     %46 = expand_dims %rm_1 {axis = 1} : <32x1xi32> #blocked1  # L18
#     %47 = splat %M : <32x1xi32> #blocked1  # L18
#     %48 = cmp %46, %47 {predicate = lt} : <32x1xi1> #blocked1  # L18
#     %49 = expand_dims %kk_1 {axis = 0} : <1x16xi32> #blocked1  # L18
#     %50 = splat %K : <1x16xi32> #blocked1  # L18
#     %51 = cmp %49, %50 {predicate = lt} : <1x16xi1> #blocked1  # L18
#     %52 = broadcast %48 : <32x16xi1> #blocked1  # L18
#     %53 = broadcast %51 : <32x16xi1> #blocked1  # L18
#     %54 = and %52, %53 : <32x16xi1> #blocked1  # L18
#     %55 = constant 0.0 : fp32  # L18
#     %56 = cast %55 : fp16  # L17
#     %57 = splat %56 : <32x16xfp16> #blocked1  # L17
#     %a = load %45, %54, %57 : <32x16xfp16> #blocked1  # L17
#     %59 = expand_dims %kk {axis = 1} : <16x1xi32> #blocked  # L19
#     %60 = splat %stride_bk : <16x1xi32> #blocked  # L19
#     %61 = mul %59, %60 : <16x1xi32> #blocked  # L19
#     %62 = splat %b_ptr : <16x1xptr<fp16>> #blocked  # L19
#     %63 = addptr %62, %61 : <16x1xptr<fp16>> #blocked  # L19
#     %64 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked  # L19
#     %65 = broadcast %63 : <16x64xptr<fp16>> #blocked  # L19
#     %66 = broadcast %64 : <16x64xi32> #blocked  # L19
#     %67 = addptr %65, %66 : <16x64xptr<fp16>> #blocked  # L19
#     %68 = expand_dims %kk {axis = 1} : <16x1xi32> #blocked  # L20
#     %69 = splat %K : <16x1xi32> #blocked  # L20
#     %70 = cmp %68, %69 {predicate = lt} : <16x1xi1> #blocked  # L20
#     %71 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked  # L20
#     %72 = splat %N : <1x64xi32> #blocked  # L20
#     %73 = cmp %71, %72 {predicate = lt} : <1x64xi1> #blocked  # L20
#     %74 = broadcast %70 : <16x64xi1> #blocked  # L20
#     %75 = broadcast %73 : <16x64xi1> #blocked  # L20
#     %76 = and %74, %75 : <16x64xi1> #blocked  # L20
#     %77 = constant 0.0 : fp32  # L20
#     %78 = cast %77 : fp16  # L19
#     %79 = splat %78 : <16x64xfp16> #blocked  # L19
#     %b = load %67, %76, %79 : <16x64xfp16> #blocked  # L19
#     %81 = constant 0.0 : <32x64xfp32> #blocked2  # L21
#     %82 = dot %a, %b, %81 {input_precision = ieee, out = fp32} : <32x64xfp32> #blocked2  # L21
#     %106 = convert_layout %82 : <32x64xfp32> #blocked  # L21
#     %acc_3 = add %acc_2, %106 : <32x64xfp32> #blocked  # L21
#     yield %acc_3  # L15
#   }
#   %c = cast %acc_1 : <32x64xfp16> #blocked  # L22
#   %86 = expand_dims %rm {axis = 1} : <32x1xi32> #blocked  # L23
#   %87 = splat %stride_cm : <32x1xi32> #blocked  # L23
#   %88 = mul %86, %87 : <32x1xi32> #blocked  # L23
#   %89 = splat %c_ptr : <32x1xptr<fp16>> #blocked  # L23
#   %90 = addptr %89, %88 : <32x1xptr<fp16>> #blocked  # L23
#   %91 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked  # L23
#   %92 = broadcast %90 : <32x64xptr<fp16>> #blocked  # L23
#   %93 = broadcast %91 : <32x64xi32> #blocked  # L23
#   %94 = addptr %92, %93 : <32x64xptr<fp16>> #blocked  # L23
#   %95 = expand_dims %rm {axis = 1} : <32x1xi32> #blocked  # L24
#   %96 = splat %M : <32x1xi32> #blocked  # L24
#   %97 = cmp %95, %96 {predicate = lt} : <32x1xi1> #blocked  # L24
#   %98 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked  # L24
#   %99 = splat %N : <1x64xi32> #blocked  # L24
#   %100 = cmp %98, %99 {predicate = lt} : <1x64xi1> #blocked  # L24
#   %101 = broadcast %97 : <32x64xi1> #blocked  # L24
#   %102 = broadcast %100 : <32x64xi1> #blocked  # L24
#   %103 = and %101, %102 : <32x64xi1> #blocked  # L24
#   store %94, %c, %103  # L23
# }
