"""What one seat may know: :func:`view` (C-6), and :func:`sample_state` for search bots.

A :class:`View` holds the seat's own hand, the cards it passed and received, its own
exchanges, the public counts (stock, dead pile, hand sizes, tricks), the counters and, once
a bird has sung, the cards it showed. Nothing else is reachable from it: no seed, no other
hand, no stock order, no face-down card.

>>> from cardrules.my_bird_sings import Options, new_game
>>> v = view(new_game(Options(players=3), seed=2), 1)
>>> v.hand, v.stock_count, [str(a) for a in v.legal_actions][:2]
((<Card 5D>, <Card 2C>, <Card 3C>, <Card 5S>), 40, ['pass 5D', 'pass 2C'])
"""

from __future__ import annotations

from typing import cast

import attrs

from cardrules.cards import Card
from cardrules.errors import OptionsError
from cardrules.history import log_items
from cardrules.my_bird_sings.actions import Action
from cardrules.my_bird_sings.options import Options
from cardrules.my_bird_sings.passing import DrawDecision
from cardrules.my_bird_sings.state import EventKind, Known, Outcome, Phase, State

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

    def __str__(self) -> str:
        """The table as this seat sees it, as text: ``print(view)`` (see ``cardrules._text``)."""
        from cardrules._text import draw

        return draw(self)

    def _repr_svg_(self) -> str:
        """The view as an SVG picture, so Jupyter shows it (see :func:`cardrules.svg.view`).

        >>> from cardrules.my_bird_sings import Options, new_game
        >>> seat_1 = view(new_game(Options(players=3), seed=2), 1)
        >>> picture = seat_1._repr_svg_()
        >>> picture.startswith("<svg"), all(f'data-card="{c}"' in picture for c in seat_1.hand)
        (True, True)
        """
        from cardrules.svg import view

        return view(self)


def view(state: State, seat: int) -> View:
    """Return what ``seat`` may know of ``state`` (C-6, MBS-8, MBS-11).

    Built from the state's events: a pass is seen by its giver and its receiver, an
    exchange (discard, rejects, card taken) by the exchanging player only, unless
    ``rejects_visible`` shows the rejects to all; tricks and replenishments by their owner.

    >>> from cardrules.my_bird_sings import Options, new_game, apply_action, legal_actions
    >>> state = new_game(Options(players=3), seed=2)
    >>> state = apply_action(state, legal_actions(state)[0])
    >>> view(state, 1).passed, view(state, 2).received, view(state, 0).received
    ((<Card 5D>,), (<Card 5D>,), ())

    Raises:
        OptionsError: if ``seat`` is not a seat of the game.

    """
    deal = state._deal
    n = deal.rules.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise OptionsError(f"seat: expected a seat from 0 to {n - 1}, not {seat!r}")
    options = deal.options
    passed: list[Card] = []
    received: list[Card] = []
    exchanges: list[ExchangeView] = []
    public_rejects: list[Card] = []
    made = [0] * n
    trick_cards: list[Card] = []
    replenished: list[Card] = []
    visible = options.rejects_visible
    giving_to_me = (seat - 1) % n  # the right neighbour (C-1)
    for event in log_items(state._events):
        if isinstance(event, Known):
            known = event.view
            if event.seat == seat:
                passed.extend(known.passed)
                received.extend(known.received)
                exchanges.extend(known.exchanges)
                trick_cards.extend(known.trick_cards)
                replenished.extend(known.replenished)
            public_rejects.extend(known.public_rejects)
            made = [a + b for a, b in zip(made, known.exchanges_made, strict=True)]
            continue
        who = event.seat
        kind = event.kind
        if kind is EventKind.PASS:  # card: the card passed
            if who == seat:
                passed.append(cast("Card", event.card))
            elif who == giving_to_me:
                received.append(cast("Card", event.card))
        elif kind is EventKind.EXCHANGE:  # card: the discard; cards: the rejects
            made[who] += 1
            if visible:
                public_rejects.extend(event.cards)
            if who == seat:
                exchanges.append(
                    ExchangeView(
                        turn=cast("int", event.turn),
                        discard=cast("Card", event.card),
                        rejects=event.cards,
                        taken=cast("Card", event.taken),
                    )
                )
        elif who == seat:
            (trick_cards if kind is EventKind.TRICK else replenished).extend(event.cards)
    table = state._table
    decision = state._decision
    phase = decision.phase
    offered = 0
    if type(decision) is DrawDecision and decision.seat == seat:
        offered = len(decision.order)
    return View(
        seat=seat,
        options=options,
        dealer=deal.dealer,
        eldest=deal.eldest,
        deal_number=deal.number,
        phase=phase,
        to_act=decision.seat,
        turn=state.turn,
        round=state.round,
        on_turn=state.on_turn,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        passed=tuple(passed),
        received=tuple(received),
        exchanges=tuple(exchanges),
        public_rejects=tuple(public_rejects),
        exchanges_made=tuple(made),
        exchanged=decision.exchanged,
        stock_count=table.stock_count,
        dead_count=len(table.dead),
        tricks=table.tricks,
        trick_cards=tuple(trick_cards),
        replenished=tuple(replenished),
        offered=offered,
        pool=table.pool,
        balances=table.balances,
        outcome=state.outcome,
        legal_actions=decision.legal if decision.seat == seat else (),
    )
