# Characters that cannot start a token: one error per run of them.
price = $5  # CHECK-ERROR: InvalidCharacter: '$'
maybe = x ? y : z  # CHECK-ERROR: InvalidCharacter: '?'
both = a $? b  # CHECK-ERROR: InvalidCharacter: '$'
# CHECK-ERROR@+2: InvalidCharacter: '`'
# CHECK-ERROR@+1: InvalidCharacter: '`'
old = `x`
# CHECK-ERROR@+2: InvalidCharacter: (U+201C)
# CHECK-ERROR@+1: InvalidCharacter: (U+201D)
print(“pasted quotes”)
y = a − b  # CHECK-ERROR: InvalidCharacter: '−' (U+2212)
z = a ! b  # CHECK-ERROR: InvalidCharacter: '!'
ok = a != b

# ---- DUMP ----
# Identifier 'price' 2:1
# Equal '=' 2:7
# Error '$' 2:9
# Integer '5' 2:10
# Newline '\n' 2:49
# Identifier 'maybe' 3:1
# Equal '=' 3:7
# Identifier 'x' 3:9
# Error '?' 3:11
# Identifier 'y' 3:13
# Colon ':' 3:15
# Identifier 'z' 3:17
# Newline '\n' 3:56
# Identifier 'both' 4:1
# Equal '=' 4:6
# Identifier 'a' 4:8
# Error '$?' 4:10
# Identifier 'b' 4:13
# Newline '\n' 4:52
# Identifier 'old' 7:1
# Equal '=' 7:5
# Error '`' 7:7
# Identifier 'x' 7:8
# Error '`' 7:9
# Newline '\n' 7:10
# Identifier 'print' 10:1
# LParen '(' 10:6
# Error '“' 10:7
# Identifier 'pasted' 10:8
# Identifier 'quotes' 10:15
# Error '”' 10:21
# RParen ')' 10:22
# Newline '\n' 10:23
# Identifier 'y' 11:1
# Equal '=' 11:3
# Identifier 'a' 11:5
# Error '−' 11:7
# Identifier 'b' 11:9
# Newline '\n' 11:57
# Identifier 'z' 12:1
# Equal '=' 12:3
# Identifier 'a' 12:5
# Error '!' 12:7
# Identifier 'b' 12:9
# Newline '\n' 12:48
# Identifier 'ok' 13:1
# Equal '=' 13:4
# Identifier 'a' 13:6
# NotEqual '!=' 13:8
# Identifier 'b' 13:11
# Newline '\n' 13:12
# EndOfFile 14:1
