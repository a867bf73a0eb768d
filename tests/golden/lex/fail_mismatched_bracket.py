x = foo(1, 2]  # CHECK-ERROR: MismatchedBracket: closing ']' does not match opening '('
y = [a,
     b)  # CHECK-ERROR: MismatchedBracket: does not match opening '[' on line 2
z = {'k': (1, 2}  # CHECK-ERROR: MismatchedBracket: closing '}' does not match opening '('
after = 3

# ---- DUMP ----
# Identifier 'x' 1:1
# Equal '=' 1:3
# Identifier 'foo' 1:5
# LParen '(' 1:8
# Integer '1' 1:9
# Comma ',' 1:10
# Integer '2' 1:12
# RBracket ']' 1:13
# Newline '\n' 1:88
# Identifier 'y' 2:1
# Equal '=' 2:3
# LBracket '[' 2:5
# Identifier 'a' 2:6
# Comma ',' 2:7
# Identifier 'b' 3:6
# RParen ')' 3:7
# Newline '\n' 3:80
# Identifier 'z' 4:1
# Equal '=' 4:3
# LBrace '{' 4:5
# String ''k'' 4:6
# Colon ':' 4:9
# LParen '(' 4:11
# Integer '1' 4:12
# Comma ',' 4:13
# Integer '2' 4:15
# RBrace '}' 4:16
# Newline '\n' 4:91
# Identifier 'after' 5:1
# Equal '=' 5:7
# Integer '3' 5:9
# Newline '\n' 5:10
# EndOfFile 6:1
