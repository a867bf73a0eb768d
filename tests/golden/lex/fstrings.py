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

# ---- DUMP ----
# Identifier 'name' 1:1
# Equal '=' 1:6
# String '"world"' 1:8
# Newline '\n' 1:15
# Identifier 'a' 2:1
# Equal '=' 2:3
# FString 'f"hello {name}"' 2:5
# Newline '\n' 2:20
# Identifier 'b' 3:1
# Equal '=' 3:3
# FString 'f"{x['a']}"' 3:5
# Newline '\n' 3:16
# Identifier 'c' 4:1
# Equal '=' 4:3
# FString 'f"{d["k"]}"' 4:5
# Newline '\n' 4:16
# Identifier 'd' 5:1
# Equal '=' 5:3
# FString 'f'{a:{w}.{p}f}'' 5:5
# Newline '\n' 5:20
# Identifier 'e' 6:1
# Equal '=' 6:3
# FString 'f"{f"{f"{1 + 1}"}"}"' 6:5
# Newline '\n' 6:25
# Identifier 'g' 7:1
# Equal '=' 7:3
# FString 'f'{x!r:>{width}} {y=} {z:=5} {{literal}}'' 7:5
# Newline '\n' 7:46
# Identifier 'h' 8:1
# Equal '=' 8:3
# FString 'f'{ {"a": 1}["a"] } {(lambda v: v)(1)} {x if y else "}"}'' 8:5
# Newline '\n' 8:62
# Identifier 'i' 9:1
# Equal '=' 9:3
# FString 'rf'\{x}\d'' 9:5
# Plus '+' 9:16
# FString 'fr"{y}\n"' 9:18
# Plus '+' 9:28
# FString 'F'{z}'' 9:30
# Newline '\n' 9:36
# Identifier 'j' 10:1
# Equal '=' 10:3
# FString 'f'\N{BULLET} {x}'' 10:5
# Newline '\n' 10:22
# Identifier 'k' 11:1
# Equal '=' 11:3
# FString 'f"""multi\nline {\n    value  # a comment inside a replacement field\n} done"""' 11:5
# Newline '\n' 14:10
# Identifier 'm' 15:1
# Equal '=' 15:3
# FString 'f'{rb"x" + b"}"}'' 15:5
# Newline '\n' 15:22
# Identifier 'print' 16:1
# LParen '(' 16:6
# FString 'f"{pid=} {offs[0]:.3f} {'done'}"' 16:7
# RParen ')' 16:39
# Newline '\n' 16:40
# EndOfFile 17:1
