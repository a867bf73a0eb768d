# UnexpectedToken: a token the grammar does not allow here. Each mistake is reported once and
# the parser resumes at the next statement.
def missing_comma(a, b):
    return foo(a b)  # CHECK-ERROR: UnexpectedToken: expected ',' or ')', found identifier 'b'


def missing_operand(x):
    y = x +  # CHECK-ERROR: UnexpectedToken: expected expression, found newline
    return y


def missing_colon(x)  # CHECK-ERROR: UnexpectedToken: expected ':', found newline
    return x +


x = 1 2  # CHECK-ERROR: UnexpectedToken: expected newline, found integer '2'
async x = 1  # CHECK-ERROR: UnexpectedToken: expected 'def', 'for' or 'with', found identifier 'x'
@decorator
x = 3  # CHECK-ERROR: UnexpectedToken: expected 'def' or 'class' after a decorator
try:
    pass
y = 2  # CHECK-ERROR: UnexpectedToken: expected 'except' or 'finally' block, found identifier 'y'
else:  # CHECK-ERROR: UnexpectedToken: expected statement, found 'else'
    pass
z = [1, 2 3]  # CHECK-ERROR: UnexpectedToken: expected ',' or ']', found integer '3'
from m import  # CHECK-ERROR: UnexpectedToken: expected identifier, found newline
value = obj.  # CHECK-ERROR: UnexpectedToken: expected attribute name, found newline
lambda x y: x  # CHECK-ERROR: UnexpectedToken: expected ':', found identifier 'y'
print("still parsed")

# ---- DUMP ----
# Module
#   FunctionDef [3:1-4:20] name=missing_comma
#     args:
#       Param [3:19-3:20] name=a kind=Normal
#       Param [3:22-3:23] name=b kind=Normal
#     body:
#       Return [4:5-4:17]
#         Call [4:12-4:17]
#           Name [4:12-4:15] id=foo ctx=Load
#           args:
#             Name [4:16-4:17] id=a ctx=Load
#   FunctionDef [7:1-9:13] name=missing_operand
#     args:
#       Param [7:21-7:22] name=x kind=Normal
#     body:
#       Assign [8:5-8:12]
#         targets:
#           Name [8:5-8:6] id=y ctx=Store
#         value:
#           BinOp [8:9-8:12] op=+
#             Name [8:9-8:10] id=x ctx=Load
#             ErrorExpr [8:80-9:1]
#       Return [9:5-9:13]
#         Name [9:12-9:13] id=y ctx=Load
#   FunctionDef [12:1-13:15] name=missing_colon
#     args:
#       Param [12:19-12:20] name=x kind=Normal
#     body:
#       ErrorStmt [13:5-13:15]
#   Assign [16:1-16:6]
#     targets:
#       Name [16:1-16:2] id=x ctx=Store
#     value:
#       Constant [16:5-16:6] Int 1
#   ErrorStmt [17:1-17:12]
#   ErrorStmt [18:1-19:6]
#   Try [20:1-21:9]
#     body:
#       Pass [21:5-21:9]
#   Assign [22:1-22:6]
#     targets:
#       Name [22:1-22:2] id=y ctx=Store
#     value:
#       Constant [22:5-22:6] Int 2
#   ErrorStmt [23:1-23:6]
#   Assign [25:1-25:10]
#     targets:
#       Name [25:1-25:2] id=z ctx=Store
#     value:
#       List [25:5-25:10] ctx=Load
#         Constant [25:6-25:7] Int 1
#         Constant [25:9-25:10] Int 2
#   ImportFrom [26:1-26:14] module=m
#   Assign [27:1-27:13]
#     targets:
#       Name [27:1-27:6] id=value ctx=Store
#     value:
#       Name [27:9-27:12] id=obj ctx=Load
#   ErrorStmt [28:1-28:14]
#   ExprStmt [29:1-29:22]
#     Call [29:1-29:22]
#       Name [29:1-29:6] id=print ctx=Load
#       args:
#         Constant [29:7-29:21] String "still parsed"
