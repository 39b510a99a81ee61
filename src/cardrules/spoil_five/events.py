"""What happens in a Spoil Five deal, as users see it: phases, events, tricks, outcomes.

These are the values a state, a view and a record show beside the cards: attrs frozen
classes and enums, which records and JSON read and write. They live apart from the
per-step engine (:mod:`cardrules.spoil_five.state`, :mod:`cardrules.spoil_five.rules`),
which the compiled build compiles and attrs classes may not be part of.

>>> Event(2, EventKind.ROB, None, 0)
Event(seat=2, kind=<EventKind.ROB: 'rob'>, card=None, trick=0)
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from cardrules.cards import Card

__all__ = [
    "SPOIL_KINDS",
    "Event",
    "EventKind",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "Trick",
]


class Phase(enum.StrEnum):
    """What kind of decision is pending (see the Play section of the rules page)."""

    FIVING_ASK = "fiving_ask"
    """An opponent of the dealer may ask him to five the hand (SF-9)."""
    FIVING_ANSWER = "fiving_answer"
    """The dealer accepts or refuses a request to five (SF-9)."""
    DEALER_ROB = "dealer_rob"
    """The dealer of a turned-up ace discards before the lead (SF-10)."""
    ROB = "rob"
    """The holder of the ace of trumps must rob at his first turn in trick 1 (SF-11).

    Only under compulsory, enforced robbing, where the rob follows at once and is public.
    Where the rob may be declined it is offered within ``PLAY`` (``Rob`` actions beside
    the plays), so that a declining holder's turn looks like anybody else's.
    """
    PLAY = "play"
    """The player on turn plays a card to the trick (SF-14 to SF-16)."""
    JINK = "jink"
    """The winner of the first three tricks stops or goes on for a jink (SF-21)."""
    DEAL_OVER = "deal_over"
    """The deal is settled; call ``next_deal`` for the next one."""
    GAME_OVER = "game_over"
    """A points game has been won (SF-24); no further deals."""


class OutcomeKind(enum.StrEnum):
    """How a deal ended."""

    WON = "won"
    """A player (side) took the tricks needed and the pool (SF-19, SF-20)."""
    SPOILT = "spoilt"
    """Nobody took the tricks needed; the pool stays (SF-18)."""
    BARRED = "barred"
    """A barred player (side) took the tricks needed: a spoil (SF-13)."""
    JINK = "jink"
    """A player (side) won all five tricks after going on: pool plus bonus (SF-21)."""
    JINK_FAILED = "jink_failed"
    """A player (side) went on for a jink and lost a trick: a spoil (SF-21)."""
    HAND_SCORED = "hand_scored"
    """A points-game hand was played out without ending the game (SF-24)."""
    GAME_WON = "game_won"
    """A player (side) won a points game and took the stakes (SF-24)."""


SPOIL_KINDS: Final = frozenset((OutcomeKind.SPOILT, OutcomeKind.BARRED, OutcomeKind.JINK_FAILED))
"""Outcomes after which the next deal is anted at the spoil rate (SF-7)."""


class EventKind(enum.StrEnum):
    """Public events of a deal other than plays (plays are in the tricks)."""

    ASK_FIVE = "ask_five"
    DECLINE_FIVE = "decline_five"
    ACCEPT_FIVE = "accept_five"
    REFUSE_FIVE = "refuse_five"
    ROB = "rob"
    """A seat discarded face down to rob the turn-up (the card is private to that seat)."""
    DECLINE_ROB = "decline_rob"
    """A seat let its rob pass (SF-12): public for the dealer of a turned-up ace; for the
    holder of the ace of trumps (who declines by playing) only in his own view (see
    :attr:`cardrules.spoil_five.robbing.RobDecision.pass_public`)."""
    TAKE_TURN_UP = "take_turn_up"
    """A robbing dealer's turned-up ace joins his hand (SF-10)."""
    STOP = "stop"
    GO_ON = "go_on"


@attrs.frozen(slots=True)
class Event:
    """Something a seat did or that happened, outside the tricks.

    Attributes:
        seat: the seat concerned.
        kind: what happened.
        card: for ``ROB`` the card discarded (``None`` in other seats' views); for
            ``TAKE_TURN_UP`` the turned-up card; otherwise ``None``.
        trick: the number of tricks completed when it happened (0 … 5).

    """

    seat: int
    kind: EventKind
    card: Card | None = None
    trick: int = 0


@attrs.frozen(slots=True, weakref_slot=False)
class Trick:
    """A completed trick: who led, the cards in play order, and who won it.

    The card at position ``i`` was played by seat ``(leader + i) % players``.
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int


@attrs.frozen(slots=True, weakref_slot=False)
class Outcome:
    """How a deal was settled.

    Attributes:
        kind: what happened (:class:`OutcomeKind`).
        winners: seats that received a share of the pool (``()`` for a spoil).
        payouts: counters each seat received at settlement (pool shares and jink bonus).
        carried: counters left in the pool for the next deal.
        tricks_won: tricks taken by each seat in this deal.

    """

    kind: OutcomeKind
    winners: tuple[int, ...]
    payouts: tuple[int, ...]
    carried: int
    tricks_won: tuple[int, ...]
