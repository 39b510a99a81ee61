"""What one seat may know of a Spoil Five state (see C-6).

A :class:`View` holds the seat's own hand, everything played face up, public events and
the counters; never another seat's hand, another seat's face-down discard, the undealt
cards or the seed.

>>> from cardrules.spoil_five.options import Options
>>> from cardrules.spoil_five.session import new_game
>>> v = view(new_game(Options(players=3), seed=1), 2)
>>> v.seat, v.to_act, v.legal_actions, v.hand_sizes
(2, 1, (), (5, 5, 5))
"""

from __future__ import annotations

from typing import Final, cast

import attrs

from cardrules import _view_checks as check
from cardrules._brief import brief
from cardrules.cards import FULL_PACK, Card, Suit
from cardrules.errors import OptionsError, ViewError
from cardrules.spoil_five.actions import Action, Play, Rob
from cardrules.spoil_five.options import Options, Scoring
from cardrules.spoil_five.ranking import trump_table, winning_index
from cardrules.spoil_five.state import (
    Event,
    EventKind,
    Outcome,
    OutcomeKind,
    Phase,
    State,
    Trick,
)

__all__ = ["View", "validate_view", "view"]

_HAND: Final = 5
"""Cards in a hand (SF-8); a rob swaps a card, so no hand ever holds more."""
_TRICKS: Final = 5
"""Tricks in a deal (SF-14)."""
_OVER: Final = frozenset((Phase.DEAL_OVER, Phase.GAME_OVER))
_WINNING: Final = frozenset((OutcomeKind.WON, OutcomeKind.JINK, OutcomeKind.GAME_WON))
"""The outcomes with winners; the others (spoils, a scored hand) have none."""

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

    def __repr__(self) -> str:
        """One line: the deal, the pool, the trumps, the phase, who acts (see ``print``)."""
        trumps = f"{self.trump.name.lower()} trumps"
        return brief(
            "spoil_five.View", seat=self.seat, deal=self.deal_number, pool=self.pool,
            details=(trumps,), phase=self.phase.value, to_act=self.to_act,
        )  # fmt: skip

    def __str__(self) -> str:
        """The table as this seat sees it, as text: ``print(view)`` (see ``cardrules._text``)."""
        from cardrules._text import draw

        return draw(self)

    def _repr_svg_(self) -> str:
        """The view as an SVG picture, so Jupyter shows it (see :func:`cardrules.svg.view`).

        >>> from cardrules.spoil_five.options import Options
        >>> from cardrules.spoil_five.session import new_game
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
    outcome = state.outcome
    if rules.options.scoring is Scoring.POINTS:
        for member in barred:
            side = sides[member]
            if any(state._won[other] for other in rules.members[side]):
                shown.add(side)
    elif outcome is not None and outcome.kind is OutcomeKind.BARRED:
        shown.add(sides[state.tricks[-1].winner])
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
        OptionsError: if ``seat`` is not a seat of this game.

    """
    deal = state._deal
    n = deal._n
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise OptionsError(f"seat: expected a seat from 0 to {n - 1}, not {seat!r}")
    board = state._board
    decision = state.decision
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
        phase=state.phase,
        to_act=decision._seat,
        hand=tuple([play.card for play in state._held[seat]]),
        hand_sizes=tuple([len(hand) for hand in state._held]),
        trump=deal._trump,
        turn_up=deal._turn_up,
        turn_up_taken_by=board._taker,
        set_aside=deal._set_aside,
        events=events,
        trick=state._trick,
        leader=state.leader,
        tricks=state.tricks,
        tricks_won=state._won,
        barred=_known_bars(state, seat) if board._barred else (),
        pool=board._pool,
        balances=board._balances,
        scores=board._scores,
        outcome=state.outcome,
        legal_actions=cast("tuple[Action, ...]", decision._legal) if decision._seat == seat else (),
    )


def validate_view(view: View) -> View:
    """Return ``view`` if some Spoil Five state could show it; else raise :class:`ViewError`.

    The readers of a view call it first, and ``records.from_json`` on every view it
    reads (see :class:`~cardrules.errors.ViewError`); a view built by :func:`view`
    always passes. What is checked:

    - every field has its declared type (an ``int`` is never a ``bool``);
    - seats (``seat``, ``dealer``, ``to_act``, ``leader``, the taker of the turn-up,
      events, tricks, bars, winners) are seats of ``options.players``, and the eldest
      hand is the dealer's left (C-2);
    - the phase and the seat to act agree: nobody acts once the deal or game is over and
      the settlement is there, somebody acts before; a game is over only in a points
      game (SF-24); in play the seat to act is the leader's ``len(trick)``-th follower;
    - hands: one size per seat, the viewer's hand that size; every seat holds the five
      cards dealt less those it played (SF-8; a dealer who robbed a turned ace holds
      four until it joins his hand, SF-10);
    - cards: none appears twice among the hand, the trick, the completed tricks and the
      cards set aside by fiving; the turn-up is the trump suit's, and nobody holds or has
      played it unless somebody took it (SF-10, SF-11); nothing is set aside without
      fiving (SF-9);
    - tricks: at most five, each of one card per seat, won by its strongest card
      (SF-17), each led by the winner of the one before; the current trick has fewer
      cards than players; ``tricks_won`` counts them;
    - counters: pool, payouts and carried counters from 0 up, balances and scores one per
      seat, every number within what a record holds (|n| < 2**63); counters only move
      between the pool and the seats, so the balances and the pool add up to 0; a
      settlement has winners exactly when it is won (SF-19, SF-21, SF-24) and counts this
      deal's tricks;
    - events: a seat decides on a rob once, a rob's discard is shown to the robber only
      and is neither held nor the turn-up, and the card taken up is the turn-up;
    - legal actions: none unless the viewer is to act, none twice, and a play or a rob
      discard names a card of the hand.

    >>> from cardrules.spoil_five.session import new_game
    >>> good = view(new_game(Options(players=3), seed=1), 1)
    >>> validate_view(good) is good
    True
    >>> validate_view(attrs.evolve(good, hand=good.hand[:-1] + good.hand[:1]))
    Traceback (most recent call last):
    ...
    cardrules.errors.ViewError: invalid View: hand: 6S appears twice

    Raises:
        ViewError: naming the first field found wrong (a ``CardrulesError`` and a
            ``ValueError``), also for anything that is not a Spoil Five view.

    """
    if not isinstance(view, View):
        raise ViewError(f"expected a spoil_five.View, not {type(view).__name__}")
    n = check.common_fields(view, (Event, Trick, Outcome))
    _validate_turn(view, n)
    check.counts("hand_sizes", view.hand_sizes, players=n, low=0, high=_HAND)
    if len(view.hand) != view.hand_sizes[view.seat]:
        raise check.fail(
            "hand", f"holds {len(view.hand)} cards, hand_sizes says {view.hand_sizes[view.seat]}"
        )
    _validate_cards(view, n)
    check.counts("tricks_won", view.tricks_won, players=n, low=0, high=_TRICKS)
    if sum(view.tricks_won) != len(view.tricks):
        raise check.fail(
            "tricks_won", f"counts {sum(view.tricks_won)} tricks, not {len(view.tricks)}"
        )
    check.seats("barred", view.barred, players=n)
    _validate_counters(view, n)
    _validate_events(view, n)
    _validate_legal(view)
    return view


def _validate_turn(view: View, n: int) -> None:
    """The phase, the seat to act, the leader and the settlement agree."""
    phase = view.phase
    if phase in _OVER:
        if view.to_act is not None:
            raise check.fail(
                "to_act", f"nobody acts in phase {phase.value}, not seat {view.to_act}"
            )
        if view.outcome is None:
            raise check.fail("outcome", f"a deal in phase {phase.value} is settled")
        if phase is Phase.GAME_OVER and view.options.scoring is not Scoring.POINTS:
            raise check.fail("phase", "only a points game ends (SF-24)")
    else:
        if view.to_act is None:
            raise check.fail("to_act", f"a seat acts in phase {phase.value}")
        check.seat("to_act", view.to_act, players=n)
        if view.outcome is not None:
            raise check.fail("outcome", f"a deal in phase {phase.value} is not settled yet")
    leader = view.leader
    if leader is not None:
        check.seat("leader", leader, players=n)
        if phase is not Phase.PLAY and phase is not Phase.ROB:
            raise check.fail("leader", f"nobody leads in phase {phase.value}")
        next_seat = (leader + len(view.trick)) % n
        if view.to_act != next_seat:
            raise check.fail(
                "to_act",
                f"after {len(view.trick)} cards led by seat {leader}, seat {next_seat} plays",
            )
    elif phase is Phase.PLAY or phase is Phase.ROB:
        raise check.fail("leader", f"somebody leads in phase {phase.value}")


def _validate_cards(view: View, n: int) -> None:
    """No card twice; tricks of one card per seat, each won by its best card (SF-17)."""
    tricks = view.tricks
    if len(tricks) > _TRICKS:
        raise check.fail("tricks", f"a deal has {_TRICKS} tricks, not {len(tricks)}")
    if len(view.trick) >= n:
        raise check.fail("trick", f"a trick in progress has fewer than {n} cards")
    if view.turn_up.suit is not view.trump:
        raise check.fail(
            "trump", f"the turn-up {view.turn_up} is not a {view.trump.name.lower()[:-1]}"
        )
    if view.turn_up_taken_by is not None:
        check.seat("turn_up_taken_by", view.turn_up_taken_by, players=n)
    if view.set_aside and not view.options.fiving:
        raise check.fail("set_aside", "cards are set aside only by fiving (SF-9)")
    check.distinct("set_aside", view.set_aside, most=len(FULL_PACK) - _HAND * n)
    check.distinct("hand", view.hand)
    table = trump_table(view.trump, view.options.ranking)
    cards = list(view.hand)
    cards += view.trick
    cards += view.set_aside
    leader = None
    for trick in tricks:
        check.seat("tricks", trick.leader, players=n)
        if leader is not None and trick.leader != leader:
            raise check.fail(
                "tricks", f"seat {leader} won a trick, seat {trick.leader} led the next"
            )
        if len(trick.cards) != n:
            raise check.fail(
                "tricks", f"a trick has one card per seat, {n}, not {len(trick.cards)}"
            )
        leader = (trick.leader + winning_index(trick.cards, table)) % n
        if trick.winner != leader:
            shown = " ".join(map(str, trick.cards))
            raise check.fail(
                "tricks", f"seat {leader}'s card wins {shown}, not seat {trick.winner}'s (SF-17)"
            )
        cards += trick.cards
    if leader is not None and view.leader is not None and view.leader != leader:
        raise check.fail(
            "leader", f"seat {leader} won the last trick and leads, not seat {view.leader}"
        )
    check.distinct("hand, trick, tricks and set_aside", cards)
    _validate_hand_sizes(view, n)
    if view.turn_up_taken_by is None and view.turn_up in cards:
        raise check.fail("turn_up", f"nobody took {view.turn_up}, yet it is held or played")
    if view.turn_up in view.set_aside:
        raise check.fail("set_aside", f"the turn-up {view.turn_up} is not set aside")


def _validate_hand_sizes(view: View, n: int) -> None:
    """Every seat holds its five cards less those it played (SF-8; a rob swaps one).

    The one exception: a dealer who robbed a turned ace holds four until it joins his
    hand (SF-10, ``dealer_ace_available``).
    """
    played = [0] * n
    for trick in view.tricks:
        for seat in range(trick.leader, trick.leader + n):
            played[seat % n] += 1
    if view.leader is not None:
        for seat in range(view.leader, view.leader + len(view.trick)):
            played[seat % n] += 1
    dealer = view.dealer
    waiting = view.turn_up_taken_by is None and any(
        event.kind is EventKind.ROB and event.seat == dealer for event in view.events
    )
    for seat, size in enumerate(view.hand_sizes):
        dealt = size + played[seat]
        if dealt != _HAND and not (dealt == _HAND - 1 and seat == dealer and waiting):
            raise check.fail(
                "hand_sizes",
                f"seat {seat} holds {size} cards and played {played[seat]}, "
                f"not the {_HAND} dealt (SF-8)",
            )


def _validate_counters(view: View, n: int) -> None:
    """Scores and the settlement (pool and balances: :func:`check.common_fields`)."""
    check.counts("scores", view.scores, players=n, low=0, high=check.MAX_COUNT)
    outcome = view.outcome
    if outcome is not None:
        check.counts("outcome.tricks_won", outcome.tricks_won, players=n, low=0, high=_TRICKS)
        if outcome.tricks_won != view.tricks_won:
            raise check.fail("outcome.tricks_won", "the settled deal's tricks are tricks_won")
        if bool(outcome.winners) != (outcome.kind in _WINNING):
            raise check.fail(
                "outcome.winners",
                f"a deal ends {outcome.kind.value} with "
                + ("winners" if outcome.kind in _WINNING else "no winners"),
            )


def _validate_events(view: View, n: int) -> None:
    """Each event names a seat and a trick of the deal; no more than a deal can hold."""
    most = 2 * n + 8  # a rob or a pass each, fiving, the turn-up taken, a jink choice
    if len(view.events) > most:
        raise check.fail(
            "events", f"a deal of {n} players has at most {most}, not {len(view.events)}"
        )
    robbed: set[int] = set()
    for event in view.events:
        check.seat("events", event.seat, players=n)
        check.count("events", event.trick, 0, _TRICKS)
        kind = event.kind
        if kind is EventKind.ROB or kind is EventKind.DECLINE_ROB:
            if event.seat in robbed:
                raise check.fail("events", f"seat {event.seat} decides on a rob once (SF-12)")
            robbed.add(event.seat)
        if kind is EventKind.ROB:
            if (event.card is None) != (event.seat != view.seat):
                raise check.fail("events", "a rob shows its discard to the robber only")
            if event.card is not None and (event.card in view.hand or event.card == view.turn_up):
                raise check.fail("events", f"the discard {event.card} is held or turned up")
        elif kind is EventKind.TAKE_TURN_UP and event.card != view.turn_up:
            raise check.fail("events", f"the turn-up taken is {view.turn_up}")


def _validate_legal(view: View) -> None:
    """Legal actions only for the seat to act, each once, using cards of its hand."""
    hand = check.legal_cards(view)
    for action in view.legal_actions:
        card = (
            action.card
            if isinstance(action, Play)
            else action.discard
            if isinstance(action, Rob)
            else None
        )
        if card is not None and card not in hand:
            raise check.fail("legal_actions", f"{action} uses a card the hand does not hold")
