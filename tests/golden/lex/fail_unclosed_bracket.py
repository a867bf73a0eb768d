def f(x):
    y = g(x,  # CHECK-ERROR: UnclosedBracket: '(' was never closed
    return y


def h(x):
    y = g(x,  # CHECK-ERROR: UnclosedBracket: '(' was never closed
    if y:
        return 1
    return [v
            for v in y
            if v]


z = [1, 2,  # CHECK-ERROR: UnclosedBracket: '[' was never closed
     # CHECK-ERROR@+1: UnclosedBracket: '{' was never closed
     {3: (4,  # CHECK-ERROR: UnclosedBracket: '(' was never closed

# ---- DUMP ----
# KwDef 'def' 1:1
# Identifier 'f' 1:5
# LParen '(' 1:6
# Identifier 'x' 1:7
# RParen ')' 1:8
# Colon ':' 1:9
# Newline '\n' 1:10
# Indent '    ' 2:1
# Identifier 'y' 2:5
# Equal '=' 2:7
# Identifier 'g' 2:9
# LParen '(' 2:10
# Identifier 'x' 2:11
# Comma ',' 2:12
# Newline 3:1
# KwReturn 'return' 3:5
# Identifier 'y' 3:12
# Newline '\n' 3:13
# Dedent 6:1
# KwDef 'def' 6:1
# Identifier 'h' 6:5
# LParen '(' 6:6
# Identifier 'x' 6:7
# RParen ')' 6:8
# Colon ':' 6:9
# Newline '\n' 6:10
# Indent '    ' 7:1
# Identifier 'y' 7:5
# Equal '=' 7:7
# Identifier 'g' 7:9
# LParen '(' 7:10
# Identifier 'x' 7:11
# Comma ',' 7:12
# Newline 8:1
# KwIf 'if' 8:5
# Identifier 'y' 8:8
# Colon ':' 8:9
# Newline '\n' 8:10
# Indent '        ' 9:1
# KwReturn 'return' 9:9
# Integer '1' 9:16
# Newline '\n' 9:17
# Dedent 10:5
# KwReturn 'return' 10:5
# LBracket '[' 10:12
# Identifier 'v' 10:13
# KwFor 'for' 11:13
# Identifier 'v' 11:17
# KwIn 'in' 11:19
# Identifier 'y' 11:22
# KwIf 'if' 12:13
# Identifier 'v' 12:16
# RBracket ']' 12:17
# Newline '\n' 12:18
# Dedent 15:1
# Identifier 'z' 15:1
# Equal '=' 15:3
# LBracket '[' 15:5
# Integer '1' 15:6
# Comma ',' 15:7
# Integer '2' 15:9
# Comma ',' 15:10
# LBrace '{' 17:6
# Integer '3' 17:7
# Colon ':' 17:8
# LParen '(' 17:10
# Integer '4' 17:11
# Comma ',' 17:12
# Newline 18:1
# EndOfFile 18:1
