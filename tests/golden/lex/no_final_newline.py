import triton

x = 1
if x:
    y = 2
# ---- DUMP ----
# KwImport 'import' 1:1
# Identifier 'triton' 1:8
# Newline '\n' 1:14
# Identifier 'x' 3:1
# Equal '=' 3:3
# Integer '1' 3:5
# Newline '\n' 3:6
# KwIf 'if' 4:1
# Identifier 'x' 4:4
# Colon ':' 4:5
# Newline '\n' 4:6
# Indent '    ' 5:1
# Identifier 'y' 5:5
# Equal '=' 5:7
# Integer '2' 5:9
# Newline 5:10
# Dedent 5:10
# EndOfFile 5:10
