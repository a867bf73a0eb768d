x = 1 + \ 2  # CHECK-ERROR: StrayBackslash
y = 3 \  # CHECK-ERROR: StrayBackslash
z = a \\
    + b  # the last backslash of a run still continues the line
# CHECK-ERROR@-2: StrayBackslash

# ---- DUMP ----
# Identifier 'x' 1:1
# Equal '=' 1:3
# Integer '1' 1:5
# Plus '+' 1:7
# Integer '2' 1:11
# Newline '\n' 1:43
# Identifier 'y' 2:1
# Equal '=' 2:3
# Integer '3' 2:5
# Newline '\n' 2:39
# Identifier 'z' 3:1
# Equal '=' 3:3
# Identifier 'a' 3:5
# Plus '+' 4:5
# Identifier 'b' 4:7
# Newline '\n' 4:64
# EndOfFile 6:1
