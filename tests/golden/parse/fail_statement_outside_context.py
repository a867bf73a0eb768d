# StatementOutsideContext: return/yield/await outside a function, break/continue outside a loop.
return 1  # CHECK-ERROR: StatementOutsideContext: 'return' outside function
break  # CHECK-ERROR: StatementOutsideContext: 'break' outside loop
continue  # CHECK-ERROR: StatementOutsideContext: 'continue' outside loop
yield x  # CHECK-ERROR: StatementOutsideContext: 'yield' outside function
x = await y  # CHECK-ERROR: StatementOutsideContext: 'await' outside function
nonlocal q  # CHECK-ERROR: StatementOutsideContext: 'nonlocal' outside function


def f():
    g()
    for i in range(3):
        def inner():
            continue  # CHECK-ERROR: StatementOutsideContext: 'continue' outside loop
    else:
        break  # CHECK-ERROR: StatementOutsideContext: 'break' outside loop
    return [i for i in range(3)]


class C:
    return 2  # CHECK-ERROR: StatementOutsideContext: 'return' outside function


async for item in stream:  # CHECK-ERROR: StatementOutsideContext: 'async for' outside async function
    pass

# ---- DUMP ----
# Module
#   Return [2:1-2:9]
#     Constant [2:8-2:9] Int 1
#   Break [3:1-3:6]
#   Continue [4:1-4:9]
#   ExprStmt [5:1-5:8]
#     Yield [5:1-5:8]
#       Name [5:7-5:8] id=x ctx=Load
#   Assign [6:1-6:12]
#     targets:
#       Name [6:1-6:2] id=x ctx=Store
#     value:
#       Await [6:5-6:12]
#         Name [6:11-6:12] id=y ctx=Load
#   Nonlocal [7:1-7:11] names=q
#   FunctionDef [10:1-17:33] name=f
#     body:
#       ExprStmt [11:5-11:8]
#         Call [11:5-11:8]
#           Name [11:5-11:6] id=g ctx=Load
#       For [12:5-16:14]
#         Name [12:9-12:10] id=i ctx=Store
#         Call [12:14-12:22]
#           Name [12:14-12:19] id=range ctx=Load
#           args:
#             Constant [12:20-12:21] Int 3
#         body:
#           FunctionDef [13:9-14:21] name=inner
#             body:
#               Continue [14:13-14:21]
#         orelse:
#           Break [16:9-16:14]
#       Return [17:5-17:33]
#         ListComp [17:12-17:33]
#           Name [17:13-17:14] id=i ctx=Load
#           comprehension:
#             Name [17:19-17:20] id=i ctx=Store
#             Call [17:24-17:32]
#               Name [17:24-17:29] id=range ctx=Load
#               args:
#                 Constant [17:30-17:31] Int 3
#   ClassDef [20:1-21:13] name=C
#     body:
#       Return [21:5-21:13]
#         Constant [21:12-21:13] Int 2
#   For [24:1-25:9] async
#     Name [24:11-24:15] id=item ctx=Store
#     Name [24:19-24:25] id=stream ctx=Load
#     body:
#       Pass [25:5-25:9]
