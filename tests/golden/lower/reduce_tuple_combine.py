# tl.reduce with a @triton.jit combine over a tuple (Welford's mean / M2 / count merge).
# SIGNATURE: welford(x_ptr=*fp32:16, mean_ptr=*fp32:16, var_ptr=*fp32:16, BLOCK=512)
import triton
import triton.language as tl


@triton.jit
def welford_combine(mean_a, m2_a, n_a, mean_b, m2_b, n_b):
    n = n_a + n_b
    w = tl.where(n == 0.0, 0.0, n_b / n)
    delta = mean_b - mean_a
    return mean_a + delta * w, m2_a + m2_b + delta * delta * n_a * w, n


@triton.jit
def welford(x_ptr, mean_ptr, var_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + tl.program_id(0) * BLOCK + offs)
    mean, m2, n = tl.reduce((x, tl.zeros_like(x), tl.full(x.shape, 1.0, tl.float32)), 0, welford_combine)
    tl.store(mean_ptr + tl.program_id(0), mean)
    tl.store(var_ptr + tl.program_id(0), m2 / n)

# ---- DUMP ----
# #blocked = #blocked<spt=[4], tpw=[32], wpc=[4], order=[0]>
# kernel @welford(%x_ptr: ptr<fp32>, %mean_ptr: ptr<fp32>, %var_ptr: ptr<fp32>, BLOCK: constexpr) num_warps=4 {
#   %offs = make_range {range = [0, 512]} : <512xi32> #blocked  # L17
#   %4 = program_id {axis = 0} : i32  # L18
#   %5 = constant 512 : i32  # L18
#   %6 = mul %4, %5 : i32  # L18
#   %7 = addptr %x_ptr, %6 : ptr<fp32>  # L18
#   %8 = splat %7 : <512xptr<fp32>> #blocked  # L18
#   %9 = addptr %8, %offs : <512xptr<fp32>> #blocked  # L18
#   %x = load %9 : <512xfp32> #blocked  # L18
#   %43 = constant 0.0 : <512xfp32> #blocked  # L19
#   %44 = constant 1.0 : <512xfp32> #blocked  # L19
#   %mean, %m2, %n = reduce %x, %43, %44 {axis = 0} : fp32, fp32, fp32 {  # L19
#   ^(%13: fp32, %14: fp32, %15: fp32, %16: fp32, %17: fp32, %18: fp32):
#     %n_1 = add %15, %18 : fp32  # L9
#     %20 = constant 0.0 : fp32  # L10
#     %21 = cmp %n_1, %20 {predicate = eq} : i1  # L10
#     %22 = fdiv %18, %n_1 : fp32  # L10
#     %23 = constant 0.0 : fp32  # L10
#     %w = select %21, %23, %22 : fp32  # L10
#     %delta = sub %16, %13 : fp32  # L11
#     %26 = mul %delta, %w : fp32  # L12
#     %27 = add %13, %26 : fp32  # L12
#     %28 = add %14, %17 : fp32  # L12
#     %29 = mul %delta, %delta : fp32  # L12
#     %30 = mul %29, %15 : fp32  # L12
#     %31 = mul %30, %w : fp32  # L12
#     %32 = add %28, %31 : fp32  # L12
#     yield %27, %32, %n_1  # L19
#   }
#   %36 = program_id {axis = 0} : i32  # L20
#   %37 = addptr %mean_ptr, %36 : ptr<fp32>  # L20
#   store %37, %mean  # L20
#   %38 = program_id {axis = 0} : i32  # L21
#   %39 = addptr %var_ptr, %38 : ptr<fp32>  # L21
#   %40 = fdiv %m2, %n : fp32  # L21
#   store %39, %40  # L21
# }
