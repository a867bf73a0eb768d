# A single-quoted string ends at the end of its line; lexing goes on with the next line.
a = 'no end  # CHECK-ERROR: UnterminatedString
b = "no end either  # CHECK-ERROR: UnterminatedString
c = f"{x"  # CHECK-ERROR: UnterminatedString
d = rb'\'  # CHECK-ERROR: UnterminatedString
e = f'{value  # CHECK-ERROR: UnterminatedString
fine = 'this one is closed'

# ---- DUMP ----
# Identifier 'a' 2:1
# Equal '=' 2:3
# Error ''no end  # CHECK-ERROR: UnterminatedString' 2:5
# Newline '\n' 2:47
# Identifier 'b' 3:1
# Equal '=' 3:3
# Error '"no end either  # CHECK-ERROR: UnterminatedString' 3:5
# Newline '\n' 3:54
# Identifier 'c' 4:1
# Equal '=' 4:3
# Error 'f"{x"  # CHECK-ERROR: UnterminatedString' 4:5
# Newline '\n' 4:45
# Identifier 'd' 5:1
# Equal '=' 5:3
# Error 'rb'\'  # CHECK-ERROR: UnterminatedString' 5:5
# Newline '\n' 5:45
# Identifier 'e' 6:1
# Equal '=' 6:3
# Error 'f'{value  # CHECK-ERROR: UnterminatedString' 6:5
# Newline '\n' 6:48
# Identifier 'fine' 7:1
# Equal '=' 7:6
# String ''this one is closed'' 7:8
# Newline '\n' 7:28
# EndOfFile 8:1
