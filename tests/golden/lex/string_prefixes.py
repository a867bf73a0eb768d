plain = ['single', "double", '', ""]
prefixed = [r'raw\d', u'unicode', b'bytes', br'both', rb'both', R'R', U'U', B'B', Br'x', bR'x', RB'x', rB'x']
formatted = [f'x', F'x', fr'x', rf'x', Fr'x', fR'x', RF'x', rF'x']
triple = ['''single
triple''', """double
triple""", b'''bytes''', r"""raw \d"""]
escapes = ['it\'s', "say \"hi\"", 'back\\slash', r'\'', r"\\", '\N{BULLET}', 'tab\tend']
quotes = ['say "hi"', "it's", '''it''s''', """a "quoted" word"""]
continued = 'first half \
second half'
not_prefixes = ub'x', bf'y'

# ---- DUMP ----
# Identifier 'plain' 1:1
# Equal '=' 1:7
# LBracket '[' 1:9
# String ''single'' 1:10
# Comma ',' 1:18
# String '"double"' 1:20
# Comma ',' 1:28
# String '''' 1:30
# Comma ',' 1:32
# String '""' 1:34
# RBracket ']' 1:36
# Newline '\n' 1:37
# Identifier 'prefixed' 2:1
# Equal '=' 2:10
# LBracket '[' 2:12
# String 'r'raw\d'' 2:13
# Comma ',' 2:21
# String 'u'unicode'' 2:23
# Comma ',' 2:33
# String 'b'bytes'' 2:35
# Comma ',' 2:43
# String 'br'both'' 2:45
# Comma ',' 2:53
# String 'rb'both'' 2:55
# Comma ',' 2:63
# String 'R'R'' 2:65
# Comma ',' 2:69
# String 'U'U'' 2:71
# Comma ',' 2:75
# String 'B'B'' 2:77
# Comma ',' 2:81
# String 'Br'x'' 2:83
# Comma ',' 2:88
# String 'bR'x'' 2:90
# Comma ',' 2:95
# String 'RB'x'' 2:97
# Comma ',' 2:102
# String 'rB'x'' 2:104
# RBracket ']' 2:109
# Newline '\n' 2:110
# Identifier 'formatted' 3:1
# Equal '=' 3:11
# LBracket '[' 3:13
# FString 'f'x'' 3:14
# Comma ',' 3:18
# FString 'F'x'' 3:20
# Comma ',' 3:24
# FString 'fr'x'' 3:26
# Comma ',' 3:31
# FString 'rf'x'' 3:33
# Comma ',' 3:38
# FString 'Fr'x'' 3:40
# Comma ',' 3:45
# FString 'fR'x'' 3:47
# Comma ',' 3:52
# FString 'RF'x'' 3:54
# Comma ',' 3:59
# FString 'rF'x'' 3:61
# RBracket ']' 3:66
# Newline '\n' 3:67
# Identifier 'triple' 4:1
# Equal '=' 4:8
# LBracket '[' 4:10
# String ''''single\ntriple'''' 4:11
# Comma ',' 5:10
# String '"""double\ntriple"""' 5:12
# Comma ',' 6:10
# String 'b'''bytes'''' 6:12
# Comma ',' 6:24
# String 'r"""raw \d"""' 6:26
# RBracket ']' 6:39
# Newline '\n' 6:40
# Identifier 'escapes' 7:1
# Equal '=' 7:9
# LBracket '[' 7:11
# String ''it\'s'' 7:12
# Comma ',' 7:19
# String '"say \"hi\""' 7:21
# Comma ',' 7:33
# String ''back\\slash'' 7:35
# Comma ',' 7:48
# String 'r'\''' 7:50
# Comma ',' 7:55
# String 'r"\\"' 7:57
# Comma ',' 7:62
# String ''\N{BULLET}'' 7:64
# Comma ',' 7:76
# String ''tab\tend'' 7:78
# RBracket ']' 7:88
# Newline '\n' 7:89
# Identifier 'quotes' 8:1
# Equal '=' 8:8
# LBracket '[' 8:10
# String ''say "hi"'' 8:11
# Comma ',' 8:21
# String '"it's"' 8:23
# Comma ',' 8:29
# String ''''it''s'''' 8:31
# Comma ',' 8:42
# String '"""a "quoted" word"""' 8:44
# RBracket ']' 8:65
# Newline '\n' 8:66
# Identifier 'continued' 9:1
# Equal '=' 9:11
# String ''first half \\nsecond half'' 9:13
# Newline '\n' 10:13
# Identifier 'not_prefixes' 11:1
# Equal '=' 11:14
# Identifier 'ub' 11:16
# String ''x'' 11:18
# Comma ',' 11:21
# Identifier 'bf' 11:23
# String ''y'' 11:25
# Newline '\n' 11:28
# EndOfFile 12:1
