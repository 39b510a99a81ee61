"""Seeded shuffling: the one place where randomness turns into a pack order.

A seed (an ``int``) becomes an order of the pack, top card first, through one well-known
generator, SplitMix64 (:mod:`cardrules._shuffle` documents it with its reference
outputs): a Fisher-Yates shuffle whose draws are exact, from plain 64-bit integer
arithmetic, so a seed deals the same cards in every process and on every platform (it
does not depend on ``PYTHONHASHSEED`` nor on Python's own generator). The same generator
draws the randomness inside a deal (the order a ``draw_blind`` hand is offered in, the
set a singing bird shows) and the seeds of later deals (:func:`derive_seed`).

A caller's :class:`random.Random` is accepted where a seed is: it is asked for one
64-bit number (``rng.getrandbits(64)``), which is then the seed, so
``shuffled(pack, rng)`` is ``shuffled(pack, rng.getrandbits(64))`` and advances ``rng``.

``shuffled(pack, seed, count=k)`` is the first ``k`` cards of ``shuffled(pack, seed)``,
so an engine that needs only the top of the pack can draw just those cards.

Every integer is a seed of its own (:func:`seed_key`): ``7`` and ``-7`` deal different
cards, and so do ``7`` and ``7 + 2**64``.

Record versions 1 and 2 dealt with another mapping (Python's Mersenne Twister, and a
derivation that combined the labels with the seed before mixing them, so that
``derive_seed(0, 1)`` was ``derive_seed(1, 0)``); :func:`legacy_shuffled` and
:func:`legacy_derive_seed` keep it, only so that :mod:`cardrules.records` can replay
those records.

>>> from cardrules.cards import FULL_PACK, format_cards
>>> format_cards(shuffled(FULL_PACK, 7, count=5))
'8H 2H 5C JH 4C'
>>> shuffled(FULL_PACK, 7)[:5] == shuffled(FULL_PACK, 7, count=5)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from cardrules._shuffle import derive, key_of, legacy_derive, legacy_top, seeded_top
from cardrules.errors import OptionsError

__all__ = [
    "Seed",
    "derive_seed",
    "legacy_derive_seed",
    "legacy_seed",
    "legacy_shuffled",
    "make_rng",
    "seed_key",
    "shuffled",
]

T = TypeVar("T")

Seed = int
"""Seeds are plain integers (any size, negative included)."""

_MASK64 = (1 << 64) - 1
_WIDTH = 1 << 64


def seed_key(seed: int) -> int:
    """Return the non-negative integer that stands for ``seed``: one per seed.

    Seeds from 0 to ``2**64 - 1`` are their own keys. Every other seed is given a key of
    its own above them: ``2**64 + 2 * (seed - 2**64)`` for larger seeds, and
    ``2**64 + 2 * abs(seed) - 1`` for negative ones. A seed from 0 to ``2**64 - 1`` is
    the SplitMix64 state its shuffle starts from; any other starts from
    ``derive_seed(seed)``, which mixes every 64-bit word of its key.

    >>> seed_key(7), seed_key(-7) == seed_key(7), seed_key(-1) == 2**64 + 1
    (7, False, True)
    """
    return key_of(seed)


def legacy_seed(seed: int) -> int:
    """Return the seed that deals what ``seed`` dealt in a version-1 record.

    Only negative seeds changed with version 2: they used to shuffle as their absolute
    value, and to derive the seeds of later steps from ``seed % 2**64``. A version-1
    record's deal with a negative seed ``s`` is therefore replayed from the pack
    ``legacy_shuffled(pack, -s)`` with the seed ``legacy_seed(s)``, which is
    ``s % 2**64`` (:func:`cardrules.records.replay` does this).

    >>> legacy_seed(-7) == 2**64 - 7, legacy_seed(7)
    (True, 7)
    """
    return seed & _MASK64 if -_WIDTH < seed < 0 else seed


def _check_seed(seed: object) -> int:
    """The int seed of ``seed``: itself, or 64 bits drawn from a ``random.Random``."""
    if type(seed) is int:
        return seed
    if isinstance(seed, random.Random):
        return seed.getrandbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"seed must be an int or a random.Random, not {seed!r}")
    return int(seed)


def make_rng(seed: int | random.Random) -> random.Random:
    """Return ``seed`` itself if it is a ``random.Random``, else a new one seeded with it.

    For callers that want a Python generator from a seed (a bot's, say); the games deal
    with SplitMix64 and never build one. The generator is seeded with the seed's
    :func:`seed_key`, so ``-7`` and ``7`` give different streams.

    Raises:
        OptionsError: if ``seed`` is neither an ``int`` nor a ``random.Random``.

    """
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"seed must be an int or a random.Random, not {seed!r}")
    return random.Random(seed_key(int(seed)))


def _check_count(count: object, n: int) -> int:
    if count is None:
        return n
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= n:
        raise OptionsError(f"count must be an int from 0 to {n}, not {count!r}")
    return int(count)


def shuffled(
    pack: Sequence[T], seed: int | random.Random, *, count: int | None = None
) -> tuple[T, ...]:
    """Return the pack in a random order (top card first), or just its top ``count`` cards.

    The same integer seed gives the same order everywhere: SplitMix64 from the seed (see
    the module docs). A ``random.Random`` is advanced by one ``getrandbits(64)``, whose
    value is the seed.

    >>> shuffled("abcde", 1)
    ('c', 'e', 'a', 'b', 'd')

    Raises:
        OptionsError: if ``seed`` is not an int or ``random.Random``, or ``count`` is out
            of range.

    """
    value = _check_seed(seed)
    pool = tuple(pack)
    return seeded_top(pool, value, _check_count(count, len(pool)))


def legacy_shuffled(pack: Sequence[T], seed: int, *, count: int | None = None) -> tuple[T, ...]:
    """Return the pack as record versions 1 and 2 shuffled it from ``seed`` (to replay them).

    A Fisher-Yates shuffle driven by ``random.Random(seed_key(seed)).random()``, position
    ``i`` taking ``i + floor(random() * (n - i))``. New games never deal this way.

    >>> legacy_shuffled("abcde", 1)
    ('a', 'e', 'b', 'd', 'c')

    Raises:
        OptionsError: if ``seed`` is not an int, or ``count`` is out of range.

    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"seed must be an int, not {seed!r}")
    pool = tuple(pack)
    return legacy_top(pool, int(seed), _check_count(count, len(pool)))


def _check_labels(seed: object, labels: tuple[object, ...]) -> None:
    for value in (seed, *labels):
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionsError(f"seeds and labels must be ints, not {value!r}")


def derive_seed(seed: int, *labels: int) -> int:
    """Return a new 64-bit seed determined by ``seed`` and integer ``labels``.

    Used to give every deal (and every random step inside a deal) its own independent,
    reproducible seed, e.g. ``derive_seed(game_seed, deal_number)``. Every 64-bit word of
    the seed's key, each label (taken modulo ``2**64``) and the number of labels are
    mixed in turn, each mixed by SplitMix64 before the next is combined. So two keys of
    the same length that differ in one word never give the same seed (deal ``n`` of base
    seed ``s`` is never deal ``n`` of another base seed, nor another deal of ``s``), and
    any other two give the same seed only as two random 64-bit numbers would (about once
    in ``2**64``). Pure arithmetic: the same on every platform.

    >>> derive_seed(7, 1) == derive_seed(7, 1), derive_seed(7, 1) == derive_seed(7, 2)
    (True, False)
    >>> derive_seed(0, 1) == derive_seed(1, 0), derive_seed(6, 3) == derive_seed(7, 2)
    (False, False)

    Raises:
        OptionsError: if the seed or a label is not an int.

    """
    _check_labels(seed, labels)
    return derive(int(seed), tuple(int(label) for label in labels))


def legacy_derive_seed(seed: int, *labels: int) -> int:
    """Return the seed :func:`derive_seed` derived for record versions 1 and 2 (to replay them).

    That derivation combined the seed's lowest 64 bits with the first label before mixing
    them, so that it depended on ``seed ^ label``: ``legacy_derive_seed(0, 1)`` is
    ``legacy_derive_seed(1, 0)``. New games never derive this way.

    >>> legacy_derive_seed(0, 1) == legacy_derive_seed(1, 0)
    True

    Raises:
        OptionsError: if the seed or a label is not an int.

    """
    _check_labels(seed, labels)
    return legacy_derive(int(seed), tuple(int(label) for label in labels))
