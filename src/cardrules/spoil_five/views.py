"""What one seat may know of a Spoil Five state (see C-6).

A :class:`View` holds the seat's own hand, everything played face up, public events and
the counters; never another seat's hand, another seat's face-down discard, the undealt
cards or the seed.

>>> from cardrules.spoil_five.options import Options
>>> from cardrules.spoil_five.deal import new_game
>>> v = view(new_game(Options(players=3), seed=1), 2)
>>> v.seat, v.to_act, v.legal_actions, v.hand_sizes
(2, 1, (), (5, 5, 5))
"""

from __future__ import annotations

from typing import Final

import attrs

from cardrules.cards import Card, Suit
from cardrules.errors import CardrulesError
from cardrules.spoil_five.actions import Action
from cardrules.spoil_five.options import Options, Scoring
from cardrules.spoil_five.state import (
    Event,
    EventKind,
    Outcome,
    OutcomeKind,
    Phase,
    State,
    Trick,
)

__all__ = ["View", "view"]

_PRIVATE_PARTS: Final = frozenset((EventKind.ROB, EventKind.DECLINE_ROB))
"""Event kinds that other seats see redacted or not at all."""


@attrs.frozen(slots=True)
class View:
    """Everything one seat may know at one moment (JSON-friendly values only).

    Attributes:
        seat: whose view this is.
        options: the game options.
        deal_number: deals played before this one in the session.
        dealer: the dealer of this deal.
        eldest: the eldest hand.
        phase: what kind of decision is pending.
        to_act: the seat whose decision is pending, or None.
        hand: this seat's own cards.
        hand_sizes: how many cards each seat holds.
        trump: the trump suit.
        turn_up: the card turned up for trumps.
        turn_up_taken_by: the seat that took the turn-up into his hand, or None.
        set_aside: cards set aside face up by fiving, in order.
        events: public events (fiving, robs, jink choices); a rob's discard is shown
            only in the robber's own view, and so is a holder's decline of his rob.
        trick: the cards of the trick in progress, in play order.
        leader: who led (or leads) the trick in progress, or None.
        tricks: the completed tricks of this deal, as played.
        tricks_won: tricks taken by each seat in this deal.
        barred: the seats this seat knows to be barred from winning the hand: itself if
            barred; the dealer who declined to rob a turned-up ace; and, once it has
            mattered, a barred member of a side that took the winning tricks (a
            ``BARRED`` spoil) or, in a points game, that won a trick and scored nothing.
        pool: counters in the pool.
        balances: each seat's counters won minus paid.
        scores: points per seat in a points game.
        outcome: the settlement once the deal is over.
        legal_actions: this seat's legal actions (empty unless it is this seat's turn).

    """

    seat: int
    options: Options
    deal_number: int
    dealer: int
    eldest: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trump: Suit
    turn_up: Card
    turn_up_taken_by: int | None
    set_aside: tuple[Card, ...]
    events: tuple[Event, ...]
    trick: tuple[Card, ...]
    leader: int | None
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    barred: tuple[int, ...]
    pool: int
    balances: tuple[int, ...]
    scores: tuple[int, ...]
    outcome: Outcome | None
    legal_actions: tuple[Action, ...]

    def __str__(self) -> str:
        """The table as this seat sees it, as text: ``print(view)`` (see ``cardrules._text``)."""
        from cardrules._text import draw

        return draw(self)

    def _repr_svg_(self) -> str:
        """The view as an SVG picture, so Jupyter shows it (see :func:`cardrules.svg.view`).

        >>> from cardrules.spoil_five.options import Options
        >>> from cardrules.spoil_five.deal import new_game
        >>> seat_0 = view(new_game(Options(players=3), seed=1), 0)
        >>> picture = seat_0._repr_svg_()
        >>> picture.startswith("<svg"), all(f'data-card="{c}"' in picture for c in seat_0.hand)
        (True, True)
        """
        from cardrules.svg import view

        return view(self)


def _seen_events(state: State, seat: int) -> tuple[Event, ...]:
    """The events as ``seat`` saw them.

    Other seats' discards are hidden, and their passed robs unless their rob decision
    makes the pass public (the dealer's turned ace).
    """
    robs = state._deal._robs
    seen = []
    for event in state._board._events:
        if event.seat != seat:
            if event.kind is EventKind.ROB:
                event = Event(event.seat, event.kind, None, event.trick)
            elif event.kind is EventKind.DECLINE_ROB and not robs[event.seat].pass_public:
                continue
        seen.append(event)
    return tuple(seen)


def _known_bars(state: State, seat: int) -> tuple[int, ...]:
    """The barred seats that ``seat`` knows of (see :attr:`View.barred`).

    A bar is secret (SF-13) unless the rob decision of the barred seat makes it public
    (the dealer's decline of a turned ace, seen by all): a holder who lets his rob pass,
    or a player who robs without the ace, is barred secretly, since announcing it would
    tell everybody who held the ace of trumps. The bar shows when it changes what
    happens: the barred side takes the winning tricks and the hand is spoilt, or, in a
    points game, wins a trick that scores nothing.
    """
    board = state._board
    barred = board._barred
    deal = state._deal
    rules = deal._rules
    sides = rules.sides
    shown: set[int] = set()
    outcome = board._outcome
    if rules.options.scoring is Scoring.POINTS:
        for member in barred:
            side = sides[member]
            if any(state._won[other] for other in rules.members[side]):
                shown.add(side)
    elif outcome is not None and outcome.kind is OutcomeKind.BARRED:
        shown.add(sides[state._tricks[-1].winner])
    return tuple(
        [
            member
            for member in barred
            if member == seat or sides[member] in shown or deal._robs[member].pass_public
        ]
    )


def view(state: State, seat: int) -> View:
    """Return what ``seat`` may know of ``state`` (see C-6).

    Rob discards stay private to the robber (SF-10, SF-11); the taking of the turn-up is
    public; a passed rob and a bar are private to that seat unless his rob decision says
    otherwise or the bar comes to matter (SF-12, SF-13, see :func:`_known_bars`).

    Raises:
        CardrulesError: if ``seat`` is not a seat of this game.

    """
    deal = state._deal
    n = deal._n
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise CardrulesError(f"seat: expected a seat from 0 to {n - 1}, not {seat!r}")
    board = state._board
    events = board._events
    for event in events:
        if event.seat != seat and event.kind in _PRIVATE_PARTS:
            events = _seen_events(state, seat)
            break
    return View(
        seat=seat,
        options=deal._rules.options,
        deal_number=deal._number,
        dealer=deal._dealer,
        eldest=deal._eldest,
        phase=state._phase,
        to_act=state._to_act,
        hand=tuple([play.card for play in state._held[seat]]),
        hand_sizes=tuple([len(hand) for hand in state._held]),
        trump=deal._trump,
        turn_up=deal._turn_up,
        turn_up_taken_by=board._taker,
        set_aside=deal._set_aside,
        events=events,
        trick=state._trick,
        leader=state.leader,
        tricks=state._tricks,
        tricks_won=state._won,
        barred=_known_bars(state, seat) if board._barred else (),
        pool=board._pool,
        balances=board._balances,
        scores=board._scores,
        outcome=board._outcome,
        legal_actions=state._legal if state._to_act == seat else (),
    )
