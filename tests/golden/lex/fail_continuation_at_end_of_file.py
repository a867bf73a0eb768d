# The last line ends in a line continuation, and nothing follows.
# CHECK-ERROR@+1: ContinuationAtEndOfFile
x = 1 + \

# ---- DUMP ----
# Identifier 'x' 3:1
# Equal '=' 3:3
# Integer '1' 3:5
# Plus '+' 3:7
# Newline 4:1
# EndOfFile 4:1
