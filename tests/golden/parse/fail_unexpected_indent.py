# UnexpectedIndent: indentation where none is allowed. The over-indented lines still parse.
x = 1
    y = 2  # CHECK-ERROR: UnexpectedIndent


def f():
    value = 1
        value += 1  # CHECK-ERROR: UnexpectedIndent
    return value

# ---- DUMP ----
# Module
#   Assign [2:1-2:6]
#     targets:
#       Name [2:1-2:2] id=x ctx=Store
#     value:
#       Constant [2:5-2:6] Int 1
#   Assign [3:5-3:10]
#     targets:
#       Name [3:5-3:6] id=y ctx=Store
#     value:
#       Constant [3:9-3:10] Int 2
#   FunctionDef [6:1-9:17] name=f
#     body:
#       Assign [7:5-7:14]
#         targets:
#           Name [7:5-7:10] id=value ctx=Store
#         value:
#           Constant [7:13-7:14] Int 1
#       AugAssign [8:9-8:19] op=+=
#         Name [8:9-8:14] id=value ctx=Store
#         Constant [8:18-8:19] Int 1
#       Return [9:5-9:17]
#         Name [9:12-9:17] id=value ctx=Load
