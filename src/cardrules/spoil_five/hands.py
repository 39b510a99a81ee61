"""A Spoil Five hand in the order a player holds it: best first by the deal's rank orders.

The one hand sort of the library for Spoil Five: ``print(state)``, the command line and
the front-ends show hands in this order.

>>> from cardrules.cards import Suit, format_cards, parse_cards
>>> format_cards(sort_hand(parse_cards("2C AH 5C KS 10D JS"), Suit.CLUBS))
'5C AH 2C KS JS 10D'
"""

from __future__ import annotations

from collections.abc import Iterable

from cardrules.cards import Card, Suit
from cardrules.spoil_five.options import Ranking
from cardrules.spoil_five.ranking import plain_order, trump_order

__all__ = ["sort_hand"]


def sort_hand(
    cards: Iterable[Card], trump: Suit, ranking: Ranking | str = Ranking.PEEL
) -> tuple[Card, ...]:
    """``cards`` best first: the trumps (SF-3, SF-4), then each plain suit (SF-5) in suit order.

    ``ranking="ordinary"`` sorts by the ordinary sequence (SF-22).
    """
    order = list(trump_order(trump, ranking))
    for suit in Suit:
        order.extend(plain_order(suit, trump, ranking))
    position = {card: i for i, card in enumerate(order)}
    return tuple(sorted(cards, key=position.__getitem__))
