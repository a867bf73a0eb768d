# ExpectedIndentedBlock: a ':' and a newline need an indented block after them.
def f():
pass  # CHECK-ERROR: ExpectedIndentedBlock: after function definition on line 2


for i in range(3):
# a comment is not a block
print(i)  # CHECK-ERROR: ExpectedIndentedBlock: after 'for' statement on line 6

if i:
    pass
else:
done = True  # CHECK-ERROR: ExpectedIndentedBlock: after 'else' statement on line 12

class Empty:

x = 1  # CHECK-ERROR: ExpectedIndentedBlock: after class definition on line 15

# ---- DUMP ----
# Module
#   FunctionDef [2:1-2:9] name=f
#   Pass [3:1-3:5]
#   For [6:1-6:19]
#     Name [6:5-6:6] id=i ctx=Store
#     Call [6:10-6:18]
#       Name [6:10-6:15] id=range ctx=Load
#       args:
#         Constant [6:16-6:17] Int 3
#   ExprStmt [8:1-8:9]
#     Call [8:1-8:9]
#       Name [8:1-8:6] id=print ctx=Load
#       args:
#         Name [8:7-8:8] id=i ctx=Load
#   If [10:1-12:6]
#     Name [10:4-10:5] id=i ctx=Load
#     body:
#       Pass [11:5-11:9]
#   Assign [13:1-13:12]
#     targets:
#       Name [13:1-13:5] id=done ctx=Store
#     value:
#       Constant [13:8-13:12] True
#   ClassDef [15:1-15:13] name=Empty
#   Assign [17:1-17:6]
#     targets:
#       Name [17:1-17:2] id=x ctx=Store
#     value:
#       Constant [17:5-17:6] Int 1
