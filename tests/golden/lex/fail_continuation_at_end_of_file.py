# The last line ends in a line continuation, and nothing follows.
# CHECK-ERROR@+1: ContinuationAtEndOfFile
x = 1 + \
