"""Exact chances of singing holdings (the rules page's table), by enumeration with fractions.

A holding is classified by how many cards it has of each suit; each suit pattern
``(a, b, c, d)`` occurs in ``C(k, a)·C(k, b)·C(k, c)·C(k, d)`` of the ``C(4k, size)``
equally likely holdings (``k`` cards per suit). Summing over the patterns that sing gives
the exact probability.

>>> from cardrules.my_bird_sings.options import PEEL, Options
>>> dealt_hand_sings(PEEL)
Fraction(2417, 20825)
>>> holding_sings(PEEL, 5), dealt_hand_sings(Options(hand_size=3, pack=32))
(Fraction(2571, 8330), Fraction(7, 155))
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from typing import cast

from cardrules.my_bird_sings.combinations import suit_counts_sing
from cardrules.my_bird_sings.options import Options

__all__ = [
    "dealt_hand_sings",
    "flush_probability",
    "four_suits_probability",
    "holding_sings",
    "pattern_probability",
]


def pattern_probability(
    pack: int, size: int, event: Callable[[tuple[int, int, int, int]], bool]
) -> Fraction:
    """The probability that a random ``size``-card holding's suit counts satisfy ``event``.

    >>> pattern_probability(52, 2, lambda counts: max(counts) == 2)
    Fraction(4, 17)

    Raises:
        ValueError: if ``pack`` is not 52 or 32 or ``size`` is out of range.

    """
    if pack not in (52, 32) or not 0 <= size <= pack:
        raise ValueError(f"pack must be 52 or 32 and size from 0 to pack, not {pack}, {size}")
    per_suit = pack // 4
    favourable = 0
    for counts in itertools.product(range(min(size, per_suit) + 1), repeat=4):
        if sum(counts) == size and event(cast("tuple[int, int, int, int]", counts)):
            favourable += math.prod(math.comb(per_suit, c) for c in counts)
    return Fraction(favourable, math.comb(pack, size))


def flush_probability(pack: int = 52, size: int = 4, suited: int = 4) -> Fraction:
    """The probability that ``suited`` of ``size`` random cards share a suit.

    >>> flush_probability(), flush_probability(52, 5), flush_probability(52, 3, 3)
    (Fraction(44, 4165), Fraction(11, 245), Fraction(22, 425))
    """
    return pattern_probability(pack, size, lambda counts: max(counts) >= suited)


def four_suits_probability(pack: int = 52, size: int = 4) -> Fraction:
    """The probability that ``size`` random cards include all four suits.

    >>> four_suits_probability(), four_suits_probability(32)
    (Fraction(2197, 20825), Fraction(512, 4495))
    """
    return pattern_probability(pack, size, lambda counts: min(counts) >= 1)


def holding_sings(options: Options, size: int | None = None) -> Fraction:
    """The probability that a random holding of ``size`` cards sings under ``options``.

    ``size`` defaults to ``hand_size`` (a dealt hand); ``hand_size + 1`` is a holding at a
    checkpoint after receiving a card (MBS-4 to MBS-6, MBS-10).

    >>> from cardrules.my_bird_sings.options import FLUSHES_ONLY
    >>> holding_sings(FLUSHES_ONLY, 5)
    Fraction(11, 245)
    """
    hand = options.hand_size
    cards = hand if size is None else size
    singing = options.singing
    # Whether a suit pattern sings is the rule's own answer (MBS-4 to MBS-6).
    return pattern_probability(
        options.pack, cards, lambda counts: suit_counts_sing(counts, hand, singing)
    )


def dealt_hand_sings(options: Options) -> Fraction:
    """The exact probability that a dealt hand already sings (the rules page's table).

    >>> from cardrules.my_bird_sings.options import SHORT_PACK
    >>> dealt_hand_sings(SHORT_PACK)
    Fraction(547, 4495)
    """
    return holding_sings(options)
