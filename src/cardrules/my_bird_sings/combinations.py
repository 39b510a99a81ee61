"""When a bird sings: flushes and four different suits (MBS-4, MBS-5, MBS-6).

Whether a holding sings depends only on how many cards it has of each suit, and
:func:`suit_counts_sing` is that rule. A holding is summarised by its *suit key*: the sum
of ``16 ** suit`` over its cards, so each hex digit counts the cards of one suit; the keys
of the holdings that sing are tabled once from the rule, so :func:`sings` costs one
table look-up per card and one set membership test.

>>> from cardrules.cards import format_cards, parse_cards
>>> from cardrules.my_bird_sings.options import FLUSHES_ONLY, PEEL
>>> sings(parse_cards("2H 9C KD 5S"), PEEL), sings(parse_cards("2H 9C KD 5S"), FLUSHES_ONLY)
(True, False)
>>> [format_cards(s) for s in singing_sets(parse_cards("2H 9H KD 5S 7C"), PEEL)]
['2H KD 5S 7C', '9H KD 5S 7C']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from cardrules.cards import FULL_PACK, Card, Suit
from cardrules.messages import Message, message
from cardrules.my_bird_sings.options import Options, Singing

__all__ = [
    "SUIT_KEY",
    "not_singing",
    "sets_of",
    "singing_keys",
    "singing_message",
    "singing_rule",
    "singing_sets",
    "sings",
    "suit_counts_sing",
    "suit_key",
    "why_singing",
]

SUIT_KEY: Final[tuple[int, ...]] = tuple(16**card.suit for card in FULL_PACK)
"""For each card, indexed by card number, what it adds to a holding's suit key (``16 ** suit``)."""


def suit_key(cards: Sequence[Card]) -> int:
    """Return the suit key of ``cards``: hex digit ``s`` counts the cards of suit ``s``.

    >>> from cardrules.cards import parse_cards
    >>> hex(suit_key(parse_cards("2H 9H KD 5S")))
    '0x121'
    """
    return sum(map(SUIT_KEY.__getitem__, cards))


def suit_counts_sing(counts: Sequence[int], hand_size: int, singing: Singing) -> bool:
    """Whether a holding with ``counts`` cards of each of the four suits sings.

    Implements MBS-4, MBS-5 and MBS-6: with ``hand_size`` *h*, a holding sings when *h*
    of its cards share a suit (four of a suit, or three in the three-card deal), or, with
    ``flush_or_rainbow`` singing and four-card hands, when it holds all four suits.

    >>> rainbow, flushes = Singing.FLUSH_OR_RAINBOW, Singing.FLUSH_ONLY
    >>> suit_counts_sing((1, 1, 1, 1), 4, rainbow), suit_counts_sing((1, 1, 1, 1), 4, flushes)
    (True, False)
    >>> suit_counts_sing((3, 0, 0, 0), 3, flushes), suit_counts_sing((2, 1, 0, 0), 3, flushes)
    (True, False)
    """
    if max(counts) >= hand_size:
        return True
    return singing is Singing.FLUSH_OR_RAINBOW and hand_size == 4 and min(counts) >= 1


def _counts(key: int) -> tuple[int, int, int, int]:
    """The suit counts a suit key stands for (table builder: hex digit per suit)."""
    return (key & 15, (key >> 4) & 15, (key >> 8) & 15, (key >> 12) & 15)


def _singing_keys(hand_size: int, singing: Singing) -> frozenset[int]:
    """The keys of every holding of up to ``hand_size + 1`` cards that sings (table builder)."""
    keys = set()
    for counts in itertools.product(range(hand_size + 2), repeat=4):
        if sum(counts) <= hand_size + 1 and suit_counts_sing(counts, hand_size, singing):
            keys.add(sum(count << (4 * suit) for suit, count in enumerate(counts)))
    return frozenset(keys)


_KEYS: Final[dict[tuple[int, Singing], frozenset[int]]] = {
    (size, singing): _singing_keys(size, singing) for size in (3, 4) for singing in Singing
}


def singing_keys(options: Options) -> frozenset[int]:
    """Return the suit keys of every holding of up to ``hand_size + 1`` cards that sings.

    The rule is :func:`suit_counts_sing` (MBS-4 to MBS-6), tabled once per hand size and
    kind of singing.
    """
    return _KEYS[options.hand_size, options.singing]


def sings(cards: Sequence[Card], options: Options) -> bool:
    """Whether a holding sings under ``options`` (see MBS-4 to MBS-6).

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.my_bird_sings.options import PEEL, THREE_CARDS
    >>> sings(parse_cards("2H 9H KH 5S 7H"), PEEL), sings(parse_cards("2H 9H KH 5S 7S"), PEEL)
    (True, False)
    >>> sings(parse_cards("2H 9H KH"), THREE_CARDS), sings(parse_cards("2H 9H KD"), THREE_CARDS)
    (True, False)
    """
    key = 0
    for card in cards:
        key += SUIT_KEY[card]
    size = options.hand_size
    if len(cards) <= size + 1:
        return key in _KEYS[size, options.singing]
    return suit_counts_sing(_counts(key), size, options.singing)


def singing_rule(options: Options) -> str:
    """The id of the singing rule ``options`` play: MBS-4, MBS-5 (flushes only) or MBS-6.

    >>> from cardrules.my_bird_sings.options import FLUSHES_ONLY, PEEL, THREE_CARDS
    >>> singing_rule(PEEL), singing_rule(FLUSHES_ONLY), singing_rule(THREE_CARDS)
    ('MBS-4', 'MBS-5', 'MBS-6')
    """
    size = options.hand_size
    rainbow = suit_counts_sing((1, 1, 1, 1), size, options.singing)  # four suits sing
    return "MBS-6" if size == 3 else "MBS-4" if rainbow else "MBS-5"


_P: Final = "my-bird-sings."


def why_singing(cards: Sequence[Card], options: Options) -> str | None:
    """What makes ``cards`` a singing set under ``options`` (``"four hearts"``), or None.

    Reads :func:`suit_counts_sing` (MBS-4 to MBS-6) for a set of ``hand_size`` cards;
    :func:`singing_message` says the same as a message.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.my_bird_sings.options import PEEL
    >>> why_singing(parse_cards("2H 9H KH 5H"), PEEL)
    'four hearts'
    >>> why_singing(parse_cards("2H 9C KD 5S"), PEEL)
    'four cards of four different suits'
    >>> why_singing(parse_cards("2H 9C KD 5D"), PEEL) is None
    True
    """
    said = singing_message(cards, options)
    return None if said is None else str(said)


def singing_message(cards: Sequence[Card], options: Options) -> Message | None:
    """What makes ``cards`` a singing set, as a message (``my-bird-sings.why.*``), or None."""
    size = options.hand_size
    if len(cards) != size:
        return None
    counts = _counts(suit_key(cards))
    if not suit_counts_sing(counts, size, options.singing):
        return None
    rule = singing_rule(options)
    if max(counts) == size:
        return message(_P + "why.flush", rule, size=size, suit=Suit(counts.index(size)))
    return message(_P + "why.four-suits", rule, size=size)


def not_singing(options: Options, cards: Sequence[Card]) -> Message:
    """Why ``cards`` are refused as a singing set under ``options`` (the singing rule's id)."""
    size = options.hand_size
    rainbow = suit_counts_sing((1, 1, 1, 1), size, options.singing)  # four suits sing
    rule = singing_rule(options)
    if len(cards) != size:
        return message(_P + "refusal.wrong-size", rule, size=size, count=len(cards))
    if rainbow:
        return message(_P + "refusal.not-flush-nor-four-suits", rule, size=size)
    return message(_P + "refusal.not-flush", rule, size=size)


def sets_of(
    cards: tuple[Card, ...], key: int, size: int, keys: frozenset[int], most: int = 0
) -> tuple[tuple[Card, ...], ...]:
    """The sets of ``size`` cards from ``cards`` whose suit key is in ``keys``.

    ``key`` is the suit key of ``cards``. All the sets, or the first ``most``, come in the
    order of :func:`itertools.combinations` over ``cards``, each in holding order. The
    holdings every check sees (``size`` or ``size + 1`` cards, MBS-10) are done from the
    key: with one card more each set leaves out one card, the last first, which is the
    same order.
    """
    count = len(cards)
    if count == size:
        return (cards,) if key in keys else ()
    if count == size + 1:
        found: list[tuple[Card, ...]] = []
        for left_out in range(size, -1, -1):
            if key - SUIT_KEY[cards[left_out]] in keys:
                found.append(cards[:left_out] + cards[left_out + 1 :])
                if len(found) == most:
                    break
        return tuple(found)
    sets = (
        combo
        for combo in itertools.combinations(cards, size)
        if sum(map(SUIT_KEY.__getitem__, combo)) in keys
    )
    return tuple(itertools.islice(sets, most) if most else sets)


def singing_sets(cards: Sequence[Card], options: Options) -> tuple[tuple[Card, ...], ...]:
    """Every set of ``hand_size`` cards from ``cards`` that sings, each in holding order.

    The sets come in the order of :func:`itertools.combinations` over ``cards``; the first
    is the one a bird shows when the engine chooses for it.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.my_bird_sings.options import PEEL
    >>> len(singing_sets(parse_cards("2H 9H KH 5H 7H"), PEEL))
    5
    """
    held = tuple(cards)
    return sets_of(held, suit_key(held), options.hand_size, singing_keys(options))
