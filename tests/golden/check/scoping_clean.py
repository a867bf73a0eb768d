# Python scoping that the name check must accept: every name below is bound somewhere Python
# looks for it. Flow-insensitive on purpose: a later definition counts.
from __future__ import annotations

import os.path
import collections.abc as cabc
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from torch import Tensor

try:
    import numpy as np
except ImportError:
    np = None

CACHE = {}


def remember(key, value):
    global HITS
    HITS = HITS + 1 if "HITS" in globals() else 1
    CACHE[key] = value


def counter():
    count = 0

    def bump():
        nonlocal count
        count += 1
        return count

    return bump


def walrus_in_comprehension(values):
    positives = [y for v in values if (y := v * 2) > 0]
    return positives, y


def targets(pairs, path):
    for index, (left, *rest) in enumerate(pairs):
        print(index, left, rest)
    with open(path) as handle, open(path) as other:
        text = handle.read() + other.read()
    try:
        value = int(text)
    except ValueError as error:
        value = str(error)
    del text
    return value


def annotated(x: Tensor, shape: cabc.Sequence[int]) -> Tensor:
    local: UndefinedForwardRef = x
    return local


def uses_later_definition():
    return defined_later() + LATER_CONSTANT


class Base:
    scale = 2
    factors = [i for i in range(scale)]
    doubled = scale * 2

    def __init__(self, name=__name__):
        self.name = name

    def describe(self):
        return f"{type(self).__name__}: {__class__.__name__} {self.scale} {__file__} {__doc__}"


class Child(Base):

    def describe(self):
        return super().describe() + os.path.basename(__file__)


def defaults(limit=len(CACHE), fn=lambda item, extra=CACHE: (item, extra)):
    return limit, fn(1)


def defined_later():
    return 1


LATER_CONSTANT = 2

try:
    IN_NOTEBOOK = get_ipython() is not None
except NameError:
    IN_NOTEBOOK = False
table = {key: value for key, value in zip("ab", range(2))}
generator = (item * 2 for item in table.values())
matrix = [[row * col for col in range(3)] for row in range(3)]
print(remember, counter()(), walrus_in_comprehension([1]), targets, annotated, uses_later_definition(), Child().describe(),
      defaults(), matrix, list(generator), np, __spec__, __loader__, __builtins__)
