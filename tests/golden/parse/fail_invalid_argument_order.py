# InvalidArgumentOrder: arguments of a call (or class header) in an order Python rejects.
f(a=1, b)  # CHECK-ERROR: InvalidArgumentOrder: positional argument follows keyword argument
f(**k, b)  # CHECK-ERROR: InvalidArgumentOrder: positional argument follows keyword argument unpacking
f(**k, *a)  # CHECK-ERROR: InvalidArgumentOrder: iterable argument unpacking follows keyword argument unpacking
f(a=1, a=2)  # CHECK-ERROR: InvalidArgumentOrder: keyword argument repeated: a
f(x for x in y, 1)  # CHECK-ERROR: InvalidArgumentOrder: generator expression must be parenthesized
kernel[grid](x, BLOCK=128, y)  # CHECK-ERROR: InvalidArgumentOrder: positional argument follows keyword argument


class C(metaclass=M, Base):  # CHECK-ERROR: InvalidArgumentOrder: positional argument follows keyword argument
    pass

# ---- DUMP ----
# Module
#   ExprStmt [2:1-2:10]
#     Call [2:1-2:10]
#       Name [2:1-2:2] id=f ctx=Load
#       args:
#         Name [2:8-2:9] id=b ctx=Load
#       keywords:
#         Keyword [2:3-2:6] name=a
#           Constant [2:5-2:6] Int 1
#   ExprStmt [3:1-3:10]
#     Call [3:1-3:10]
#       Name [3:1-3:2] id=f ctx=Load
#       args:
#         Name [3:8-3:9] id=b ctx=Load
#       keywords:
#         Keyword [3:3-3:6] **
#           Name [3:5-3:6] id=k ctx=Load
#   ExprStmt [4:1-4:11]
#     Call [4:1-4:11]
#       Name [4:1-4:2] id=f ctx=Load
#       args:
#         Starred [4:8-4:10] ctx=Load
#           Name [4:9-4:10] id=a ctx=Load
#       keywords:
#         Keyword [4:3-4:6] **
#           Name [4:5-4:6] id=k ctx=Load
#   ExprStmt [5:1-5:12]
#     Call [5:1-5:12]
#       Name [5:1-5:2] id=f ctx=Load
#       keywords:
#         Keyword [5:3-5:6] name=a
#           Constant [5:5-5:6] Int 1
#         Keyword [5:8-5:11] name=a
#           Constant [5:10-5:11] Int 2
#   ExprStmt [6:1-6:19]
#     Call [6:1-6:19]
#       Name [6:1-6:2] id=f ctx=Load
#       args:
#         GeneratorExp [6:3-6:15]
#           Name [6:3-6:4] id=x ctx=Load
#           comprehension:
#             Name [6:9-6:10] id=x ctx=Store
#             Name [6:14-6:15] id=y ctx=Load
#         Constant [6:17-6:18] Int 1
#   ExprStmt [7:1-7:30]
#     Call [7:1-7:30]
#       Subscript [7:1-7:13] ctx=Load
#         Name [7:1-7:7] id=kernel ctx=Load
#         Name [7:8-7:12] id=grid ctx=Load
#       args:
#         Name [7:14-7:15] id=x ctx=Load
#         Name [7:28-7:29] id=y ctx=Load
#       keywords:
#         Keyword [7:17-7:26] name=BLOCK
#           Constant [7:23-7:26] Int 128
#   ClassDef [10:1-11:9] name=C
#     bases:
#       Name [10:22-10:26] id=Base ctx=Load
#     keywords:
#       Keyword [10:9-10:20] name=metaclass
#         Name [10:19-10:20] id=M ctx=Load
#     body:
#       Pass [11:5-11:9]
