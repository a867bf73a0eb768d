name = "world"
a = f"hello {name}"
b = f"{x['a']}"
c = f"{d["k"]}"
d = f'{a:{w}.{p}f}'
e = f"{f"{f"{1 + 1}"}"}"
g = f'{x!r:>{width}} {y=} {z:=5} {{literal}}'
h = f'{ {"a": 1}["a"] } {(lambda v: v)(1)} {x if y else "}"}'
i = rf'\{x}\d' + fr"{y}\n" + F'{z}'
j = f'\N{BULLET} {x}'
k = f"""multi
line {
    value  # a comment inside a replacement field
} done"""
m = f'{rb"x" + b"}"}'
print(f"{pid=} {offs[0]:.3f} {'done'}")
