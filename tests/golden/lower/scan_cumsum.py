# cumsum along a 1-D block larger than the program's threads: the load's layout repeats along
# the axis, so the scan converts to a layout where each thread holds a contiguous run.
# SIGNATURE: cumsum_kernel(x_ptr=*i32:16, y_ptr=*i32:16, n=i32, BLOCK=2048)
import triton
import triton.language as tl


@triton.jit
def cumsum_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.store(y_ptr + offs, tl.cumsum(x, axis=0), mask=offs < n)

# ---- DUMP ----
# #blocked = #blocked<spt=[4], tpw=[32], wpc=[4], order=[0]>
# #blocked1 = #blocked<spt=[16], tpw=[32], wpc=[4], order=[0]>
# kernel @cumsum_kernel(%x_ptr: ptr<i32>, %y_ptr: ptr<i32>, %n: i32, BLOCK: constexpr) num_warps=4 {
#   %offs = make_range {range = [0, 2048]} : <2048xi32> #blocked  # L10
#   %4 = splat %x_ptr : <2048xptr<i32>> #blocked  # L11
#   %5 = addptr %4, %offs : <2048xptr<i32>> #blocked  # L11
#   %6 = splat %n : <2048xi32> #blocked  # L11
#   %7 = cmp %offs, %6 {predicate = lt} : <2048xi1> #blocked  # L11
#   %8 = constant 0 : i32  # L11
#   %9 = splat %8 : <2048xi32> #blocked  # L11
#   %x = load %5, %7, %9 : <2048xi32> #blocked  # L11
#   %x_1 = convert_layout %x : <2048xi32> #blocked1  # L11
#   %11 = splat %y_ptr : <2048xptr<i32>> #blocked  # L12
#   %12 = addptr %11, %offs : <2048xptr<i32>> #blocked  # L12
#   %16 = scan %x_1 {axis = 0} : <2048xi32> #blocked1 {  # L12
#   ^(%13: i32, %14: i32):
#     %15 = add %13, %14 : i32  # L12
#     yield %15  # L12
#   }
#   %20 = convert_layout %16 : <2048xi32> #blocked  # L12
#   %17 = splat %n : <2048xi32> #blocked  # L12
#   %18 = cmp %offs, %17 {predicate = lt} : <2048xi1> #blocked  # L12
#   store %12, %20, %18  # L12
# }
