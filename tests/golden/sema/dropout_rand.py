# Tutorial 04's seeded dropout: tl.rand over the element offsets, tl.where to zero dropped lanes.
# SIGNATURE: _seeded_dropout(x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32, p=fp32, seed=i32, BLOCK_SIZE=1024)
import triton
import triton.language as tl


@triton.jit
def _seeded_dropout(x_ptr, output_ptr, n_elements, p, seed, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    random = tl.rand(seed, offsets)
    x_keep = random > p
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(output_ptr + offsets, output, mask=mask)

# ---- DUMP ----
# kernel @_seeded_dropout(%x_ptr: ptr<fp32>, %output_ptr: ptr<fp32>, %n_elements: i32, %p: fp32, %seed: i32, BLOCK_SIZE: constexpr) num_warps=4 {
#   %pid = program_id {axis = 0} : i32  # L9
#   %6 = constant 1024 : i32  # L10
#   %block_start = mul %pid, %6 : i32  # L10
#   %8 = make_range {range = [0, 1024]} : <1024xi32>  # L11
#   %9 = splat %block_start : <1024xi32>  # L11
#   %offsets = add %9, %8 : <1024xi32>  # L11
#   %11 = splat %n_elements : <1024xi32>  # L12
#   %mask = cmp %offsets, %11 {predicate = lt} : <1024xi1>  # L12
#   %13 = splat %x_ptr : <1024xptr<fp32>>  # L13
#   %14 = addptr %13, %offsets : <1024xptr<fp32>>  # L13
#   %x = load %14, %mask : <1024xfp32>  # L13
#   %random = rand %seed, %offsets {rounds = 10} : <1024xfp32>  # L14
#   %17 = splat %p : <1024xfp32>  # L15
#   %x_keep = cmp %random, %17 {predicate = gt} : <1024xi1>  # L15
#   %19 = constant 1.0 : fp32  # L16
#   %20 = sub %19, %p : fp32  # L16
#   %21 = splat %20 : <1024xfp32>  # L16
#   %22 = fdiv %x, %21 : <1024xfp32>  # L16
#   %23 = constant 0.0 : fp32  # L16
#   %24 = splat %23 : <1024xfp32>  # L16
#   %output = select %x_keep, %22, %24 : <1024xfp32>  # L16
#   %26 = splat %output_ptr : <1024xptr<fp32>>  # L17
#   %27 = addptr %26, %offsets : <1024xptr<fp32>>  # L17
#   store %27, %output, %mask  # L17
# }
