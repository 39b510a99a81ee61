"""Passing a card to the left (MBS-8): thrown by its owner, or drawn blind by the receiver.

:func:`pass_decision` is the rule: it returns the pending decision of the pass, a
:class:`PassDecision` (``throw``: the player on turn chooses a card) or a
:class:`DrawDecision` (``draw_blind``: his left neighbour chooses a position in the hand
offered face down, in an order fixed by the deal's seed and the turn).

>>> from cardrules.my_bird_sings import Options, legal_actions, new_game
>>> state = new_game(Options(players=3, passing="draw_blind"), seed=2)
>>> state.phase, state.on_turn, state.to_act, [str(a) for a in legal_actions(state)]
(<Phase.DRAW: 'draw'>, 1, 2, ['draw 0', 'draw 1', 'draw 2', 'draw 3'])
"""

from __future__ import annotations

from typing import Final

from cardrules._engine import left_of
from cardrules._shuffle import derived_order
from cardrules.cards import Card
from cardrules.messages import Message, message
from cardrules.my_bird_sings.actions import (
    ABANDON,
    DRAW_ACTIONS,
    PASS_ACTIONS,
    Action,
    DeclineExchange,
    Draw,
    Exchange,
    Pass,
)
from cardrules.my_bird_sings.options import Options, Passing
from cardrules.my_bird_sings.state import Deal, Decision, Phase, TurnStep

__all__ = [
    "DrawDecision",
    "PassDecision",
    "method_refusal",
    "pass_decision",
    "passing_refusal",
    "throw_decision",
]

_P: Final = "my-bird-sings.refusal."

# Read once into the module (the compiled build keeps it in its own statics).
_PASSES: Final = PASS_ACTIONS


class PassDecision(Decision):
    """``throw`` passing: the player on turn chooses the card he passes (MBS-8)."""

    __slots__ = ()
    phase = Phase.PASS


class DrawDecision(Decision):
    """``draw_blind`` passing: the left neighbour draws by position from the offered hand.

    ``order`` is the offered hand as it lies face down (position 0 first); ``giver`` is the
    player on turn who offers it.
    """

    __slots__ = ("_giver", "_order")
    phase = Phase.DRAW

    def __init__(
        self,
        seat: int,
        legal: tuple[Action, ...],
        step: TurnStep,
        giver: int,
        order: tuple[Card, ...],
    ) -> None:
        self._seat = seat
        self._legal = legal
        self._step = step
        self._giver = giver
        self._order = order

    def _key(self) -> tuple[object, ...]:
        return (self._seat, self._legal, self._step, self._giver, self._order)

    @property
    def giver(self) -> int:
        """The player on turn, who offers his hand."""
        return self._giver

    @property
    def order(self) -> tuple[Card, ...]:
        """The offered cards as they lie face down, position 0 first (hidden)."""
        return self._order


def pass_decision(
    deal: Deal, hand: tuple[Card, ...], seat: int, turn: int, step: TurnStep
) -> PassDecision | DrawDecision:
    """The decision that passes a card of ``seat``, on turn ``turn`` holding ``hand``.

    Implements MBS-8: who decides the pass that ends a turn, and between what. With
    ``passing="throw"`` the player on turn chooses a card (``Pass(card)``) and lays it
    face down for his left neighbour. With ``passing="draw_blind"`` he offers his whole
    hand face down and his left neighbour decides: he draws a card by position
    (``Draw(index)``). The offered cards lie in a fresh random order, the sorted hand
    shuffled from ``derive_seed(deal seed, turn)``, so the position says nothing about the
    card and the state needs no random generator. ``Abandon()`` comes last when MBS-13
    offers it at this decision (``step.abandon``).
    """
    rules = deal._rules
    if rules._throw:
        return throw_decision(hand, seat, step)
    legal = DRAW_ACTIONS[: len(hand)]
    order = derived_order(sorted(hand), deal._seed, (turn,), deal._legacy)
    drawer = left_of(seat, rules._players)
    return DrawDecision(drawer, (*legal, ABANDON) if step._abandon else legal, step, seat, order)


def throw_decision(hand: tuple[Card, ...], seat: int, step: TurnStep) -> PassDecision:
    """The pass of ``seat``, holding ``hand``, with ``passing="throw"`` (see MBS-8).

    One ``Pass`` per card held, in holding order, then ``Abandon()`` if MBS-13 offers it
    (``step.abandon``).
    """
    numbers: tuple[int, ...] = hand  # a card is its number in the pack (a native index)
    passes: list[Action] = []
    for number in numbers:
        passes.append(_PASSES[number])
    legal = tuple(passes)
    return PassDecision(seat, legal + (ABANDON,) if step._abandon else legal, step)  # noqa: RUF005 (one tuple; unpacking lists first)


def method_refusal(options: Options, action: Pass | Draw) -> Message | None:
    """The refusal of a pass by the method the options do not play (see MBS-8), else None."""
    throw = options.passing is Passing.THROW
    if type(action) is Pass and not throw:
        return message(_P + "draw-blind-no-throw", "MBS-8")
    if type(action) is Draw and throw:
        return message(_P + "throw-no-draw", "MBS-8")
    return None


def passing_refusal(action: object, giver: int, players: int, offered: int | None) -> Message:
    """Why ``action`` is refused while the pass of ``giver`` waits (see MBS-8).

    ``offered`` is None for ``throw`` passing, else the number of cards ``giver`` offers
    face down to his left neighbour. A card not held, a position outside the offered
    hand, an exchange whose chance has gone by (it was declined), or anything else: the
    pass waits. Only what the deciding seat sees goes in, so a seat's view can ask too.
    """
    if type(action) is Exchange or type(action) is DeclineExchange:
        # An exchange that was open this turn and is not made any more: it was declined.
        return message(_P + "exchange-declined", "MBS-11")
    left = left_of(giver, players)
    if offered is None:
        if type(action) is Pass:
            return message("common.refusal.not-held", "MBS-9", card=action.card)
        return message(_P + "must-pass", "MBS-8", giver=giver, receiver=left)
    if type(action) is Draw:
        return message(
            _P + "draw-position", "MBS-8", giver=giver, offered=offered, last=offered - 1
        )
    return message(_P + "must-draw", "MBS-8", giver=giver, receiver=left)
