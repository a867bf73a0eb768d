x = 1 + \ 2  # CHECK-ERROR: StrayBackslash
y = 3 \  # CHECK-ERROR: StrayBackslash
z = a \\
    + b  # the last backslash of a run still continues the line
# CHECK-ERROR@-2: StrayBackslash
