"""What happens in a My Bird Sings deal, as users see it: phases, events, outcomes.

These are the values a state, a view and a record show beside the cards: attrs frozen
classes and enums, which records and JSON read and write. They live apart from the
per-step engine (:mod:`cardrules.my_bird_sings.state` and the rule modules), which the
compiled build compiles and attrs classes may not be part of.

>>> EventKind.PASS.value
'pass'
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from cardrules.cards import Card

if TYPE_CHECKING:
    from cardrules.my_bird_sings.views import View

__all__ = ["Event", "EventKind", "Known", "Outcome", "OutcomeKind", "Phase"]


class Phase(enum.StrEnum):
    """What kind of decision is pending."""

    PASS = "pass"
    """The player on turn throws a card to his left neighbour (MBS-8 ``throw``)."""
    DRAW = "draw"
    """The left neighbour of the player on turn draws from his offered hand (``draw_blind``)."""
    EXCHANGE = "exchange"
    """The player on turn may exchange with the stock, or decline (MBS-11)."""
    SING = "sing"
    """A player whose holding sings chooses a singing set (or, if allowed, stays silent)."""
    OVER = "over"
    """The deal is over; see :attr:`State.outcome`."""


class OutcomeKind(enum.StrEnum):
    """How a deal ended."""

    SANG = "sang"
    """A bird sang and its owner took the pool (MBS-12)."""
    ROUND_LIMIT = "round_limit"
    """The round limit was reached (MBS-13): void, or settled by tricks (MBS-15)."""
    ABANDONED = "abandoned"
    """The deal was abandoned (MBS-13): void, or settled by tricks (MBS-15)."""
    EXHAUSTED = "exhausted"
    """Play to exhaustion: the stock could not replenish a singer (MBS-15)."""


@attrs.frozen(slots=True, weakref_slot=False)
class Outcome:
    """The settlement of a finished deal (public).

    Attributes:
        kind: how the deal ended.
        winners: the seats that took (a share of) the pool; ``()`` when it was carried.
        payouts: counters each seat received.
        carried: counters left in the pool for the next deal.
        singer: the seat whose bird sang and won (``kind`` SANG), else ``None``.
        shown: the singing cards the winner showed (``kind`` SANG), else ``()``.
        tricks: tricks laid by each seat (play-to-exhaustion variant; zeros otherwise).
    """

    kind: OutcomeKind
    winners: tuple[int, ...]
    payouts: tuple[int, ...]
    carried: int
    singer: int | None
    shown: tuple[Card, ...]
    tricks: tuple[int, ...]


class EventKind(enum.StrEnum):
    """What an :class:`Event` records."""

    PASS = "pass"
    """``seat`` passed ``card`` to his left neighbour, thrown or drawn blind (MBS-8)."""
    EXCHANGE = "exchange"
    """``seat`` discarded ``card``, turned and rejected ``cards`` and kept ``taken`` (MBS-11)."""
    TRICK = "trick"
    """``seat`` laid ``cards`` face down as a trick (MBS-15)."""
    REPLENISH = "replenish"
    """``seat`` was given ``cards`` from the stock after a trick (MBS-15)."""


@attrs.frozen(slots=True)
class Event:
    """Something that happened to one seat's cards, for the views.

    Attributes:
        seat: the seat whose cards it concerns (the giver, for a pass).
        kind: what happened.
        card: the card passed, or an exchange's discard; otherwise ``None``.
        cards: an exchange's rejected stock cards, a trick's cards or the replenishment.
        taken: the card an exchange added to the hand (the discard itself if it was taken
            back); otherwise ``None``.
        turn: the turn of an exchange, trick or replenishment; ``None`` for a pass (passes
            are shared values, one per seat and card, built once per options value).
    """

    seat: int
    kind: EventKind
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    taken: Card | None = None
    turn: int | None = None


@attrs.frozen(slots=True)
class Known:
    """A sampled state's past as ``seat`` knew it: its view when the sample was drawn.

    :func:`~cardrules.my_bird_sings.sampling.sample_state` cannot know the hidden steps
    that led to a view, so the sample's event log begins with this instead.
    """

    seat: int
    view: View
