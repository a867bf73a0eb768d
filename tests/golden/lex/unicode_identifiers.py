café = 1
π = 3.14159
变量 = café + π
größe = 2
Ωmega_µ = 3
x·y = 4
print(f"{café} {变量}", "ünïcödé string")

# ---- DUMP ----
# Identifier 'café' 1:1
# Equal '=' 1:6
# Integer '1' 1:8
# Newline '\n' 1:9
# Identifier 'π' 2:1
# Equal '=' 2:3
# Float '3.14159' 2:5
# Newline '\n' 2:12
# Identifier '变量' 3:1
# Equal '=' 3:4
# Identifier 'café' 3:6
# Plus '+' 3:11
# Identifier 'π' 3:13
# Newline '\n' 3:14
# Identifier 'größe' 4:1
# Equal '=' 4:7
# Integer '2' 4:9
# Newline '\n' 4:10
# Identifier 'Ωmega_µ' 5:1
# Equal '=' 5:9
# Integer '3' 5:11
# Newline '\n' 5:12
# Identifier 'x·y' 6:1
# Equal '=' 6:5
# Integer '4' 6:7
# Newline '\n' 6:8
# Identifier 'print' 7:1
# LParen '(' 7:6
# FString 'f"{café} {变量}"' 7:7
# Comma ',' 7:21
# String '"ünïcödé string"' 7:23
# RParen ')' 7:39
# Newline '\n' 7:40
# EndOfFile 8:1
