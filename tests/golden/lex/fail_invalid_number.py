a = 0x  # CHECK-ERROR: InvalidNumber: '0x'
b = 07  # CHECK-ERROR: InvalidNumber: '07'
c = 1__000  # CHECK-ERROR: InvalidNumber: '1__000'
d = 1_  # CHECK-ERROR: InvalidNumber
e = 0b102  # CHECK-ERROR: InvalidNumber: '0b102'
f = 1e+  # CHECK-ERROR: InvalidNumber
g = 12abc  # CHECK-ERROR: InvalidNumber: '12abc'
h = 0o8  # CHECK-ERROR: InvalidNumber: '0o8'
i = 1.real  # CHECK-ERROR: InvalidNumber: '1.real'
j = 0x1j  # CHECK-ERROR: InvalidNumber
fine = 0_0 + 09.5 + 1if a else 2

# ---- DUMP ----
# Identifier 'a' 1:1
# Equal '=' 1:3
# Error '0x' 1:5
# Newline '\n' 1:43
# Identifier 'b' 2:1
# Equal '=' 2:3
# Error '07' 2:5
# Newline '\n' 2:43
# Identifier 'c' 3:1
# Equal '=' 3:3
# Error '1__000' 3:5
# Newline '\n' 3:51
# Identifier 'd' 4:1
# Equal '=' 4:3
# Error '1_' 4:5
# Newline '\n' 4:37
# Identifier 'e' 5:1
# Equal '=' 5:3
# Error '0b102' 5:5
# Newline '\n' 5:49
# Identifier 'f' 6:1
# Equal '=' 6:3
# Error '1e+' 6:5
# Newline '\n' 6:38
# Identifier 'g' 7:1
# Equal '=' 7:3
# Error '12abc' 7:5
# Newline '\n' 7:49
# Identifier 'h' 8:1
# Equal '=' 8:3
# Error '0o8' 8:5
# Newline '\n' 8:45
# Identifier 'i' 9:1
# Equal '=' 9:3
# Error '1.real' 9:5
# Newline '\n' 9:51
# Identifier 'j' 10:1
# Equal '=' 10:3
# Error '0x1j' 10:5
# Newline '\n' 10:39
# Identifier 'fine' 11:1
# Equal '=' 11:6
# Integer '0_0' 11:8
# Plus '+' 11:12
# Float '09.5' 11:14
# Plus '+' 11:19
# Integer '1' 11:21
# KwIf 'if' 11:22
# Identifier 'a' 11:25
# KwElse 'else' 11:27
# Integer '2' 11:32
# Newline '\n' 11:33
# EndOfFile 12:1
