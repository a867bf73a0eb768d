# Characters that cannot start a token: one error per run of them.
price = $5  # CHECK-ERROR: InvalidCharacter: '$'
maybe = x ? y : z  # CHECK-ERROR: InvalidCharacter: '?'
both = a $? b  # CHECK-ERROR: InvalidCharacter: '$'
# CHECK-ERROR@+2: InvalidCharacter: '`'
# CHECK-ERROR@+1: InvalidCharacter: '`'
old = `x`
# CHECK-ERROR@+2: InvalidCharacter: (U+201C)
# CHECK-ERROR@+1: InvalidCharacter: (U+201D)
print(“pasted quotes”)
y = a − b  # CHECK-ERROR: InvalidCharacter: '−' (U+2212)
z = a ! b  # CHECK-ERROR: InvalidCharacter: '!'
ok = a != b
