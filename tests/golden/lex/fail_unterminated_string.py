# A single-quoted string ends at the end of its line; lexing goes on with the next line.
a = 'no end  # CHECK-ERROR: UnterminatedString
b = "no end either  # CHECK-ERROR: UnterminatedString
c = f"{x"  # CHECK-ERROR: UnterminatedString
d = rb'\'  # CHECK-ERROR: UnterminatedString
e = f'{value  # CHECK-ERROR: UnterminatedString
fine = 'this one is closed'
