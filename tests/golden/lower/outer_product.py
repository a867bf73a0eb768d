# A 2-D broadcast: out[i, j] = x[i] + y[j]. The 1-D loads take slice layouts of the store's
# layout, so no conversion is needed at this size.
# SIGNATURE: outer_add(x_ptr=*fp32:16, y_ptr=*fp32:16, out_ptr=*fp32:16, M=i32:16, N=i32:16, BLOCK_M=32, BLOCK_N=128)
import triton
import triton.language as tl


@triton.jit
def outer_add(x_ptr, y_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm, mask=rm < M, other=0.0)
    y = tl.load(y_ptr + rn, mask=rn < N, other=0.0)
    out = x[:, None] + y[None, :]
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], out, mask=mask)

# ---- DUMP ----
# #blocked = #blocked<spt=[1], tpw=[32], wpc=[4], order=[0]>
# #blocked1 = #blocked<spt=[1,4], tpw=[1,32], wpc=[4,1], order=[1,0]>
# #slice = #slice<dim=1, parent=#blocked1>
# #slice1 = #slice<dim=0, parent=#blocked1>
# kernel @outer_add(%x_ptr: ptr<fp32>, %y_ptr: ptr<fp32>, %out_ptr: ptr<fp32>, %M: i32, %N: i32, BLOCK_M: constexpr, BLOCK_N: constexpr) num_warps=4 {
#   %5 = program_id {axis = 0} : i32  # L10
#   %6 = constant 32 : i32  # L10
#   %7 = mul %5, %6 : i32  # L10
#   %8 = make_range {range = [0, 32]} : <32xi32> #slice  # L10
#   %9 = splat %7 : <32xi32> #slice  # L10
#   %rm = add %9, %8 : <32xi32> #slice  # L10
#   %11 = program_id {axis = 1} : i32  # L11
#   %12 = constant 128 : i32  # L11
#   %13 = mul %11, %12 : i32  # L11
#   %14 = make_range {range = [0, 128]} : <128xi32> #slice1  # L11
#   %62 = make_range {range = [0, 128]} : <128xi32> #blocked  # L11
#   %15 = splat %13 : <128xi32> #slice1  # L11
#   %61 = splat %13 : <128xi32> #blocked  # L11
#   %rn = add %15, %14 : <128xi32> #slice1  # L11
#   %rn_1 = add %61, %62 : <128xi32> #blocked  # L11
#   %64 = splat %x_ptr : <32xptr<fp32>> #slice  # L12
#   %65 = addptr %64, %rm : <32xptr<fp32>> #slice  # L12
#   %66 = splat %M : <32xi32> #slice  # L12
#   %67 = cmp %rm, %66 {predicate = lt} : <32xi1> #slice  # L12
#   %21 = constant 0.0 : fp32  # L12
#   %68 = splat %21 : <32xfp32> #slice  # L12
#   %x = load %65, %67, %68 : <32xfp32> #slice  # L12
#   %24 = splat %y_ptr : <128xptr<fp32>> #blocked  # L13
#   %25 = addptr %24, %rn_1 : <128xptr<fp32>> #blocked  # L13
#   %26 = splat %N : <128xi32> #blocked  # L13
#   %27 = cmp %rn_1, %26 {predicate = lt} : <128xi1> #blocked  # L13
#   %28 = constant 0.0 : fp32  # L13
#   %29 = splat %28 : <128xfp32> #blocked  # L13
#   %y = load %25, %27, %29 : <128xfp32> #blocked  # L13
#   %y_1 = convert_layout %y : <128xfp32> #slice1  # L13
#   %31 = expand_dims %x {axis = 1} : <32x1xfp32> #blocked1  # L14
#   %32 = expand_dims %y_1 {axis = 0} : <1x128xfp32> #blocked1  # L14
#   %33 = broadcast %31 : <32x128xfp32> #blocked1  # L14
#   %34 = broadcast %32 : <32x128xfp32> #blocked1  # L14
#   %out = add %33, %34 : <32x128xfp32> #blocked1  # L14
#   %36 = expand_dims %rm {axis = 1} : <32x1xi32> #blocked1  # L15
#   %37 = splat %M : <32x1xi32> #blocked1  # L15
#   %38 = cmp %36, %37 {predicate = lt} : <32x1xi1> #blocked1  # L15
#   %39 = expand_dims %rn {axis = 0} : <1x128xi32> #blocked1  # L15
#   %40 = splat %N : <1x128xi32> #blocked1  # L15
#   %41 = cmp %39, %40 {predicate = lt} : <1x128xi1> #blocked1  # L15
#   %42 = broadcast %38 : <32x128xi1> #blocked1  # L15
#   %43 = broadcast %41 : <32x128xi1> #blocked1  # L15
#   %mask = and %42, %43 : <32x128xi1> #blocked1  # L15
#   %45 = expand_dims %rm {axis = 1} : <32x1xi32> #blocked1  # L16
#   %46 = splat %N : <32x1xi32> #blocked1  # L16
#   %47 = mul %45, %46 : <32x1xi32> #blocked1  # L16
#   %48 = splat %out_ptr : <32x1xptr<fp32>> #blocked1  # L16
#   %49 = addptr %48, %47 : <32x1xptr<fp32>> #blocked1  # L16
#   %50 = expand_dims %rn {axis = 0} : <1x128xi32> #blocked1  # L16
#   %51 = broadcast %49 : <32x128xptr<fp32>> #blocked1  # L16
#   %52 = broadcast %50 : <32x128xi32> #blocked1  # L16
#   %53 = addptr %51, %52 : <32x128xptr<fp32>> #blocked1  # L16
#   store %53, %out, %mask  # L16
# }
