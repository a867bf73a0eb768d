# Decorators use the full expression grammar.
import functools

import pytest
import triton


@triton.jit
def plain(x):
    return x


@triton.autotune(
    configs=[triton.Config({'BLOCK': 128}, num_warps=4),
             triton.Config({'BLOCK': 256}, num_warps=8)],
    key=['n'],
)
@triton.heuristics({'EVEN': lambda args: args['n'] % args['BLOCK'] == 0})
@triton.jit
def tuned(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    pass


@pytest.mark.parametrize("size, dtype", [(128, torch.float16), (1024, torch.float32)])
def test_sizes(size, dtype):
    pass


@functools.lru_cache(maxsize=None)
def cached():
    pass


@registry["kernels"].register
@(lambda f: f)
@a if b else c
class Decorated:
    @staticmethod
    def method():
        pass

    @property
    def value(self):
        return 1


@(yield_ := functools.wraps)
async def coroutine():
    pass

# ---- DUMP ----
# Module
#   Import [2:1-2:17]
#     Alias [2:8-2:17] name=functools
#   Import [4:1-4:14]
#     Alias [4:8-4:14] name=pytest
#   Import [5:1-5:14]
#     Alias [5:8-5:14] name=triton
#   FunctionDef [8:1-10:13] name=plain
#     decorators:
#       Attribute [8:2-8:12] attr=jit ctx=Load
#         Name [8:2-8:8] id=triton ctx=Load
#     args:
#       Param [9:11-9:12] name=x kind=Normal
#     body:
#       Return [10:5-10:13]
#         Name [10:12-10:13] id=x ctx=Load
#   FunctionDef [13:1-21:9] name=tuned
#     decorators:
#       Call [13:2-17:2]
#         Attribute [13:2-13:17] attr=autotune ctx=Load
#           Name [13:2-13:8] id=triton ctx=Load
#         keywords:
#           Keyword [14:5-15:57] name=configs
#             List [14:13-15:57] ctx=Load
#               Call [14:14-14:56]
#                 Attribute [14:14-14:27] attr=Config ctx=Load
#                   Name [14:14-14:20] id=triton ctx=Load
#                 args:
#                   Dict [14:28-14:42]
#                     Constant [14:29-14:36] String "BLOCK"
#                     Constant [14:38-14:41] Int 128
#                 keywords:
#                   Keyword [14:44-14:55] name=num_warps
#                     Constant [14:54-14:55] Int 4
#               Call [15:14-15:56]
#                 Attribute [15:14-15:27] attr=Config ctx=Load
#                   Name [15:14-15:20] id=triton ctx=Load
#                 args:
#                   Dict [15:28-15:42]
#                     Constant [15:29-15:36] String "BLOCK"
#                     Constant [15:38-15:41] Int 256
#                 keywords:
#                   Keyword [15:44-15:55] name=num_warps
#                     Constant [15:54-15:55] Int 8
#           Keyword [16:5-16:14] name=key
#             List [16:9-16:14] ctx=Load
#               Constant [16:10-16:13] String "n"
#       Call [18:2-18:74]
#         Attribute [18:2-18:19] attr=heuristics ctx=Load
#           Name [18:2-18:8] id=triton ctx=Load
#         args:
#           Dict [18:20-18:73]
#             Constant [18:21-18:27] String "EVEN"
#             Lambda [18:29-18:72]
#               args:
#                 Param [18:36-18:40] name=args kind=Normal
#               body:
#                 Compare [18:42-18:72] ops=[==]
#                   BinOp [18:42-18:67] op=%
#                     Subscript [18:42-18:51] ctx=Load
#                       Name [18:42-18:46] id=args ctx=Load
#                       Constant [18:47-18:50] String "n"
#                     Subscript [18:54-18:67] ctx=Load
#                       Name [18:54-18:58] id=args ctx=Load
#                       Constant [18:59-18:66] String "BLOCK"
#                   Constant [18:71-18:72] Int 0
#       Attribute [19:2-19:12] attr=jit ctx=Load
#         Name [19:2-19:8] id=triton ctx=Load
#     args:
#       Param [20:11-20:16] name=x_ptr kind=Normal
#       Param [20:18-20:19] name=n kind=Normal
#       Param [20:21-20:40] name=BLOCK kind=Normal
#         annotation:
#           Attribute [20:28-20:40] attr=constexpr ctx=Load
#             Name [20:28-20:30] id=tl ctx=Load
#       Param [20:42-20:60] name=EVEN kind=Normal
#         annotation:
#           Attribute [20:48-20:60] attr=constexpr ctx=Load
#             Name [20:48-20:50] id=tl ctx=Load
#     body:
#       Pass [21:5-21:9]
#   FunctionDef [24:1-26:9] name=test_sizes
#     decorators:
#       Call [24:2-24:87]
#         Attribute [24:2-24:25] attr=parametrize ctx=Load
#           Attribute [24:2-24:13] attr=mark ctx=Load
#             Name [24:2-24:8] id=pytest ctx=Load
#         args:
#           Constant [24:26-24:39] String "size, dtype"
#           List [24:41-24:86] ctx=Load
#             Tuple [24:42-24:62] ctx=Load parenthesized
#               Constant [24:43-24:46] Int 128
#               Attribute [24:48-24:61] attr=float16 ctx=Load
#                 Name [24:48-24:53] id=torch ctx=Load
#             Tuple [24:64-24:85] ctx=Load parenthesized
#               Constant [24:65-24:69] Int 1024
#               Attribute [24:71-24:84] attr=float32 ctx=Load
#                 Name [24:71-24:76] id=torch ctx=Load
#     args:
#       Param [25:16-25:20] name=size kind=Normal
#       Param [25:22-25:27] name=dtype kind=Normal
#     body:
#       Pass [26:5-26:9]
#   FunctionDef [29:1-31:9] name=cached
#     decorators:
#       Call [29:2-29:35]
#         Attribute [29:2-29:21] attr=lru_cache ctx=Load
#           Name [29:2-29:11] id=functools ctx=Load
#         keywords:
#           Keyword [29:22-29:34] name=maxsize
#             Constant [29:30-29:34] None
#     body:
#       Pass [31:5-31:9]
#   ClassDef [34:1-44:17] name=Decorated
#     decorators:
#       Attribute [34:2-34:30] attr=register ctx=Load
#         Subscript [34:2-34:21] ctx=Load
#           Name [34:2-34:10] id=registry ctx=Load
#           Constant [34:11-34:20] String "kernels"
#       Lambda [35:3-35:14]
#         args:
#           Param [35:10-35:11] name=f kind=Normal
#         body:
#           Name [35:13-35:14] id=f ctx=Load
#       IfExp [36:2-36:15]
#         test:
#           Name [36:7-36:8] id=b ctx=Load
#         body:
#           Name [36:2-36:3] id=a ctx=Load
#         orelse:
#           Name [36:14-36:15] id=c ctx=Load
#     body:
#       FunctionDef [38:5-40:13] name=method
#         decorators:
#           Name [38:6-38:18] id=staticmethod ctx=Load
#         body:
#           Pass [40:9-40:13]
#       FunctionDef [42:5-44:17] name=value
#         decorators:
#           Name [42:6-42:14] id=property ctx=Load
#         args:
#           Param [43:15-43:19] name=self kind=Normal
#         body:
#           Return [44:9-44:17]
#             Constant [44:16-44:17] Int 1
#   FunctionDef [47:1-49:9] name=coroutine async
#     decorators:
#       NamedExpr [47:3-47:28]
#         Name [47:3-47:9] id=yield_ ctx=Store
#         Attribute [47:13-47:28] attr=wraps ctx=Load
#           Name [47:13-47:22] id=functools ctx=Load
#     body:
#       Pass [49:5-49:9]
