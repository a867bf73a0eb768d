x = 1)  # CHECK-ERROR: UnmatchedBracket: unmatched ')'
y = [1, 2]]  # CHECK-ERROR: UnmatchedBracket: unmatched ']'
}  # CHECK-ERROR: UnmatchedBracket: unmatched '}'
z = 3
