"""The Fisher-Yates loop of :func:`cardrules.dealing.shuffled`, and the engines' shuffle (internal).

A module of its own so that the compiled build compiles the loop and the engines' trusted
entry (:func:`seeded_top`, an int seed and a count they computed themselves), while
:mod:`cardrules.dealing`, whose public functions check their arguments and raise the
documented ``OptionsError``, stays interpreted (a compiled function would raise
``TypeError`` for a wrong type first). The arithmetic of ``seed_key`` and ``derive_seed``
lives here too (:func:`key_of`, :func:`derive`), for the same reason: the engines call
them on every deal.

>>> import random
>>> top_of_shuffle(list("abcde"), random.Random(1).random, 5)
('a', 'e', 'b', 'd', 'c')
>>> seeded_top("abcde", 1, 5)
('a', 'e', 'b', 'd', 'c')
"""

from __future__ import annotations

import _random
import random
import threading
from collections.abc import Callable, Sequence
from math import floor
from typing import Final, TypeVar

__all__ = ["derive", "key_of", "seeded", "seeded_top", "top_of_shuffle"]

T = TypeVar("T")

_SCRATCH: Final = threading.local()
_SEED: Final = _random.Random.seed  # the C seeding that random.Random.seed(int) ends in
_WIDTH: Final = 1 << 64
_MASK64: Final = _WIDTH - 1


def seeded(seed: int) -> random.Random:
    """This thread's scratch generator, freshly seeded with ``seed``.

    Reseeding one generator gives exactly the stream of ``random.Random(seed)`` at less
    cost than building a new one; the generator never leaves this module and its callers
    and is reseeded before every use, so nothing carries over from one call to the next.
    """
    try:
        rng: random.Random = _SCRATCH.rng
    except AttributeError:
        rng = _SCRATCH.rng = random.Random()
    _SEED(rng, seed)
    return rng


def seeded_top(pack: Sequence[T], seed: int, count: int) -> tuple[T, ...]:
    """The top ``count`` cards of ``pack`` shuffled with the int ``seed`` (trusted arguments).

    The same as :func:`cardrules.dealing.shuffled` (``pack, seed, count=count``), for the
    engines, which compute the seed and the count themselves; a seed outside 0 to
    ``2**64 - 1`` seeds the generator with its :func:`cardrules.dealing.seed_key`.
    """
    if not 0 <= seed < _WIDTH:
        seed = key_of(seed)
    return top_of_shuffle(list(pack), seeded(seed).random, count)


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


def key_of(seed: int) -> int:
    """The implementation of :func:`cardrules.dealing.seed_key` (compiled)."""
    if 0 <= seed < _WIDTH:
        return seed
    if seed >= _WIDTH:
        return _WIDTH + 2 * (seed - _WIDTH)
    return _WIDTH + 2 * -seed - 1


def derive(seed: int, labels: tuple[int, ...]) -> int:
    """The implementation of :func:`cardrules.dealing.derive_seed` (compiled)."""
    key = seed if 0 <= seed < _WIDTH else key_of(seed)
    x = key & _MASK64
    words: tuple[int, ...] = (*labels, len(labels))
    rest = key >> 64
    if rest:  # a key beyond 64 bits: its further 64-bit words are mixed in first
        high: list[int] = []
        while rest:
            high.append(rest & _MASK64)
            rest >>= 64
        words = (*high, *words)
    for word in words:  # one SplitMix64 round per word
        x = (x ^ (word & _MASK64)) & _MASK64
        x = (x + 0x9E3779B97F4A7C15) & _MASK64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
        x ^= x >> 31
    return x
