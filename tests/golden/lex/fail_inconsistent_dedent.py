def f(x):
    if x:
        y = 1
      z = 2  # CHECK-ERROR: InconsistentDedent
      w = 3
    return z


def g():
    return 1
  # a comment at an odd column is fine
 h = 2  # CHECK-ERROR: InconsistentDedent

# ---- DUMP ----
# KwDef 'def' 1:1
# Identifier 'f' 1:5
# LParen '(' 1:6
# Identifier 'x' 1:7
# RParen ')' 1:8
# Colon ':' 1:9
# Newline '\n' 1:10
# Indent '    ' 2:1
# KwIf 'if' 2:5
# Identifier 'x' 2:8
# Colon ':' 2:9
# Newline '\n' 2:10
# Indent '        ' 3:1
# Identifier 'y' 3:9
# Equal '=' 3:11
# Integer '1' 3:13
# Newline '\n' 3:14
# Dedent 4:7
# Identifier 'z' 4:7
# Equal '=' 4:9
# Integer '2' 4:11
# Newline '\n' 4:47
# Identifier 'w' 5:7
# Equal '=' 5:9
# Integer '3' 5:11
# Newline '\n' 5:12
# KwReturn 'return' 6:5
# Identifier 'z' 6:12
# Newline '\n' 6:13
# Dedent 9:1
# KwDef 'def' 9:1
# Identifier 'g' 9:5
# LParen '(' 9:6
# RParen ')' 9:7
# Colon ':' 9:8
# Newline '\n' 9:9
# Indent '    ' 10:1
# KwReturn 'return' 10:5
# Integer '1' 10:12
# Newline '\n' 10:13
# Dedent 12:2
# Identifier 'h' 12:2
# Equal '=' 12:4
# Integer '2' 12:6
# Newline '\n' 12:42
# EndOfFile 13:1
