# Every expression form, with Python's precedence and associativity.
a + b * c - d / e // f % g @ h
a | b ^ c & d << e >> f
-2 ** 2
2 ** -1
a ** b ** c
~x + +y - -z
not a or b and not c
a < b <= c == d != e > f >= g
a is b, a is not b, a in b, a not in b
x if c else y if d else z
lambda: 0
lambda a, b=1, *args, c, d=2, **kw: a + b
lambda *, k: k
(n := 10) + n
await_ = 1
obj.attr.method(1)(2)[3]
f(a, *rest, key=value, **extra)
f(x for x in range(3))
kernel[grid](x_ptr, n, BLOCK=1024, num_warps=4)
x[:, None]
x[None, :]
x[1:2, ::3]
x[...]
x[a:b:c]
x[::-1]
x[i, j:]
x[*idx]
()
(1,)
(1, 2, *rest)
[]
[1, 2, *rest]
{}
{1, 2, *rest}
{'a': 1, **other}
[x * y for x in xs if x for y in ys if y > 0 if y < 9]
{k: v for k, v in pairs}
{s for s in seq}
(g for g in gen)
'implicit' ' concatenation' "mixed"
b'bytes\x00' rb'\raw'
'\n\t\\\x41\u00e9\101'
r'\n stays'
1_000 + 0x1F + 0o17 + 0b101 + 1.5e-3 + 2j
None, True, False, ...
*a, b = c

# ---- DUMP ----
# Module
#   ExprStmt [2:1-2:31]
#     BinOp [2:1-2:31] op=-
#       BinOp [2:1-2:10] op=+
#         Name [2:1-2:2] id=a ctx=Load
#         BinOp [2:5-2:10] op=*
#           Name [2:5-2:6] id=b ctx=Load
#           Name [2:9-2:10] id=c ctx=Load
#       BinOp [2:13-2:31] op=@
#         BinOp [2:13-2:27] op=%
#           BinOp [2:13-2:23] op=//
#             BinOp [2:13-2:18] op=/
#               Name [2:13-2:14] id=d ctx=Load
#               Name [2:17-2:18] id=e ctx=Load
#             Name [2:22-2:23] id=f ctx=Load
#           Name [2:26-2:27] id=g ctx=Load
#         Name [2:30-2:31] id=h ctx=Load
#   ExprStmt [3:1-3:24]
#     BinOp [3:1-3:24] op=|
#       Name [3:1-3:2] id=a ctx=Load
#       BinOp [3:5-3:24] op=^
#         Name [3:5-3:6] id=b ctx=Load
#         BinOp [3:9-3:24] op=&
#           Name [3:9-3:10] id=c ctx=Load
#           BinOp [3:13-3:24] op=>>
#             BinOp [3:13-3:19] op=<<
#               Name [3:13-3:14] id=d ctx=Load
#               Name [3:18-3:19] id=e ctx=Load
#             Name [3:23-3:24] id=f ctx=Load
#   ExprStmt [4:1-4:8]
#     UnaryOp [4:1-4:8] op=-
#       BinOp [4:2-4:8] op=**
#         Constant [4:2-4:3] Int 2
#         Constant [4:7-4:8] Int 2
#   ExprStmt [5:1-5:8]
#     BinOp [5:1-5:8] op=**
#       Constant [5:1-5:2] Int 2
#       UnaryOp [5:6-5:8] op=-
#         Constant [5:7-5:8] Int 1
#   ExprStmt [6:1-6:12]
#     BinOp [6:1-6:12] op=**
#       Name [6:1-6:2] id=a ctx=Load
#       BinOp [6:6-6:12] op=**
#         Name [6:6-6:7] id=b ctx=Load
#         Name [6:11-6:12] id=c ctx=Load
#   ExprStmt [7:1-7:13]
#     BinOp [7:1-7:13] op=-
#       BinOp [7:1-7:8] op=+
#         UnaryOp [7:1-7:3] op=~
#           Name [7:2-7:3] id=x ctx=Load
#         UnaryOp [7:6-7:8] op=+
#           Name [7:7-7:8] id=y ctx=Load
#       UnaryOp [7:11-7:13] op=-
#         Name [7:12-7:13] id=z ctx=Load
#   ExprStmt [8:1-8:21]
#     BoolOp [8:1-8:21] op=or
#       UnaryOp [8:1-8:6] op=not
#         Name [8:5-8:6] id=a ctx=Load
#       BoolOp [8:10-8:21] op=and
#         Name [8:10-8:11] id=b ctx=Load
#         UnaryOp [8:16-8:21] op=not
#           Name [8:20-8:21] id=c ctx=Load
#   ExprStmt [9:1-9:30]
#     Compare [9:1-9:30] ops=[<, <=, ==, !=, >, >=]
#       Name [9:1-9:2] id=a ctx=Load
#       Name [9:5-9:6] id=b ctx=Load
#       Name [9:10-9:11] id=c ctx=Load
#       Name [9:15-9:16] id=d ctx=Load
#       Name [9:20-9:21] id=e ctx=Load
#       Name [9:24-9:25] id=f ctx=Load
#       Name [9:29-9:30] id=g ctx=Load
#   ExprStmt [10:1-10:39]
#     Tuple [10:1-10:39] ctx=Load
#       Compare [10:1-10:7] ops=[is]
#         Name [10:1-10:2] id=a ctx=Load
#         Name [10:6-10:7] id=b ctx=Load
#       Compare [10:9-10:19] ops=[is not]
#         Name [10:9-10:10] id=a ctx=Load
#         Name [10:18-10:19] id=b ctx=Load
#       Compare [10:21-10:27] ops=[in]
#         Name [10:21-10:22] id=a ctx=Load
#         Name [10:26-10:27] id=b ctx=Load
#       Compare [10:29-10:39] ops=[not in]
#         Name [10:29-10:30] id=a ctx=Load
#         Name [10:38-10:39] id=b ctx=Load
#   ExprStmt [11:1-11:26]
#     IfExp [11:1-11:26]
#       test:
#         Name [11:6-11:7] id=c ctx=Load
#       body:
#         Name [11:1-11:2] id=x ctx=Load
#       orelse:
#         IfExp [11:13-11:26]
#           test:
#             Name [11:18-11:19] id=d ctx=Load
#           body:
#             Name [11:13-11:14] id=y ctx=Load
#           orelse:
#             Name [11:25-11:26] id=z ctx=Load
#   ExprStmt [12:1-12:10]
#     Lambda [12:1-12:10]
#       body:
#         Constant [12:9-12:10] Int 0
#   ExprStmt [13:1-13:42]
#     Lambda [13:1-13:42]
#       args:
#         Param [13:8-13:9] name=a kind=Normal
#         Param [13:11-13:14] name=b kind=Normal
#           default:
#             Constant [13:13-13:14] Int 1
#         Param [13:16-13:21] name=args kind=VarPositional
#         Param [13:23-13:24] name=c kind=KeywordOnly
#         Param [13:26-13:29] name=d kind=KeywordOnly
#           default:
#             Constant [13:28-13:29] Int 2
#         Param [13:31-13:35] name=kw kind=VarKeyword
#       body:
#         BinOp [13:37-13:42] op=+
#           Name [13:37-13:38] id=a ctx=Load
#           Name [13:41-13:42] id=b ctx=Load
#   ExprStmt [14:1-14:15]
#     Lambda [14:1-14:15]
#       args:
#         Param [14:11-14:12] name=k kind=KeywordOnly
#       body:
#         Name [14:14-14:15] id=k ctx=Load
#   ExprStmt [15:1-15:14]
#     BinOp [15:1-15:14] op=+
#       NamedExpr [15:2-15:9]
#         Name [15:2-15:3] id=n ctx=Store
#         Constant [15:7-15:9] Int 10
#       Name [15:13-15:14] id=n ctx=Load
#   Assign [16:1-16:11]
#     targets:
#       Name [16:1-16:7] id=await_ ctx=Store
#     value:
#       Constant [16:10-16:11] Int 1
#   ExprStmt [17:1-17:25]
#     Subscript [17:1-17:25] ctx=Load
#       Call [17:1-17:22]
#         Call [17:1-17:19]
#           Attribute [17:1-17:16] attr=method ctx=Load
#             Attribute [17:1-17:9] attr=attr ctx=Load
#               Name [17:1-17:4] id=obj ctx=Load
#           args:
#             Constant [17:17-17:18] Int 1
#         args:
#           Constant [17:20-17:21] Int 2
#       Constant [17:23-17:24] Int 3
#   ExprStmt [18:1-18:32]
#     Call [18:1-18:32]
#       Name [18:1-18:2] id=f ctx=Load
#       args:
#         Name [18:3-18:4] id=a ctx=Load
#         Starred [18:6-18:11] ctx=Load
#           Name [18:7-18:11] id=rest ctx=Load
#       keywords:
#         Keyword [18:13-18:22] name=key
#           Name [18:17-18:22] id=value ctx=Load
#         Keyword [18:24-18:31] **
#           Name [18:26-18:31] id=extra ctx=Load
#   ExprStmt [19:1-19:23]
#     Call [19:1-19:23]
#       Name [19:1-19:2] id=f ctx=Load
#       args:
#         GeneratorExp [19:2-19:23]
#           Name [19:3-19:4] id=x ctx=Load
#           comprehension:
#             Name [19:9-19:10] id=x ctx=Store
#             Call [19:14-19:22]
#               Name [19:14-19:19] id=range ctx=Load
#               args:
#                 Constant [19:20-19:21] Int 3
#   ExprStmt [20:1-20:48]
#     Call [20:1-20:48]
#       Subscript [20:1-20:13] ctx=Load
#         Name [20:1-20:7] id=kernel ctx=Load
#         Name [20:8-20:12] id=grid ctx=Load
#       args:
#         Name [20:14-20:19] id=x_ptr ctx=Load
#         Name [20:21-20:22] id=n ctx=Load
#       keywords:
#         Keyword [20:24-20:34] name=BLOCK
#           Constant [20:30-20:34] Int 1024
#         Keyword [20:36-20:47] name=num_warps
#           Constant [20:46-20:47] Int 4
#   ExprStmt [21:1-21:11]
#     Subscript [21:1-21:11] ctx=Load
#       Name [21:1-21:2] id=x ctx=Load
#       Tuple [21:3-21:10] ctx=Load
#         Slice [21:3-21:4]
#         Constant [21:6-21:10] None
#   ExprStmt [22:1-22:11]
#     Subscript [22:1-22:11] ctx=Load
#       Name [22:1-22:2] id=x ctx=Load
#       Tuple [22:3-22:10] ctx=Load
#         Constant [22:3-22:7] None
#         Slice [22:9-22:10]
#   ExprStmt [23:1-23:12]
#     Subscript [23:1-23:12] ctx=Load
#       Name [23:1-23:2] id=x ctx=Load
#       Tuple [23:3-23:11] ctx=Load
#         Slice [23:3-23:6]
#           lower:
#             Constant [23:3-23:4] Int 1
#           upper:
#             Constant [23:5-23:6] Int 2
#         Slice [23:8-23:11]
#           step:
#             Constant [23:10-23:11] Int 3
#   ExprStmt [24:1-24:7]
#     Subscript [24:1-24:7] ctx=Load
#       Name [24:1-24:2] id=x ctx=Load
#       Constant [24:3-24:6] Ellipsis
#   ExprStmt [25:1-25:9]
#     Subscript [25:1-25:9] ctx=Load
#       Name [25:1-25:2] id=x ctx=Load
#       Slice [25:3-25:8]
#         lower:
#           Name [25:3-25:4] id=a ctx=Load
#         upper:
#           Name [25:5-25:6] id=b ctx=Load
#         step:
#           Name [25:7-25:8] id=c ctx=Load
#   ExprStmt [26:1-26:8]
#     Subscript [26:1-26:8] ctx=Load
#       Name [26:1-26:2] id=x ctx=Load
#       Slice [26:3-26:7]
#         step:
#           UnaryOp [26:5-26:7] op=-
#             Constant [26:6-26:7] Int 1
#   ExprStmt [27:1-27:9]
#     Subscript [27:1-27:9] ctx=Load
#       Name [27:1-27:2] id=x ctx=Load
#       Tuple [27:3-27:8] ctx=Load
#         Name [27:3-27:4] id=i ctx=Load
#         Slice [27:6-27:8]
#           lower:
#             Name [27:6-27:7] id=j ctx=Load
#   ExprStmt [28:1-28:8]
#     Subscript [28:1-28:8] ctx=Load
#       Name [28:1-28:2] id=x ctx=Load
#       Starred [28:3-28:7] ctx=Load
#         Name [28:4-28:7] id=idx ctx=Load
#   ExprStmt [29:1-29:3]
#     Tuple [29:1-29:3] ctx=Load parenthesized
#   ExprStmt [30:1-30:5]
#     Tuple [30:1-30:5] ctx=Load parenthesized
#       Constant [30:2-30:3] Int 1
#   ExprStmt [31:1-31:14]
#     Tuple [31:1-31:14] ctx=Load parenthesized
#       Constant [31:2-31:3] Int 1
#       Constant [31:5-31:6] Int 2
#       Starred [31:8-31:13] ctx=Load
#         Name [31:9-31:13] id=rest ctx=Load
#   ExprStmt [32:1-32:3]
#     List [32:1-32:3] ctx=Load
#   ExprStmt [33:1-33:14]
#     List [33:1-33:14] ctx=Load
#       Constant [33:2-33:3] Int 1
#       Constant [33:5-33:6] Int 2
#       Starred [33:8-33:13] ctx=Load
#         Name [33:9-33:13] id=rest ctx=Load
#   ExprStmt [34:1-34:3]
#     Dict [34:1-34:3]
#   ExprStmt [35:1-35:14]
#     Set [35:1-35:14]
#       Constant [35:2-35:3] Int 1
#       Constant [35:5-35:6] Int 2
#       Starred [35:8-35:13] ctx=Load
#         Name [35:9-35:13] id=rest ctx=Load
#   ExprStmt [36:1-36:18]
#     Dict [36:1-36:18]
#       Constant [36:2-36:5] String "a"
#       Constant [36:7-36:8] Int 1
#       **:
#         Name [36:12-36:17] id=other ctx=Load
#   ExprStmt [37:1-37:55]
#     ListComp [37:1-37:55]
#       BinOp [37:2-37:7] op=*
#         Name [37:2-37:3] id=x ctx=Load
#         Name [37:6-37:7] id=y ctx=Load
#       comprehension:
#         Name [37:12-37:13] id=x ctx=Store
#         Name [37:17-37:19] id=xs ctx=Load
#         ifs:
#           Name [37:23-37:24] id=x ctx=Load
#       comprehension:
#         Name [37:29-37:30] id=y ctx=Store
#         Name [37:34-37:36] id=ys ctx=Load
#         ifs:
#           Compare [37:40-37:45] ops=[>]
#             Name [37:40-37:41] id=y ctx=Load
#             Constant [37:44-37:45] Int 0
#           Compare [37:49-37:54] ops=[<]
#             Name [37:49-37:50] id=y ctx=Load
#             Constant [37:53-37:54] Int 9
#   ExprStmt [38:1-38:25]
#     DictComp [38:1-38:25]
#       Name [38:2-38:3] id=k ctx=Load
#       Name [38:5-38:6] id=v ctx=Load
#       comprehension:
#         Tuple [38:11-38:15] ctx=Store
#           Name [38:11-38:12] id=k ctx=Store
#           Name [38:14-38:15] id=v ctx=Store
#         Name [38:19-38:24] id=pairs ctx=Load
#   ExprStmt [39:1-39:17]
#     SetComp [39:1-39:17]
#       Name [39:2-39:3] id=s ctx=Load
#       comprehension:
#         Name [39:8-39:9] id=s ctx=Store
#         Name [39:13-39:16] id=seq ctx=Load
#   ExprStmt [40:1-40:17]
#     GeneratorExp [40:1-40:17]
#       Name [40:2-40:3] id=g ctx=Load
#       comprehension:
#         Name [40:8-40:9] id=g ctx=Store
#         Name [40:13-40:16] id=gen ctx=Load
#   ExprStmt [41:1-41:36]
#     Constant [41:1-41:36] String "implicit concatenationmixed"
#   ExprStmt [42:1-42:22]
#     Constant [42:1-42:22] Bytes b"bytes\x00\\raw"
#   ExprStmt [43:1-43:23]
#     Constant [43:1-43:23] String "\n\t\\AéA"
#   ExprStmt [44:1-44:12]
#     Constant [44:1-44:12] String "\\n stays"
#   ExprStmt [45:1-45:42]
#     BinOp [45:1-45:42] op=+
#       BinOp [45:1-45:37] op=+
#         BinOp [45:1-45:28] op=+
#           BinOp [45:1-45:20] op=+
#             BinOp [45:1-45:13] op=+
#               Constant [45:1-45:6] Int 1_000
#               Constant [45:9-45:13] Int 0x1F
#             Constant [45:16-45:20] Int 0o17
#           Constant [45:23-45:28] Int 0b101
#         Constant [45:31-45:37] Float 1.5e-3
#       Constant [45:40-45:42] Imaginary 2j
#   ExprStmt [46:1-46:23]
#     Tuple [46:1-46:23] ctx=Load
#       Constant [46:1-46:5] None
#       Constant [46:7-46:11] True
#       Constant [46:13-46:18] False
#       Constant [46:20-46:23] Ellipsis
#   Assign [47:1-47:10]
#     targets:
#       Tuple [47:1-47:6] ctx=Store
#         Starred [47:1-47:3] ctx=Store
#           Name [47:2-47:3] id=a ctx=Store
#         Name [47:5-47:6] id=b ctx=Store
#     value:
#       Name [47:9-47:10] id=c ctx=Load
