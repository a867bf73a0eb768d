# A tour of the remaining Tier 1 builtins: atomics with masks and semantics, where on pointers,
# clamp / fma / div_rn / fdiv / umulhi, tl.math and libdevice names, randint4x / randn, hints,
# assume, debug_barrier, device_print / device_assert, reshape / permute / ravel / expand_dims,
# cumprod and associative_scan, xor_sum, min with indices, full / zeros_like, .T, cdiv on
# constexprs, a while loop, an `x if c else y` on scalars, and the dtype of a pointer block.
# SIGNATURE: tour_kernel(x_ptr=*fp32:16, i_ptr=*i32:16, n=i32, seed=i64, B=16)
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def tour_kernel(x_ptr, i_ptr, n, seed, B: tl.constexpr):
    offs = tl.arange(0, B)
    offs = tl.max_contiguous(tl.multiple_of(offs, 16), 16)
    tl.assume(n > 0)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0, cache_modifier=".cg", eviction_policy="evict_last")
    i = tl.load(i_ptr + offs, mask=mask, other=0)
    old = tl.atomic_add(i_ptr + offs, 1, mask=mask, sem="relaxed")
    tl.atomic_max(x_ptr + offs, x, mask=mask)
    tl.atomic_cas(i_ptr, 0, 1)
    tl.atomic_xchg(i_ptr + offs, old)
    p = tl.where(mask, x_ptr + offs, x_ptr)
    y = tl.clamp(x, 0.0, 1.0) + tl.fma(x, x, x) + tl.div_rn(x, 3.0) + tl.fdiv(x, 2.0)
    y += tl.math.log2(tl.abs(x) + 1.0) + libdevice.pow(x, 2.0) + libdevice.fast_expf(x)
    hi = tl.umulhi(i, 7)
    r0, r1, r2, r3 = tl.randint4x(seed, offs)
    z = tl.randn(seed, offs) + r0.to(tl.float32)
    tl.device_print("y", y)
    tl.device_assert(y == y, "nan")
    tl.debug_barrier()
    m = tl.reshape(offs, (4, 4))
    t = tl.permute(m, (1, 0)) + m.T + tl.expand_dims(tl.ravel(m), 0).reshape(4, 4)
    c = tl.cumprod(x, 0) + tl.associative_scan(x, 0, _add, reverse=True)
    xs = tl.xor_sum(i, axis=0)
    v, idx = tl.min(x, axis=0, return_indices=True)
    f = tl.full((B,), 7, tl.int64) + tl.zeros_like(i)
    steps = tl.cdiv(B, 4)
    k = n
    while k > steps:
        k = k // 2
    s = k if k > 2 else 2
    tl.static_assert(p.dtype == tl.pointer_type(tl.float32))
    tl.store(p, y + z + c + v + hi.to(tl.float32) + idx + xs + t.sum() + s + f.to(tl.float32), mask=mask)

# ---- DUMP ----
# kernel @tour_kernel(%x_ptr: ptr<fp32>, %i_ptr: ptr<i32>, %n: i32, %seed: i64, B: constexpr) num_warps=4 {
#   %offs = make_range {range = [0, 16]} : <16xi32>  # L19
#   %5 = hint %offs {kind = multiple_of, values = [16]} : <16xi32>  # L20
#   %offs_1 = hint %5 {kind = max_contiguous, values = [16]} : <16xi32>  # L20
#   %7 = constant 0 : i32  # L21
#   %8 = cmp %n, %7 {predicate = gt} : i1  # L21
#   assume %8  # L21
#   %9 = splat %n : <16xi32>  # L22
#   %mask = cmp %offs_1, %9 {predicate = lt} : <16xi1>  # L22
#   %11 = splat %x_ptr : <16xptr<fp32>>  # L23
#   %12 = addptr %11, %offs_1 : <16xptr<fp32>>  # L23
#   %13 = constant 1.0 : fp32  # L23
#   %14 = splat %13 : <16xfp32>  # L23
#   %x = load %12, %mask, %14 {cache = .cg, evict = evict_last} : <16xfp32>  # L23
#   %16 = splat %i_ptr : <16xptr<i32>>  # L24
#   %17 = addptr %16, %offs_1 : <16xptr<i32>>  # L24
#   %18 = constant 0 : i32  # L24
#   %19 = splat %18 : <16xi32>  # L24
#   %i = load %17, %mask, %19 : <16xi32>  # L24
#   %21 = splat %i_ptr : <16xptr<i32>>  # L25
#   %22 = addptr %21, %offs_1 : <16xptr<i32>>  # L25
#   %23 = constant 1 : i32  # L25
#   %24 = splat %23 : <16xi32>  # L25
#   %old = atomic_rmw %22, %24, %mask {kind = add, sem = relaxed} : <16xi32>  # L25
#   %26 = splat %x_ptr : <16xptr<fp32>>  # L26
#   %27 = addptr %26, %offs_1 : <16xptr<fp32>>  # L26
#   %28 = atomic_rmw %27, %x, %mask {kind = max} : <16xfp32>  # L26
#   %29 = constant 0 : i32  # L27
#   %30 = constant 1 : i32  # L27
#   %31 = atomic_cas %i_ptr, %29, %30 : i32  # L27
#   %32 = splat %i_ptr : <16xptr<i32>>  # L28
#   %33 = addptr %32, %offs_1 : <16xptr<i32>>  # L28
#   %34 = atomic_rmw %33, %old {kind = xchg} : <16xi32>  # L28
#   %35 = splat %x_ptr : <16xptr<fp32>>  # L29
#   %36 = addptr %35, %offs_1 : <16xptr<fp32>>  # L29
#   %37 = splat %x_ptr : <16xptr<fp32>>  # L29
#   %p = select %mask, %36, %37 : <16xptr<fp32>>  # L29
#   %39 = constant 0.0 : fp32  # L30
#   %40 = constant 1.0 : fp32  # L30
#   %41 = splat %39 : <16xfp32>  # L30
#   %42 = splat %40 : <16xfp32>  # L30
#   %43 = math.clamp %x, %41, %42 : <16xfp32>  # L30
#   %44 = fma %x, %x, %x : <16xfp32>  # L30
#   %45 = add %43, %44 : <16xfp32>  # L30
#   %46 = constant 3.0 : fp32  # L30
#   %47 = splat %46 : <16xfp32>  # L30
#   %48 = math.div_rn %x, %47 : <16xfp32>  # L30
#   %49 = add %45, %48 : <16xfp32>  # L30
#   %50 = constant 2.0 : fp32  # L30
#   %51 = splat %50 : <16xfp32>  # L30
#   %52 = math.fdiv %x, %51 : <16xfp32>  # L30
#   %y = add %49, %52 : <16xfp32>  # L30
#   %54 = math.abs %x : <16xfp32>  # L31
#   %55 = constant 1.0 : fp32  # L31
#   %56 = splat %55 : <16xfp32>  # L31
#   %57 = add %54, %56 : <16xfp32>  # L31
#   %58 = math.log2 %57 : <16xfp32>  # L31
#   %59 = constant 2.0 : fp32  # L31
#   %60 = splat %59 : <16xfp32>  # L31
#   %61 = math.pow %x, %60 : <16xfp32>  # L31
#   %62 = add %58, %61 : <16xfp32>  # L31
#   %63 = math.exp %x : <16xfp32>  # L31
#   %64 = add %62, %63 : <16xfp32>  # L31
#   %y_1 = add %y, %64 : <16xfp32>  # L31
#   %66 = constant 7 : i32  # L32
#   %67 = splat %66 : <16xi32>  # L32
#   %hi = math.umulhi %i, %67 : <16xi32>  # L32
#   %r0, %r1, %r2, %r3 = randint4x %seed, %offs_1 {rounds = 10} : <16xu32>, <16xu32>, <16xu32>, <16xu32>  # L33
#   %73 = randn %seed, %offs_1 {rounds = 10} : <16xfp32>  # L34
#   %74 = cast %r0 : <16xfp32>  # L34
#   %z = add %73, %74 : <16xfp32>  # L34
#   print %y_1 {prefix = " y: "}  # L35
#   %76 = cmp %y_1, %y_1 {predicate = eq} : <16xi1>  # L36
#   device_assert %76 {msg = "nan"}  # L36
#   debug_barrier  # L37
#   %m = reshape %offs_1 : <4x4xi32>  # L38
#   %78 = permute %m {order = [1, 0]} : <4x4xi32>  # L39
#   %79 = permute %m {order = [1, 0]} : <4x4xi32>  # L39
#   %80 = add %78, %79 : <4x4xi32>  # L39
#   %81 = reshape %m : <16xi32>  # L39
#   %82 = expand_dims %81 {axis = 0} : <1x16xi32>  # L39
#   %83 = reshape %82 : <4x4xi32>  # L39
#   %t = add %80, %83 : <4x4xi32>  # L39
#   %88 = scan %x {axis = 0} : <16xfp32> {  # L40
#   ^(%85: fp32, %86: fp32):
#     %87 = mul %85, %86 : fp32  # L40
#     yield %87  # L40
#   }
#   %92 = scan %x {axis = 0, reverse = 1} : <16xfp32> {  # L40
#   ^(%89: fp32, %90: fp32):
#     %91 = add %89, %90 : fp32  # L14
#     yield %91  # L40
#   }
#   %c = add %88, %92 : <16xfp32>  # L40
#   %xs = reduce %i {axis = 0} : i32 {  # L41
#   ^(%94: i32, %95: i32):
#     %96 = xor %94, %95 : i32  # L41
#     yield %96  # L41
#   }
#   %98 = make_range {range = [0, 16]} : <16xi32>  # L42
#   %v, %idx = reduce %x, %98 {axis = 0} : fp32, i32 {  # L42
#   ^(%99: fp32, %100: i32, %101: fp32, %102: i32):
#     %103 = cmp %99, %101 {predicate = lt} : i1  # L42
#     %104 = cmp %100, %102 {predicate = lt} : i1  # L42
#     %105 = cmp %99, %101 {predicate = eq} : i1  # L42
#     %106 = and %105, %104 : i1  # L42
#     %107 = or %103, %106 : i1  # L42
#     %108 = select %107, %99, %101 : fp32  # L42
#     %109 = select %107, %100, %102 : i32  # L42
#     yield %108, %109  # L42
#   }
#   %112 = constant 7 : <16xi64>  # L43
#   %113 = constant 0 : <16xi32>  # L43
#   %114 = cast %113 : <16xi64>  # L43
#   %f = add %112, %114 : <16xi64>  # L43
#   %k = while %n : i32 {  # L46
#   ^(%k_1: i32):
#     %117 = constant 4 : i32  # L46
#     %118 = cmp %k_1, %117 {predicate = gt} : i1  # L46
#     condition %118, %k_1  # L46
#   } else {
#   ^(%k_2: i32):
#     %120 = constant 2 : i32  # L47
#     %k_3 = idiv %k_2, %120 : i32  # L47
#     yield %k_3  # L46
#   }
#   %123 = constant 2 : i32  # L48
#   %124 = cmp %k, %123 {predicate = gt} : i1  # L48
#   %s = if %124 : i32 {  # L48
#     yield %k  # L48
#   } else {
#     %125 = constant 2 : i32  # L48
#     yield %125  # L48
#   }
#   %127 = add %y_1, %z : <16xfp32>  # L50
#   %128 = add %127, %c : <16xfp32>  # L50
#   %129 = splat %v : <16xfp32>  # L50
#   %130 = add %128, %129 : <16xfp32>  # L50
#   %131 = cast %hi : <16xfp32>  # L50
#   %132 = add %130, %131 : <16xfp32>  # L50
#   %133 = cast %idx : fp32  # L50
#   %134 = splat %133 : <16xfp32>  # L50
#   %135 = add %132, %134 : <16xfp32>  # L50
#   %136 = cast %xs : fp32  # L50
#   %137 = splat %136 : <16xfp32>  # L50
#   %138 = add %135, %137 : <16xfp32>  # L50
#   %139 = reshape %t {can_reorder = 1} : <16xi32>  # L50
#   %143 = reduce %139 {axis = 0} : i32 {  # L50
#   ^(%140: i32, %141: i32):
#     %142 = add %140, %141 : i32  # L50
#     yield %142  # L50
#   }
#   %144 = cast %143 : fp32  # L50
#   %145 = splat %144 : <16xfp32>  # L50
#   %146 = add %138, %145 : <16xfp32>  # L50
#   %147 = cast %s : fp32  # L50
#   %148 = splat %147 : <16xfp32>  # L50
#   %149 = add %146, %148 : <16xfp32>  # L50
#   %150 = cast %f : <16xfp32>  # L50
#   %151 = add %149, %150 : <16xfp32>  # L50
#   store %p, %151, %mask  # L50
# }
