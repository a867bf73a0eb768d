def f(x):
        y = 1  # eight spaces
	z = 2  # CHECK-ERROR: InconsistentTabs


def g(x):
    if x:  # four spaces
	return 1  # CHECK-ERROR: InconsistentTabs
    return 0

# ---- DUMP ----
# KwDef 'def' 1:1
# Identifier 'f' 1:5
# LParen '(' 1:6
# Identifier 'x' 1:7
# RParen ')' 1:8
# Colon ':' 1:9
# Newline '\n' 1:10
# Indent '        ' 2:1
# Identifier 'y' 2:9
# Equal '=' 2:11
# Integer '1' 2:13
# Newline '\n' 2:30
# Identifier 'z' 3:2
# Equal '=' 3:4
# Integer '2' 3:6
# Newline '\n' 3:40
# Dedent 6:1
# KwDef 'def' 6:1
# Identifier 'g' 6:5
# LParen '(' 6:6
# Identifier 'x' 6:7
# RParen ')' 6:8
# Colon ':' 6:9
# Newline '\n' 6:10
# Indent '    ' 7:1
# KwIf 'if' 7:5
# Identifier 'x' 7:8
# Colon ':' 7:9
# Newline '\n' 7:25
# Indent '\t' 8:1
# KwReturn 'return' 8:2
# Integer '1' 8:9
# Newline '\n' 8:43
# Dedent 9:5
# KwReturn 'return' 9:5
# Integer '0' 9:12
# Newline '\n' 9:13
# Dedent 10:1
# EndOfFile 10:1
