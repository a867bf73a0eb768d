# InvalidAssignTarget: an expression where an assignable target is needed.
f() = 1  # CHECK-ERROR: InvalidAssignTarget: cannot assign to function call
1 = x  # CHECK-ERROR: InvalidAssignTarget: cannot assign to literal
None = 0  # CHECK-ERROR: InvalidAssignTarget: cannot assign to None
a + b = c  # CHECK-ERROR: InvalidAssignTarget: cannot assign to expression
x, g() = 1, 2  # CHECK-ERROR: InvalidAssignTarget: cannot assign to function call
x = y < z = 3  # CHECK-ERROR: InvalidAssignTarget: cannot assign to comparison
del f()  # CHECK-ERROR: InvalidAssignTarget: cannot delete function call
x, y += 1  # CHECK-ERROR: InvalidAssignTarget: cannot use augmented assignment on tuple
(a.b := 1)  # CHECK-ERROR: InvalidAssignTarget: cannot use assignment expressions with attribute
a, b: int = 1, 2  # CHECK-ERROR: InvalidAssignTarget: cannot annotate tuple
f(a.b=1)  # CHECK-ERROR: InvalidAssignTarget: cannot assign to attribute in a keyword argument
for f() in y:  # CHECK-ERROR: InvalidAssignTarget: cannot assign to function call
    pass
with a as b():  # CHECK-ERROR: InvalidAssignTarget: cannot assign to function call
    pass
squares = [x * x for x + 1 in y]  # CHECK-ERROR: InvalidAssignTarget: cannot assign to expression
[x for x in y] = z  # CHECK-ERROR: InvalidAssignTarget: cannot assign to list comprehension

# ---- DUMP ----
# Module
#   Assign [2:1-2:8]
#     targets:
#       Call [2:1-2:4]
#         Name [2:1-2:2] id=f ctx=Load
#     value:
#       Constant [2:7-2:8] Int 1
#   Assign [3:1-3:6]
#     targets:
#       Constant [3:1-3:2] Int 1
#     value:
#       Name [3:5-3:6] id=x ctx=Load
#   Assign [4:1-4:9]
#     targets:
#       Constant [4:1-4:5] None
#     value:
#       Constant [4:8-4:9] Int 0
#   Assign [5:1-5:10]
#     targets:
#       BinOp [5:1-5:6] op=+
#         Name [5:1-5:2] id=a ctx=Load
#         Name [5:5-5:6] id=b ctx=Load
#     value:
#       Name [5:9-5:10] id=c ctx=Load
#   Assign [6:1-6:14]
#     targets:
#       Tuple [6:1-6:7] ctx=Store
#         Name [6:1-6:2] id=x ctx=Store
#         Call [6:4-6:7]
#           Name [6:4-6:5] id=g ctx=Load
#     value:
#       Tuple [6:10-6:14] ctx=Load
#         Constant [6:10-6:11] Int 1
#         Constant [6:13-6:14] Int 2
#   Assign [7:1-7:14]
#     targets:
#       Name [7:1-7:2] id=x ctx=Store
#       Compare [7:5-7:10] ops=[<]
#         Name [7:5-7:6] id=y ctx=Load
#         Name [7:9-7:10] id=z ctx=Load
#     value:
#       Constant [7:13-7:14] Int 3
#   Delete [8:1-8:8]
#     Call [8:5-8:8]
#       Name [8:5-8:6] id=f ctx=Load
#   AugAssign [9:1-9:10] op=+=
#     Tuple [9:1-9:5] ctx=Load
#       Name [9:1-9:2] id=x ctx=Load
#       Name [9:4-9:5] id=y ctx=Load
#     Constant [9:9-9:10] Int 1
#   ExprStmt [10:1-10:11]
#     NamedExpr [10:2-10:10]
#       Attribute [10:2-10:5] attr=b ctx=Load
#         Name [10:2-10:3] id=a ctx=Load
#       Constant [10:9-10:10] Int 1
#   AnnAssign [11:1-11:17]
#     Tuple [11:1-11:5] ctx=Load
#       Name [11:1-11:2] id=a ctx=Load
#       Name [11:4-11:5] id=b ctx=Load
#     Name [11:7-11:10] id=int ctx=Load
#     value:
#       Tuple [11:13-11:17] ctx=Load
#         Constant [11:13-11:14] Int 1
#         Constant [11:16-11:17] Int 2
#   ExprStmt [12:1-12:9]
#     Call [12:1-12:9]
#       Name [12:1-12:2] id=f ctx=Load
#       args:
#         Attribute [12:3-12:6] attr=b ctx=Load
#           Name [12:3-12:4] id=a ctx=Load
#   For [13:1-14:9]
#     Call [13:5-13:8]
#       Name [13:5-13:6] id=f ctx=Load
#     Name [13:12-13:13] id=y ctx=Load
#     body:
#       Pass [14:5-14:9]
#   With [15:1-16:9]
#     item:
#       Name [15:6-15:7] id=a ctx=Load
#       as:
#         Call [15:11-15:14]
#           Name [15:11-15:12] id=b ctx=Load
#     body:
#       Pass [16:5-16:9]
#   Assign [17:1-17:33]
#     targets:
#       Name [17:1-17:8] id=squares ctx=Store
#     value:
#       ListComp [17:11-17:33]
#         BinOp [17:12-17:17] op=*
#           Name [17:12-17:13] id=x ctx=Load
#           Name [17:16-17:17] id=x ctx=Load
#         comprehension:
#           BinOp [17:22-17:27] op=+
#             Name [17:22-17:23] id=x ctx=Load
#             Constant [17:26-17:27] Int 1
#           Name [17:31-17:32] id=y ctx=Load
#   Assign [18:1-18:19]
#     targets:
#       ListComp [18:1-18:15]
#         Name [18:2-18:3] id=x ctx=Load
#         comprehension:
#           Name [18:8-18:9] id=x ctx=Store
#           Name [18:13-18:14] id=y ctx=Load
#     value:
#       Name [18:18-18:19] id=z ctx=Load
