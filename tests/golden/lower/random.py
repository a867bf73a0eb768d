# Philox random numbers are per element of their offsets: tl.rand / tl.randn take the offsets'
# layout (here the store's anchor), tl.randint4x's four results share it, a splat offset gives
# one value per program, and 64-bit offsets run Philox 4x64. No convert_layout anywhere.
# SIGNATURE: dropout(x_ptr=*fp32:16, out_ptr=*fp32:16, n=i32:16, p=0.5, seed=i32, BLOCK=1024)
# SIGNATURE: normal(out_ptr=*fp32:16, seed=i64, BLOCK=256)
# SIGNATURE: words(out_ptr=*u32:16, seed=i32, BLOCK=128)
# SIGNATURE: wide(out_ptr=*fp32:16, seed=i64, bits_ptr=*u64:16, BLOCK=64)
import triton
import triton.language as tl


@triton.jit
def dropout(x_ptr, out_ptr, n, p, seed, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    keep = tl.rand(seed, offsets) > p
    tl.store(out_ptr + offsets, tl.where(keep, x / (1 - p), 0.0), mask=mask)


@triton.jit
def normal(out_ptr, seed, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    z = tl.randn(seed, offsets)
    one = tl.randn(seed, tl.program_id(0))
    tl.store(out_ptr + offsets, z + one)


@triton.jit
def words(out_ptr, seed, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a, b, c, d = tl.randint4x(seed, offsets, n_rounds=7)
    base = out_ptr + 4 * offsets
    tl.store(base, a)
    tl.store(base + 1, b)
    tl.store(base + 2, c)
    tl.store(base + 3, d)


@triton.jit
def wide(out_ptr, seed, bits_ptr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.rand(seed, offsets))
    tl.store(bits_ptr + offsets, tl.randint(seed, offsets))

# ---- DUMP ----
# #blocked = #blocked<spt=[4], tpw=[32], wpc=[4], order=[0]>
# kernel @dropout(%x_ptr: ptr<fp32>, %out_ptr: ptr<fp32>, %n: i32, %p: fp32, %seed: i32, BLOCK: constexpr) num_warps=4 {
#   %5 = program_id {axis = 0} : i32  # L14
#   %6 = constant 1024 : i32  # L14
#   %7 = mul %5, %6 : i32  # L14
#   %8 = make_range {range = [0, 1024]} : <1024xi32> #blocked  # L14
#   %9 = splat %7 : <1024xi32> #blocked  # L14
#   %offsets = add %9, %8 : <1024xi32> #blocked  # L14
#   %11 = splat %n : <1024xi32> #blocked  # L15
#   %mask = cmp %offsets, %11 {predicate = lt} : <1024xi1> #blocked  # L15
#   %13 = splat %x_ptr : <1024xptr<fp32>> #blocked  # L16
#   %14 = addptr %13, %offsets : <1024xptr<fp32>> #blocked  # L16
#   %x = load %14, %mask : <1024xfp32> #blocked  # L16
#   %16 = rand %seed, %offsets {rounds = 10} : <1024xfp32> #blocked  # L17
#   %17 = splat %p : <1024xfp32> #blocked  # L17
#   %keep = cmp %16, %17 {predicate = gt} : <1024xi1> #blocked  # L17
#   %19 = splat %out_ptr : <1024xptr<fp32>> #blocked  # L18
#   %20 = addptr %19, %offsets : <1024xptr<fp32>> #blocked  # L18
#   %21 = constant 1.0 : fp32  # L18
#   %22 = sub %21, %p : fp32  # L18
#   %23 = splat %22 : <1024xfp32> #blocked  # L18
#   %24 = fdiv %x, %23 : <1024xfp32> #blocked  # L18
#   %25 = constant 0.0 : fp32  # L18
#   %26 = splat %25 : <1024xfp32> #blocked  # L18
#   %27 = select %keep, %24, %26 : <1024xfp32> #blocked  # L18
#   store %20, %27, %mask  # L18
# }
# #blocked = #blocked<spt=[2], tpw=[32], wpc=[4], order=[0]>
# kernel @normal(%out_ptr: ptr<fp32>, %seed: i64, BLOCK: constexpr) num_warps=4 {
#   %2 = program_id {axis = 0} : i32  # L23
#   %3 = constant 256 : i32  # L23
#   %4 = mul %2, %3 : i32  # L23
#   %5 = make_range {range = [0, 256]} : <256xi32> #blocked  # L23
#   %6 = splat %4 : <256xi32> #blocked  # L23
#   %offsets = add %6, %5 : <256xi32> #blocked  # L23
#   %z = randn %seed, %offsets {rounds = 10} : <256xfp32> #blocked  # L24
#   %9 = program_id {axis = 0} : i32  # L25
#   %one = randn %seed, %9 {rounds = 10} : fp32  # L25
#   %11 = splat %out_ptr : <256xptr<fp32>> #blocked  # L26
#   %12 = addptr %11, %offsets : <256xptr<fp32>> #blocked  # L26
#   %13 = splat %one : <256xfp32> #blocked  # L26
#   %14 = add %z, %13 : <256xfp32> #blocked  # L26
#   store %12, %14  # L26
# }
# #blocked = #blocked<spt=[1], tpw=[32], wpc=[4], order=[0]>
# kernel @words(%out_ptr: ptr<u32>, %seed: i32, BLOCK: constexpr) num_warps=4 {
#   %2 = program_id {axis = 0} : i32  # L31
#   %3 = constant 128 : i32  # L31
#   %4 = mul %2, %3 : i32  # L31
#   %5 = make_range {range = [0, 128]} : <128xi32> #blocked  # L31
#   %6 = splat %4 : <128xi32> #blocked  # L31
#   %offsets = add %6, %5 : <128xi32> #blocked  # L31
#   %a, %b, %c, %d = randint4x %seed, %offsets {rounds = 7} : <128xu32> #blocked, <128xu32> #blocked, <128xu32> #blocked, <128xu32> #blocked  # L32
#   %12 = constant 4 : i32  # L33
#   %13 = splat %12 : <128xi32> #blocked  # L33
#   %14 = mul %13, %offsets : <128xi32> #blocked  # L33
#   %15 = splat %out_ptr : <128xptr<u32>> #blocked  # L33
#   %base = addptr %15, %14 : <128xptr<u32>> #blocked  # L33
#   store %base, %a  # L34
#   %17 = constant 1 : i32  # L35
#   %18 = splat %17 : <128xi32> #blocked  # L35
#   %19 = addptr %base, %18 : <128xptr<u32>> #blocked  # L35
#   store %19, %b  # L35
#   %20 = constant 2 : i32  # L36
#   %21 = splat %20 : <128xi32> #blocked  # L36
#   %22 = addptr %base, %21 : <128xptr<u32>> #blocked  # L36
#   store %22, %c  # L36
#   %23 = constant 3 : i32  # L37
#   %24 = splat %23 : <128xi32> #blocked  # L37
#   %25 = addptr %base, %24 : <128xptr<u32>> #blocked  # L37
#   store %25, %d  # L37
# }
# #blocked = #blocked<spt=[1], tpw=[32], wpc=[4], order=[0]>
# kernel @wide(%out_ptr: ptr<fp32>, %seed: i64, %bits_ptr: ptr<u64>, BLOCK: constexpr) num_warps=4 {
#   %3 = program_id {axis = 0} : i32  # L42
#   %4 = cast %3 : i64  # L42
#   %5 = constant 64 : i64  # L42
#   %6 = mul %4, %5 : i64  # L42
#   %7 = make_range {range = [0, 64]} : <64xi32> #blocked  # L42
#   %8 = cast %7 : <64xi64> #blocked  # L42
#   %9 = splat %6 : <64xi64> #blocked  # L42
#   %offsets = add %9, %8 : <64xi64> #blocked  # L42
#   %11 = splat %out_ptr : <64xptr<fp32>> #blocked  # L43
#   %12 = addptr %11, %offsets : <64xptr<fp32>> #blocked  # L43
#   %13 = rand %seed, %offsets {rounds = 10} : <64xfp32> #blocked  # L43
#   store %12, %13  # L43
#   %14 = splat %bits_ptr : <64xptr<u64>> #blocked  # L44
#   %15 = addptr %14, %offsets : <64xptr<u64>> #blocked  # L44
#   %16 = randint %seed, %offsets {rounds = 10} : <64xu64> #blocked  # L44
#   store %15, %16  # L44
# }
