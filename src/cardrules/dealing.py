"""Seeded shuffling: the one place where randomness turns into a pack order.

A seed (an ``int``) or a caller's :class:`random.Random` becomes an order of the pack,
top card first. The algorithm is a Fisher-Yates shuffle driven only by
``Random.random()``, whose output for a given integer seed is fixed by Python's
Mersenne Twister on every platform and in every process (it does not depend on
``PYTHONHASHSEED``).

``shuffled(pack, seed, count=k)`` is the first ``k`` cards of ``shuffled(pack, seed)``,
so an engine that needs only the top of the pack can draw just those cards.

>>> from cardrules.cards import FULL_PACK, format_cards
>>> format_cards(shuffled(FULL_PACK, 7, count=5))
'4H 9S 9D 7S 4D'
>>> shuffled(FULL_PACK, 7)[:5] == shuffled(FULL_PACK, 7, count=5)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from cardrules._shuffle import seeded, top_of_shuffle
from cardrules.errors import OptionsError

__all__ = ["Seed", "derive_seed", "make_rng", "shuffled"]

T = TypeVar("T")

Seed = int
"""Seeds are plain integers (any size, negative included)."""

_MASK64 = (1 << 64) - 1


def make_rng(seed: int | random.Random) -> random.Random:
    """Return ``seed`` itself if it is a ``random.Random``, else a new one seeded with it.

    Raises:
        OptionsError: if ``seed`` is neither an ``int`` nor a ``random.Random``.

    """
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"seed must be an int or a random.Random, not {seed!r}")
    return random.Random(seed)


def shuffled(
    pack: Sequence[T], seed: int | random.Random, *, count: int | None = None
) -> tuple[T, ...]:
    """Return the pack in a random order (top card first), or just its top ``count`` cards.

    The same integer seed gives the same order everywhere. With a ``random.Random`` the
    caller's generator is advanced.

    >>> shuffled("abcde", 1)
    ('a', 'e', 'b', 'd', 'c')

    Raises:
        OptionsError: if ``seed`` is not an int or ``random.Random``, or ``count`` is out
            of range.

    """
    rng = None if type(seed) is int else make_rng(seed)
    pool = list(pack)
    n = len(pool)
    if count is None:
        count = n
    elif type(count) is not int and (isinstance(count, bool) or not isinstance(count, int)):
        raise OptionsError(f"count must be an int from 0 to {n}, not {count!r}")
    if not 0 <= count <= n:
        raise OptionsError(f"count must be an int from 0 to {n}, not {count!r}")
    # An int seed (the common case) uses this thread's scratch generator, reseeded: the
    # same stream as random.Random(seed). Nothing of the caller's runs from here on, so it
    # cannot be reseeded under our feet. floor(x) is int(x) for these non-negative floats.
    rand = (seeded(seed) if rng is None else rng).random  # type: ignore[arg-type]
    return top_of_shuffle(pool, rand, count)


def derive_seed(seed: int, *labels: int) -> int:
    """Return a new 64-bit seed determined by ``seed`` and integer ``labels``.

    Used to give every deal (and every random step inside a deal) its own independent,
    reproducible seed, e.g. ``derive_seed(game_seed, deal_number)``. Pure arithmetic
    (SplitMix64), so it is the same on every platform.

    >>> derive_seed(7, 1) == derive_seed(7, 1), derive_seed(7, 1) == derive_seed(7, 2)
    (True, False)
    """
    x = seed & _MASK64
    for label in (*labels, len(labels)):
        x = (x ^ (label & _MASK64)) & _MASK64
        x = (x + 0x9E3779B97F4A7C15) & _MASK64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
        x ^= x >> 31
    return x
