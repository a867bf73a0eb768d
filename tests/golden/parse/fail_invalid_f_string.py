# InvalidFString: malformed replacement fields.
a = f"{}"  # CHECK-ERROR: InvalidFString: valid expression required before '}'
b = f"{x!z}"  # CHECK-ERROR: InvalidFString: invalid conversion character
c = f"a } b"  # CHECK-ERROR: InvalidFString: single '}' is not allowed
d = f"{!r}"  # CHECK-ERROR: InvalidFString: valid expression required before '!'
e = f"{x!r y}"  # CHECK-ERROR: InvalidFString: expecting '}'
g = f"{   }"  # CHECK-ERROR: InvalidFString: valid expression required before '}'
h = f"ok {x} then {a b}"  # CHECK-ERROR: UnexpectedToken: expected end of the f-string expression, found identifier 'b'

# ---- DUMP ----
# Module
#   Assign [2:1-2:10]
#     targets:
#       Name [2:1-2:2] id=a ctx=Store
#     value:
#       JoinedStr [2:5-2:10]
#         FormattedValue [2:7-2:9]
#           ErrorExpr [2:8-2:8]
#   Assign [3:1-3:13]
#     targets:
#       Name [3:1-3:2] id=b ctx=Store
#     value:
#       JoinedStr [3:5-3:13]
#         FormattedValue [3:7-3:12]
#           Name [3:8-3:9] id=x ctx=Load
#   Assign [4:1-4:13]
#     targets:
#       Name [4:1-4:2] id=c ctx=Store
#     value:
#       JoinedStr [4:5-4:13]
#         Constant [4:7-4:12] String "a  b"
#   Assign [5:1-5:12]
#     targets:
#       Name [5:1-5:2] id=d ctx=Store
#     value:
#       JoinedStr [5:5-5:12]
#         FormattedValue [5:7-5:11] conv=r
#           ErrorExpr [5:8-5:8]
#   Assign [6:1-6:15]
#     targets:
#       Name [6:1-6:2] id=e ctx=Store
#     value:
#       JoinedStr [6:5-6:15]
#         FormattedValue [6:7-6:14] conv=r
#           Name [6:8-6:9] id=x ctx=Load
#   Assign [7:1-7:13]
#     targets:
#       Name [7:1-7:2] id=g ctx=Store
#     value:
#       JoinedStr [7:5-7:13]
#         FormattedValue [7:7-7:12]
#           ErrorExpr [7:8-7:11]
#   Assign [8:1-8:25]
#     targets:
#       Name [8:1-8:2] id=h ctx=Store
#     value:
#       JoinedStr [8:5-8:25]
#         Constant [8:7-8:10] String "ok "
#         FormattedValue [8:10-8:13]
#           Name [8:11-8:12] id=x ctx=Load
#         Constant [8:13-8:19] String " then "
#         FormattedValue [8:19-8:24]
#           Name [8:20-8:21] id=a ctx=Load
