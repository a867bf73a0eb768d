result = some_function(
    a,
        b,  # indentation inside brackets does not matter
  c,
)
grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']),
                     1)
table = {
    'a': [1, 2,
          3],

    'b': (4,),
}
if (a and
        b):
    pass
total = 1 + \
    2 + \
        3
values = [x * y
          for x in range(3)
          if x
          for y in range(2)]

# ---- DUMP ----
# Identifier 'result' 1:1
# Equal '=' 1:8
# Identifier 'some_function' 1:10
# LParen '(' 1:23
# Identifier 'a' 2:5
# Comma ',' 2:6
# Identifier 'b' 3:9
# Comma ',' 3:10
# Identifier 'c' 4:3
# Comma ',' 4:4
# RParen ')' 5:1
# Newline '\n' 5:2
# Identifier 'grid' 6:1
# Equal '=' 6:6
# KwLambda 'lambda' 6:8
# Identifier 'meta' 6:15
# Colon ':' 6:19
# LParen '(' 6:21
# Identifier 'triton' 6:22
# Dot '.' 6:28
# Identifier 'cdiv' 6:29
# LParen '(' 6:33
# Identifier 'n_elements' 6:34
# Comma ',' 6:44
# Identifier 'meta' 6:46
# LBracket '[' 6:50
# String ''BLOCK_SIZE'' 6:51
# RBracket ']' 6:63
# RParen ')' 6:64
# Comma ',' 6:65
# Integer '1' 7:22
# RParen ')' 7:23
# Newline '\n' 7:24
# Identifier 'table' 8:1
# Equal '=' 8:7
# LBrace '{' 8:9
# String ''a'' 9:5
# Colon ':' 9:8
# LBracket '[' 9:10
# Integer '1' 9:11
# Comma ',' 9:12
# Integer '2' 9:14
# Comma ',' 9:15
# Integer '3' 10:11
# RBracket ']' 10:12
# Comma ',' 10:13
# String ''b'' 12:5
# Colon ':' 12:8
# LParen '(' 12:10
# Integer '4' 12:11
# Comma ',' 12:12
# RParen ')' 12:13
# Comma ',' 12:14
# RBrace '}' 13:1
# Newline '\n' 13:2
# KwIf 'if' 14:1
# LParen '(' 14:4
# Identifier 'a' 14:5
# KwAnd 'and' 14:7
# Identifier 'b' 15:9
# RParen ')' 15:10
# Colon ':' 15:11
# Newline '\n' 15:12
# Indent '    ' 16:1
# KwPass 'pass' 16:5
# Newline '\n' 16:9
# Dedent 17:1
# Identifier 'total' 17:1
# Equal '=' 17:7
# Integer '1' 17:9
# Plus '+' 17:11
# Integer '2' 18:5
# Plus '+' 18:7
# Integer '3' 19:9
# Newline '\n' 19:10
# Identifier 'values' 20:1
# Equal '=' 20:8
# LBracket '[' 20:10
# Identifier 'x' 20:11
# Star '*' 20:13
# Identifier 'y' 20:15
# KwFor 'for' 21:11
# Identifier 'x' 21:15
# KwIn 'in' 21:17
# Identifier 'range' 21:20
# LParen '(' 21:25
# Integer '3' 21:26
# RParen ')' 21:27
# KwIf 'if' 22:11
# Identifier 'x' 22:14
# KwFor 'for' 23:11
# Identifier 'y' 23:15
# KwIn 'in' 23:17
# Identifier 'range' 23:20
# LParen '(' 23:25
# Integer '2' 23:26
# RParen ')' 23:27
# RBracket ']' 23:28
# Newline '\n' 23:29
# EndOfFile 24:1
