# InvalidParameters: parameter lists Python rejects. The functions are still defined.
def a(x=1, y): pass  # CHECK-ERROR: InvalidParameters: parameter without a default follows parameter with a default
def b(*p, *q): pass  # CHECK-ERROR: InvalidParameters: '*' may appear only once
def c(x, x): pass  # CHECK-ERROR: InvalidParameters: duplicate parameter 'x'
def d(*): pass  # CHECK-ERROR: InvalidParameters: named parameters must follow bare '*'
def e(**k, x): pass  # CHECK-ERROR: InvalidParameters: parameters cannot follow the var-keyword parameter
def f(/, x): pass  # CHECK-ERROR: InvalidParameters: at least one parameter must precede '/'
def g(x, /, y, /): pass  # CHECK-ERROR: InvalidParameters: '/' may appear only once
def h(*, **k): pass  # CHECK-ERROR: InvalidParameters: named parameters must follow bare '*'
def i(*p, /): pass  # CHECK-ERROR: InvalidParameters: '/' must be ahead of '*'
def j(**k=1): pass  # CHECK-ERROR: InvalidParameters: var-keyword parameter cannot have a default value
fn = lambda p=1, q: p  # CHECK-ERROR: InvalidParameters: parameter without a default follows parameter with a default

# ---- DUMP ----
# Module
#   FunctionDef [2:1-2:20] name=a
#     args:
#       Param [2:7-2:10] name=x kind=Normal
#         default:
#           Constant [2:9-2:10] Int 1
#       Param [2:12-2:13] name=y kind=Normal
#     body:
#       Pass [2:16-2:20]
#   FunctionDef [3:1-3:20] name=b
#     args:
#       Param [3:7-3:9] name=p kind=VarPositional
#       Param [3:11-3:13] name=q kind=VarPositional
#     body:
#       Pass [3:16-3:20]
#   FunctionDef [4:1-4:18] name=c
#     args:
#       Param [4:7-4:8] name=x kind=Normal
#       Param [4:10-4:11] name=x kind=Normal
#     body:
#       Pass [4:14-4:18]
#   FunctionDef [5:1-5:15] name=d
#     body:
#       Pass [5:11-5:15]
#   FunctionDef [6:1-6:20] name=e
#     args:
#       Param [6:7-6:10] name=k kind=VarKeyword
#       Param [6:12-6:13] name=x kind=Normal
#     body:
#       Pass [6:16-6:20]
#   FunctionDef [7:1-7:18] name=f
#     args:
#       Param [7:10-7:11] name=x kind=Normal
#     body:
#       Pass [7:14-7:18]
#   FunctionDef [8:1-8:24] name=g
#     args:
#       Param [8:7-8:8] name=x kind=PositionalOnly
#       Param [8:13-8:14] name=y kind=PositionalOnly
#     body:
#       Pass [8:20-8:24]
#   FunctionDef [9:1-9:20] name=h
#     args:
#       Param [9:10-9:13] name=k kind=VarKeyword
#     body:
#       Pass [9:16-9:20]
#   FunctionDef [10:1-10:19] name=i
#     args:
#       Param [10:7-10:9] name=p kind=VarPositional
#     body:
#       Pass [10:15-10:19]
#   FunctionDef [11:1-11:19] name=j
#     args:
#       Param [11:7-11:12] name=k kind=VarKeyword
#         default:
#           Constant [11:11-11:12] Int 1
#     body:
#       Pass [11:15-11:19]
#   Assign [12:1-12:22]
#     targets:
#       Name [12:1-12:3] id=fn ctx=Store
#     value:
#       Lambda [12:6-12:22]
#         args:
#           Param [12:13-12:16] name=p kind=Normal
#             default:
#               Constant [12:15-12:16] Int 1
#           Param [12:18-12:19] name=q kind=Normal
#         body:
#           Name [12:21-12:22] id=p ctx=Load
