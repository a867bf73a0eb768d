# InvalidStringLiteral: escapes and literals Python rejects.
a = "\x4"  # CHECK-ERROR: InvalidStringLiteral: truncated \xXX escape
b = "text" b"bytes"  # CHECK-ERROR: InvalidStringLiteral: cannot mix bytes and nonbytes literals
c = b"é"  # CHECK-ERROR: InvalidStringLiteral: bytes can only contain ASCII literal characters
d = "\U00110000"  # CHECK-ERROR: InvalidStringLiteral: illegal Unicode character
e = "\N"  # CHECK-ERROR: InvalidStringLiteral: malformed \N character escape
f = f"{x} \u12"  # CHECK-ERROR: InvalidStringLiteral: truncated \uXXXX escape

# ---- DUMP ----
# Module
#   Assign [2:1-2:10]
#     targets:
#       Name [2:1-2:2] id=a ctx=Store
#     value:
#       Constant [2:5-2:10] String "\\x4"
#   Assign [3:1-3:20]
#     targets:
#       Name [3:1-3:2] id=b ctx=Store
#     value:
#       Constant [3:5-3:20] String "textbytes"
#   Assign [4:1-4:9]
#     targets:
#       Name [4:1-4:2] id=c ctx=Store
#     value:
#       Constant [4:5-4:9] Bytes b"\xc3\xa9"
#   Assign [5:1-5:17]
#     targets:
#       Name [5:1-5:2] id=d ctx=Store
#     value:
#       Constant [5:5-5:17] String ""
#   Assign [6:1-6:9]
#     targets:
#       Name [6:1-6:2] id=e ctx=Store
#     value:
#       Constant [6:5-6:9] String "\\N"
#   Assign [7:1-7:16]
#     targets:
#       Name [7:1-7:2] id=f ctx=Store
#     value:
#       JoinedStr [7:5-7:16]
#         FormattedValue [7:7-7:10]
#           Name [7:8-7:9] id=x ctx=Load
#         Constant [7:10-7:15] String " \\u12"
