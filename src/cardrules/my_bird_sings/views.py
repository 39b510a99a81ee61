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

from typing import Final, cast

import attrs

from cardrules import _view_checks as check
from cardrules._brief import brief
from cardrules._engine import left_of, right_of
from cardrules.cards import Card
from cardrules.errors import OptionsError, ViewError
from cardrules.history import log_items
from cardrules.my_bird_sings.actions import Abandon, Action, Draw, Exchange, Pass, Sing
from cardrules.my_bird_sings.combinations import why_singing
from cardrules.my_bird_sings.options import Options
from cardrules.my_bird_sings.passing import DrawDecision
from cardrules.my_bird_sings.state import (
    EventKind,
    Known,
    Outcome,
    OutcomeKind,
    Phase,
    State,
)

__all__ = ["ExchangeView", "View", "validate_view", "view"]


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
        abandon_offered: whether the pending decision offers ``Abandon()`` (MBS-13). Public:
            it follows from the turn, an exchange and a trick laid in this turn, which every
            seat sees; a sampler reads it instead of working it out.
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
    abandon_offered: bool = False

    def __repr__(self) -> str:
        """One line: the deal, the pool, the turn, the phase, who acts (see ``print``)."""
        return brief(
            "my_bird_sings.View", seat=self.seat, deal=self.deal_number, pool=self.pool,
            details=(f"turn {self.turn + 1}",), phase=self.phase.value, to_act=self.to_act,
        )  # fmt: skip

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
    giving_to_me = right_of(seat, n)
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
    table = state._board
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
        exchanged=decision._step._exchanged,
        stock_count=table.stock_count,
        dead_count=len(table.dead),
        tricks=table.tricks,
        trick_cards=tuple(trick_cards),
        replenished=tuple(replenished),
        offered=offered,
        pool=table.pool,
        balances=table.balances,
        outcome=state.outcome,
        legal_actions=cast("tuple[Action, ...]", decision._legal) if decision._seat == seat else (),
        abandon_offered=decision._step._abandon,
    )


_ON_TURN_ACTS: Final = frozenset((Phase.PASS, Phase.EXCHANGE))
"""Phases whose decision is the player on turn's own (MBS-8, MBS-11)."""


def validate_view(view: View) -> View:
    """Return ``view`` if some My Bird Sings state could show it; else raise :class:`ViewError`.

    The readers of a view call it first, and ``records.from_json`` on every view it
    reads (see :class:`~cardrules.errors.ViewError`); a view built by :func:`view`
    always passes. What is checked:

    - every field has its declared type (an ``int`` is never a ``bool``);
    - seats (``seat``, ``dealer``, ``to_act``, the singer, the winners) are seats of
      ``options.players``; the eldest hand is the dealer's left (C-1);
    - the turn: ``round`` and ``on_turn`` are those of ``turn`` (MBS-7), and with a round
      limit no turn begins past it (MBS-13);
    - the phase and the seat to act agree: nobody acts once the deal is over and the
      settlement is there, somebody acts before; the player on turn passes and exchanges,
      his left neighbour draws (MBS-8, MBS-11); only the drawer is offered cards, as many
      as the hand on turn holds;
    - cards: every card named is a card of the pack (MBS-1); none appears twice in the
      hand, the trick cards, the cards a singer showed or one exchange's rejects, and the
      hand holds no trick card; the rejects are public only with ``rejects_visible``;
    - counts: one hand size per seat, at most ``hand_size + 1`` (a card received before
      one is passed), the viewer's hand that size; the hands, the stock, the dead pile and
      the tricks hold the pack exactly; tricks only when playing to exhaustion (MBS-15),
      the viewer's trick cards a singing set each (MBS-4 to MBS-6), and so are the cards
      a singer showed (MBS-12);
    - counters: pool, payouts, carried counters from 0 up, balances one per seat, every
      number within what a record holds (|n| < 2**63); the balances and the pool add up
      to 0; a singer alone wins (MBS-12), and a void deal has no winners (MBS-13);
    - legal actions: none unless the viewer is to act, none twice, and each names cards
      of the hand (or a position among the cards offered).

    >>> from cardrules.my_bird_sings import Options, new_game
    >>> good = view(new_game(Options(players=3), seed=2), 1)
    >>> validate_view(good) is good
    True
    >>> validate_view(attrs.evolve(good, stock_count=10**7))
    Traceback (most recent call last):
    ...
    cardrules.errors.ViewError: invalid View: stock_count: expected a number from 0 to 40, ...

    Raises:
        ViewError: naming the first field found wrong (a ``CardrulesError`` and a
            ``ValueError``), also for anything that is not a My Bird Sings view.

    """
    if not isinstance(view, View):
        raise ViewError(f"expected a my_bird_sings.View, not {type(view).__name__}")
    n = check.common_fields(view, (ExchangeView, Outcome))
    _validate_turn(view, n)
    _validate_cards(view, n)
    _validate_counters(view, n)
    _validate_legal(view)
    return view


def _validate_turn(view: View, n: int) -> None:
    """The turn, round and player on turn agree, and so do the phase and the seat to act."""
    options = view.options
    turn = check.count("turn", view.turn)
    if view.round != turn // n + 1:
        raise check.fail("round", f"turn {turn} is in round {turn // n + 1}, not {view.round}")
    if view.on_turn != (view.eldest + turn) % n:
        raise check.fail("on_turn", f"turn {turn} is seat {(view.eldest + turn) % n}'s (MBS-7)")
    phase = view.phase
    to_act = view.to_act
    over = phase is Phase.OVER
    limit = options.round_limit
    if limit is not None and turn > limit * n - (0 if over else 1):
        raise check.fail("turn", f"the deal ends after round {limit} (MBS-13)")
    if over:
        if to_act is not None:
            raise check.fail("to_act", f"nobody acts once the deal is over, not seat {to_act}")
        if view.outcome is None:
            raise check.fail("outcome", "a deal that is over is settled")
    else:
        if to_act is None:
            raise check.fail("to_act", f"a seat acts in phase {phase.value}")
        check.seat("to_act", to_act, players=n)
        if view.outcome is not None:
            raise check.fail("outcome", f"a deal in phase {phase.value} is not settled yet")
        if phase in _ON_TURN_ACTS and to_act != view.on_turn:
            raise check.fail(
                "to_act", f"the player on turn, seat {view.on_turn}, acts in phase {phase.value}"
            )
        if phase is Phase.DRAW and to_act != left_of(view.on_turn, n):
            raise check.fail("to_act", f"the left neighbour of seat {view.on_turn} draws (MBS-8)")
    if view.offered and (phase is not Phase.DRAW or to_act != view.seat):
        raise check.fail("offered", "cards are offered only to the seat drawing (MBS-8)")


def _validate_cards(view: View, n: int) -> None:
    """Cards of the pack, none twice where the rules allow none; counts that add up."""
    options = view.options
    pack = frozenset(options.cards)
    size = options.hand_size
    sizes = view.hand_sizes
    check.counts("hand_sizes", sizes, players=n, low=0, high=size + 1)
    hand = view.hand
    if len(hand) != sizes[view.seat]:
        raise check.fail("hand", f"holds {len(hand)} cards, hand_sizes says {sizes[view.seat]}")
    check.distinct("hand", hand)
    check.in_pack("hand", hand, pack)
    check.count("stock_count", view.stock_count, 0, options.stock_size)
    check.count("dead_count", view.dead_count, 0, len(pack))
    check.counts("tricks", view.tricks, players=n, low=0, high=len(pack) // size)
    if any(view.tricks) and not options.play_to_exhaustion:
        raise check.fail("tricks", "tricks are laid only when playing to exhaustion (MBS-15)")
    held = sum(sizes) + view.stock_count + view.dead_count + size * sum(view.tricks)
    if held != len(pack):
        raise check.fail(
            "hand_sizes",
            f"the hands, stock, dead pile and tricks hold {held} cards, not the pack's {len(pack)}",
        )
    trick_cards = view.trick_cards
    if len(trick_cards) != size * view.tricks[view.seat]:
        raise check.fail("trick_cards", f"{view.tricks[view.seat]} tricks of {size} cards each")
    check.distinct("trick_cards", trick_cards)
    check.in_pack("trick_cards", trick_cards, pack)
    for start in range(0, len(trick_cards), size):
        laid = trick_cards[start : start + size]
        if why_singing(laid, options) is None:
            raise check.fail("trick_cards", f"{' '.join(map(str, laid))} does not sing (MBS-15)")
    if not set(trick_cards).isdisjoint(hand):
        raise check.fail("trick_cards", "a card laid as a trick is still in the hand")
    if view.offered and view.offered != sizes[view.on_turn]:
        raise check.fail("offered", f"seat {view.on_turn} offers his {sizes[view.on_turn]} cards")
    for field in ("passed", "received", "replenished", "public_rejects"):
        check.in_pack(field, getattr(view, field), pack)
    if view.public_rejects and not options.rejects_visible:
        raise check.fail("public_rejects", "rejects are shown only with rejects_visible (D-9)")
    for exchange in view.exchanges:
        check.count("exchanges", exchange.turn, 0, view.turn)
        check.in_pack("exchanges", (exchange.discard, exchange.taken), pack)
        check.distinct("exchanges", exchange.rejects, most=len(pack))
        check.in_pack("exchanges", exchange.rejects, pack)


def _validate_counters(view: View, n: int) -> None:
    """Exchange counts and the settlement (pool and balances: :func:`check.common_fields`)."""
    check.counts("exchanges_made", view.exchanges_made, players=n, low=0, high=view.turn + 1)
    if len(view.exchanges) > view.exchanges_made[view.seat]:
        raise check.fail("exchanges", f"seat {view.seat} made {view.exchanges_made[view.seat]}")
    outcome = view.outcome
    if outcome is None:
        return
    check.counts("outcome.tricks", outcome.tricks, players=n, low=0, high=check.MAX_COUNT)
    sang = outcome.kind is OutcomeKind.SANG
    if sang != (outcome.singer is not None):
        raise check.fail("outcome.singer", "a singer is named exactly when a bird sang")
    if outcome.singer is not None:
        check.seat("outcome.singer", outcome.singer, players=n)
        if outcome.winners != (outcome.singer,):
            raise check.fail("outcome.winners", "the singer alone takes the pool (MBS-12)")
    elif outcome.winners and not view.options.play_to_exhaustion:
        raise check.fail("outcome.winners", "a void deal has no winners (MBS-13)")
    shown = outcome.shown
    if sang and why_singing(shown, view.options) is None:
        raise check.fail("outcome.shown", f"{' '.join(map(str, shown))} does not sing")
    if shown and not sang:
        raise check.fail("outcome.shown", "only a singer shows his cards (MBS-12)")
    check.distinct("outcome.shown", shown)
    check.in_pack("outcome.shown", shown, frozenset(view.options.cards))


def _validate_legal(view: View) -> None:
    """Legal actions only for the seat to act, each once, naming cards of its hand."""
    hand = check.legal_cards(view)
    if view.to_act == view.seat and view.abandon_offered != (Abandon() in view.legal_actions):
        raise check.fail("abandon_offered", "it must say whether Abandon() is legal (MBS-13)")
    if view.abandon_offered and view.to_act is None:
        raise check.fail("abandon_offered", "nothing is offered once the deal is over")
    for action in view.legal_actions:
        if isinstance(action, Pass):
            cards: tuple[Card, ...] = (action.card,)
        elif isinstance(action, Exchange):
            cards = (action.discard,)
        elif isinstance(action, Sing):
            cards = action.cards
        else:
            cards = ()
            if isinstance(action, Draw) and action.index >= view.offered:
                raise check.fail(
                    "legal_actions", f"{action}: only {view.offered} cards are offered"
                )
        if not hand.issuperset(cards):
            raise check.fail("legal_actions", f"{action} uses a card the hand does not hold")
