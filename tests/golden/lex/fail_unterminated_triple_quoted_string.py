def f():
    """A docstring that is closed."""
    return 1


# CHECK-ERROR@+1: UnterminatedTripleQuotedString
DOC = """This string never ends,
so everything after it is part of it:

def g():
    return 2

# ---- DUMP ----
# KwDef 'def' 1:1
# Identifier 'f' 1:5
# LParen '(' 1:6
# RParen ')' 1:7
# Colon ':' 1:8
# Newline '\n' 1:9
# Indent '    ' 2:1
# String '"""A docstring that is closed."""' 2:5
# Newline '\n' 2:38
# KwReturn 'return' 3:5
# Integer '1' 3:12
# Newline '\n' 3:13
# Dedent 7:1
# Identifier 'DOC' 7:1
# Equal '=' 7:5
# Error '"""This string never ends,\nso everything after it is part of it:\n\ndef g():\n    return 2\n' 7:7
# Newline 12:1
# EndOfFile 12:1
