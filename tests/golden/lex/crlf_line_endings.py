import triton


def f(x):
    if x:
        return 1
    return (x +
            2)

# ---- DUMP ----
# KwImport 'import' 1:1
# Identifier 'triton' 1:8
# Newline '\r\n' 1:14
# KwDef 'def' 4:1
# Identifier 'f' 4:5
# LParen '(' 4:6
# Identifier 'x' 4:7
# RParen ')' 4:8
# Colon ':' 4:9
# Newline '\r\n' 4:10
# Indent '    ' 5:1
# KwIf 'if' 5:5
# Identifier 'x' 5:8
# Colon ':' 5:9
# Newline '\r\n' 5:10
# Indent '        ' 6:1
# KwReturn 'return' 6:9
# Integer '1' 6:16
# Newline '\r\n' 6:17
# Dedent 7:5
# KwReturn 'return' 7:5
# LParen '(' 7:12
# Identifier 'x' 7:13
# Plus '+' 7:15
# Integer '2' 8:13
# RParen ')' 8:14
# Newline '\r\n' 8:15
# Dedent 9:1
# EndOfFile 9:1
