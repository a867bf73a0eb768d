# tl.dot of fp32 blocks (64x64x32, tf32 by default) accumulated over a runtime K loop: the result
# takes the layout its store wants, a and b keep their loads' layouts (the emitter stages them
# in shared memory), the accumulator is carried in the result's layout.
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
# #blocked = #blocked<spt=[1,4], tpw=[2,16], wpc=[4,1], order=[1,0]>
# #blocked1 = #blocked<spt=[1,4], tpw=[4,8], wpc=[4,1], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked>
# #slice1 = #slice<dim=1, parent=#blocked1>
# #slice2 = #slice<dim=0, parent=#blocked>
# #slice3 = #slice<dim=1, parent=#blocked>
# #slice4 = #slice<dim=0, parent=#blocked>
# kernel @matmul(%a_ptr: ptr<fp32>, %b_ptr: ptr<fp32>, %c_ptr: ptr<fp32>, %M: i32, %N: i32, %K: i32, BLOCK_M: constexpr, BLOCK_N: constexpr, BLOCK_K: constexpr) num_warps=4 {
#   %6 = program_id {axis = 0} : i32  # L12
#   %7 = constant 64 : i32  # L12
#   %8 = mul %6, %7 : i32  # L12
#   %9 = make_range {range = [0, 64]} : <64xi32> #slice  # L12
#   %62 = make_range {range = [0, 64]} : <64xi32> #slice1  # L12
#   %10 = splat %8 : <64xi32> #slice  # L12
#   %61 = splat %8 : <64xi32> #slice1  # L12
#   %rm = add %10, %9 : <64xi32> #slice  # L12
#   %rm_1 = add %61, %62 : <64xi32> #slice1  # L12
#   %12 = program_id {axis = 1} : i32  # L13
#   %13 = constant 64 : i32  # L13
#   %14 = mul %12, %13 : i32  # L13
#   %15 = make_range {range = [0, 64]} : <64xi32> #slice2  # L13
#   %16 = splat %14 : <64xi32> #slice2  # L13
#   %rn = add %16, %15 : <64xi32> #slice2  # L13
#   %rk = make_range {range = [0, 32]} : <32xi32> #slice3  # L14
#   %rk_1 = make_range {range = [0, 32]} : <32xi32> #slice4  # L14
#   %acc = constant 0.0 : <64x64xfp32> #blocked  # L15
#   %20 = constant 0 : i32  # L16
#   %21 = constant 32 : i32  # L16
#   %acc_1 = for %20, %K, %21, %acc : <64x64xfp32> #blocked {  # L16
#   ^(%k: i32, %acc_2: <64x64xfp32> #blocked):
#     %24 = expand_dims %rm_1 {axis = 1} : <64x1xi32> #blocked1  # L17
#     %25 = splat %K : <64x1xi32> #blocked1  # L17
#     %26 = mul %24, %25 : <64x1xi32> #blocked1  # L17
#     %27 = splat %a_ptr : <64x1xptr<fp32>> #blocked1  # L17
#     %28 = addptr %27, %26 : <64x1xptr<fp32>> #blocked1  # L17
#     %29 = splat %k : <32xi32> #slice4  # L17
#     %30 = add %29, %rk_1 : <32xi32> #slice4  # L17
#     %31 = expand_dims %30 {axis = 0} : <1x32xi32> #blocked1  # L17
#     %32 = broadcast %28 : <64x32xptr<fp32>> #blocked1  # L17
#     %33 = broadcast %31 : <64x32xi32> #blocked1  # L17
#     %34 = addptr %32, %33 : <64x32xptr<fp32>> #blocked1  # L17
#     %a = load %34 : <64x32xfp32> #blocked1  # L17
#     %36 = splat %k : <32xi32> #slice3  # L18
#     %37 = add %36, %rk : <32xi32> #slice3  # L18
#     %38 = expand_dims %37 {axis = 1} : <32x1xi32> #blocked  # L18
#     %39 = splat %N : <32x1xi32> #blocked  # L18
#     %40 = mul %38, %39 : <32x1xi32> #blocked  # L18
#     %41 = splat %b_ptr : <32x1xptr<fp32>> #blocked  # L18
#     %42 = addptr %41, %40 : <32x1xptr<fp32>> #blocked  # L18
#     %43 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked  # L18
#     %44 = broadcast %42 : <32x64xptr<fp32>> #blocked  # L18
#     %45 = broadcast %43 : <32x64xi32> #blocked  # L18
#     %46 = addptr %44, %45 : <32x64xptr<fp32>> #blocked  # L18
#     %b = load %46 : <32x64xfp32> #blocked  # L18
#     %acc_3 = dot %a, %b, %acc_2 {input_precision = tf32, out = fp32} : <64x64xfp32> #blocked  # L19
#     yield %acc_3  # L16
#   }
#   %50 = expand_dims %rm {axis = 1} : <64x1xi32> #blocked  # L20
#   %51 = splat %N : <64x1xi32> #blocked  # L20
#   %52 = mul %50, %51 : <64x1xi32> #blocked  # L20
#   %53 = splat %c_ptr : <64x1xptr<fp32>> #blocked  # L20
#   %54 = addptr %53, %52 : <64x1xptr<fp32>> #blocked  # L20
#   %55 = expand_dims %rn {axis = 0} : <1x64xi32> #blocked  # L20
#   %56 = broadcast %54 : <64x64xptr<fp32>> #blocked  # L20
#   %57 = broadcast %55 : <64x64xi32> #blocked  # L20
#   %58 = addptr %56, %57 : <64x64xptr<fp32>> #blocked  # L20
#   store %58, %acc_1  # L20
# }
