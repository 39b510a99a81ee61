"""The Fisher-Yates loop of :func:`cardrules.dealing.shuffled` (internal).

A module of its own so that the compiled build compiles the loop, while
:mod:`cardrules.dealing`, whose public functions check their arguments and raise the
documented ``OptionsError``, stays interpreted.

>>> import random
>>> top_of_shuffle(list("abcde"), random.Random(1).random, 5)
('a', 'e', 'b', 'd', 'c')
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor
from typing import TypeVar

__all__ = ["top_of_shuffle"]

T = TypeVar("T")


def top_of_shuffle(pool: list[T], rand: Callable[[], float], count: int) -> tuple[T, ...]:
    """Shuffle ``pool`` in place, top first, as far as its first ``count`` cards; return them.

    Each draw takes ``rand()`` once; ``floor(x)`` is ``int(x)`` for these non-negative
    floats. ``count`` is trusted to lie between 0 and ``len(pool)``.
    """
    n = len(pool)
    for i in range(count):
        j = i + floor(rand() * (n - i))
        pool[i], pool[j] = pool[j], pool[i]
    return tuple(pool[:count])
