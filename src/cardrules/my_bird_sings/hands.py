"""A My Bird Sings hand in the order a player holds it: by suit, then by rank.

No rank order matters in My Bird Sings (a bird sings by suits, MBS-4 to MBS-6), so a hand
is sorted by suit (spades, hearts, diamonds, clubs), each from 2 up to the ace:
``print(state)``, the command line and the front-ends show hands in this order.

>>> from cardrules.cards import format_cards, parse_cards
>>> format_cards(sort_hand(parse_cards("KH 2C AS 10H")))
'AS 10H KH 2C'
"""

from __future__ import annotations

from collections.abc import Iterable

from cardrules.cards import Card, sort_cards

__all__ = ["sort_hand"]


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` by suit, then by rank from 2 up to the ace (:func:`cardrules.cards.sort_cards`)."""
    return sort_cards(cards)
