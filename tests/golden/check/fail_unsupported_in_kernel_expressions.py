# UnsupportedInKernel: expressions Triton 3.6 cannot compile — lambdas, dict and set displays,
# generator expressions, comprehensions beyond one `for` over a tuple, chained comparisons,
# membership tests, `@`, `**` unpacking and `:=`.
import triton
import triton.language as tl


@triton.jit
def combine(a, b):
    return a + b


@triton.jit
def expressions_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    square = lambda v: v * v  # CHECK-ERROR: UnsupportedInKernel: lambda expressions
    table = {"a": 1}  # CHECK-ERROR: UnsupportedInKernel: dict literals
    seen = {1, 2}  # CHECK-ERROR: UnsupportedInKernel: set literals
    inverse = {v: k for k, v in table}  # CHECK-ERROR: UnsupportedInKernel: dict comprehensions
    unique = {v for v in seen}  # CHECK-ERROR: UnsupportedInKernel: set comprehensions
    total = sum(v for v in (1, 2))  # CHECK-ERROR: UnsupportedInKernel: generator expressions
    pairs = [a * b for a in (1, 2) for b in (3, 4)]  # CHECK-ERROR: UnsupportedInKernel: list comprehensions with more than one 'for'
    odd = [a for a in (1, 2, 3) if a % 2]  # CHECK-ERROR: UnsupportedInKernel: 'if' clauses in list comprehensions
    scaled = [a * 2 for a in (1, 2)]
    counted = [a for a in range(4)]  # CHECK-ERROR: UnsupportedInKernel: list comprehensions over anything but a tuple
    halves = [h * 2 for h in tl.split(tl.join(x, x))]
    if 0 < n < 10:  # CHECK-ERROR: UnsupportedInKernel: chained comparisons
        x += 1
    if n in (1, 2):  # CHECK-ERROR: UnsupportedInKernel: 'in' comparisons
        x += 2
    if n not in (3, 4):  # CHECK-ERROR: UnsupportedInKernel: 'not in' comparisons
        x += 3
    prod = x[:, None] @ x[None, :]  # CHECK-ERROR: UnsupportedInKernel: '@' matrix products (use tl.dot)
    opts = dict(axis=0)
    s = tl.sum(x, **opts)  # CHECK-ERROR: UnsupportedInKernel: calls with '**' keyword unpacking
    y = tl.reduce(x, 0, combine) + (m := tl.max(x, axis=0)) + m  # CHECK-ERROR: UnsupportedInKernel: assignment expressions (:=)
    tl.store(y_ptr + offs, y + s + square(x) + total + scaled[0] + counted[0] + halves[0] + pairs[0] + odd[0] + tl.sum(prod, axis=0))
