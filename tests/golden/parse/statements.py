# Every statement form (parsing only: no name checking happens in this phase).
import os
import os.path as osp, sys
from . import sibling
from ..pkg.mod import (a as b, c,)
from module import *
x = 1
a = b = c = 0
x, y = y, x
[p, *q] = r
obj.attr = arr[0] = 2
n += 1
n **= 2
m: int = 3
k: float
del a, b[0], c.d
pass
assert x > 0, "x must be positive"
global_value = 1; other = 2; print(x)


def function(pos, /, normal, default=1, *args, kw_only, kw_default=2, **kwargs) -> int:
    global global_value
    total = 0
    for i in range(10):
        if i % 2 == 0:
            continue
        elif i > 7:
            break
        else:
            total += i
    else:
        total -= 1
    while total > 0:
        total -= 3
    else:
        pass
    return total


def outer():
    value = 0

    def inner():
        nonlocal value
        value += 1
        yield value
        yield from range(3)
        x = yield
    return inner


async def coroutine(session):
    async with session.get(url) as response:
        await response.read()
    async for chunk in response:
        pass
    return [c async for c in response]


class Point(Base, metaclass=Meta):
    x: float = 0.0

    def __init__(self, x):
        self.x = x


with open(a) as f, open(b) as g:
    pass
with (open(a) as f, open(b) as g,):
    pass
with lock:
    pass

try:
    risky()
except (ValueError, TypeError) as error:
    raise RuntimeError("bad") from error
except KeyError:
    raise
except:
    pass
else:
    pass
finally:
    cleanup()

try:
    pass
except* OSError:
    pass

if x: y = 1
while False: pass
for q in z: print(q); continue
match = pattern.match(text)
type = "not an alias"

# ---- DUMP ----
# Module
#   Import [2:1-2:10]
#     Alias [2:8-2:10] name=os
#   Import [3:1-3:27]
#     Alias [3:8-3:22] name=os.path asname=osp
#     Alias [3:24-3:27] name=sys
#   ImportFrom [4:1-4:22] level=1
#     Alias [4:15-4:22] name=sibling
#   ImportFrom [5:1-5:35] module=pkg.mod level=2
#     Alias [5:24-5:30] name=a asname=b
#     Alias [5:32-5:33] name=c
#   ImportFrom [6:1-6:21] module=module
#     Alias [6:20-6:21] name=*
#   Assign [7:1-7:6]
#     targets:
#       Name [7:1-7:2] id=x ctx=Store
#     value:
#       Constant [7:5-7:6] Int 1
#   Assign [8:1-8:14]
#     targets:
#       Name [8:1-8:2] id=a ctx=Store
#       Name [8:5-8:6] id=b ctx=Store
#       Name [8:9-8:10] id=c ctx=Store
#     value:
#       Constant [8:13-8:14] Int 0
#   Assign [9:1-9:12]
#     targets:
#       Tuple [9:1-9:5] ctx=Store
#         Name [9:1-9:2] id=x ctx=Store
#         Name [9:4-9:5] id=y ctx=Store
#     value:
#       Tuple [9:8-9:12] ctx=Load
#         Name [9:8-9:9] id=y ctx=Load
#         Name [9:11-9:12] id=x ctx=Load
#   Assign [10:1-10:12]
#     targets:
#       List [10:1-10:8] ctx=Store
#         Name [10:2-10:3] id=p ctx=Store
#         Starred [10:5-10:7] ctx=Store
#           Name [10:6-10:7] id=q ctx=Store
#     value:
#       Name [10:11-10:12] id=r ctx=Load
#   Assign [11:1-11:22]
#     targets:
#       Attribute [11:1-11:9] attr=attr ctx=Store
#         Name [11:1-11:4] id=obj ctx=Load
#       Subscript [11:12-11:18] ctx=Store
#         Name [11:12-11:15] id=arr ctx=Load
#         Constant [11:16-11:17] Int 0
#     value:
#       Constant [11:21-11:22] Int 2
#   AugAssign [12:1-12:7] op=+=
#     Name [12:1-12:2] id=n ctx=Store
#     Constant [12:6-12:7] Int 1
#   AugAssign [13:1-13:8] op=**=
#     Name [13:1-13:2] id=n ctx=Store
#     Constant [13:7-13:8] Int 2
#   AnnAssign [14:1-14:11]
#     Name [14:1-14:2] id=m ctx=Store
#     Name [14:4-14:7] id=int ctx=Load
#     value:
#       Constant [14:10-14:11] Int 3
#   AnnAssign [15:1-15:9]
#     Name [15:1-15:2] id=k ctx=Store
#     Name [15:4-15:9] id=float ctx=Load
#   Delete [16:1-16:17]
#     Name [16:5-16:6] id=a ctx=Del
#     Subscript [16:8-16:12] ctx=Del
#       Name [16:8-16:9] id=b ctx=Load
#       Constant [16:10-16:11] Int 0
#     Attribute [16:14-16:17] attr=d ctx=Del
#       Name [16:14-16:15] id=c ctx=Load
#   Pass [17:1-17:5]
#   Assert [18:1-18:35]
#     Compare [18:8-18:13] ops=[>]
#       Name [18:8-18:9] id=x ctx=Load
#       Constant [18:12-18:13] Int 0
#     msg:
#       Constant [18:15-18:35] String "x must be positive"
#   Assign [19:1-19:17]
#     targets:
#       Name [19:1-19:13] id=global_value ctx=Store
#     value:
#       Constant [19:16-19:17] Int 1
#   Assign [19:19-19:28]
#     targets:
#       Name [19:19-19:24] id=other ctx=Store
#     value:
#       Constant [19:27-19:28] Int 2
#   ExprStmt [19:30-19:38]
#     Call [19:30-19:38]
#       Name [19:30-19:35] id=print ctx=Load
#       args:
#         Name [19:36-19:37] id=x ctx=Load
#   FunctionDef [22:1-38:17] name=function
#     args:
#       Param [22:14-22:17] name=pos kind=PositionalOnly
#       Param [22:22-22:28] name=normal kind=Normal
#       Param [22:30-22:39] name=default kind=Normal
#         default:
#           Constant [22:38-22:39] Int 1
#       Param [22:41-22:46] name=args kind=VarPositional
#       Param [22:48-22:55] name=kw_only kind=KeywordOnly
#       Param [22:57-22:69] name=kw_default kind=KeywordOnly
#         default:
#           Constant [22:68-22:69] Int 2
#       Param [22:71-22:79] name=kwargs kind=VarKeyword
#     returns:
#       Name [22:84-22:87] id=int ctx=Load
#     body:
#       Global [23:5-23:24] names=global_value
#       Assign [24:5-24:14]
#         targets:
#           Name [24:5-24:10] id=total ctx=Store
#         value:
#           Constant [24:13-24:14] Int 0
#       For [25:5-33:19]
#         Name [25:9-25:10] id=i ctx=Store
#         Call [25:14-25:23]
#           Name [25:14-25:19] id=range ctx=Load
#           args:
#             Constant [25:20-25:22] Int 10
#         body:
#           If [26:9-31:23]
#             Compare [26:12-26:22] ops=[==]
#               BinOp [26:12-26:17] op=%
#                 Name [26:12-26:13] id=i ctx=Load
#                 Constant [26:16-26:17] Int 2
#               Constant [26:21-26:22] Int 0
#             body:
#               Continue [27:13-27:21]
#             orelse:
#               If [28:9-31:23] elif
#                 Compare [28:14-28:19] ops=[>]
#                   Name [28:14-28:15] id=i ctx=Load
#                   Constant [28:18-28:19] Int 7
#                 body:
#                   Break [29:13-29:18]
#                 orelse:
#                   AugAssign [31:13-31:23] op=+=
#                     Name [31:13-31:18] id=total ctx=Store
#                     Name [31:22-31:23] id=i ctx=Load
#         orelse:
#           AugAssign [33:9-33:19] op=-=
#             Name [33:9-33:14] id=total ctx=Store
#             Constant [33:18-33:19] Int 1
#       While [34:5-37:13]
#         Compare [34:11-34:20] ops=[>]
#           Name [34:11-34:16] id=total ctx=Load
#           Constant [34:19-34:20] Int 0
#         body:
#           AugAssign [35:9-35:19] op=-=
#             Name [35:9-35:14] id=total ctx=Store
#             Constant [35:18-35:19] Int 3
#         orelse:
#           Pass [37:9-37:13]
#       Return [38:5-38:17]
#         Name [38:12-38:17] id=total ctx=Load
#   FunctionDef [41:1-50:17] name=outer
#     body:
#       Assign [42:5-42:14]
#         targets:
#           Name [42:5-42:10] id=value ctx=Store
#         value:
#           Constant [42:13-42:14] Int 0
#       FunctionDef [44:5-49:18] name=inner
#         body:
#           Nonlocal [45:9-45:23] names=value
#           AugAssign [46:9-46:19] op=+=
#             Name [46:9-46:14] id=value ctx=Store
#             Constant [46:18-46:19] Int 1
#           ExprStmt [47:9-47:20]
#             Yield [47:9-47:20]
#               Name [47:15-47:20] id=value ctx=Load
#           ExprStmt [48:9-48:28]
#             YieldFrom [48:9-48:28]
#               Call [48:20-48:28]
#                 Name [48:20-48:25] id=range ctx=Load
#                 args:
#                   Constant [48:26-48:27] Int 3
#           Assign [49:9-49:18]
#             targets:
#               Name [49:9-49:10] id=x ctx=Store
#             value:
#               Yield [49:13-49:18]
#       Return [50:5-50:17]
#         Name [50:12-50:17] id=inner ctx=Load
#   FunctionDef [53:1-58:39] name=coroutine async
#     args:
#       Param [53:21-53:28] name=session kind=Normal
#     body:
#       With [54:5-55:30] async
#         item:
#           Call [54:16-54:32]
#             Attribute [54:16-54:27] attr=get ctx=Load
#               Name [54:16-54:23] id=session ctx=Load
#             args:
#               Name [54:28-54:31] id=url ctx=Load
#           as:
#             Name [54:36-54:44] id=response ctx=Store
#         body:
#           ExprStmt [55:9-55:30]
#             Await [55:9-55:30]
#               Call [55:15-55:30]
#                 Attribute [55:15-55:28] attr=read ctx=Load
#                   Name [55:15-55:23] id=response ctx=Load
#       For [56:5-57:13] async
#         Name [56:15-56:20] id=chunk ctx=Store
#         Name [56:24-56:32] id=response ctx=Load
#         body:
#           Pass [57:9-57:13]
#       Return [58:5-58:39]
#         ListComp [58:12-58:39]
#           Name [58:13-58:14] id=c ctx=Load
#           async comprehension:
#             Name [58:25-58:26] id=c ctx=Store
#             Name [58:30-58:38] id=response ctx=Load
#   ClassDef [61:1-65:19] name=Point
#     bases:
#       Name [61:13-61:17] id=Base ctx=Load
#     keywords:
#       Keyword [61:19-61:33] name=metaclass
#         Name [61:29-61:33] id=Meta ctx=Load
#     body:
#       AnnAssign [62:5-62:19]
#         Name [62:5-62:6] id=x ctx=Store
#         Name [62:8-62:13] id=float ctx=Load
#         value:
#           Constant [62:16-62:19] Float 0.0
#       FunctionDef [64:5-65:19] name=__init__
#         args:
#           Param [64:18-64:22] name=self kind=Normal
#           Param [64:24-64:25] name=x kind=Normal
#         body:
#           Assign [65:9-65:19]
#             targets:
#               Attribute [65:9-65:15] attr=x ctx=Store
#                 Name [65:9-65:13] id=self ctx=Load
#             value:
#               Name [65:18-65:19] id=x ctx=Load
#   With [68:1-69:9]
#     item:
#       Call [68:6-68:13]
#         Name [68:6-68:10] id=open ctx=Load
#         args:
#           Name [68:11-68:12] id=a ctx=Load
#       as:
#         Name [68:17-68:18] id=f ctx=Store
#     item:
#       Call [68:20-68:27]
#         Name [68:20-68:24] id=open ctx=Load
#         args:
#           Name [68:25-68:26] id=b ctx=Load
#       as:
#         Name [68:31-68:32] id=g ctx=Store
#     body:
#       Pass [69:5-69:9]
#   With [70:1-71:9]
#     item:
#       Call [70:7-70:14]
#         Name [70:7-70:11] id=open ctx=Load
#         args:
#           Name [70:12-70:13] id=a ctx=Load
#       as:
#         Name [70:18-70:19] id=f ctx=Store
#     item:
#       Call [70:21-70:28]
#         Name [70:21-70:25] id=open ctx=Load
#         args:
#           Name [70:26-70:27] id=b ctx=Load
#       as:
#         Name [70:32-70:33] id=g ctx=Store
#     body:
#       Pass [71:5-71:9]
#   With [72:1-73:9]
#     item:
#       Name [72:6-72:10] id=lock ctx=Load
#     body:
#       Pass [73:5-73:9]
#   Try [75:1-86:14]
#     body:
#       ExprStmt [76:5-76:12]
#         Call [76:5-76:12]
#           Name [76:5-76:10] id=risky ctx=Load
#     handlers:
#       ExceptHandler [77:1-78:41] name=error
#         type:
#           Tuple [77:8-77:31] ctx=Load parenthesized
#             Name [77:9-77:19] id=ValueError ctx=Load
#             Name [77:21-77:30] id=TypeError ctx=Load
#         body:
#           Raise [78:5-78:41]
#             exc:
#               Call [78:11-78:30]
#                 Name [78:11-78:23] id=RuntimeError ctx=Load
#                 args:
#                   Constant [78:24-78:29] String "bad"
#             cause:
#               Name [78:36-78:41] id=error ctx=Load
#       ExceptHandler [79:1-80:10]
#         type:
#           Name [79:8-79:16] id=KeyError ctx=Load
#         body:
#           Raise [80:5-80:10]
#       ExceptHandler [81:1-82:9]
#         body:
#           Pass [82:5-82:9]
#     orelse:
#       Pass [84:5-84:9]
#     finalbody:
#       ExprStmt [86:5-86:14]
#         Call [86:5-86:14]
#           Name [86:5-86:12] id=cleanup ctx=Load
#   Try [88:1-91:9]
#     body:
#       Pass [89:5-89:9]
#     handlers:
#       ExceptHandler [90:1-91:9] star
#         type:
#           Name [90:9-90:16] id=OSError ctx=Load
#         body:
#           Pass [91:5-91:9]
#   If [93:1-93:12]
#     Name [93:4-93:5] id=x ctx=Load
#     body:
#       Assign [93:7-93:12]
#         targets:
#           Name [93:7-93:8] id=y ctx=Store
#         value:
#           Constant [93:11-93:12] Int 1
#   While [94:1-94:18]
#     Constant [94:7-94:12] False
#     body:
#       Pass [94:14-94:18]
#   For [95:1-95:31]
#     Name [95:5-95:6] id=q ctx=Store
#     Name [95:10-95:11] id=z ctx=Load
#     body:
#       ExprStmt [95:13-95:21]
#         Call [95:13-95:21]
#           Name [95:13-95:18] id=print ctx=Load
#           args:
#             Name [95:19-95:20] id=q ctx=Load
#       Continue [95:23-95:31]
#   Assign [96:1-96:28]
#     targets:
#       Name [96:1-96:6] id=match ctx=Store
#     value:
#       Call [96:9-96:28]
#         Attribute [96:9-96:22] attr=match ctx=Load
#           Name [96:9-96:16] id=pattern ctx=Load
#         args:
#           Name [96:23-96:27] id=text ctx=Load
#   Assign [97:1-97:22]
#     targets:
#       Name [97:1-97:5] id=type ctx=Store
#     value:
#       Constant [97:8-97:22] String "not an alias"
