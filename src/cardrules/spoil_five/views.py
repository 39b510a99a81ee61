"""What one seat may know of a Spoil Five state (C-6).

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

import attrs

from cardrules.cards import Card, Suit
from cardrules.errors import CardrulesError
from cardrules.spoil_five.actions import Action
from cardrules.spoil_five.options import Options
from cardrules.spoil_five.state import Event, EventKind, Outcome, Phase, State, Trick

__all__ = ["View", "view"]


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
            only in the robber's own view.
        trick: the cards of the trick in progress, in play order.
        leader: who led (or leads) the trick in progress, or None.
        tricks: the completed tricks of this deal, as played.
        tricks_won: tricks taken by each seat in this deal.
        barred: seats that may not win this hand.
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


def _redact(event: Event, seat: int) -> Event:
    if event.kind is EventKind.ROB and event.seat != seat:
        return Event(event.seat, event.kind, None, event.trick)
    return event


def view(state: State, seat: int) -> View:
    """Return what ``seat`` may know of ``state``.

    Implements C-6 for Spoil Five: rob discards stay private to the robber (SF-10,
    SF-11); the taking of the turn-up is public.

    Raises:
        CardrulesError: if ``seat`` is not a seat of this game.

    """
    info = state.deal
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < info.n:
        raise CardrulesError(f"seat: expected a seat from 0 to {info.n - 1}, not {seat!r}")
    board = state.board
    events = board.events
    for event in events:
        if event.kind is EventKind.ROB and event.seat != seat:
            events = tuple([_redact(event, seat) for event in events])
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
        barred=board.barred,
        pool=board.pool,
        balances=board.balances,
        scores=board.scores,
        outcome=board.outcome,
        legal_actions=state.legal if state.to_act == seat else (),
    )
