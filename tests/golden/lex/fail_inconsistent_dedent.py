def f(x):
    if x:
        y = 1
      z = 2  # CHECK-ERROR: InconsistentDedent
      w = 3
    return z


def g():
    return 1
  # a comment at an odd column is fine
 h = 2  # CHECK-ERROR: InconsistentDedent
