# Atomics anchor like stores (the pointer's layout, one element per access) and are never
# rematerialized; as Triton's Coalesce, a scatter takes the per-thread count of the load its
# pointer comes from, so the histogram needs no convert_layout. Also an fp32 atomic_max whose
# old values are stored, a masked atomic_cas / atomic_xchg on a block, and tutorial 05's spin
# lock on a scalar pointer.
# SIGNATURE: histogram(x_ptr=*i32:16, bins_ptr=*i32:16, n=i32:16, BLOCK=256)
# SIGNATURE: running_max(x_ptr=*fp32:16, max_ptr=*fp32:16, old_ptr=*fp32:16, n=i32, BLOCK=64)
# SIGNATURE: swap(ptr=*i64:16, out_ptr=*i64:16, BLOCK=32)
# SIGNATURE: locked_add(x_ptr=*fp32:16, acc_ptr=*fp32:16, lock_ptr=*i32:16, count_ptr=*i32:16, N=i32, BLOCK=128)
import triton
import triton.language as tl


@triton.jit
def histogram(x_ptr, bins_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    tl.atomic_add(bins_ptr + x, 1, mask=mask)


@triton.jit
def running_max(x_ptr, max_ptr, old_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    old = tl.atomic_max(max_ptr + offsets % 16, x, mask=mask, sem="relaxed")
    tl.store(old_ptr + offsets, old, mask=mask)


@triton.jit
def swap(ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    old = tl.atomic_cas(ptr + offsets, offsets.to(tl.int64), offsets.to(tl.int64) + 1)
    tl.atomic_xchg(ptr + offsets, old * 2, mask=offsets < 7)
    tl.store(out_ptr + offsets, old)


@triton.jit
def locked_add(x_ptr, acc_ptr, lock_ptr, count_ptr, N, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + tl.program_id(0) * N + cols, mask=mask, other=0.0)
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    count = tl.load(count_ptr)
    if count == 0:
        tl.atomic_xchg(count_ptr, 1)
    else:
        x += tl.load(acc_ptr + cols, mask=mask)
    tl.store(acc_ptr + cols, x, mask=mask)
    tl.atomic_xchg(lock_ptr, 0)

# ---- DUMP ----
# #blocked = #blocked<spt=[2], tpw=[32], wpc=[4], order=[0]>
# kernel @histogram(%x_ptr: ptr<i32>, %bins_ptr: ptr<i32>, %n: i32, BLOCK: constexpr) num_warps=4 {
#   %3 = program_id {axis = 0} : i32  # L16
#   %4 = constant 256 : i32  # L16
#   %5 = mul %3, %4 : i32  # L16
#   %6 = make_range {range = [0, 256]} : <256xi32> #blocked  # L16
#   %7 = splat %5 : <256xi32> #blocked  # L16
#   %offsets = add %7, %6 : <256xi32> #blocked  # L16
#   %9 = splat %n : <256xi32> #blocked  # L17
#   %mask = cmp %offsets, %9 {predicate = lt} : <256xi1> #blocked  # L17
#   %11 = splat %x_ptr : <256xptr<i32>> #blocked  # L18
#   %12 = addptr %11, %offsets : <256xptr<i32>> #blocked  # L18
#   %13 = constant 0 : i32  # L18
#   %14 = splat %13 : <256xi32> #blocked  # L18
#   %x = load %12, %mask, %14 : <256xi32> #blocked  # L18
#   %16 = splat %bins_ptr : <256xptr<i32>> #blocked  # L19
#   %17 = addptr %16, %x : <256xptr<i32>> #blocked  # L19
#   %18 = constant 1 : i32  # L19
#   %19 = splat %18 : <256xi32> #blocked  # L19
#   %20 = atomic_rmw %17, %19, %mask {kind = add} : <256xi32> #blocked  # L19
# }
# #blocked = #blocked<spt=[1], tpw=[32], wpc=[4], order=[0]>
# kernel @running_max(%x_ptr: ptr<fp32>, %max_ptr: ptr<fp32>, %old_ptr: ptr<fp32>, %n: i32, BLOCK: constexpr) num_warps=4 {
#   %4 = program_id {axis = 0} : i32  # L24
#   %5 = constant 64 : i32  # L24
#   %6 = mul %4, %5 : i32  # L24
#   %7 = make_range {range = [0, 64]} : <64xi32> #blocked  # L24
#   %8 = splat %6 : <64xi32> #blocked  # L24
#   %offsets = add %8, %7 : <64xi32> #blocked  # L24
#   %10 = splat %n : <64xi32> #blocked  # L25
#   %mask = cmp %offsets, %10 {predicate = lt} : <64xi1> #blocked  # L25
#   %12 = splat %x_ptr : <64xptr<fp32>> #blocked  # L26
#   %13 = addptr %12, %offsets : <64xptr<fp32>> #blocked  # L26
#   %x = load %13, %mask : <64xfp32> #blocked  # L26
#   %15 = constant 16 : i32  # L27
#   %16 = splat %15 : <64xi32> #blocked  # L27
#   %17 = irem %offsets, %16 : <64xi32> #blocked  # L27
#   %18 = splat %max_ptr : <64xptr<fp32>> #blocked  # L27
#   %19 = addptr %18, %17 : <64xptr<fp32>> #blocked  # L27
#   %old = atomic_rmw %19, %x, %mask {kind = max, sem = relaxed} : <64xfp32> #blocked  # L27
#   %21 = splat %old_ptr : <64xptr<fp32>> #blocked  # L28
#   %22 = addptr %21, %offsets : <64xptr<fp32>> #blocked  # L28
#   store %22, %old, %mask  # L28
# }
# #blocked = #blocked<spt=[1], tpw=[32], wpc=[4], order=[0]>
# kernel @swap(%ptr: ptr<i64>, %out_ptr: ptr<i64>, BLOCK: constexpr) num_warps=4 {
#   %offsets = make_range {range = [0, 32]} : <32xi32> #blocked  # L33
#   %3 = splat %ptr : <32xptr<i64>> #blocked  # L34
#   %4 = addptr %3, %offsets : <32xptr<i64>> #blocked  # L34
#   %5 = cast %offsets : <32xi64> #blocked  # L34
#   %6 = cast %offsets : <32xi64> #blocked  # L34
#   %7 = constant 1 : i64  # L34
#   %8 = splat %7 : <32xi64> #blocked  # L34
#   %9 = add %6, %8 : <32xi64> #blocked  # L34
#   %old = atomic_cas %4, %5, %9 : <32xi64> #blocked  # L34
#   %11 = splat %ptr : <32xptr<i64>> #blocked  # L35
#   %12 = addptr %11, %offsets : <32xptr<i64>> #blocked  # L35
#   %13 = constant 2 : i64  # L35
#   %14 = splat %13 : <32xi64> #blocked  # L35
#   %15 = mul %old, %14 : <32xi64> #blocked  # L35
#   %16 = constant 7 : i32  # L35
#   %17 = splat %16 : <32xi32> #blocked  # L35
#   %18 = cmp %offsets, %17 {predicate = lt} : <32xi1> #blocked  # L35
#   %19 = atomic_rmw %12, %15, %18 {kind = xchg} : <32xi64> #blocked  # L35
#   %20 = splat %out_ptr : <32xptr<i64>> #blocked  # L36
#   %21 = addptr %20, %offsets : <32xptr<i64>> #blocked  # L36
#   store %21, %old  # L36
# }
# #blocked = #blocked<spt=[1], tpw=[32], wpc=[4], order=[0]>
# kernel @locked_add(%x_ptr: ptr<fp32>, %acc_ptr: ptr<fp32>, %lock_ptr: ptr<i32>, %count_ptr: ptr<i32>, %N: i32, BLOCK: constexpr) num_warps=4 {
#   %cols = make_range {range = [0, 128]} : <128xi32> #blocked  # L41
#   %6 = splat %N : <128xi32> #blocked  # L42
#   %mask = cmp %cols, %6 {predicate = lt} : <128xi1> #blocked  # L42
#   %8 = program_id {axis = 0} : i32  # L43
#   %9 = mul %8, %N : i32  # L43
#   %10 = addptr %x_ptr, %9 : ptr<fp32>  # L43
#   %11 = splat %10 : <128xptr<fp32>> #blocked  # L43
#   %12 = addptr %11, %cols : <128xptr<fp32>> #blocked  # L43
#   %13 = constant 0.0 : fp32  # L43
#   %14 = splat %13 : <128xfp32> #blocked  # L43
#   %x = load %12, %mask, %14 : <128xfp32> #blocked  # L43
#   while : {  # L44
#     %16 = constant 0 : i32  # L44
#     %17 = constant 1 : i32  # L44
#     %18 = atomic_cas %lock_ptr, %16, %17 : i32  # L44
#     %19 = constant 1 : i32  # L44
#     %20 = cmp %18, %19 {predicate = eq} : i1  # L44
#     condition %20  # L44
#   } else {
#     yield  # L44
#   }
#   %count = load %count_ptr : i32  # L46
#   %22 = constant 0 : i32  # L47
#   %23 = cmp %count, %22 {predicate = eq} : i1  # L47
#   %x_1 = if %23 : <128xfp32> #blocked {  # L47
#     %24 = constant 1 : i32  # L48
#     %25 = atomic_rmw %count_ptr, %24 {kind = xchg} : i32  # L48
#     yield %x  # L47
#   } else {
#     %26 = splat %acc_ptr : <128xptr<fp32>> #blocked  # L50
#     %27 = addptr %26, %cols : <128xptr<fp32>> #blocked  # L50
#     %28 = load %27, %mask : <128xfp32> #blocked  # L50
#     %x_2 = add %x, %28 : <128xfp32> #blocked  # L50
#     yield %x_2  # L47
#   }
#   %31 = splat %acc_ptr : <128xptr<fp32>> #blocked  # L51
#   %32 = addptr %31, %cols : <128xptr<fp32>> #blocked  # L51
#   store %32, %x_1, %mask  # L51
#   %33 = constant 0 : i32  # L52
#   %34 = atomic_rmw %lock_ptr, %33 {kind = xchg} : i32  # L52
# }
