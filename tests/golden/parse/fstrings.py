# f-strings: replacement fields are real expressions with spans in this file.
name = "tile"
width, precision = 10, 3
value = 3.14159
print(f"plain {name}")
print(f"{value:{width}.{precision}f}")
print(f"{value!r:>{width}}")
print(f"{name!s} {name!a}")
print(f"{value = }")
print(f"{value=:.2f}")
print(f"{{literal braces}} and {name}")
print(f"{'nested' + name}")
print(f"{d['key']} {f(a, b=1)} {x if y else z}")
print(f"{a == b} {a != b} {a <= b} {a >= b}")
print(f"tab\t{name}\n")
print(rf"\d+{name}\s*")
print(f"first {name} " "plain " f"second {value}")
print(f"""multi
line {name}
""")
print(f"{f'{name}'}")
print(f"{ {'k': 1}['k'] }")

# ---- DUMP ----
# Module
#   Assign [2:1-2:14]
#     targets:
#       Name [2:1-2:5] id=name ctx=Store
#     value:
#       Constant [2:8-2:14] String "tile"
#   Assign [3:1-3:25]
#     targets:
#       Tuple [3:1-3:17] ctx=Store
#         Name [3:1-3:6] id=width ctx=Store
#         Name [3:8-3:17] id=precision ctx=Store
#     value:
#       Tuple [3:20-3:25] ctx=Load
#         Constant [3:20-3:22] Int 10
#         Constant [3:24-3:25] Int 3
#   Assign [4:1-4:16]
#     targets:
#       Name [4:1-4:6] id=value ctx=Store
#     value:
#       Constant [4:9-4:16] Float 3.14159
#   ExprStmt [5:1-5:23]
#     Call [5:1-5:23]
#       Name [5:1-5:6] id=print ctx=Load
#       args:
#         JoinedStr [5:7-5:22]
#           Constant [5:9-5:15] String "plain "
#           FormattedValue [5:15-5:21]
#             Name [5:16-5:20] id=name ctx=Load
#   ExprStmt [6:1-6:39]
#     Call [6:1-6:39]
#       Name [6:1-6:6] id=print ctx=Load
#       args:
#         JoinedStr [6:7-6:38]
#           FormattedValue [6:9-6:37]
#             Name [6:10-6:15] id=value ctx=Load
#             spec:
#               JoinedStr [6:16-6:36]
#                 FormattedValue [6:16-6:23]
#                   Name [6:17-6:22] id=width ctx=Load
#                 Constant [6:23-6:24] String "."
#                 FormattedValue [6:24-6:35]
#                   Name [6:25-6:34] id=precision ctx=Load
#                 Constant [6:35-6:36] String "f"
#   ExprStmt [7:1-7:29]
#     Call [7:1-7:29]
#       Name [7:1-7:6] id=print ctx=Load
#       args:
#         JoinedStr [7:7-7:28]
#           FormattedValue [7:9-7:27] conv=r
#             Name [7:10-7:15] id=value ctx=Load
#             spec:
#               JoinedStr [7:18-7:26]
#                 Constant [7:18-7:19] String ">"
#                 FormattedValue [7:19-7:26]
#                   Name [7:20-7:25] id=width ctx=Load
#   ExprStmt [8:1-8:28]
#     Call [8:1-8:28]
#       Name [8:1-8:6] id=print ctx=Load
#       args:
#         JoinedStr [8:7-8:27]
#           FormattedValue [8:9-8:17] conv=s
#             Name [8:10-8:14] id=name ctx=Load
#           Constant [8:17-8:18] String " "
#           FormattedValue [8:18-8:26] conv=a
#             Name [8:19-8:23] id=name ctx=Load
#   ExprStmt [9:1-9:21]
#     Call [9:1-9:21]
#       Name [9:1-9:6] id=print ctx=Load
#       args:
#         JoinedStr [9:7-9:20]
#           Constant [9:10-9:18] String "value = "
#           FormattedValue [9:9-9:19] conv=r selfdoc
#             Name [9:10-9:15] id=value ctx=Load
#   ExprStmt [10:1-10:23]
#     Call [10:1-10:23]
#       Name [10:1-10:6] id=print ctx=Load
#       args:
#         JoinedStr [10:7-10:22]
#           Constant [10:10-10:16] String "value="
#           FormattedValue [10:9-10:21] selfdoc
#             Name [10:10-10:15] id=value ctx=Load
#             spec:
#               JoinedStr [10:17-10:20]
#                 Constant [10:17-10:20] String ".2f"
#   ExprStmt [11:1-11:40]
#     Call [11:1-11:40]
#       Name [11:1-11:6] id=print ctx=Load
#       args:
#         JoinedStr [11:7-11:39]
#           Constant [11:9-11:32] String "{literal braces} and "
#           FormattedValue [11:32-11:38]
#             Name [11:33-11:37] id=name ctx=Load
#   ExprStmt [12:1-12:28]
#     Call [12:1-12:28]
#       Name [12:1-12:6] id=print ctx=Load
#       args:
#         JoinedStr [12:7-12:27]
#           FormattedValue [12:9-12:26]
#             BinOp [12:10-12:25] op=+
#               Constant [12:10-12:18] String "nested"
#               Name [12:21-12:25] id=name ctx=Load
#   ExprStmt [13:1-13:49]
#     Call [13:1-13:49]
#       Name [13:1-13:6] id=print ctx=Load
#       args:
#         JoinedStr [13:7-13:48]
#           FormattedValue [13:9-13:19]
#             Subscript [13:10-13:18] ctx=Load
#               Name [13:10-13:11] id=d ctx=Load
#               Constant [13:12-13:17] String "key"
#           Constant [13:19-13:20] String " "
#           FormattedValue [13:20-13:31]
#             Call [13:21-13:30]
#               Name [13:21-13:22] id=f ctx=Load
#               args:
#                 Name [13:23-13:24] id=a ctx=Load
#               keywords:
#                 Keyword [13:26-13:29] name=b
#                   Constant [13:28-13:29] Int 1
#           Constant [13:31-13:32] String " "
#           FormattedValue [13:32-13:47]
#             IfExp [13:33-13:46]
#               test:
#                 Name [13:38-13:39] id=y ctx=Load
#               body:
#                 Name [13:33-13:34] id=x ctx=Load
#               orelse:
#                 Name [13:45-13:46] id=z ctx=Load
#   ExprStmt [14:1-14:46]
#     Call [14:1-14:46]
#       Name [14:1-14:6] id=print ctx=Load
#       args:
#         JoinedStr [14:7-14:45]
#           FormattedValue [14:9-14:17]
#             Compare [14:10-14:16] ops=[==]
#               Name [14:10-14:11] id=a ctx=Load
#               Name [14:15-14:16] id=b ctx=Load
#           Constant [14:17-14:18] String " "
#           FormattedValue [14:18-14:26]
#             Compare [14:19-14:25] ops=[!=]
#               Name [14:19-14:20] id=a ctx=Load
#               Name [14:24-14:25] id=b ctx=Load
#           Constant [14:26-14:27] String " "
#           FormattedValue [14:27-14:35]
#             Compare [14:28-14:34] ops=[<=]
#               Name [14:28-14:29] id=a ctx=Load
#               Name [14:33-14:34] id=b ctx=Load
#           Constant [14:35-14:36] String " "
#           FormattedValue [14:36-14:44]
#             Compare [14:37-14:43] ops=[>=]
#               Name [14:37-14:38] id=a ctx=Load
#               Name [14:42-14:43] id=b ctx=Load
#   ExprStmt [15:1-15:24]
#     Call [15:1-15:24]
#       Name [15:1-15:6] id=print ctx=Load
#       args:
#         JoinedStr [15:7-15:23]
#           Constant [15:9-15:14] String "tab\t"
#           FormattedValue [15:14-15:20]
#             Name [15:15-15:19] id=name ctx=Load
#           Constant [15:20-15:22] String "\n"
#   ExprStmt [16:1-16:24]
#     Call [16:1-16:24]
#       Name [16:1-16:6] id=print ctx=Load
#       args:
#         JoinedStr [16:7-16:23]
#           Constant [16:10-16:13] String "\\d+"
#           FormattedValue [16:13-16:19]
#             Name [16:14-16:18] id=name ctx=Load
#           Constant [16:19-16:22] String "\\s*"
#   ExprStmt [17:1-17:51]
#     Call [17:1-17:51]
#       Name [17:1-17:6] id=print ctx=Load
#       args:
#         JoinedStr [17:7-17:50]
#           Constant [17:9-17:15] String "first "
#           FormattedValue [17:15-17:21]
#             Name [17:16-17:20] id=name ctx=Load
#           Constant [17:21-17:42] String " plain second "
#           FormattedValue [17:42-17:49]
#             Name [17:43-17:48] id=value ctx=Load
#   ExprStmt [18:1-20:5]
#     Call [18:1-20:5]
#       Name [18:1-18:6] id=print ctx=Load
#       args:
#         JoinedStr [18:7-20:4]
#           Constant [18:11-19:6] String "multi\nline "
#           FormattedValue [19:6-19:12]
#             Name [19:7-19:11] id=name ctx=Load
#           Constant [19:12-20:1] String "\n"
#   ExprStmt [21:1-21:22]
#     Call [21:1-21:22]
#       Name [21:1-21:6] id=print ctx=Load
#       args:
#         JoinedStr [21:7-21:21]
#           FormattedValue [21:9-21:20]
#             JoinedStr [21:10-21:19]
#               FormattedValue [21:12-21:18]
#                 Name [21:13-21:17] id=name ctx=Load
#   ExprStmt [22:1-22:28]
#     Call [22:1-22:28]
#       Name [22:1-22:6] id=print ctx=Load
#       args:
#         JoinedStr [22:7-22:27]
#           FormattedValue [22:9-22:26]
#             Subscript [22:11-22:24] ctx=Load
#               Dict [22:11-22:19]
#                 Constant [22:12-22:15] String "k"
#                 Constant [22:17-22:18] Int 1
#               Constant [22:20-22:23] String "k"
