# A reduction with a custom combine function returning a tuple (max with its index), a plain
# tl.reduce, argmax / argmin, keep_dims and axis=None.
# SIGNATURE: reduce_kernel(x_ptr=*fp32:16, out_ptr=*fp32:16, idx_ptr=*i32:16, ROWS=4, COLS=32)
import triton
import triton.language as tl


@triton.jit
def _max_with_index(a, ia, b, ib):
    take_a = a >= b
    return tl.where(take_a, a, b), tl.where(take_a, ia, ib)


@triton.jit
def _mul(a, b):
    return a * b


@triton.jit
def reduce_kernel(x_ptr, out_ptr, idx_ptr, ROWS: tl.constexpr, COLS: tl.constexpr):
    rows = tl.arange(0, ROWS)
    cols = tl.arange(0, COLS)
    x = tl.load(x_ptr + rows[:, None] * COLS + cols[None, :])
    index = tl.broadcast_to(cols[None, :], (ROWS, COLS))
    best, best_index = tl.reduce((x, index), 1, _max_with_index)
    tl.store(out_ptr + rows, best)
    tl.store(idx_ptr + rows, best_index)
    prod = tl.reduce(x, 0, _mul, keep_dims=True)
    tl.store(out_ptr + ROWS + cols[None, :], prod)
    tl.store(idx_ptr + ROWS + rows, tl.argmax(x, axis=1))
    tl.store(idx_ptr + 2 * ROWS + cols, tl.argmin(x, axis=0, tie_break_left=False))
    total = tl.sum(x)
    tl.store(out_ptr + 2 * ROWS + COLS, total)

# ---- DUMP ----
# kernel @reduce_kernel(%x_ptr: ptr<fp32>, %out_ptr: ptr<fp32>, %idx_ptr: ptr<i32>, ROWS: constexpr, COLS: constexpr) num_warps=4 {
#   %rows = make_range {range = [0, 4]} : <4xi32>  # L21
#   %cols = make_range {range = [0, 32]} : <32xi32>  # L22
#   %5 = expand_dims %rows {axis = 1} : <4x1xi32>  # L23
#   %6 = constant 32 : i32  # L23
#   %7 = splat %6 : <4x1xi32>  # L23
#   %8 = mul %5, %7 : <4x1xi32>  # L23
#   %9 = splat %x_ptr : <4x1xptr<fp32>>  # L23
#   %10 = addptr %9, %8 : <4x1xptr<fp32>>  # L23
#   %11 = expand_dims %cols {axis = 0} : <1x32xi32>  # L23
#   %12 = broadcast %10 : <4x32xptr<fp32>>  # L23
#   %13 = broadcast %11 : <4x32xi32>  # L23
#   %14 = addptr %12, %13 : <4x32xptr<fp32>>  # L23
#   %x = load %14 : <4x32xfp32>  # L23
#   %16 = expand_dims %cols {axis = 0} : <1x32xi32>  # L24
#   %index = broadcast %16 : <4x32xi32>  # L24
#   %best, %best_index = reduce %x, %index {axis = 1} : <4xfp32>, <4xi32> {  # L25
#   ^(%18: fp32, %19: i32, %20: fp32, %21: i32):
#     %take_a = cmp %18, %20 {predicate = ge} : i1  # L10
#     %23 = select %take_a, %18, %20 : fp32  # L11
#     %24 = select %take_a, %19, %21 : i32  # L11
#     yield %23, %24  # L25
#   }
#   %27 = splat %out_ptr : <4xptr<fp32>>  # L26
#   %28 = addptr %27, %rows : <4xptr<fp32>>  # L26
#   store %28, %best  # L26
#   %29 = splat %idx_ptr : <4xptr<i32>>  # L27
#   %30 = addptr %29, %rows : <4xptr<i32>>  # L27
#   store %30, %best_index  # L27
#   %34 = reduce %x {axis = 0} : <32xfp32> {  # L28
#   ^(%31: fp32, %32: fp32):
#     %33 = mul %31, %32 : fp32  # L16
#     yield %33  # L28
#   }
#   %prod = expand_dims %34 {axis = 0} : <1x32xfp32>  # L28
#   %36 = constant 4 : i32  # L29
#   %37 = addptr %out_ptr, %36 : ptr<fp32>  # L29
#   %38 = expand_dims %cols {axis = 0} : <1x32xi32>  # L29
#   %39 = splat %37 : <1x32xptr<fp32>>  # L29
#   %40 = addptr %39, %38 : <1x32xptr<fp32>>  # L29
#   store %40, %prod  # L29
#   %41 = constant 4 : i32  # L30
#   %42 = addptr %idx_ptr, %41 : ptr<i32>  # L30
#   %43 = splat %42 : <4xptr<i32>>  # L30
#   %44 = addptr %43, %rows : <4xptr<i32>>  # L30
#   %45 = make_range {range = [0, 32]} : <32xi32>  # L30
#   %46 = expand_dims %45 {axis = 0} : <1x32xi32>  # L30
#   %47 = broadcast %46 : <4x32xi32>  # L30
#   %59, %60 = reduce %x, %47 {axis = 1} : <4xfp32>, <4xi32> {  # L30
#   ^(%48: fp32, %49: i32, %50: fp32, %51: i32):
#     %52 = cmp %48, %50 {predicate = gt} : i1  # L30
#     %53 = cmp %49, %51 {predicate = lt} : i1  # L30
#     %54 = cmp %48, %50 {predicate = eq} : i1  # L30
#     %55 = and %54, %53 : i1  # L30
#     %56 = or %52, %55 : i1  # L30
#     %57 = select %56, %48, %50 : fp32  # L30
#     %58 = select %56, %49, %51 : i32  # L30
#     yield %57, %58  # L30
#   }
#   store %44, %60  # L30
#   %61 = constant 8 : i32  # L31
#   %62 = addptr %idx_ptr, %61 : ptr<i32>  # L31
#   %63 = splat %62 : <32xptr<i32>>  # L31
#   %64 = addptr %63, %cols : <32xptr<i32>>  # L31
#   %65 = make_range {range = [0, 4]} : <4xi32>  # L31
#   %66 = expand_dims %65 {axis = 1} : <4x1xi32>  # L31
#   %67 = broadcast %66 : <4x32xi32>  # L31
#   %75, %76 = reduce %x, %67 {axis = 0} : <32xfp32>, <32xi32> {  # L31
#   ^(%68: fp32, %69: i32, %70: fp32, %71: i32):
#     %72 = cmp %68, %70 {predicate = lt} : i1  # L31
#     %73 = select %72, %68, %70 : fp32  # L31
#     %74 = select %72, %69, %71 : i32  # L31
#     yield %73, %74  # L31
#   }
#   store %64, %76  # L31
#   %77 = reshape %x {can_reorder = 1} : <128xfp32>  # L32
#   %total = reduce %77 {axis = 0} : fp32 {  # L32
#   ^(%78: fp32, %79: fp32):
#     %80 = add %78, %79 : fp32  # L32
#     yield %80  # L32
#   }
#   %82 = constant 8 : i32  # L33
#   %83 = addptr %out_ptr, %82 : ptr<fp32>  # L33
#   %84 = constant 32 : i32  # L33
#   %85 = addptr %83, %84 : ptr<fp32>  # L33
#   store %85, %total  # L33
# }
