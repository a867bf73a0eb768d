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
#   %220 = make_range {range = [0, 32]} : <32xi32> #slice1  # L13
#   %13 = splat %11 : <32xi32> #slice  # L13
#   %219 = splat %11 : <32xi32> #slice1  # L13
#   %rm = add %13, %12 : <32xi32> #slice  # L13
#   %rm_1 = add %219, %220 : <32xi32> #slice1  # L13
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
#   %104 = cmp %29, %28 {predicate = lt} : i1  # L17
#   %105 = constant 16 : i32  # L18
#   %106 = mul %29, %105 : i32  # L18
#   %107 = splat %106 : <16xi32> #slice3  # L18
#   %222 = splat %106 : <16xi32> #slice4  # L18
#   %kk = add %107, %rk : <16xi32> #slice3  # L18
#   %kk_1 = add %222, %rk_1 : <16xi32> #slice4  # L18
#   %109 = expand_dims %rm_1 {axis = 1} : <32x1xi32> #blocked  # L19
#   %110 = splat %stride_am : <32x1xi32> #blocked  # L19
#   %111 = mul %109, %110 : <32x1xi32> #blocked  # L19
#   %112 = splat %a_ptr : <32x1xptr<fp16>> #blocked  # L19
#   %113 = addptr %112, %111 : <32x1xptr<fp16>> #blocked  # L19
#   %114 = expand_dims %kk_1 {axis = 0} : <1x16xi32> #blocked  # L19
#   %115 = broadcast %113 : <32x16xptr<fp16>> #blocked  # L19
#   %116 = broadcast %114 : <32x16xi32> #blocked  # L19
#   %117 = addptr %115, %116 : <32x16xptr<fp16>> #blocked  # L19
#   %118 = expand_dims %rm_1 {axis = 1} : <32x1xi32> #blocked  # L20
#   %119 = splat %M : <32x1xi32> #blocked  # L20
#   %120 = cmp %118, %119 {predicate = lt} : <32x1xi1> #blocked  # L20
#   %121 = expand_dims %kk_1 {axis = 0} : <1x16xi32> #blocked  # L20
#   %122 = splat %K : <1x16xi32> #blocked  # L20
#   %123 = cmp %121, %122 {predicate = lt} : <1x16xi1> #blocked  # L20
#   %124 = broadcast %120 : <32x16xi1> #blocked  # L20
#   %125 = broadcast %123 : <32x16xi1> #blocked  # L20
#   %126 = and %124, %125 : <32x16xi1> #blocked  # L20
#   %127 = constant 0.0 : fp32  # L20
#   %128 = cast %127 : fp16  # L19
#   %129 = splat %128 : <32x16xfp16> #blocked  # L19
#   %130 = splat %104 : <32x16xi1> #blocked  # L19
#   %131 = and %126, %130 : <32x16xi1> #blocked  # L19
#   %a = load %117, %131, %129 : <32x16xfp16> #blocked  # L19
#   %133 = expand_dims %kk {axis = 1} : <16x1xi32> #blocked1  # L21
#   %134 = splat %stride_bk : <16x1xi32> #blocked1  # L21
#   %135 = mul %133, %134 : <16x1xi32> #blocked1  # L21
#   %136 = splat %b_ptr : <16x1xptr<fp16>> #blocked1  # L21
#   %137 = addptr %136, %135 : <16x1xptr<fp16>> #blocked1  # L21
#   %138 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L21
#   %139 = broadcast %137 : <16x64xptr<fp16>> #blocked1  # L21
#   %140 = broadcast %138 : <16x64xi32> #blocked1  # L21
#   %141 = addptr %139, %140 : <16x64xptr<fp16>> #blocked1  # L21
#   %142 = expand_dims %kk {axis = 1} : <16x1xi32> #blocked1  # L22
#   %143 = splat %K : <16x1xi32> #blocked1  # L22
#   %144 = cmp %142, %143 {predicate = lt} : <16x1xi1> #blocked1  # L22
#   %145 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L22
#   %146 = splat %N : <1x64xi32> #blocked1  # L22
#   %147 = cmp %145, %146 {predicate = lt} : <1x64xi1> #blocked1  # L22
#   %148 = broadcast %144 : <16x64xi1> #blocked1  # L22
#   %149 = broadcast %147 : <16x64xi1> #blocked1  # L22
#   %150 = and %148, %149 : <16x64xi1> #blocked1  # L22
#   %151 = constant 0.0 : fp32  # L22
#   %152 = cast %151 : fp16  # L21
#   %153 = splat %152 : <16x64xfp16> #blocked1  # L21
#   %154 = splat %104 : <16x64xi1> #blocked1  # L21
#   %155 = and %150, %154 : <16x64xi1> #blocked1  # L21
#   %b = load %141, %155, %153 : <16x64xfp16> #blocked1  # L21
#   %acc_1, %a_1, %b_1 = for %29, %28, %30, %acc, %a, %b : <32x64xfp32> #mma, <32x16xfp16> #blocked, <16x64xfp16> #blocked1 {  # L17
#   ^(%k: i32, %acc_2: <32x64xfp32> #mma, %a_2: <32x16xfp16> #blocked, %b_2: <16x64xfp16> #blocked1):
#     %k_next = add %k, %30 : i32  # L17
#     %158 = cmp %k_next, %28 {predicate = lt} : i1  # L17
#     %159 = constant 16 : i32  # L18
#     %160 = mul %k_next, %159 : i32  # L18
#     %161 = splat %160 : <16xi32> #slice3  # L18
#     %225 = splat %160 : <16xi32> #slice4  # L18
#     %kk_2 = add %161, %rk : <16xi32> #slice3  # L18
#     %kk_3 = add %225, %rk_1 : <16xi32> #slice4  # L18
#     %163 = expand_dims %rm_1 {axis = 1} : <32x1xi32> #blocked  # L19
#     %164 = splat %stride_am : <32x1xi32> #blocked  # L19
#     %165 = mul %163, %164 : <32x1xi32> #blocked  # L19
#     %166 = splat %a_ptr : <32x1xptr<fp16>> #blocked  # L19
#     %167 = addptr %166, %165 : <32x1xptr<fp16>> #blocked  # L19
#     %168 = expand_dims %kk_3 {axis = 0} : <1x16xi32> #blocked  # L19
#     %169 = broadcast %167 : <32x16xptr<fp16>> #blocked  # L19
#     %170 = broadcast %168 : <32x16xi32> #blocked  # L19
#     %171 = addptr %169, %170 : <32x16xptr<fp16>> #blocked  # L19
#     %172 = expand_dims %rm_1 {axis = 1} : <32x1xi32> #blocked  # L20
#     %173 = splat %M : <32x1xi32> #blocked  # L20
#     %174 = cmp %172, %173 {predicate = lt} : <32x1xi1> #blocked  # L20
#     %175 = expand_dims %kk_3 {axis = 0} : <1x16xi32> #blocked  # L20
#     %176 = splat %K : <1x16xi32> #blocked  # L20
#     %177 = cmp %175, %176 {predicate = lt} : <1x16xi1> #blocked  # L20
#     %178 = broadcast %174 : <32x16xi1> #blocked  # L20
#     %179 = broadcast %177 : <32x16xi1> #blocked  # L20
#     %180 = and %178, %179 : <32x16xi1> #blocked  # L20
#     %181 = constant 0.0 : fp32  # L20
#     %182 = cast %181 : fp16  # L19
#     %183 = splat %182 : <32x16xfp16> #blocked  # L19
#     %184 = splat %158 : <32x16xi1> #blocked  # L19
#     %185 = and %180, %184 : <32x16xi1> #blocked  # L19
#     %a_3 = load %171, %185, %183 : <32x16xfp16> #blocked  # L19
#     %187 = expand_dims %kk_2 {axis = 1} : <16x1xi32> #blocked1  # L21
#     %188 = splat %stride_bk : <16x1xi32> #blocked1  # L21
#     %189 = mul %187, %188 : <16x1xi32> #blocked1  # L21
#     %190 = splat %b_ptr : <16x1xptr<fp16>> #blocked1  # L21
#     %191 = addptr %190, %189 : <16x1xptr<fp16>> #blocked1  # L21
#     %192 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L21
#     %193 = broadcast %191 : <16x64xptr<fp16>> #blocked1  # L21
#     %194 = broadcast %192 : <16x64xi32> #blocked1  # L21
#     %195 = addptr %193, %194 : <16x64xptr<fp16>> #blocked1  # L21
#     %196 = expand_dims %kk_2 {axis = 1} : <16x1xi32> #blocked1  # L22
#     %197 = splat %K : <16x1xi32> #blocked1  # L22
#     %198 = cmp %196, %197 {predicate = lt} : <16x1xi1> #blocked1  # L22
#     %199 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked1  # L22
#     %200 = splat %N : <1x64xi32> #blocked1  # L22
#     %201 = cmp %199, %200 {predicate = lt} : <1x64xi1> #blocked1  # L22
#     %202 = broadcast %198 : <16x64xi1> #blocked1  # L22
#     %203 = broadcast %201 : <16x64xi1> #blocked1  # L22
#     %204 = and %202, %203 : <16x64xi1> #blocked1  # L22
#     %205 = constant 0.0 : fp32  # L22
#     %206 = cast %205 : fp16  # L21
#     %207 = splat %206 : <16x64xfp16> #blocked1  # L21
#     %208 = splat %158 : <16x64xi1> #blocked1  # L21
#     %209 = and %204, %208 : <16x64xi1> #blocked1  # L21
#     %b_3 = load %195, %209, %207 : <16x64xfp16> #blocked1  # L21
#     %acc_3 = dot %a_2, %b_2, %acc_2 {input_precision = ieee, out = fp32} : <32x64xfp32> #mma  # L23
#     yield %acc_3, %a_3, %b_3  # L17
#   }
#   %c = cast %acc_1 : <32x64xfp16> #mma  # L24
#   %c_1 = convert_layout %c : <32x64xfp16> #blocked1  # L24
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
#   store %94, %c_1, %103  # L25
# }
