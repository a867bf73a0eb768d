def f(x):
        y = 1  # eight spaces
	z = 2  # CHECK-ERROR: InconsistentTabs


def g(x):
    if x:  # four spaces
	return 1  # CHECK-ERROR: InconsistentTabs
    return 0
