def f():
    """A docstring that is closed."""
    return 1


# CHECK-ERROR@+1: UnterminatedTripleQuotedString
DOC = """This string never ends,
so everything after it is part of it:

def g():
    return 2
