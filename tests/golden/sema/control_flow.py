# A runtime `if` whose branches assign blocks, a `for` loop carrying a block and a scalar, a
# `while` loop, a constexpr `if` (only the taken branch is lowered), tl.static_range unrolled,
# an early `return`, and helpers inlined with tuple returns.
# SIGNATURE: control_kernel(x_ptr=*fp32:16, out_ptr=*fp32:16, n=i32, scale=fp32, USE_SCALE=True, BLOCK=128)
import triton
import triton.language as tl


@triton.jit
def _twice(x, y):
    return x * 2, y + 1


@triton.jit
def control_kernel(x_ptr, out_ptr, n, scale, USE_SCALE: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid * BLOCK >= n:
        return
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    if pid % 2 == 0:
        y = x + 1.0
    else:
        y = x - 1.0
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    count = 0
    for i in range(0, n, BLOCK):
        acc += y * i
        count += 1
    while count > 0:
        count -= 2
    if USE_SCALE:
        acc = acc * scale
    else:
        acc = acc / scale
    for k in tl.static_range(2):
        acc, count = _twice(acc, count)
    tl.store(out_ptr + offs, acc + count, mask=offs < n)

# ---- DUMP ----
# kernel @control_kernel(%x_ptr: ptr<fp32>, %out_ptr: ptr<fp32>, %n: i32, %scale: fp32, USE_SCALE: constexpr, BLOCK: constexpr) num_warps=4 {
#   %pid = program_id {axis = 0} : i32  # L16
#   %5 = constant 128 : i32  # L17
#   %6 = mul %pid, %5 : i32  # L17
#   %7 = cmp %6, %n {predicate = ge} : i1  # L17
#   if %7 : {  # L17
#     return  # L18
#     yield  # L17
#   } else {
#     yield  # L17
#   }
#   %8 = constant 128 : i32  # L19
#   %9 = mul %pid, %8 : i32  # L19
#   %10 = make_range {range = [0, 128]} : <128xi32>  # L19
#   %11 = splat %9 : <128xi32>  # L19
#   %offs = add %11, %10 : <128xi32>  # L19
#   %13 = splat %x_ptr : <128xptr<fp32>>  # L20
#   %14 = addptr %13, %offs : <128xptr<fp32>>  # L20
#   %15 = splat %n : <128xi32>  # L20
#   %16 = cmp %offs, %15 {predicate = lt} : <128xi1>  # L20
#   %17 = constant 0.0 : fp32  # L20
#   %18 = splat %17 : <128xfp32>  # L20
#   %x = load %14, %16, %18 : <128xfp32>  # L20
#   %20 = constant 2 : i32  # L21
#   %21 = irem %pid, %20 : i32  # L21
#   %22 = constant 0 : i32  # L21
#   %23 = cmp %21, %22 {predicate = eq} : i1  # L21
#   %y = if %23 : <128xfp32> {  # L21
#     %24 = constant 1.0 : fp32  # L22
#     %25 = splat %24 : <128xfp32>  # L22
#     %y_1 = add %x, %25 : <128xfp32>  # L22
#     yield %y_1  # L21
#   } else {
#     %27 = constant 1.0 : fp32  # L24
#     %28 = splat %27 : <128xfp32>  # L24
#     %y_2 = sub %x, %28 : <128xfp32>  # L24
#     yield %y_2  # L21
#   }
#   %acc = constant 0.0 : <128xfp32>  # L25
#   %32 = constant 0 : i32  # L27
#   %33 = constant 128 : i32  # L27
#   %34 = constant 0 : i32  # L27
#   %acc_1, %count = for %32, %n, %33, %acc, %34 : <128xfp32>, i32 {  # L27
#   ^(%i: i32, %acc_2: <128xfp32>, %count_1: i32):
#     %38 = cast %i : fp32  # L28
#     %39 = splat %38 : <128xfp32>  # L28
#     %40 = mul %y, %39 : <128xfp32>  # L28
#     %acc_3 = add %acc_2, %40 : <128xfp32>  # L28
#     %42 = constant 1 : i32  # L29
#     %count_2 = add %count_1, %42 : i32  # L29
#     yield %acc_3, %count_2  # L27
#   }
#   %count_3 = while %count : i32 {  # L30
#   ^(%count_4: i32):
#     %47 = constant 0 : i32  # L30
#     %48 = cmp %count_4, %47 {predicate = gt} : i1  # L30
#     condition %48, %count_4  # L30
#   } else {
#   ^(%count_5: i32):
#     %50 = constant 2 : i32  # L31
#     %count_6 = sub %count_5, %50 : i32  # L31
#     yield %count_6  # L30
#   }
#   %53 = splat %scale : <128xfp32>  # L33
#   %acc_4 = mul %acc_1, %53 : <128xfp32>  # L33
#   %55 = constant 2.0 : fp32  # L11
#   %56 = splat %55 : <128xfp32>  # L11
#   %acc_5 = mul %acc_4, %56 : <128xfp32>  # L11
#   %58 = constant 1 : i32  # L11
#   %count_7 = add %count_3, %58 : i32  # L11
#   %60 = constant 2.0 : fp32  # L11
#   %61 = splat %60 : <128xfp32>  # L11
#   %acc_6 = mul %acc_5, %61 : <128xfp32>  # L11
#   %63 = constant 1 : i32  # L11
#   %count_8 = add %count_7, %63 : i32  # L11
#   %65 = splat %out_ptr : <128xptr<fp32>>  # L38
#   %66 = addptr %65, %offs : <128xptr<fp32>>  # L38
#   %67 = cast %count_8 : fp32  # L38
#   %68 = splat %67 : <128xfp32>  # L38
#   %69 = add %acc_6, %68 : <128xfp32>  # L38
#   %70 = splat %n : <128xi32>  # L38
#   %71 = cmp %offs, %70 {predicate = lt} : <128xi1>  # L38
#   store %66, %69, %71  # L38
# }
