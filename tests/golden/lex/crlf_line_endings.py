import triton


def f(x):
    if x:
        return 1
    return (x +
            2)
