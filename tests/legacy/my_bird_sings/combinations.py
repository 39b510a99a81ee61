"""When a bird sings: flushes and four different suits (MBS-4, MBS-5, MBS-6).

A holding is summarised by its *suit key*: the sum of ``16 ** suit`` over its cards, so
each hex digit counts the cards of one suit. Whether a holding sings depends only on that
key, and each singing rule is a precomputed set of keys, so :func:`sings` costs one table
look-up per card and one set membership test.

>>> from cardrules.cards import format_cards, parse_cards
>>> from tests.legacy.my_bird_sings.options import FLUSHES_ONLY, PEEL
>>> sings(parse_cards("2H 9C KD 5S"), PEEL), sings(parse_cards("2H 9C KD 5S"), FLUSHES_ONLY)
(True, False)
>>> [format_cards(s) for s in singing_sets(parse_cards("2H 9H KD 5S 7C"), PEEL)]
['2H KD 5S 7C', '9H KD 5S 7C']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from cardrules.cards import Card
from tests.legacy.my_bird_sings.options import Options, Singing

__all__ = ["SUIT_KEY", "singing_keys", "singing_sets", "sings", "suit_key"]

SUIT_KEY: Final[tuple[int, ...]] = tuple(16 ** (i // 13) for i in range(52))
"""For each card index, the amount it adds to a holding's suit key (``16 ** suit``)."""


def suit_key(cards: Sequence[Card]) -> int:
    """Return the suit key of ``cards``: hex digit ``s`` counts the cards of suit ``s``.

    >>> from cardrules.cards import parse_cards
    >>> hex(suit_key(parse_cards("2H 9H KD 5S")))
    '0x121'
    """
    return sum(map(SUIT_KEY.__getitem__, cards))


def _key_sings(key: int, size: int, rainbow: bool) -> bool:
    counts = [(key >> (4 * suit)) & 15 for suit in range(4)]
    if max(counts) >= size:
        return True
    return rainbow and min(counts) >= 1


def _build(size: int, rainbow: bool) -> frozenset[int]:
    keys = set()
    for counts in itertools.product(range(size + 2), repeat=4):
        key = sum(c << (4 * s) for s, c in enumerate(counts))
        if sum(counts) <= size + 1 and _key_sings(key, size, rainbow):
            keys.add(key)
    return frozenset(keys)


_KEYS: Final[dict[tuple[int, bool], frozenset[int]]] = {
    (size, rainbow): _build(size, rainbow) for size in (3, 4) for rainbow in (False, True)
}


def singing_keys(options: Options) -> frozenset[int]:
    """Return the suit keys of every holding of up to ``hand_size + 1`` cards that sings.

    Implements MBS-4, MBS-5 and MBS-6: with ``hand_size`` *h*, a holding sings when *h* of
    its cards share a suit, or (``flush_or_rainbow`` with *h* = 4) when it holds all four
    suits.
    """
    rainbow = options.singing is Singing.FLUSH_OR_RAINBOW and options.hand_size == 4
    return _KEYS[options.hand_size, rainbow]


def sings(cards: Sequence[Card], options: Options) -> bool:
    """Whether a holding (up to ``hand_size + 1`` cards) sings under ``options``.

    Implements MBS-4, MBS-5 and MBS-6.

    >>> from cardrules.cards import parse_cards
    >>> from tests.legacy.my_bird_sings.options import PEEL, THREE_CARDS
    >>> sings(parse_cards("2H 9H KH 5S 7H"), PEEL), sings(parse_cards("2H 9H KH 5S 7S"), PEEL)
    (True, False)
    >>> sings(parse_cards("2H 9H KH"), THREE_CARDS), sings(parse_cards("2H 9H KD"), THREE_CARDS)
    (True, False)
    """
    key = 0
    for card in cards:
        key += SUIT_KEY[card]
    rainbow = options.singing is Singing.FLUSH_OR_RAINBOW and options.hand_size == 4
    size = options.hand_size
    if len(cards) <= size + 1:
        return key in _KEYS[size, rainbow]
    return _key_sings(key, size, rainbow)


def singing_sets(cards: Sequence[Card], options: Options) -> tuple[tuple[Card, ...], ...]:
    """Every set of ``hand_size`` cards from ``cards`` that sings, each in holding order.

    The sets come in the order of :func:`itertools.combinations` over ``cards``; the first
    is the one a bird shows when the engine chooses for it.

    >>> from cardrules.cards import parse_cards
    >>> from tests.legacy.my_bird_sings.options import PEEL
    >>> len(singing_sets(parse_cards("2H 9H KH 5H 7H"), PEEL))
    5
    """
    size = options.hand_size
    keys = singing_keys(options)
    return tuple(
        combo
        for combo in itertools.combinations(cards, size)
        if sum(map(SUIT_KEY.__getitem__, combo)) in keys
    )
