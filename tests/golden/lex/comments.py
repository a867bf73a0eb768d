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
