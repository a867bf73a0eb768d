import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid < n:
        for i in range(4):
            if i == 0:
                x = tl.load(x_ptr + i)
            elif i == 1:
                pass
            else:
                continue

        # a comment at the block's indentation
  # a comment at an odd column
    return


def helper(a):
    while a:
        a -= 1
    return a
x = 1
if x: y = 2
