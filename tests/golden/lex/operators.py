a = b + c - d * e / f // g % h ** i @ j
a += 1; a -= 1; a *= 2; a /= 2; a //= 2; a %= 3; a **= 2; a @= m
a &= 1; a |= 2; a ^= 3; a <<= 1; a >>= 1
t = (a & b) | (c ^ d) | ~e | (f << 2) | (g >> 1)
c = a < b <= c > d >= e == f != g
def f(x: int = 1, *args, **kwargs) -> None: ...
y = x[:, None] if (n := len(x)) else x[::2]
@decorator
def g(): pass
