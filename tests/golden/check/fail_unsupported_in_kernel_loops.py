# UnsupportedInKernel: loop forms Triton cannot compile — break/continue, else clauses,
# tuple targets and iterables other than range / tl.range / tl.static_range.
import triton
import triton.language as tl


@triton.jit
def loops_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, ), dtype=tl.float32)
    for i in range(n):
        if i > 4:
            break  # CHECK-ERROR: UnsupportedInKernel: 'break' statements
        acc += tl.load(x_ptr + i * BLOCK + offs)
    for i in tl.range(0, n, 1, num_stages=2):
        if i == 2:
            continue  # CHECK-ERROR: UnsupportedInKernel: 'continue' statements
        acc += 1.0
    else:  # CHECK-ERROR: UnsupportedInKernel: 'else' clauses on 'for' loops
        acc += 2.0
    k = 0
    while k < n:
        k += 1
    else:  # CHECK-ERROR: UnsupportedInKernel: 'else' clauses on 'while' loops
        k = 0
    for i, j in zip(range(4), range(4)):  # CHECK-ERROR: UnsupportedInKernel: 'for' loop targets other than a single name
        # CHECK-ERROR@-1: UnsupportedInKernel: 'for' loops over anything but range()
        acc += i * j
    for v in (1, 2, 3):  # CHECK-ERROR: UnsupportedInKernel: 'for' loops over anything but range()
        acc += v
    for s in tl.static_range(4):
        acc += s
    tl.store(x_ptr + offs, acc)
