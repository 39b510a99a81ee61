"""Fiving the hand (SF-9, SF-23): who may ask, who answers, and the new turn-up.

>>> from cardrules.spoil_five.options import TWO_HANDED
>>> turn = fiving_decision(TWO_HANDED, (0, 1), 0, declined=(), asked=False)
>>> turn.phase, turn.seat, [str(action) for action in turn.legal]
(<Phase.FIVING_ASK: 'fiving_ask'>, 1, ['ask-five', 'decline-five'])
"""

from __future__ import annotations

from typing import Final

from cardrules._engine import left_of
from cardrules.cards import Card
from cardrules.messages import Message, message
from cardrules.spoil_five.actions import (
    ACCEPT_FIVE,
    ASK_FIVE,
    DECLINE_FIVE,
    REFUSE_FIVE,
    AcceptFive,
    Action,
    AskFive,
    DeclineFive,
    RefuseFive,
)
from cardrules.spoil_five.options import FivingAsker, Options
from cardrules.spoil_five.state import Phase, PhasedDecision

__all__ = ["FivingDecision", "five", "fiving_decision", "fiving_refusal"]

_ASK: Final[tuple[Action, ...]] = (ASK_FIVE, DECLINE_FIVE)
_ANSWER: Final[tuple[Action, ...]] = (ACCEPT_FIVE, REFUSE_FIVE)


class FivingDecision(PhasedDecision):
    """A pending fiving decision (SF-9): who decides, and between what.

    Its phase is ``FIVING_ASK`` (an opponent of the dealer asks or declines) or
    ``FIVING_ANSWER`` (the dealer accepts or refuses).
    """

    __slots__ = ()


# Enum members read once: a class attribute look-up costs a call on every step.
_P: Final = "spoil-five.refusal."
_FIVING_ANSWER: Final = Phase.FIVING_ANSWER
_FIVING_ASK: Final = Phase.FIVING_ASK
_FIVING_ASKER_ELDEST: Final = FivingAsker.ELDEST


def fiving_decision(
    options: Options,
    sides: tuple[int, ...],
    dealer: int,
    *,
    declined: tuple[int, ...],
    asked: bool,
) -> FivingDecision | None:
    """Return the pending fiving decision after the deal, or None once fiving is over.

    Implements SF-9 and SF-23 (``fiving``, for two players or two sides): before any
    robbing, the eldest hand (or, with ``fiving_asker="either_opponent"``, each opponent
    of the dealer in turn clockwise until one asks, D-15) may ask the dealer to five the
    hand, and the dealer accepts or refuses. An accepted request sets the turn-up aside
    with the cards of its suit that follow it (see :func:`five`).
    """
    if not options.fiving:
        return None
    if asked:
        return FivingDecision(dealer, _ANSWER, _FIVING_ANSWER)
    n = options.players
    if options.fiving_asker is _FIVING_ASKER_ELDEST:
        asker = None if declined else left_of(dealer, n)
    else:
        asker = next(
            (
                seat
                for seat in ((dealer + offset) % n for offset in range(1, n))
                if sides[seat] != sides[dealer] and seat not in declined
            ),
            None,
        )
    if asker is None:
        return None
    return FivingDecision(asker, _ASK, _FIVING_ASK)


def five(drawn: tuple[Card, ...], first: int) -> tuple[Card, ...]:
    """The cards an accepted fiving sets aside, the next card being the new turn-up.

    They are the turn-up at position ``first`` of the pack and the cards of its suit that
    follow it (SF-9).
    """
    suit = drawn[first].suit
    end = first + 1
    while drawn[end].suit is suit:
        end += 1
    return drawn[first:end]


def fiving_duty(phase: Phase) -> Message:
    """The refusal of an action of another kind while a fiving decision is pending."""
    if phase is _FIVING_ASK:
        return message(_P + "ask-five-first", "SF-9")
    return message(_P + "dealer-answers-five", "SF-9")


def fiving_refusal(
    options: Options,
    action: AskFive | DeclineFive | AcceptFive | RefuseFive,
    phase: Phase,
    duty: Message | None,
) -> Message:
    """The refusal of a fiving action that is not legal now.

    ``duty`` is the refusal of the pending decision if it is a rob or a jink decision.
    """
    if not options.fiving:
        return message(_P + "fiving-off", "SF-9")
    if isinstance(action, AskFive | DeclineFive) and phase is _FIVING_ANSWER:
        return message(_P + "dealer-must-answer", "SF-9")
    if isinstance(action, AcceptFive | RefuseFive) and phase is _FIVING_ASK:
        return message(_P + "nobody-asked-five", "SF-9")
    if duty is not None:
        return duty
    return message(_P + "fiving-time", "SF-9")
