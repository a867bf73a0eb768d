x = foo(1, 2]  # CHECK-ERROR: MismatchedBracket: closing ']' does not match opening '('
y = [a,
     b)  # CHECK-ERROR: MismatchedBracket: does not match opening '[' on line 2
z = {'k': (1, 2}  # CHECK-ERROR: MismatchedBracket: closing '}' does not match opening '('
after = 3
