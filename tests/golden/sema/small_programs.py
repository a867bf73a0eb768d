# The other shapes of tests/programs: cumsum, a histogram with atomics, a transposed copy
# through tl.trans, an outer product by broadcasting, and casts / bitcasts / libdevice.
# SIGNATURE: cumsum_kernel(x_ptr=*i8, out_ptr=*i32, BLOCK=64)
# SIGNATURE: histogram_kernel(x_ptr=*i32:16, hist_ptr=*i32:16, n=i32, NUM_BINS=16, BLOCK=256)
# SIGNATURE: transpose_kernel(x_ptr=*fp16:16, y_ptr=*fp16:16, M=i32, N=i32, BLOCK_M=32, BLOCK_N=16)
# SIGNATURE: outer_kernel(a_ptr=*fp32:16, b_ptr=*fp32:16, c_ptr=*fp32:16, M=i32, N=i32, BLOCK_M=16, BLOCK_N=32)
# SIGNATURE: casts_kernel(x_ptr=*fp32:16, y_ptr=*i32:16, BLOCK=32)
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def cumsum_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.cumsum(x, axis=0))


@triton.jit
def histogram_kernel(x_ptr, hist_ptr, n, NUM_BINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    bins = x % NUM_BINS
    tl.atomic_add(hist_ptr + bins, 1, mask=mask)


@triton.jit
def transpose_kernel(x_ptr, y_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask)
    tl.store(y_ptr + rn[:, None] * M + rm[None, :], tl.trans(x), mask=tl.trans(mask))


@triton.jit
def outer_kernel(a_ptr, b_ptr, c_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    a = tl.load(a_ptr + rm, mask=rm < M, other=0.0)
    b = tl.load(b_ptr + rn, mask=rn < N, other=0.0)
    c = a[:, None] * b[None, :]
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def casts_kernel(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    bits = x.to(tl.int32, bitcast=True)
    t = libdevice.tanh(x) + tl.math.exp2(x) + tl.sigmoid(x)
    h = t.to(tl.float16).to(tl.float32)
    y = bits ^ (h > 0).to(tl.int32) + (offs // 3) % 5
    tl.store(y_ptr + offs, tl.maximum(y, 0))

# ---- DUMP ----
# kernel @cumsum_kernel(%x_ptr: ptr<i8>, %out_ptr: ptr<i32>, BLOCK: constexpr) num_warps=4 {
#   %offs = make_range {range = [0, 64]} : <64xi32>  # L15
#   %3 = splat %x_ptr : <64xptr<i8>>  # L16
#   %4 = addptr %3, %offs : <64xptr<i8>>  # L16
#   %x = load %4 : <64xi8>  # L16
#   %6 = splat %out_ptr : <64xptr<i32>>  # L17
#   %7 = addptr %6, %offs : <64xptr<i32>>  # L17
#   %8 = cast %x : <64xi32>  # L17
#   %12 = scan %8 {axis = 0} : <64xi32> {  # L17
#   ^(%9: i32, %10: i32):
#     %11 = add %9, %10 : i32  # L17
#     yield %11  # L17
#   }
#   store %7, %12  # L17
# }
# kernel @histogram_kernel(%x_ptr: ptr<i32>, %hist_ptr: ptr<i32>, %n: i32, NUM_BINS: constexpr, BLOCK: constexpr) num_warps=4 {
#   %3 = program_id {axis = 0} : i32  # L22
#   %4 = constant 256 : i32  # L22
#   %5 = mul %3, %4 : i32  # L22
#   %6 = make_range {range = [0, 256]} : <256xi32>  # L22
#   %7 = splat %5 : <256xi32>  # L22
#   %offs = add %7, %6 : <256xi32>  # L22
#   %9 = splat %n : <256xi32>  # L23
#   %mask = cmp %offs, %9 {predicate = lt} : <256xi1>  # L23
#   %11 = splat %x_ptr : <256xptr<i32>>  # L24
#   %12 = addptr %11, %offs : <256xptr<i32>>  # L24
#   %13 = constant 0 : i32  # L24
#   %14 = splat %13 : <256xi32>  # L24
#   %x = load %12, %mask, %14 : <256xi32>  # L24
#   %16 = constant 16 : i32  # L25
#   %17 = splat %16 : <256xi32>  # L25
#   %bins = irem %x, %17 : <256xi32>  # L25
#   %19 = splat %hist_ptr : <256xptr<i32>>  # L26
#   %20 = addptr %19, %bins : <256xptr<i32>>  # L26
#   %21 = constant 1 : i32  # L26
#   %22 = splat %21 : <256xi32>  # L26
#   %23 = atomic_rmw %20, %22, %mask {kind = add} : <256xi32>  # L26
# }
# kernel @transpose_kernel(%x_ptr: ptr<fp16>, %y_ptr: ptr<fp16>, %M: i32, %N: i32, BLOCK_M: constexpr, BLOCK_N: constexpr) num_warps=4 {
#   %4 = program_id {axis = 0} : i32  # L31
#   %5 = constant 32 : i32  # L31
#   %6 = mul %4, %5 : i32  # L31
#   %7 = make_range {range = [0, 32]} : <32xi32>  # L31
#   %8 = splat %6 : <32xi32>  # L31
#   %rm = add %8, %7 : <32xi32>  # L31
#   %10 = program_id {axis = 1} : i32  # L32
#   %11 = constant 16 : i32  # L32
#   %12 = mul %10, %11 : i32  # L32
#   %13 = make_range {range = [0, 16]} : <16xi32>  # L32
#   %14 = splat %12 : <16xi32>  # L32
#   %rn = add %14, %13 : <16xi32>  # L32
#   %16 = expand_dims %rm {axis = 1} : <32x1xi32>  # L33
#   %17 = splat %M : <32x1xi32>  # L33
#   %18 = cmp %16, %17 {predicate = lt} : <32x1xi1>  # L33
#   %19 = expand_dims %rn {axis = 0} : <1x16xi32>  # L33
#   %20 = splat %N : <1x16xi32>  # L33
#   %21 = cmp %19, %20 {predicate = lt} : <1x16xi1>  # L33
#   %22 = broadcast %18 : <32x16xi1>  # L33
#   %23 = broadcast %21 : <32x16xi1>  # L33
#   %mask = and %22, %23 : <32x16xi1>  # L33
#   %25 = expand_dims %rm {axis = 1} : <32x1xi32>  # L34
#   %26 = splat %N : <32x1xi32>  # L34
#   %27 = mul %25, %26 : <32x1xi32>  # L34
#   %28 = splat %x_ptr : <32x1xptr<fp16>>  # L34
#   %29 = addptr %28, %27 : <32x1xptr<fp16>>  # L34
#   %30 = expand_dims %rn {axis = 0} : <1x16xi32>  # L34
#   %31 = broadcast %29 : <32x16xptr<fp16>>  # L34
#   %32 = broadcast %30 : <32x16xi32>  # L34
#   %33 = addptr %31, %32 : <32x16xptr<fp16>>  # L34
#   %x = load %33, %mask : <32x16xfp16>  # L34
#   %35 = expand_dims %rn {axis = 1} : <16x1xi32>  # L35
#   %36 = splat %M : <16x1xi32>  # L35
#   %37 = mul %35, %36 : <16x1xi32>  # L35
#   %38 = splat %y_ptr : <16x1xptr<fp16>>  # L35
#   %39 = addptr %38, %37 : <16x1xptr<fp16>>  # L35
#   %40 = expand_dims %rm {axis = 0} : <1x32xi32>  # L35
#   %41 = broadcast %39 : <16x32xptr<fp16>>  # L35
#   %42 = broadcast %40 : <16x32xi32>  # L35
#   %43 = addptr %41, %42 : <16x32xptr<fp16>>  # L35
#   %44 = permute %x {order = [1, 0]} : <16x32xfp16>  # L35
#   %45 = permute %mask {order = [1, 0]} : <16x32xi1>  # L35
#   store %43, %44, %45  # L35
# }
# kernel @outer_kernel(%a_ptr: ptr<fp32>, %b_ptr: ptr<fp32>, %c_ptr: ptr<fp32>, %M: i32, %N: i32, BLOCK_M: constexpr, BLOCK_N: constexpr) num_warps=4 {
#   %5 = program_id {axis = 0} : i32  # L40
#   %6 = constant 16 : i32  # L40
#   %7 = mul %5, %6 : i32  # L40
#   %8 = make_range {range = [0, 16]} : <16xi32>  # L40
#   %9 = splat %7 : <16xi32>  # L40
#   %rm = add %9, %8 : <16xi32>  # L40
#   %11 = program_id {axis = 1} : i32  # L41
#   %12 = constant 32 : i32  # L41
#   %13 = mul %11, %12 : i32  # L41
#   %14 = make_range {range = [0, 32]} : <32xi32>  # L41
#   %15 = splat %13 : <32xi32>  # L41
#   %rn = add %15, %14 : <32xi32>  # L41
#   %17 = splat %a_ptr : <16xptr<fp32>>  # L42
#   %18 = addptr %17, %rm : <16xptr<fp32>>  # L42
#   %19 = splat %M : <16xi32>  # L42
#   %20 = cmp %rm, %19 {predicate = lt} : <16xi1>  # L42
#   %21 = constant 0.0 : fp32  # L42
#   %22 = splat %21 : <16xfp32>  # L42
#   %a = load %18, %20, %22 : <16xfp32>  # L42
#   %24 = splat %b_ptr : <32xptr<fp32>>  # L43
#   %25 = addptr %24, %rn : <32xptr<fp32>>  # L43
#   %26 = splat %N : <32xi32>  # L43
#   %27 = cmp %rn, %26 {predicate = lt} : <32xi1>  # L43
#   %28 = constant 0.0 : fp32  # L43
#   %29 = splat %28 : <32xfp32>  # L43
#   %b = load %25, %27, %29 : <32xfp32>  # L43
#   %31 = expand_dims %a {axis = 1} : <16x1xfp32>  # L44
#   %32 = expand_dims %b {axis = 0} : <1x32xfp32>  # L44
#   %33 = broadcast %31 : <16x32xfp32>  # L44
#   %34 = broadcast %32 : <16x32xfp32>  # L44
#   %c = mul %33, %34 : <16x32xfp32>  # L44
#   %36 = expand_dims %rm {axis = 1} : <16x1xi32>  # L45
#   %37 = splat %N : <16x1xi32>  # L45
#   %38 = mul %36, %37 : <16x1xi32>  # L45
#   %39 = splat %c_ptr : <16x1xptr<fp32>>  # L45
#   %40 = addptr %39, %38 : <16x1xptr<fp32>>  # L45
#   %41 = expand_dims %rn {axis = 0} : <1x32xi32>  # L45
#   %42 = broadcast %40 : <16x32xptr<fp32>>  # L45
#   %43 = broadcast %41 : <16x32xi32>  # L45
#   %44 = addptr %42, %43 : <16x32xptr<fp32>>  # L45
#   %45 = expand_dims %rm {axis = 1} : <16x1xi32>  # L45
#   %46 = splat %M : <16x1xi32>  # L45
#   %47 = cmp %45, %46 {predicate = lt} : <16x1xi1>  # L45
#   %48 = expand_dims %rn {axis = 0} : <1x32xi32>  # L45
#   %49 = splat %N : <1x32xi32>  # L45
#   %50 = cmp %48, %49 {predicate = lt} : <1x32xi1>  # L45
#   %51 = broadcast %47 : <16x32xi1>  # L45
#   %52 = broadcast %50 : <16x32xi1>  # L45
#   %53 = and %51, %52 : <16x32xi1>  # L45
#   store %44, %c, %53  # L45
# }
# kernel @casts_kernel(%x_ptr: ptr<fp32>, %y_ptr: ptr<i32>, BLOCK: constexpr) num_warps=4 {
#   %offs = make_range {range = [0, 32]} : <32xi32>  # L50
#   %3 = splat %x_ptr : <32xptr<fp32>>  # L51
#   %4 = addptr %3, %offs : <32xptr<fp32>>  # L51
#   %x = load %4 : <32xfp32>  # L51
#   %bits = bitcast %x : <32xi32>  # L52
#   %7 = math.tanh %x : <32xfp32>  # L53
#   %8 = math.exp2 %x : <32xfp32>  # L53
#   %9 = add %7, %8 : <32xfp32>  # L53
#   %10 = neg %x : <32xfp32>  # L53
#   %11 = math.exp %10 : <32xfp32>  # L53
#   %12 = constant 1.0 : fp32  # L53
#   %13 = splat %12 : <32xfp32>  # L53
#   %14 = add %13, %11 : <32xfp32>  # L53
#   %15 = constant 1.0 : fp32  # L53
#   %16 = splat %15 : <32xfp32>  # L53
#   %17 = fdiv %16, %14 : <32xfp32>  # L53
#   %t = add %9, %17 : <32xfp32>  # L53
#   %19 = cast %t : <32xfp16>  # L54
#   %h = cast %19 : <32xfp32>  # L54
#   %21 = constant 0.0 : fp32  # L55
#   %22 = splat %21 : <32xfp32>  # L55
#   %23 = cmp %h, %22 {predicate = gt} : <32xi1>  # L55
#   %24 = cast %23 : <32xi32>  # L55
#   %25 = constant 3 : i32  # L55
#   %26 = splat %25 : <32xi32>  # L55
#   %27 = idiv %offs, %26 : <32xi32>  # L55
#   %28 = constant 5 : i32  # L55
#   %29 = splat %28 : <32xi32>  # L55
#   %30 = irem %27, %29 : <32xi32>  # L55
#   %31 = add %24, %30 : <32xi32>  # L55
#   %y = xor %bits, %31 : <32xi32>  # L55
#   %33 = splat %y_ptr : <32xptr<i32>>  # L56
#   %34 = addptr %33, %offs : <32xptr<i32>>  # L56
#   %35 = constant 0 : i32  # L56
#   %36 = splat %35 : <32xi32>  # L56
#   %37 = max %y, %36 : <32xi32>  # L56
#   store %34, %37  # L56
# }
