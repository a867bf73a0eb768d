# Several independent mistakes in one file: each is reported once, nothing else is.
import torch

import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs mask=mask)  # CHECK-ERROR: UnexpectedToken: expected ',' or ')', found identifier 'mask'
    tl.store(out_ptr + offs, x + y, mask=mask)


def add(x, y):
    out = torch.empty_like(x)
    n = out.numel()
    grid = lambda meta: (triton.cdiv(n, meta['BLOCK']), )
    add_kernel[grid](x, y, out, n, BLOCK=1024, x)  # CHECK-ERROR: InvalidArgumentOrder
    return out


def test_add(size=1024, dtype):  # CHECK-ERROR: InvalidParameters
    x = torch.rand(size, dtype=dtype)
    if x.sum() > 0  # CHECK-ERROR: UnexpectedToken: expected ':', found newline
        print(x)
    torch.testing.assert_close(add(x, x), x + x)


for i in range(3):
    pass
else:
    continue  # CHECK-ERROR: StatementOutsideContext
print(f"{}")  # CHECK-ERROR: InvalidFString
    test_add()  # CHECK-ERROR: UnexpectedIndent

# ---- DUMP ----
# Module
#   Import [2:1-2:13]
#     Alias [2:8-2:13] name=torch
#   Import [4:1-4:14]
#     Alias [4:8-4:14] name=triton
#   Import [5:1-5:29]
#     Alias [5:8-5:29] name=triton.language asname=tl
#   FunctionDef [8:1-15:47] name=add_kernel
#     decorators:
#       Attribute [8:2-8:12] attr=jit ctx=Load
#         Name [8:2-8:8] id=triton ctx=Load
#     args:
#       Param [9:16-9:21] name=x_ptr kind=Normal
#       Param [9:23-9:28] name=y_ptr kind=Normal
#       Param [9:30-9:37] name=out_ptr kind=Normal
#       Param [9:39-9:40] name=n kind=Normal
#       Param [9:42-9:61] name=BLOCK kind=Normal
#         annotation:
#           Attribute [9:49-9:61] attr=constexpr ctx=Load
#             Name [9:49-9:51] id=tl ctx=Load
#     body:
#       Assign [10:5-10:32]
#         targets:
#           Name [10:5-10:8] id=pid ctx=Store
#         value:
#           Call [10:11-10:32]
#             Attribute [10:11-10:24] attr=program_id ctx=Load
#               Name [10:11-10:13] id=tl ctx=Load
#             keywords:
#               Keyword [10:25-10:31] name=axis
#                 Constant [10:30-10:31] Int 0
#       Assign [11:5-11:45]
#         targets:
#           Name [11:5-11:9] id=offs ctx=Store
#         value:
#           BinOp [11:12-11:45] op=+
#             BinOp [11:12-11:23] op=*
#               Name [11:12-11:15] id=pid ctx=Load
#               Name [11:18-11:23] id=BLOCK ctx=Load
#             Call [11:26-11:45]
#               Attribute [11:26-11:35] attr=arange ctx=Load
#                 Name [11:26-11:28] id=tl ctx=Load
#               args:
#                 Constant [11:36-11:37] Int 0
#                 Name [11:39-11:44] id=BLOCK ctx=Load
#       Assign [12:5-12:20]
#         targets:
#           Name [12:5-12:9] id=mask ctx=Store
#         value:
#           Compare [12:12-12:20] ops=[<]
#             Name [12:12-12:16] id=offs ctx=Load
#             Name [12:19-12:20] id=n ctx=Load
#       Assign [13:5-13:41]
#         targets:
#           Name [13:5-13:6] id=x ctx=Store
#         value:
#           Call [13:9-13:41]
#             Attribute [13:9-13:16] attr=load ctx=Load
#               Name [13:9-13:11] id=tl ctx=Load
#             args:
#               BinOp [13:17-13:29] op=+
#                 Name [13:17-13:22] id=x_ptr ctx=Load
#                 Name [13:25-13:29] id=offs ctx=Load
#             keywords:
#               Keyword [13:31-13:40] name=mask
#                 Name [13:36-13:40] id=mask ctx=Load
#       Assign [14:5-14:29]
#         targets:
#           Name [14:5-14:6] id=y ctx=Store
#         value:
#           Call [14:9-14:29]
#             Attribute [14:9-14:16] attr=load ctx=Load
#               Name [14:9-14:11] id=tl ctx=Load
#             args:
#               BinOp [14:17-14:29] op=+
#                 Name [14:17-14:22] id=y_ptr ctx=Load
#                 Name [14:25-14:29] id=offs ctx=Load
#       ExprStmt [15:5-15:47]
#         Call [15:5-15:47]
#           Attribute [15:5-15:13] attr=store ctx=Load
#             Name [15:5-15:7] id=tl ctx=Load
#           args:
#             BinOp [15:14-15:28] op=+
#               Name [15:14-15:21] id=out_ptr ctx=Load
#               Name [15:24-15:28] id=offs ctx=Load
#             BinOp [15:30-15:35] op=+
#               Name [15:30-15:31] id=x ctx=Load
#               Name [15:34-15:35] id=y ctx=Load
#           keywords:
#             Keyword [15:37-15:46] name=mask
#               Name [15:42-15:46] id=mask ctx=Load
#   FunctionDef [18:1-23:15] name=add
#     args:
#       Param [18:9-18:10] name=x kind=Normal
#       Param [18:12-18:13] name=y kind=Normal
#     body:
#       Assign [19:5-19:30]
#         targets:
#           Name [19:5-19:8] id=out ctx=Store
#         value:
#           Call [19:11-19:30]
#             Attribute [19:11-19:27] attr=empty_like ctx=Load
#               Name [19:11-19:16] id=torch ctx=Load
#             args:
#               Name [19:28-19:29] id=x ctx=Load
#       Assign [20:5-20:20]
#         targets:
#           Name [20:5-20:6] id=n ctx=Store
#         value:
#           Call [20:9-20:20]
#             Attribute [20:9-20:18] attr=numel ctx=Load
#               Name [20:9-20:12] id=out ctx=Load
#       Assign [21:5-21:58]
#         targets:
#           Name [21:5-21:9] id=grid ctx=Store
#         value:
#           Lambda [21:12-21:58]
#             args:
#               Param [21:19-21:23] name=meta kind=Normal
#             body:
#               Tuple [21:25-21:58] ctx=Load parenthesized
#                 Call [21:26-21:55]
#                   Attribute [21:26-21:37] attr=cdiv ctx=Load
#                     Name [21:26-21:32] id=triton ctx=Load
#                   args:
#                     Name [21:38-21:39] id=n ctx=Load
#                     Subscript [21:41-21:54] ctx=Load
#                       Name [21:41-21:45] id=meta ctx=Load
#                       Constant [21:46-21:53] String "BLOCK"
#       ExprStmt [22:5-22:50]
#         Call [22:5-22:50]
#           Subscript [22:5-22:21] ctx=Load
#             Name [22:5-22:15] id=add_kernel ctx=Load
#             Name [22:16-22:20] id=grid ctx=Load
#           args:
#             Name [22:22-22:23] id=x ctx=Load
#             Name [22:25-22:26] id=y ctx=Load
#             Name [22:28-22:31] id=out ctx=Load
#             Name [22:33-22:34] id=n ctx=Load
#             Name [22:48-22:49] id=x ctx=Load
#           keywords:
#             Keyword [22:36-22:46] name=BLOCK
#               Constant [22:42-22:46] Int 1024
#       Return [23:5-23:15]
#         Name [23:12-23:15] id=out ctx=Load
#   FunctionDef [26:1-30:49] name=test_add
#     args:
#       Param [26:14-26:23] name=size kind=Normal
#         default:
#           Constant [26:19-26:23] Int 1024
#       Param [26:25-26:30] name=dtype kind=Normal
#     body:
#       Assign [27:5-27:38]
#         targets:
#           Name [27:5-27:6] id=x ctx=Store
#         value:
#           Call [27:9-27:38]
#             Attribute [27:9-27:19] attr=rand ctx=Load
#               Name [27:9-27:14] id=torch ctx=Load
#             args:
#               Name [27:20-27:24] id=size ctx=Load
#             keywords:
#               Keyword [27:26-27:37] name=dtype
#                 Name [27:32-27:37] id=dtype ctx=Load
#       If [28:5-29:17]
#         Compare [28:8-28:19] ops=[>]
#           Call [28:8-28:15]
#             Attribute [28:8-28:13] attr=sum ctx=Load
#               Name [28:8-28:9] id=x ctx=Load
#           Constant [28:18-28:19] Int 0
#         body:
#           ExprStmt [29:9-29:17]
#             Call [29:9-29:17]
#               Name [29:9-29:14] id=print ctx=Load
#               args:
#                 Name [29:15-29:16] id=x ctx=Load
#       ExprStmt [30:5-30:49]
#         Call [30:5-30:49]
#           Attribute [30:5-30:31] attr=assert_close ctx=Load
#             Attribute [30:5-30:18] attr=testing ctx=Load
#               Name [30:5-30:10] id=torch ctx=Load
#           args:
#             Call [30:32-30:41]
#               Name [30:32-30:35] id=add ctx=Load
#               args:
#                 Name [30:36-30:37] id=x ctx=Load
#                 Name [30:39-30:40] id=x ctx=Load
#             BinOp [30:43-30:48] op=+
#               Name [30:43-30:44] id=x ctx=Load
#               Name [30:47-30:48] id=x ctx=Load
#   For [33:1-36:13]
#     Name [33:5-33:6] id=i ctx=Store
#     Call [33:10-33:18]
#       Name [33:10-33:15] id=range ctx=Load
#       args:
#         Constant [33:16-33:17] Int 3
#     body:
#       Pass [34:5-34:9]
#     orelse:
#       Continue [36:5-36:13]
#   ExprStmt [37:1-37:13]
#     Call [37:1-37:13]
#       Name [37:1-37:6] id=print ctx=Load
#       args:
#         JoinedStr [37:7-37:12]
#           FormattedValue [37:9-37:11]
#             ErrorExpr [37:10-37:10]
#   ExprStmt [38:5-38:15]
#     Call [38:5-38:15]
#       Name [38:5-38:13] id=test_add ctx=Load
