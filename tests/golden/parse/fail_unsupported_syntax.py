# UnsupportedSyntax: Python that Tilesmith's front end does not parse. Each is reported once
# and skipped; `match` and `type` stay usable as names.
import re

match command:  # CHECK-ERROR: UnsupportedSyntax: the 'match' statement is not supported
    case "go":
        pass
    case _:
        pass
match = re.match(pattern, text)
type Alias = int  # CHECK-ERROR: UnsupportedSyntax: the 'type' alias statement
type(match)


def generic[T](x: T) -> T:  # CHECK-ERROR: UnsupportedSyntax: a type parameter list
    return x


y = ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((x))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))  # CHECK-ERROR: UnsupportedSyntax: nested too deeply
z = -----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------x  # CHECK-ERROR: UnsupportedSyntax: an expression nested too deeply

# ---- DUMP ----
# Module
#   Import [3:1-3:10]
#     Alias [3:8-3:10] name=re
#   ErrorStmt [5:1-9:13]
#   Assign [10:1-10:32]
#     targets:
#       Name [10:1-10:6] id=match ctx=Store
#     value:
#       Call [10:9-10:32]
#         Attribute [10:9-10:17] attr=match ctx=Load
#           Name [10:9-10:11] id=re ctx=Load
#         args:
#           Name [10:18-10:25] id=pattern ctx=Load
#           Name [10:27-10:31] id=text ctx=Load
#   ErrorStmt [11:1-11:17]
#   ExprStmt [12:1-12:12]
#     Call [12:1-12:12]
#       Name [12:1-12:5] id=type ctx=Load
#       args:
#         Name [12:6-12:11] id=match ctx=Load
#   FunctionDef [15:1-16:13] name=generic
#     args:
#       Param [15:16-15:20] name=x kind=Normal
#         annotation:
#           Name [15:19-15:20] id=T ctx=Load
#     returns:
#       Name [15:25-15:26] id=T ctx=Load
#     body:
#       Return [16:5-16:13]
#         Name [16:12-16:13] id=x ctx=Load
#   Assign [19:1-19:205]
#     targets:
#       Name [19:1-19:2] id=y ctx=Store
#     value:
#       ErrorExpr [19:205-19:206]
#   Assign [20:1-20:206]
#     targets:
#       Name [20:1-20:2] id=z ctx=Store
#     value:
#       UnaryOp [20:5-20:206] op=-
#         UnaryOp [20:6-20:206] op=-
#           UnaryOp [20:7-20:206] op=-
#             UnaryOp [20:8-20:206] op=-
#               UnaryOp [20:9-20:206] op=-
#                 UnaryOp [20:10-20:206] op=-
#                   UnaryOp [20:11-20:206] op=-
#                     UnaryOp [20:12-20:206] op=-
#                       UnaryOp [20:13-20:206] op=-
#                         UnaryOp [20:14-20:206] op=-
#                           UnaryOp [20:15-20:206] op=-
#                             UnaryOp [20:16-20:206] op=-
#                               UnaryOp [20:17-20:206] op=-
#                                 UnaryOp [20:18-20:206] op=-
#                                   UnaryOp [20:19-20:206] op=-
#                                     UnaryOp [20:20-20:206] op=-
#                                       UnaryOp [20:21-20:206] op=-
#                                         UnaryOp [20:22-20:206] op=-
#                                           UnaryOp [20:23-20:206] op=-
#                                             UnaryOp [20:24-20:206] op=-
#                                               UnaryOp [20:25-20:206] op=-
#                                                 UnaryOp [20:26-20:206] op=-
#                                                   UnaryOp [20:27-20:206] op=-
#                                                     UnaryOp [20:28-20:206] op=-
#                                                       UnaryOp [20:29-20:206] op=-
#                                                         UnaryOp [20:30-20:206] op=-
#                                                           UnaryOp [20:31-20:206] op=-
#                                                             UnaryOp [20:32-20:206] op=-
#                                                               UnaryOp [20:33-20:206] op=-
#                                                                 UnaryOp [20:34-20:206] op=-
#                                                                   UnaryOp [20:35-20:206] op=-
#                                                                     UnaryOp [20:36-20:206] op=-
#                                                                       UnaryOp [20:37-20:206] op=-
#                                                                         UnaryOp [20:38-20:206] op=-
#                                                                           UnaryOp [20:39-20:206] op=-
#                                                                             UnaryOp [20:40-20:206] op=-
#                                                                               UnaryOp [20:41-20:206] op=-
#                                                                                 UnaryOp [20:42-20:206] op=-
#                                                                                   UnaryOp [20:43-20:206] op=-
#                                                                                     UnaryOp [20:44-20:206] op=-
#                                                                                       UnaryOp [20:45-20:206] op=-
#                                                                                         UnaryOp [20:46-20:206] op=-
#                                                                                           UnaryOp [20:47-20:206] op=-
#                                                                                             UnaryOp [20:48-20:206] op=-
#                                                                                               UnaryOp [20:49-20:206] op=-
#                                                                                                 UnaryOp [20:50-20:206] op=-
#                                                                                                   UnaryOp [20:51-20:206] op=-
#                                                                                                     UnaryOp [20:52-20:206] op=-
#                                                                                                       UnaryOp [20:53-20:206] op=-
#                                                                                                         UnaryOp [20:54-20:206] op=-
#                                                                                                           UnaryOp [20:55-20:206] op=-
#                                                                                                             UnaryOp [20:56-20:206] op=-
#                                                                                                               UnaryOp [20:57-20:206] op=-
#                                                                                                                 UnaryOp [20:58-20:206] op=-
#                                                                                                                   UnaryOp [20:59-20:206] op=-
#                                                                                                                     UnaryOp [20:60-20:206] op=-
#                                                                                                                       UnaryOp [20:61-20:206] op=-
#                                                                                                                         UnaryOp [20:62-20:206] op=-
#                                                                                                                           UnaryOp [20:63-20:206] op=-
#                                                                                                                             UnaryOp [20:64-20:206] op=-
#                                                                                                                               UnaryOp [20:65-20:206] op=-
#                                                                                                                                 UnaryOp [20:66-20:206] op=-
#                                                                                                                                   UnaryOp [20:67-20:206] op=-
#                                                                                                                                     UnaryOp [20:68-20:206] op=-
#                                                                                                                                       UnaryOp [20:69-20:206] op=-
#                                                                                                                                         UnaryOp [20:70-20:206] op=-
#                                                                                                                                           UnaryOp [20:71-20:206] op=-
#                                                                                                                                             UnaryOp [20:72-20:206] op=-
#                                                                                                                                               UnaryOp [20:73-20:206] op=-
#                                                                                                                                                 UnaryOp [20:74-20:206] op=-
#                                                                                                                                                   UnaryOp [20:75-20:206] op=-
#                                                                                                                                                     UnaryOp [20:76-20:206] op=-
#                                                                                                                                                       UnaryOp [20:77-20:206] op=-
#                                                                                                                                                         UnaryOp [20:78-20:206] op=-
#                                                                                                                                                           UnaryOp [20:79-20:206] op=-
#                                                                                                                                                             UnaryOp [20:80-20:206] op=-
#                                                                                                                                                               UnaryOp [20:81-20:206] op=-
#                                                                                                                                                                 UnaryOp [20:82-20:206] op=-
#                                                                                                                                                                   UnaryOp [20:83-20:206] op=-
#                                                                                                                                                                     UnaryOp [20:84-20:206] op=-
#                                                                                                                                                                       UnaryOp [20:85-20:206] op=-
#                                                                                                                                                                         UnaryOp [20:86-20:206] op=-
#                                                                                                                                                                           UnaryOp [20:87-20:206] op=-
#                                                                                                                                                                             UnaryOp [20:88-20:206] op=-
#                                                                                                                                                                               UnaryOp [20:89-20:206] op=-
#                                                                                                                                                                                 UnaryOp [20:90-20:206] op=-
#                                                                                                                                                                                   UnaryOp [20:91-20:206] op=-
#                                                                                                                                                                                     UnaryOp [20:92-20:206] op=-
#                                                                                                                                                                                       UnaryOp [20:93-20:206] op=-
#                                                                                                                                                                                         UnaryOp [20:94-20:206] op=-
#                                                                                                                                                                                           UnaryOp [20:95-20:206] op=-
#                                                                                                                                                                                             UnaryOp [20:96-20:206] op=-
#                                                                                                                                                                                               UnaryOp [20:97-20:206] op=-
#                                                                                                                                                                                                 UnaryOp [20:98-20:206] op=-
#                                                                                                                                                                                                   UnaryOp [20:99-20:206] op=-
#                                                                                                                                                                                                     UnaryOp [20:100-20:206] op=-
#                                                                                                                                                                                                       UnaryOp [20:101-20:206] op=-
#                                                                                                                                                                                                         UnaryOp [20:102-20:206] op=-
#                                                                                                                                                                                                           UnaryOp [20:103-20:206] op=-
#                                                                                                                                                                                                             UnaryOp [20:104-20:206] op=-
#                                                                                                                                                                                                               UnaryOp [20:105-20:206] op=-
#                                                                                                                                                                                                                 UnaryOp [20:106-20:206] op=-
#                                                                                                                                                                                                                   UnaryOp [20:107-20:206] op=-
#                                                                                                                                                                                                                     UnaryOp [20:108-20:206] op=-
#                                                                                                                                                                                                                       UnaryOp [20:109-20:206] op=-
#                                                                                                                                                                                                                         UnaryOp [20:110-20:206] op=-
#                                                                                                                                                                                                                           UnaryOp [20:111-20:206] op=-
#                                                                                                                                                                                                                             UnaryOp [20:112-20:206] op=-
#                                                                                                                                                                                                                               UnaryOp [20:113-20:206] op=-
#                                                                                                                                                                                                                                 UnaryOp [20:114-20:206] op=-
#                                                                                                                                                                                                                                   UnaryOp [20:115-20:206] op=-
#                                                                                                                                                                                                                                     UnaryOp [20:116-20:206] op=-
#                                                                                                                                                                                                                                       UnaryOp [20:117-20:206] op=-
#                                                                                                                                                                                                                                         UnaryOp [20:118-20:206] op=-
#                                                                                                                                                                                                                                           UnaryOp [20:119-20:206] op=-
#                                                                                                                                                                                                                                             UnaryOp [20:120-20:206] op=-
#                                                                                                                                                                                                                                               UnaryOp [20:121-20:206] op=-
#                                                                                                                                                                                                                                                 UnaryOp [20:122-20:206] op=-
#                                                                                                                                                                                                                                                   UnaryOp [20:123-20:206] op=-
#                                                                                                                                                                                                                                                     UnaryOp [20:124-20:206] op=-
#                                                                                                                                                                                                                                                       UnaryOp [20:125-20:206] op=-
#                                                                                                                                                                                                                                                         UnaryOp [20:126-20:206] op=-
#                                                                                                                                                                                                                                                           UnaryOp [20:127-20:206] op=-
#                                                                                                                                                                                                                                                             UnaryOp [20:128-20:206] op=-
#                                                                                                                                                                                                                                                               UnaryOp [20:129-20:206] op=-
#                                                                                                                                                                                                                                                                 UnaryOp [20:130-20:206] op=-
#                                                                                                                                                                                                                                                                   UnaryOp [20:131-20:206] op=-
#                                                                                                                                                                                                                                                                     UnaryOp [20:132-20:206] op=-
#                                                                                                                                                                                                                                                                       UnaryOp [20:133-20:206] op=-
#                                                                                                                                                                                                                                                                         UnaryOp [20:134-20:206] op=-
#                                                                                                                                                                                                                                                                           UnaryOp [20:135-20:206] op=-
#                                                                                                                                                                                                                                                                             UnaryOp [20:136-20:206] op=-
#                                                                                                                                                                                                                                                                               UnaryOp [20:137-20:206] op=-
#                                                                                                                                                                                                                                                                                 UnaryOp [20:138-20:206] op=-
#                                                                                                                                                                                                                                                                                   UnaryOp [20:139-20:206] op=-
#                                                                                                                                                                                                                                                                                     UnaryOp [20:140-20:206] op=-
#                                                                                                                                                                                                                                                                                       UnaryOp [20:141-20:206] op=-
#                                                                                                                                                                                                                                                                                         UnaryOp [20:142-20:206] op=-
#                                                                                                                                                                                                                                                                                           UnaryOp [20:143-20:206] op=-
#                                                                                                                                                                                                                                                                                             UnaryOp [20:144-20:206] op=-
#                                                                                                                                                                                                                                                                                               UnaryOp [20:145-20:206] op=-
#                                                                                                                                                                                                                                                                                                 UnaryOp [20:146-20:206] op=-
#                                                                                                                                                                                                                                                                                                   UnaryOp [20:147-20:206] op=-
#                                                                                                                                                                                                                                                                                                     UnaryOp [20:148-20:206] op=-
#                                                                                                                                                                                                                                                                                                       UnaryOp [20:149-20:206] op=-
#                                                                                                                                                                                                                                                                                                         UnaryOp [20:150-20:206] op=-
#                                                                                                                                                                                                                                                                                                           UnaryOp [20:151-20:206] op=-
#                                                                                                                                                                                                                                                                                                             UnaryOp [20:152-20:206] op=-
#                                                                                                                                                                                                                                                                                                               UnaryOp [20:153-20:206] op=-
#                                                                                                                                                                                                                                                                                                                 UnaryOp [20:154-20:206] op=-
#                                                                                                                                                                                                                                                                                                                   UnaryOp [20:155-20:206] op=-
#                                                                                                                                                                                                                                                                                                                     UnaryOp [20:156-20:206] op=-
#                                                                                                                                                                                                                                                                                                                       UnaryOp [20:157-20:206] op=-
#                                                                                                                                                                                                                                                                                                                         UnaryOp [20:158-20:206] op=-
#                                                                                                                                                                                                                                                                                                                           UnaryOp [20:159-20:206] op=-
#                                                                                                                                                                                                                                                                                                                             UnaryOp [20:160-20:206] op=-
#                                                                                                                                                                                                                                                                                                                               UnaryOp [20:161-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                 UnaryOp [20:162-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                   UnaryOp [20:163-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                     UnaryOp [20:164-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                       UnaryOp [20:165-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                         UnaryOp [20:166-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                           UnaryOp [20:167-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                             UnaryOp [20:168-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                               UnaryOp [20:169-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                 UnaryOp [20:170-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                   UnaryOp [20:171-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                     UnaryOp [20:172-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                       UnaryOp [20:173-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                         UnaryOp [20:174-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                           UnaryOp [20:175-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                             UnaryOp [20:176-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                               UnaryOp [20:177-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                 UnaryOp [20:178-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                   UnaryOp [20:179-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                     UnaryOp [20:180-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                       UnaryOp [20:181-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                         UnaryOp [20:182-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                           UnaryOp [20:183-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                             UnaryOp [20:184-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                               UnaryOp [20:185-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                 UnaryOp [20:186-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                   UnaryOp [20:187-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                     UnaryOp [20:188-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                       UnaryOp [20:189-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                         UnaryOp [20:190-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                           UnaryOp [20:191-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                             UnaryOp [20:192-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                               UnaryOp [20:193-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                 UnaryOp [20:194-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                   UnaryOp [20:195-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                     UnaryOp [20:196-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                       UnaryOp [20:197-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                         UnaryOp [20:198-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                           UnaryOp [20:199-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                             UnaryOp [20:200-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                               UnaryOp [20:201-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                                 UnaryOp [20:202-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                                   UnaryOp [20:203-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                                     UnaryOp [20:204-20:206] op=-
#                                                                                                                                                                                                                                                                                                                                                                                                                       ErrorExpr [20:206-20:207]
