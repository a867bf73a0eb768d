import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def add_kernel(x_ptr,  # *Pointer* to first input vector.
               y_ptr,  # *Pointer* to second input vector.
               output_ptr,  # *Pointer* to output vector.
               n_elements,  # Size of the vector.
               BLOCK_SIZE: tl.constexpr,  # Number of elements each program should process.
               ):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor):
    output = torch.empty_like(x)
    assert x.device == DEVICE and y.device == DEVICE and output.device == DEVICE
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=1024)
    return output


if __name__ == "__main__":
    torch.manual_seed(0)
    size = 98432
    x = torch.rand(size, device=DEVICE)
    y = torch.rand(size, device=DEVICE)
    print(f'The maximum difference between torch and triton is '
          f'{torch.max(torch.abs(x + y - add(x, y)))}')

# ---- DUMP ----
# KwImport 'import' 1:1
# Identifier 'torch' 1:8
# Newline '\n' 1:13
# KwImport 'import' 3:1
# Identifier 'triton' 3:8
# Newline '\n' 3:14
# KwImport 'import' 4:1
# Identifier 'triton' 4:8
# Dot '.' 4:14
# Identifier 'language' 4:15
# KwAs 'as' 4:24
# Identifier 'tl' 4:27
# Newline '\n' 4:29
# Identifier 'DEVICE' 6:1
# Equal '=' 6:8
# Identifier 'triton' 6:10
# Dot '.' 6:16
# Identifier 'runtime' 6:17
# Dot '.' 6:24
# Identifier 'driver' 6:25
# Dot '.' 6:31
# Identifier 'active' 6:32
# Dot '.' 6:38
# Identifier 'get_active_torch_device' 6:39
# LParen '(' 6:62
# RParen ')' 6:63
# Newline '\n' 6:64
# At '@' 9:1
# Identifier 'triton' 9:2
# Dot '.' 9:8
# Identifier 'jit' 9:9
# Newline '\n' 9:12
# KwDef 'def' 10:1
# Identifier 'add_kernel' 10:5
# LParen '(' 10:15
# Identifier 'x_ptr' 10:16
# Comma ',' 10:21
# Identifier 'y_ptr' 11:16
# Comma ',' 11:21
# Identifier 'output_ptr' 12:16
# Comma ',' 12:26
# Identifier 'n_elements' 13:16
# Comma ',' 13:26
# Identifier 'BLOCK_SIZE' 14:16
# Colon ':' 14:26
# Identifier 'tl' 14:28
# Dot '.' 14:30
# Identifier 'constexpr' 14:31
# Comma ',' 14:40
# RParen ')' 15:16
# Colon ':' 15:17
# Newline '\n' 15:18
# Indent '    ' 16:1
# Identifier 'pid' 16:5
# Equal '=' 16:9
# Identifier 'tl' 16:11
# Dot '.' 16:13
# Identifier 'program_id' 16:14
# LParen '(' 16:24
# Identifier 'axis' 16:25
# Equal '=' 16:29
# Integer '0' 16:30
# RParen ')' 16:31
# Newline '\n' 16:32
# Identifier 'block_start' 17:5
# Equal '=' 17:17
# Identifier 'pid' 17:19
# Star '*' 17:23
# Identifier 'BLOCK_SIZE' 17:25
# Newline '\n' 17:35
# Identifier 'offsets' 18:5
# Equal '=' 18:13
# Identifier 'block_start' 18:15
# Plus '+' 18:27
# Identifier 'tl' 18:29
# Dot '.' 18:31
# Identifier 'arange' 18:32
# LParen '(' 18:38
# Integer '0' 18:39
# Comma ',' 18:40
# Identifier 'BLOCK_SIZE' 18:42
# RParen ')' 18:52
# Newline '\n' 18:53
# Identifier 'mask' 19:5
# Equal '=' 19:10
# Identifier 'offsets' 19:12
# Less '<' 19:20
# Identifier 'n_elements' 19:22
# Newline '\n' 19:32
# Identifier 'x' 20:5
# Equal '=' 20:7
# Identifier 'tl' 20:9
# Dot '.' 20:11
# Identifier 'load' 20:12
# LParen '(' 20:16
# Identifier 'x_ptr' 20:17
# Plus '+' 20:23
# Identifier 'offsets' 20:25
# Comma ',' 20:32
# Identifier 'mask' 20:34
# Equal '=' 20:38
# Identifier 'mask' 20:39
# RParen ')' 20:43
# Newline '\n' 20:44
# Identifier 'y' 21:5
# Equal '=' 21:7
# Identifier 'tl' 21:9
# Dot '.' 21:11
# Identifier 'load' 21:12
# LParen '(' 21:16
# Identifier 'y_ptr' 21:17
# Plus '+' 21:23
# Identifier 'offsets' 21:25
# Comma ',' 21:32
# Identifier 'mask' 21:34
# Equal '=' 21:38
# Identifier 'mask' 21:39
# RParen ')' 21:43
# Newline '\n' 21:44
# Identifier 'output' 22:5
# Equal '=' 22:12
# Identifier 'x' 22:14
# Plus '+' 22:16
# Identifier 'y' 22:18
# Newline '\n' 22:19
# Identifier 'tl' 23:5
# Dot '.' 23:7
# Identifier 'store' 23:8
# LParen '(' 23:13
# Identifier 'output_ptr' 23:14
# Plus '+' 23:25
# Identifier 'offsets' 23:27
# Comma ',' 23:34
# Identifier 'output' 23:36
# Comma ',' 23:42
# Identifier 'mask' 23:44
# Equal '=' 23:48
# Identifier 'mask' 23:49
# RParen ')' 23:53
# Newline '\n' 23:54
# Dedent 26:1
# KwDef 'def' 26:1
# Identifier 'add' 26:5
# LParen '(' 26:8
# Identifier 'x' 26:9
# Colon ':' 26:10
# Identifier 'torch' 26:12
# Dot '.' 26:17
# Identifier 'Tensor' 26:18
# Comma ',' 26:24
# Identifier 'y' 26:26
# Colon ':' 26:27
# Identifier 'torch' 26:29
# Dot '.' 26:34
# Identifier 'Tensor' 26:35
# RParen ')' 26:41
# Colon ':' 26:42
# Newline '\n' 26:43
# Indent '    ' 27:1
# Identifier 'output' 27:5
# Equal '=' 27:12
# Identifier 'torch' 27:14
# Dot '.' 27:19
# Identifier 'empty_like' 27:20
# LParen '(' 27:30
# Identifier 'x' 27:31
# RParen ')' 27:32
# Newline '\n' 27:33
# KwAssert 'assert' 28:5
# Identifier 'x' 28:12
# Dot '.' 28:13
# Identifier 'device' 28:14
# EqEqual '==' 28:21
# Identifier 'DEVICE' 28:24
# KwAnd 'and' 28:31
# Identifier 'y' 28:35
# Dot '.' 28:36
# Identifier 'device' 28:37
# EqEqual '==' 28:44
# Identifier 'DEVICE' 28:47
# KwAnd 'and' 28:54
# Identifier 'output' 28:58
# Dot '.' 28:64
# Identifier 'device' 28:65
# EqEqual '==' 28:72
# Identifier 'DEVICE' 28:75
# Newline '\n' 28:81
# Identifier 'n_elements' 29:5
# Equal '=' 29:16
# Identifier 'output' 29:18
# Dot '.' 29:24
# Identifier 'numel' 29:25
# LParen '(' 29:30
# RParen ')' 29:31
# Newline '\n' 29:32
# Identifier 'grid' 30:5
# Equal '=' 30:10
# KwLambda 'lambda' 30:12
# Identifier 'meta' 30:19
# Colon ':' 30:23
# LParen '(' 30:25
# Identifier 'triton' 30:26
# Dot '.' 30:32
# Identifier 'cdiv' 30:33
# LParen '(' 30:37
# Identifier 'n_elements' 30:38
# Comma ',' 30:48
# Identifier 'meta' 30:50
# LBracket '[' 30:54
# String ''BLOCK_SIZE'' 30:55
# RBracket ']' 30:67
# RParen ')' 30:68
# Comma ',' 30:69
# RParen ')' 30:71
# Newline '\n' 30:72
# Identifier 'add_kernel' 31:5
# LBracket '[' 31:15
# Identifier 'grid' 31:16
# RBracket ']' 31:20
# LParen '(' 31:21
# Identifier 'x' 31:22
# Comma ',' 31:23
# Identifier 'y' 31:25
# Comma ',' 31:26
# Identifier 'output' 31:28
# Comma ',' 31:34
# Identifier 'n_elements' 31:36
# Comma ',' 31:46
# Identifier 'BLOCK_SIZE' 31:48
# Equal '=' 31:58
# Integer '1024' 31:59
# RParen ')' 31:63
# Newline '\n' 31:64
# KwReturn 'return' 32:5
# Identifier 'output' 32:12
# Newline '\n' 32:18
# Dedent 35:1
# KwIf 'if' 35:1
# Identifier '__name__' 35:4
# EqEqual '==' 35:13
# String '"__main__"' 35:16
# Colon ':' 35:26
# Newline '\n' 35:27
# Indent '    ' 36:1
# Identifier 'torch' 36:5
# Dot '.' 36:10
# Identifier 'manual_seed' 36:11
# LParen '(' 36:22
# Integer '0' 36:23
# RParen ')' 36:24
# Newline '\n' 36:25
# Identifier 'size' 37:5
# Equal '=' 37:10
# Integer '98432' 37:12
# Newline '\n' 37:17
# Identifier 'x' 38:5
# Equal '=' 38:7
# Identifier 'torch' 38:9
# Dot '.' 38:14
# Identifier 'rand' 38:15
# LParen '(' 38:19
# Identifier 'size' 38:20
# Comma ',' 38:24
# Identifier 'device' 38:26
# Equal '=' 38:32
# Identifier 'DEVICE' 38:33
# RParen ')' 38:39
# Newline '\n' 38:40
# Identifier 'y' 39:5
# Equal '=' 39:7
# Identifier 'torch' 39:9
# Dot '.' 39:14
# Identifier 'rand' 39:15
# LParen '(' 39:19
# Identifier 'size' 39:20
# Comma ',' 39:24
# Identifier 'device' 39:26
# Equal '=' 39:32
# Identifier 'DEVICE' 39:33
# RParen ')' 39:39
# Newline '\n' 39:40
# Identifier 'print' 40:5
# LParen '(' 40:10
# FString 'f'The maximum difference between torch and triton is '' 40:11
# FString 'f'{torch.max(torch.abs(x + y - add(x, y)))}'' 41:11
# RParen ')' 41:55
# Newline '\n' 41:56
# Dedent 42:1
# EndOfFile 42:1
