import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid < n:
        for i in range(4):
            if i == 0:
                x = tl.load(x_ptr + i)
            elif i == 1:
                pass
            else:
                continue

        # a comment at the block's indentation
  # a comment at an odd column
    return


def helper(a):
    while a:
        a -= 1
    return a
x = 1
if x: y = 2

# ---- DUMP ----
# KwImport 'import' 1:1
# Identifier 'triton' 1:8
# Newline '\n' 1:14
# KwImport 'import' 2:1
# Identifier 'triton' 2:8
# Dot '.' 2:14
# Identifier 'language' 2:15
# KwAs 'as' 2:24
# Identifier 'tl' 2:27
# Newline '\n' 2:29
# At '@' 5:1
# Identifier 'triton' 5:2
# Dot '.' 5:8
# Identifier 'jit' 5:9
# Newline '\n' 5:12
# KwDef 'def' 6:1
# Identifier 'kernel' 6:5
# LParen '(' 6:11
# Identifier 'x_ptr' 6:12
# Comma ',' 6:17
# Identifier 'n' 6:19
# Comma ',' 6:20
# Identifier 'BLOCK' 6:22
# Colon ':' 6:27
# Identifier 'tl' 6:29
# Dot '.' 6:31
# Identifier 'constexpr' 6:32
# RParen ')' 6:41
# Colon ':' 6:42
# Newline '\n' 6:43
# Indent '    ' 7:1
# Identifier 'pid' 7:5
# Equal '=' 7:9
# Identifier 'tl' 7:11
# Dot '.' 7:13
# Identifier 'program_id' 7:14
# LParen '(' 7:24
# Integer '0' 7:25
# RParen ')' 7:26
# Newline '\n' 7:27
# KwIf 'if' 8:5
# Identifier 'pid' 8:8
# Less '<' 8:12
# Identifier 'n' 8:14
# Colon ':' 8:15
# Newline '\n' 8:16
# Indent '        ' 9:1
# KwFor 'for' 9:9
# Identifier 'i' 9:13
# KwIn 'in' 9:15
# Identifier 'range' 9:18
# LParen '(' 9:23
# Integer '4' 9:24
# RParen ')' 9:25
# Colon ':' 9:26
# Newline '\n' 9:27
# Indent '            ' 10:1
# KwIf 'if' 10:13
# Identifier 'i' 10:16
# EqEqual '==' 10:18
# Integer '0' 10:21
# Colon ':' 10:22
# Newline '\n' 10:23
# Indent '                ' 11:1
# Identifier 'x' 11:17
# Equal '=' 11:19
# Identifier 'tl' 11:21
# Dot '.' 11:23
# Identifier 'load' 11:24
# LParen '(' 11:28
# Identifier 'x_ptr' 11:29
# Plus '+' 11:35
# Identifier 'i' 11:37
# RParen ')' 11:38
# Newline '\n' 11:39
# Dedent 12:13
# KwElif 'elif' 12:13
# Identifier 'i' 12:18
# EqEqual '==' 12:20
# Integer '1' 12:23
# Colon ':' 12:24
# Newline '\n' 12:25
# Indent '                ' 13:1
# KwPass 'pass' 13:17
# Newline '\n' 13:21
# Dedent 14:13
# KwElse 'else' 14:13
# Colon ':' 14:17
# Newline '\n' 14:18
# Indent '                ' 15:1
# KwContinue 'continue' 15:17
# Newline '\n' 15:25
# Dedent 19:5
# Dedent 19:5
# Dedent 19:5
# KwReturn 'return' 19:5
# Newline '\n' 19:11
# Dedent 22:1
# KwDef 'def' 22:1
# Identifier 'helper' 22:5
# LParen '(' 22:11
# Identifier 'a' 22:12
# RParen ')' 22:13
# Colon ':' 22:14
# Newline '\n' 22:15
# Indent '    ' 23:1
# KwWhile 'while' 23:5
# Identifier 'a' 23:11
# Colon ':' 23:12
# Newline '\n' 23:13
# Indent '        ' 24:1
# Identifier 'a' 24:9
# MinusEqual '-=' 24:11
# Integer '1' 24:14
# Newline '\n' 24:15
# Dedent 25:5
# KwReturn 'return' 25:5
# Identifier 'a' 25:12
# Newline '\n' 25:13
# Dedent 26:1
# Identifier 'x' 26:1
# Equal '=' 26:3
# Integer '1' 26:5
# Newline '\n' 26:6
# KwIf 'if' 27:1
# Identifier 'x' 27:4
# Colon ':' 27:5
# Identifier 'y' 27:7
# Equal '=' 27:9
# Integer '2' 27:11
# Newline '\n' 27:12
# EndOfFile 28:1
