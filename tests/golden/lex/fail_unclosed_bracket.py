def f(x):
    y = g(x,  # CHECK-ERROR: UnclosedBracket: '(' was never closed
    return y


def h(x):
    y = g(x,  # CHECK-ERROR: UnclosedBracket: '(' was never closed
    if y:
        return 1
    return [v
            for v in y
            if v]


z = [1, 2,  # CHECK-ERROR: UnclosedBracket: '[' was never closed
     # CHECK-ERROR@+1: UnclosedBracket: '{' was never closed
     {3: (4,  # CHECK-ERROR: UnclosedBracket: '(' was never closed
