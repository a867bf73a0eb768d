# A comment on the first line.
x = 1  # a trailing comment
    # an indented comment-only line changes nothing
y = [
    1,  # inside brackets
    # alone inside brackets
    2,
]
s = '# not a comment' + "# nor this"  # but this is
#no space
#

# ---- DUMP ----
# Identifier 'x' 2:1
# Equal '=' 2:3
# Integer '1' 2:5
# Newline '\n' 2:28
# Identifier 'y' 4:1
# Equal '=' 4:3
# LBracket '[' 4:5
# Integer '1' 5:5
# Comma ',' 5:6
# Integer '2' 7:5
# Comma ',' 7:6
# RBracket ']' 8:1
# Newline '\n' 8:2
# Identifier 's' 9:1
# Equal '=' 9:3
# String ''# not a comment'' 9:5
# Plus '+' 9:23
# String '"# nor this"' 9:25
# Newline '\n' 9:52
# EndOfFile 12:1
