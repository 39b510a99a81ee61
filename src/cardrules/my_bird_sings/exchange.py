"""Exchanging a card with the stock (MBS-11).

:func:`exchange_chance` is the rule: for the player on turn it returns either the
:class:`ExchangeDecision` (``Exchange(discard)`` for each card held, or
``DeclineExchange()``) or the reason no exchange is open (:class:`Closed`).
:func:`exchange_cards` carries out an exchange: the discard goes out first, then stock
cards are turned until one of another suit comes.

>>> from cardrules.cards import parse_cards
>>> from cardrules.my_bird_sings.options import Options
>>> taken, rejects, stock, dead = exchange_cards(
...     Options(), parse_cards("2H")[0], parse_cards("6H 7H 6S 8S"), ()
... )
>>> taken, rejects, stock, dead
(<Card 6S>, (<Card 6H>, <Card 7H>), (<Card 8S>,), (<Card 2H>, <Card 6H>, <Card 7H>))
"""

from __future__ import annotations

import enum
from typing import Final

from cardrules.cards import Card
from cardrules.messages import Message, message
from cardrules.my_bird_sings.actions import (
    ABANDON,
    DECLINE_EXCHANGE,
    EXCHANGE_ACTIONS,
    Action,
    Exchange,
)
from cardrules.my_bird_sings.options import ExchangeBy, ExchangeOnExhaustion, Options, PileTo
from cardrules.my_bird_sings.state import Board, Deal, Decision, Phase, TurnStep

__all__ = [
    "Closed",
    "ExchangeDecision",
    "exchange_cards",
    "exchange_chance",
    "exchange_closed",
    "exchange_refusal",
    "first_exchange_turn",
]

_P: Final = "my-bird-sings.refusal."


class Closed(enum.Enum):
    """Why no exchange with the stock is open to the player on turn (MBS-11)."""

    NOBODY = "nobody"
    """The options play no exchanges (``exchange_by="nobody"``)."""
    NOT_LEADER = "not_leader"
    """Only the original leader exchanges, and this is another player's turn."""
    TOO_EARLY = "too_early"
    """The first ``exchange_after_rounds`` rounds are not over."""
    EMPTY_STOCK = "empty_stock"
    """The stock is empty."""
    DONE = "done"
    """The player has exchanged once this turn already."""

    def refusal(self, options: Options, eldest: int, action: object) -> Message:
        """The refusal of an exchange or its decline for this reason (``eldest``: the leader)."""
        if self is Closed.NOBODY:
            why = message(_P + "exchange-off", "MBS-11")
        elif self is Closed.NOT_LEADER:
            why = message(_P + "exchange-leader-only", "MBS-11", leader=eldest)
        elif self is Closed.TOO_EARLY:
            rounds = options.exchange_after_rounds
            turn = rounds * options.players
            why = message(_P + "exchange-too-early", "MBS-11", turn=turn, round=rounds)
        elif self is Closed.EMPTY_STOCK:
            why = message(_P + "stock-empty", "MBS-11")
        else:
            why = message(_P + "one-exchange", "MBS-11")
        return why


# Enum members read once: a class attribute look-up costs a call on the hot path.
_NOBODY: Final = ExchangeBy.NOBODY
_LEADER: Final = ExchangeBy.LEADER
_NOT_PLAYED: Final = Closed.NOBODY
_NOT_LEADER: Final = Closed.NOT_LEADER
_TOO_EARLY: Final = Closed.TOO_EARLY
_EMPTY_STOCK: Final = Closed.EMPTY_STOCK
_DONE: Final = Closed.DONE


class ExchangeDecision(Decision):
    """The player on turn may exchange a card with the stock, or decline (MBS-11)."""

    __slots__ = ()
    phase = Phase.EXCHANGE


def exchange_refusal(action: object, seat: int) -> Message:
    """Why ``action`` is refused while ``seat`` decides an open exchange (see MBS-11).

    A discard he does not hold, or any other action: the exchange waits.
    """
    if type(action) is Exchange:
        return message("common.refusal.not-held", "MBS-11", card=action.discard)
    return message(_P + "must-exchange-or-decline", "MBS-11", seat=seat)


def exchange_chance(
    deal: Deal,
    hand: tuple[Card, ...],
    seat: int,
    turn: int,
    table: Board,
    step: TurnStep,
) -> ExchangeDecision | Closed:
    """Whether ``seat``, on turn ``turn`` holding ``hand``, may exchange with the stock.

    Implements MBS-11: from turn ``exchange_after_rounds × players`` on (3 rounds; D-8),
    while the stock has cards, the original leader (``exchange_by="leader"``, D-7; or
    every player with ``"everyone"``) may exchange once per turn, after his holding is
    checked: he discards a card face down, then turns stock cards, putting each one of the
    discard's suit aside too, until a card of another suit comes, which he keeps
    (:func:`exchange_cards`). Only he sees the cards turned. Returns the decision when the
    exchange is open (``Abandon()`` last if MBS-13 offers it here), else why not.
    """
    rules = deal._rules
    closed = exchange_closed(
        rules._options,
        rules._exchange_from,
        deal._eldest,
        seat,
        turn,
        table._stock_count,
        step._exchanged,
    )
    if closed is not None:
        return closed
    legal: tuple[Action, ...] = (*[EXCHANGE_ACTIONS[card] for card in hand], DECLINE_EXCHANGE)
    return ExchangeDecision(seat, legal + (ABANDON,) if step._abandon else legal, step)  # noqa: RUF005 (one tuple; unpacking lists first)


def exchange_closed(
    options: Options,
    exchange_from: int,
    eldest: int,
    seat: int,
    turn: int,
    stock_count: int,
    exchanged: bool,
) -> Closed | None:
    """Why no exchange is open to ``seat`` on turn ``turn``, or None if one is (MBS-11).

    The conditions of :func:`exchange_chance`, from public facts only (``exchange_from``:
    :func:`first_exchange_turn`; ``eldest``: the original leader; ``exchanged``: whether
    the player on turn has exchanged this turn), so that a seat's view can ask them too.
    """
    by = options.exchange_by
    if by is _NOBODY:
        return _NOT_PLAYED
    if by is _LEADER and seat != eldest:
        return _NOT_LEADER
    if turn < exchange_from:
        return _TOO_EARLY
    if not stock_count:
        return _EMPTY_STOCK
    if exchanged:
        return _DONE
    return None


def first_exchange_turn(options: Options) -> int:
    """The first turn from which :func:`exchange_chance` may open an exchange (D-8).

    ``exchange_after_rounds`` full rounds come first: turn ``3 × players`` by default.
    :func:`~cardrules.my_bird_sings.option_tables.tables_for` keeps it as
    ``OptionTables.exchange_from``; before it every exchange is closed.
    """
    return options.exchange_after_rounds * options.players


def exchange_cards(
    options: Options, discard: Card, stock: tuple[Card, ...], dead: tuple[Card, ...]
) -> tuple[Card, tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """Exchange ``discard`` with ``stock`` (top first); return the card taken and the piles.

    The exchange of MBS-11: the discard is put out before a card is turned, face down on
    the dead pile (or under the stock, ``exchange_discard_to``; D-9); then the cards that
    were in the stock when the exchange began are turned one by one, each of the discard's
    suit rejected (to the dead pile or under the stock, ``rejects_to``), until one of
    another suit comes. If every stock card matches, the player keeps the last card turned
    (``keep_last``), or every turned card is rejected and he takes his discard back
    (``take_back_discard``; D-10).

    Returns:
        The card added to the hand (the discard itself if it was taken back), the rejected
        cards in the order turned, the new stock and the new dead pile.

    """
    to_bottom = options.exchange_discard_to is PileTo.STOCK_BOTTOM
    turned = list(stock)
    count = len(turned)
    pile = list(dead)
    if to_bottom:
        turned.append(discard)
    else:
        pile.append(discard)
    suit = discard.suit
    rejects: list[Card] = []
    taken = discard
    for card in turned[:count]:  # only the cards that were in the stock are turned
        if card.suit is not suit:
            taken = card
            break
        rejects.append(card)
    else:
        if options.exchange_on_exhaustion is ExchangeOnExhaustion.KEEP_LAST:
            taken = rejects.pop()
        elif to_bottom:
            turned.pop()  # the discard comes back from under the stock
        else:
            pile.pop()  # the discard comes back from the dead pile
    rest = turned[len(rejects) + (taken is not discard) :]
    if options.rejects_to is PileTo.STOCK_BOTTOM:
        rest.extend(rejects)
    else:
        pile.extend(rejects)
    return taken, tuple(rejects), tuple(rest), tuple(pile)
