"""What one seat may know of a Spoil Five state (C-6).

A :class:`View` holds the seat's own hand, everything played face up, public events and
the counters; never another seat's hand, another seat's face-down discard, the undealt
cards or the seed.

>>> from tests.legacy.spoil_five.options import Options
>>> from tests.legacy.spoil_five.deal import new_game
>>> v = view(new_game(Options(players=3), seed=1), 2)
>>> v.seat, v.to_act, v.legal_actions, v.hand_sizes
(2, 1, (), (5, 5, 5))
"""

from __future__ import annotations

from typing import Final

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardrulesError
from tests.legacy.spoil_five.actions import Action
from tests.legacy.spoil_five.options import Options, Scoring
from tests.legacy.spoil_five.state import (
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



def _seen_events(events: tuple[Event, ...], seat: int, public_decline: bool) -> tuple[Event, ...]:
    """The events as ``seat`` saw them: other seats' discards hidden, their declines too.

    A declined rob is public only for the dealer of a turned-up ace (``public_decline``);
    a holder of the ace of trumps declines by playing, which looks like any other play.
    """
    seen = []
    for event in events:
        if event.seat != seat:
            if event.kind is EventKind.ROB:
                event = Event(event.seat, event.kind, None, event.trick)
            elif event.kind is EventKind.DECLINE_ROB and not public_decline:
                continue
        seen.append(event)
    return tuple(seen)


def _known_bars(state: State, seat: int) -> tuple[int, ...]:
    """The barred seats that ``seat`` knows of (see :attr:`View.barred`).

    Implements C-6 for SF-12 and SF-13: a holder who declines or omits his rob, or a
    player who robs without the ace, is barred secretly, since announcing it would tell
    everybody who held the ace of trumps. The bar shows when it changes what happens:
    the barred side takes the winning tricks and the hand is spoilt, or, in a points game,
    wins a trick that scores nothing.
    """
    barred = state.board.barred
    if not barred:
        return barred
    info = state.deal
    if info.turn_up.rank is Rank.ACE:  # only the dealer's public decline bars anybody
        return barred
    sides = info.sides
    shown: set[int] = set()
    outcome = state.board.outcome
    if info.options.scoring is Scoring.POINTS:
        for member in barred:
            side = sides[member]
            if any(state.tricks_won[other] for other in info.members[side]):
                shown.add(side)
    elif outcome is not None and outcome.kind is OutcomeKind.BARRED:
        shown.add(sides[state.tricks[-1].winner])
    return tuple([member for member in barred if member == seat or sides[member] in shown])


def view(state: State, seat: int) -> View:
    """Return what ``seat`` may know of ``state``.

    Implements C-6 for Spoil Five: rob discards stay private to the robber (SF-10,
    SF-11); the taking of the turn-up is public; a holder's declined or omitted rob and
    any secret bar stay private to that seat (SF-12, SF-13, see :func:`_known_bars`).

    Raises:
        CardrulesError: if ``seat`` is not a seat of this game.

    """
    info = state.deal
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < info.n:
        raise CardrulesError(f"seat: expected a seat from 0 to {info.n - 1}, not {seat!r}")
    board = state.board
    events = board.events
    for event in events:
        if event.seat != seat and event.kind in _PRIVATE_PARTS:
            events = _seen_events(events, seat, info.turn_up.rank is Rank.ACE)
            break
    return View(
        seat=seat,
        options=info.options,
        deal_number=info.number,
        dealer=info.dealer,
        eldest=info.eldest,
        phase=state.phase,
        to_act=state.to_act,
        hand=tuple([play.card for play in state.held[seat]]),
        hand_sizes=tuple([len(hand) for hand in state.held]),
        trump=info.trump,
        turn_up=info.turn_up,
        turn_up_taken_by=board.turn_up_taker,
        set_aside=board.set_aside,
        events=events,
        trick=state.trick,
        leader=state.leader,
        tricks=state.tricks,
        tricks_won=state.tricks_won,
        barred=_known_bars(state, seat) if board.barred else (),
        pool=board.pool,
        balances=board.balances,
        scores=board.scores,
        outcome=board.outcome,
        legal_actions=state.legal if state.to_act == seat else (),
    )
