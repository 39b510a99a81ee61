"""Seeded shuffling: the one place where randomness turns into a pack order.

A seed (an ``int``) or a caller's :class:`random.Random` becomes an order of the pack,
top card first. The algorithm is a Fisher-Yates shuffle driven only by
``Random.random()``, whose output for a given integer seed is fixed by Python's
Mersenne Twister on every platform and in every process (it does not depend on
``PYTHONHASHSEED``).

``shuffled(pack, seed, count=k)`` is the first ``k`` cards of ``shuffled(pack, seed)``,
so an engine that needs only the top of the pack can draw just those cards.

Every integer is a seed of its own (:func:`seed_key`): ``7`` and ``-7`` deal different
cards, and so do ``7`` and ``7 + 2**64``. (Before record version 2, a negative seed dealt
the cards of its absolute value; :func:`legacy_seed` says how such a deal is replayed.)

>>> from cardrules.cards import FULL_PACK, format_cards
>>> format_cards(shuffled(FULL_PACK, 7, count=5))
'4H 9S 9D 7S 4D'
>>> shuffled(FULL_PACK, 7)[:5] == shuffled(FULL_PACK, 7, count=5)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar, cast

from cardrules._shuffle import derive, key_of, seeded_top, top_of_shuffle
from cardrules.errors import OptionsError

__all__ = ["Seed", "derive_seed", "legacy_seed", "make_rng", "seed_key", "shuffled"]

T = TypeVar("T")

Seed = int
"""Seeds are plain integers (any size, negative included)."""

_MASK64 = (1 << 64) - 1
_WIDTH = 1 << 64


def seed_key(seed: int) -> int:
    """Return the non-negative integer that seeds the generator of ``seed``: one per seed.

    Seeds from 0 to ``2**64 - 1`` are their own keys. Every other seed is given a key of
    its own above them: ``2**64 + 2 * (seed - 2**64)`` for larger seeds, and
    ``2**64 + 2 * abs(seed) - 1`` for negative ones. (Python's generator seeds with the
    absolute value, so ``random.Random(-7)`` is ``random.Random(7)``; the key keeps them
    apart.)

    >>> seed_key(7), seed_key(-7) == seed_key(7), seed_key(-1) == 2**64 + 1
    (7, False, True)
    """
    return key_of(seed)


def legacy_seed(seed: int) -> int:
    """Return the seed that deals what ``seed`` dealt before record version 2.

    Only negative seeds changed: they used to shuffle as their absolute value, and to
    derive the seeds of later steps (:func:`derive_seed`) from ``seed % 2**64``. A
    version-1 record's deal with a negative seed ``s`` is therefore replayed from the pack
    ``shuffled(pack, -s)`` with the seed ``legacy_seed(s)``, which is ``s % 2**64``
    (:func:`cardrules.records.replay` does this).

    >>> legacy_seed(-7) == 2**64 - 7, legacy_seed(7)
    (True, 7)
    """
    return seed & _MASK64 if -_WIDTH < seed < 0 else seed


def make_rng(seed: int | random.Random) -> random.Random:
    """Return ``seed`` itself if it is a ``random.Random``, else a new one seeded with it.

    Raises:
        OptionsError: if ``seed`` is neither an ``int`` nor a ``random.Random``.

    """
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"seed must be an int or a random.Random, not {seed!r}")
    return random.Random(seed_key(int(seed)))


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
    if rng is None:  # an int seed, the common case: the engines' own shuffle
        return seeded_top(pool, cast(int, seed), count)
    return top_of_shuffle(pool, rng.random, count)


def derive_seed(seed: int, *labels: int) -> int:
    """Return a new 64-bit seed determined by ``seed`` and integer ``labels``.

    Used to give every deal (and every random step inside a deal) its own independent,
    reproducible seed, e.g. ``derive_seed(game_seed, deal_number)``. Pure arithmetic
    (SplitMix64), so it is the same on every platform. A seed outside 0 to ``2**64 - 1``
    is mixed in through its :func:`seed_key`, 64 bits at a time, so ``-1`` and
    ``2**64 - 1`` derive different seeds.

    >>> derive_seed(7, 1) == derive_seed(7, 1), derive_seed(7, 1) == derive_seed(7, 2)
    (True, False)
    """
    return derive(seed, labels)
