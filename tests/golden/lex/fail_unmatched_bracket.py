x = 1)  # CHECK-ERROR: UnmatchedBracket: unmatched ')'
y = [1, 2]]  # CHECK-ERROR: UnmatchedBracket: unmatched ']'
}  # CHECK-ERROR: UnmatchedBracket: unmatched '}'
z = 3

# ---- DUMP ----
# Identifier 'x' 1:1
# Equal '=' 1:3
# Integer '1' 1:5
# RParen ')' 1:6
# Newline '\n' 1:55
# Identifier 'y' 2:1
# Equal '=' 2:3
# LBracket '[' 2:5
# Integer '1' 2:6
# Comma ',' 2:7
# Integer '2' 2:9
# RBracket ']' 2:10
# RBracket ']' 2:11
# Newline '\n' 2:60
# RBrace '}' 3:1
# Newline '\n' 3:50
# Identifier 'z' 4:1
# Equal '=' 4:3
# Integer '3' 4:5
# Newline '\n' 4:6
# EndOfFile 5:1
