import torch

x = torch.zeros(4)

# ---- DUMP ----
# KwImport 'import' 1:1
# Identifier 'torch' 1:8
# Newline '\n' 1:13
# Identifier 'x' 3:1
# Equal '=' 3:3
# Identifier 'torch' 3:5
# Dot '.' 3:10
# Identifier 'zeros' 3:11
# LParen '(' 3:16
# Integer '4' 3:17
# RParen ')' 3:18
# Newline '\n' 3:19
# EndOfFile 4:1
