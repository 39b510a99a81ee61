"""Playing to exhaustion (MBS-15): a bird that sings lays a trick and is dealt afresh.

>>> from cardrules.my_bird_sings import Options, new_game, TO_EXHAUSTION
>>> state = new_game(TO_EXHAUSTION, seed=5)
>>> state.tricks, state.pool
((0, 0, 0, 0, 0), 6)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card
from cardrules.history import Log
from cardrules.my_bird_sings.options import ExhaustionEnd
from cardrules.my_bird_sings.state import Board, Deal, Event, EventKind, Hands, Known

__all__ = ["lay_trick"]


def lay_trick(
    deal: Deal,
    hands: Hands,
    turn: int,
    seat: int,
    cards: Sequence[Card],
    table: Board,
    events: Log[Event | Known],
) -> tuple[Hands, Board, Log[Event | Known], bool]:
    """Lay ``seat``'s singing ``cards`` as a trick and replenish his hand from the stock.

    Implements MBS-15: in the play-to-exhaustion variant a bird that sings does not take
    the pool; its owner lays the singing cards face down as a trick and is given
    ``hand_size`` new cards from the stock, then goes on with his turn from the sing
    check. When the stock cannot refill him the trick still counts and the deal ends; with
    ``exhaustion_end="take_remaining"`` he takes what is left instead, and the deal ends at
    a sing that finds the stock empty (D-12). The most tricks win the pool when the deal
    ends (:func:`~cardrules.my_bird_sings.settlement.settle`).

    Returns:
        The new hands, table and event log, and whether the deal ends now.

    """
    laid = set(cards)
    hand = [card for card in hands[seat] if card not in laid]
    tricks = list(table.tricks)
    tricks[seat] += 1
    trick_cards = list(table.trick_cards)
    trick_cards[seat] = trick_cards[seat] + tuple(cards)
    stock = deal.stock_of(table)
    need = deal._rules._hand_size
    events = (events, Event(seat, EventKind.TRICK, cards=tuple(cards), turn=turn))
    ended = False
    new: tuple[Card, ...] = ()
    if len(stock) >= need:
        new = stock[:need]
    elif deal._rules._options.exhaustion_end is ExhaustionEnd.CANNOT_REPLENISH or not stock:
        ended = True
    else:
        new = stock
    if new:
        hand.extend(new)
        stock = stock[len(new) :]
        events = (events, Event(seat, EventKind.REPLENISH, cards=new, turn=turn))
    changed = list(hands)
    changed[seat] = tuple(hand)
    settled = table.with_piles(stock, table.dead, tuple(tricks), tuple(trick_cards))
    return tuple(changed), settled, events, ended
