def f(x):
	if x:
		return 1
	else:
		y = [1,
		     2]
		return y


class A:
	def g(self):
		pass

# ---- DUMP ----
# KwDef 'def' 1:1
# Identifier 'f' 1:5
# LParen '(' 1:6
# Identifier 'x' 1:7
# RParen ')' 1:8
# Colon ':' 1:9
# Newline '\n' 1:10
# Indent '\t' 2:1
# KwIf 'if' 2:2
# Identifier 'x' 2:5
# Colon ':' 2:6
# Newline '\n' 2:7
# Indent '\t\t' 3:1
# KwReturn 'return' 3:3
# Integer '1' 3:10
# Newline '\n' 3:11
# Dedent 4:2
# KwElse 'else' 4:2
# Colon ':' 4:6
# Newline '\n' 4:7
# Indent '\t\t' 5:1
# Identifier 'y' 5:3
# Equal '=' 5:5
# LBracket '[' 5:7
# Integer '1' 5:8
# Comma ',' 5:9
# Integer '2' 6:8
# RBracket ']' 6:9
# Newline '\n' 6:10
# KwReturn 'return' 7:3
# Identifier 'y' 7:10
# Newline '\n' 7:11
# Dedent 10:1
# Dedent 10:1
# KwClass 'class' 10:1
# Identifier 'A' 10:7
# Colon ':' 10:8
# Newline '\n' 10:9
# Indent '\t' 11:1
# KwDef 'def' 11:2
# Identifier 'g' 11:6
# LParen '(' 11:7
# Identifier 'self' 11:8
# RParen ')' 11:12
# Colon ':' 11:13
# Newline '\n' 11:14
# Indent '\t\t' 12:1
# KwPass 'pass' 12:3
# Newline '\n' 12:7
# Dedent 13:1
# Dedent 13:1
# EndOfFile 13:1
