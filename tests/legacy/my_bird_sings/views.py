"""What one seat may know: :func:`view` (C-6), and :func:`sample_state` for search bots.

A :class:`View` holds the seat's own hand, the cards it passed and received, its own
exchanges, the public counts (stock, dead pile, hand sizes, tricks), the counters and, once
a bird has sung, the cards it showed. Nothing else is reachable from it: no seed, no other
hand, no stock order, no face-down card.

>>> from tests.legacy.my_bird_sings import Options, new_game
>>> v = view(new_game(Options(players=3), seed=2), 1)
>>> v.hand, v.stock_count, [str(a) for a in v.legal_actions][:2]
((<Card JC>, <Card 8S>, <Card JD>, <Card 10D>), 40, ['pass JC', 'pass 8S'])
"""

from __future__ import annotations

from typing import cast

import attrs

from cardrules.cards import Card
from cardrules.errors import OptionsError
from tests.legacy.history import log_items
from tests.legacy.my_bird_sings.actions import Action, Pass
from tests.legacy.my_bird_sings.options import Options, Passing
from tests.legacy.my_bird_sings.state import (
    E_EXCHANGE,
    E_KNOWN,
    E_PASS,
    E_REPLENISH,
    E_TRICK,
    Outcome,
    Phase,
    State,
)

__all__ = ["ExchangeView", "View", "view"]


@attrs.frozen(slots=True)
class ExchangeView:
    """One exchange with the stock as the seat that made it saw it (MBS-11).

    Attributes:
        turn: the turn of the exchange.
        discard: the card discarded.
        rejects: the stock cards turned and rejected, in order.
        taken: the card added to the hand (the discard itself if it was taken back).
    """

    turn: int
    discard: Card
    rejects: tuple[Card, ...]
    taken: Card


@attrs.frozen(slots=True)
class View:
    """What ``seat`` may know of a My Bird Sings state (C-6), JSON-friendly.

    Attributes:
        seat: whose view this is.
        options: the rules of the game (public).
        dealer: the dealer; the eldest hand is the seat to his left.
        eldest: the eldest hand (original leader).
        deal_number: deals played before this one in the session.
        phase: the kind of decision pending.
        to_act: the seat whose decision is pending, ``None`` when the deal is over.
        turn: the turn number (MBS-7).
        round: the round, counting from 1.
        on_turn: the seat owning the turn.
        hand: this seat's cards, in the order they arrived.
        hand_sizes: how many cards each seat holds (public).
        passed: the cards that left this hand for the left neighbour, oldest first.
        received: the cards that came from the right neighbour, oldest first.
        exchanges: this seat's own exchanges with the stock.
        public_rejects: every rejected stock card, if ``rejects_visible``; else ``()``.
        exchanges_made: how many exchanges each seat made this deal (public).
        exchanged: whether the player on turn has exchanged this turn (public).
        stock_count: cards in the stock.
        dead_count: cards on the dead pile.
        tricks: tricks laid by each seat (MBS-15).
        trick_cards: the cards this seat laid as tricks (face down: only it knows them).
        replenished: the cards this seat was given from the stock after its tricks.
        offered: with ``draw_blind``, the number of face-down cards this seat must draw from.
        pool: counters in the pool.
        balances: each seat's counters won minus paid.
        outcome: the settlement once the deal is over (with the shown singing cards).
        legal_actions: this seat's legal actions; ``()`` unless it is to act.
    """

    seat: int
    options: Options
    dealer: int
    eldest: int
    deal_number: int
    phase: Phase
    to_act: int | None
    turn: int
    round: int
    on_turn: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    exchanges: tuple[ExchangeView, ...]
    public_rejects: tuple[Card, ...]
    exchanges_made: tuple[int, ...]
    exchanged: bool
    stock_count: int
    dead_count: int
    tricks: tuple[int, ...]
    trick_cards: tuple[Card, ...]
    replenished: tuple[Card, ...]
    offered: int
    pool: int
    balances: tuple[int, ...]
    outcome: Outcome | None
    legal_actions: tuple[Action, ...]



def view(state: State, seat: int) -> View:
    """Return what ``seat`` may know of ``state`` (C-6, MBS-8, MBS-11).

    >>> from tests.legacy.my_bird_sings import Options, new_game, apply_action, legal_actions
    >>> state = new_game(Options(players=3), seed=2)
    >>> state = apply_action(state, legal_actions(state)[0])
    >>> view(state, 1).passed, view(state, 2).received, view(state, 0).received
    ((<Card JC>,), (<Card JC>,), ())

    Raises:
        OptionsError: if ``seat`` is not a seat of the game.

    """
    info = state._deal
    n = info.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise OptionsError(f"seat: expected a seat from 0 to {n - 1}, not {seat!r}")
    options = info.options
    passed: list[Card] = []
    received: list[Card] = []
    exchanges: list[ExchangeView] = []
    public_rejects: list[Card] = []
    made = [0] * n
    trick_cards: list[Card] = []
    replenished: list[Card] = []
    visible = options.rejects_visible
    turn = 0
    for event in log_items(state._events):
        kind = event[0]
        if kind == E_KNOWN:
            known = cast("View", event[2])
            if event[1] == seat:
                passed.extend(known.passed)
                received.extend(known.received)
                exchanges.extend(known.exchanges)
                trick_cards.extend(known.trick_cards)
                replenished.extend(known.replenished)
            public_rejects.extend(known.public_rejects)
            made = [a + b for a, b in zip(made, known.exchanges_made, strict=True)]
            turn = known.turn
            continue
        fields = cast("tuple[int, ...]", event)
        who = fields[1]
        if kind == E_PASS:
            if who == seat:
                passed.append(Card.from_index(fields[3]))
            elif fields[2] == seat:
                received.append(Card.from_index(fields[3]))
        elif kind == E_EXCHANGE:
            made[who] += 1
            rejects = tuple(map(Card.from_index, fields[5:]))
            if visible:
                public_rejects.extend(rejects)
            if who == seat:
                discard = Card.from_index(fields[2])
                taken = discard if fields[3] < 0 else Card.from_index(fields[3])
                exchanges.append(ExchangeView(fields[4], discard, rejects, taken))
        elif kind == E_TRICK and who == seat:
            trick_cards.extend(map(Card.from_index, fields[3:]))
        elif kind == E_REPLENISH and who == seat:
            replenished.extend(map(Card.from_index, fields[3:]))
    if options.passing is Passing.THROW:  # thrown cards are read from the action log
        eldest = info.eldest
        for action in log_items(state._log):
            if type(action) is Pass:
                giver = (eldest + turn) % n
                if giver == seat:
                    passed.append(action.card)
                elif (giver + 1) % n == seat:
                    received.append(action.card)
                turn += 1
    table = state._table
    phase = state.phase
    offered = 0
    if phase is Phase.DRAW and state.to_act == seat:
        offered = len(state.hands[state.on_turn])
    return View(
        seat,
        options,
        info.dealer,
        info.eldest,
        info.number,
        phase,
        state.to_act,
        state.turn,
        state.round,
        state.on_turn,
        state.hands[seat],
        tuple(len(hand) for hand in state.hands),
        tuple(passed),
        tuple(received),
        tuple(exchanges),
        tuple(public_rejects),
        tuple(made),
        state._exchanged if phase is not Phase.OVER else False,
        table.stock_count,
        len(table.dead),
        table.tricks,
        tuple(trick_cards),
        tuple(replenished),
        offered,
        table.pool,
        table.balances,
        state.outcome,
        state._legal if state.to_act == seat else (),
    )
