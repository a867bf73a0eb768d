# UndefinedName in the host harness, following Python's scoping: class bodies are invisible
# to their methods and comprehensions, a comprehension variable does not leak, and a name
# bound only inside another function is not visible.
import torch


def make_input(n):
    data = torch.randn(n)
    return dat  # CHECK-ERROR: UndefinedName: name 'dat' is not defined
    # CHECK-NOTE@-1: UndefinedName: did you mean 'data'?


class Runner:
    block = 128
    sizes = [i for i in range(block)]  # the first iterable is evaluated in the class body
    doubled = [block + i for i in range(4)]  # CHECK-ERROR: UndefinedName: name 'block' is not defined

    def run(self):
        return block  # CHECK-ERROR: UndefinedName: name 'block' is not defined


def uses_comprehension_variable():
    squares = [k * k for k in range(10)]
    return squares, k  # CHECK-ERROR: UndefinedName: name 'k' is not defined


def inner_only():
    def nested():
        hidden = 1
        return hidden

    return nested() + hidden  # CHECK-ERROR: UndefinedName: name 'hidden' is not defined


check = lambda value: value + missing_value  # CHECK-ERROR: UndefinedName: 'missing_value'

if __name__ == "__main__":
    print(make_input(4), Runner().run(), uses_comprehension_variable(), inner_only(), check(1))
    prnt("done")  # CHECK-ERROR: UndefinedName: name 'prnt' is not defined
    # CHECK-NOTE@-1: UndefinedName: did you mean 'print'?
