"""Sampling a full state from one seat's view, for search bots (C-6).

:func:`sample_state` deals every card the seat cannot see at random into the places it
cannot see (other hands, stock, dead pile, other seats' tricks), keeping what the seat
knows: its own hand and past, every public count, the card it has just passed (still in
its neighbour's hand), the singing cards a winner showed (in his hand), its own discards
and rejects on the dead pile, and that a seen card never returns to the stock. Hands that
were checked at a checkpoint and have not received a card since are redrawn until they do
not sing (up to a bound), as the deal would have ended otherwise; a holding that must sing
(a pending ``Sing`` decision) is redrawn until it does. The pending decision is the rules'
own for the sampled hands (:func:`~cardrules.my_bird_sings.turn.pending_decision`), at the
step of its turn the view shows (:class:`~cardrules.my_bird_sings.state.TurnStep`).

>>> import random
>>> from cardrules.my_bird_sings import Options, new_game, view, legal_actions
>>> state = new_game(Options(players=4), seed=11)
>>> sample = sample_state(view(state, 2), random.Random(1))
>>> sample.hands[2] == state.hands[2], view(sample, 2) == view(state, 2)
(True, True)
"""

from __future__ import annotations

import random
from typing import cast

from cardrules._engine import left_of
from cardrules.cards import Card
from cardrules.errors import OptionsError
from cardrules.my_bird_sings.combinations import SUIT_KEY
from cardrules.my_bird_sings.exchange import exchange_closed
from cardrules.my_bird_sings.option_tables import tables_for
from cardrules.my_bird_sings.options import PileTo, SingTiming
from cardrules.my_bird_sings.settlement import DealOver
from cardrules.my_bird_sings.state import (
    Board,
    Deal,
    Decision,
    Known,
    Outcome,
    Phase,
    State,
    TurnStep,
)
from cardrules.my_bird_sings.turn import pending_decision, silent_holdings
from cardrules.my_bird_sings.views import View, validate_view

__all__ = ["sample_state"]

_ATTEMPTS = 200


def _exchange_was_open(v: View, deal: Deal) -> bool:
    """Whether an exchange was open to the player on turn at the start of this turn.

    Public (:func:`~cardrules.my_bird_sings.exchange.exchange_closed` reads only public
    facts): at a pass, it tells a declined exchange from none offered.
    """
    rules = deal._rules
    closed = exchange_closed(
        rules.options, rules.exchange_from, v.eldest, v.on_turn, v.turn, v.stock_count, False
    )
    return closed is None


def _just_checked(v: View, deal: Deal) -> bool:
    """Whether the player on turn's own pending decision follows a check of his holding.

    With ``auto_sing=False`` that decision declares the check: his sings stand beside its
    actions (:func:`~cardrules.my_bird_sings.turn.declaration`), none if his holding does
    not sing, so the legal actions cannot tell; the public record does, for every seat:
    not after the after-deal checks of turn 0 (``any_after_deal``, each declared on its
    own), nor at a pass after a declined exchange; after an exchange it is checked again.
    """
    if v.exchanged:
        return True
    if v.turn == 0 and v.options.sing_timing is SingTiming.ANY_AFTER_DEAL:
        return False
    if v.phase is not Phase.PASS:
        return True
    return not _exchange_was_open(v, deal)


def _step(v: View, deal: Deal) -> TurnStep:
    """Where the viewed turn stands at its pending decision (public, see :class:`TurnStep`).

    A sing decision at turn 0 may be an after-deal check (``pre``: the checked seat's
    place after the eldest hand, D-6); with declared singing it declares a check, as does
    the player on turn's own exchange or pass right after a check (:func:`_just_checked`),
    never a blind draw (his check was declared at a decision of his own first).
    """
    declared = not v.options.auto_sing
    pre = 0
    if v.phase is Phase.SING:
        if v.turn == 0 and v.to_act is not None:
            pre = (v.to_act - v.eldest) % v.options.players
        checked = declared
    elif v.phase is Phase.DRAW:
        checked = False
    else:
        checked = declared and _just_checked(v, deal)
    return TurnStep(pre, v.exchanged, checked, v.abandon_offered)


def sample_state(view: View, rng: random.Random) -> State:
    """Return a full state consistent with everything ``view``'s seat knows.

    The result plays on like a real state from the seat's point of view:
    ``view(sample, view.seat) == view`` and the seat's legal actions are the same. Its
    history records no actions (the real past is hidden), and other seats' views of it
    show no past. The offered order of a ``draw_blind`` hand is redrawn too.

    Raises:
        OptionsError: if ``view`` is not a My Bird Sings view.
        ViewError: if it is a view no state could show (see
            :func:`~cardrules.my_bird_sings.views.validate_view`).

    """
    if not isinstance(view, View):
        raise OptionsError(f"view: expected a my_bird_sings.View, not {view!r}")
    validate_view(view)
    options = view.options
    n = options.players
    me = view.seat
    rules = tables_for(options)
    pack = rules.pack
    sizes = view.hand_sizes
    hand_size = options.hand_size

    # Cards whose place the seat knows.
    known_dead: list[Card] = []
    for exchange in view.exchanges:
        if options.exchange_discard_to is PileTo.DEAD and exchange.taken != exchange.discard:
            known_dead.append(exchange.discard)
        if options.rejects_to is PileTo.DEAD:
            known_dead.extend(exchange.rejects)
    if options.rejects_to is PileTo.DEAD:
        known_dead.extend(c for c in view.public_rejects if c not in known_dead)
    placed: dict[int, list[Card]] = {seat: [] for seat in range(n)}
    # The deal's turn order (MBS-7); the sample's own seed is drawn once the cards are placed.
    order = Deal(
        rules=rules,
        dealer=view.dealer,
        seed=0,
        deck=None,
        number=view.deal_number,
        first_seed=0,
        previous=None,
    )
    if view.passed and view.phase is not Phase.OVER and not options.play_to_exhaustion:
        recent = range(max(view.turn - n, 0), view.turn)  # the last round holds his turn
        last_turn = max((t for t in recent if order.on_turn(t) == me), default=-2)
        if view.turn == last_turn + 1 and not view.exchanged:
            placed[left_of(me, n)].append(view.passed[-1])
    outcome = view.outcome
    if outcome is not None and outcome.singer is not None and outcome.singer != me:
        placed[outcome.singer].extend(outcome.shown)  # the singer showed them from his hand
    fixed = set(view.hand) | set(known_dead) | set(view.trick_cards)
    fixed.update(card for cards in placed.values() for card in cards)
    bottom = PileTo.STOCK_BOTTOM in (options.exchange_discard_to, options.rejects_to)
    seen = set(view.passed) | set(view.received) | set(view.replenished)
    seen.update(exchange.taken for exchange in view.exchanges)
    seen.update(view.outcome.shown if view.outcome is not None else ())
    not_stock = [] if bottom else [c for c in pack if c in seen and c not in fixed]
    free = [c for c in pack if c not in fixed and c not in not_stock]

    others = [seat for seat in range(n) if seat != me]
    trick_need = {seat: view.tricks[seat] * hand_size for seat in others}
    dead_need = view.dead_count - len(known_dead)
    silent, must_sing = silent_holdings(order, view.turn, view.phase, view.to_act, me)
    keys = rules.keys
    hands: list[tuple[Card, ...]] = []
    stock: list[Card] = []
    dead: list[Card] = []
    tricks: dict[int, list[Card]] = {}
    for _ in range(_ATTEMPTS):
        # Slots outside the stock take the seen cards first, then everything is dealt.
        slots = [("hand", s) for s in others for _ in range(sizes[s] - len(placed[s]))]
        slots += [("dead", -1)] * dead_need
        slots += [("trick", s) for s in others for _ in range(trick_need[s])]
        rng.shuffle(slots)
        rest = free[:]
        rng.shuffle(rest)
        cards = not_stock[:]
        rng.shuffle(cards)
        cards += rest
        held: dict[int, list[Card]] = {s: list(placed[s]) for s in range(n)}
        dead = list(known_dead)
        tricks = {s: [] for s in others}
        for (kind, seat), card in zip(slots, cards, strict=False):
            if kind == "hand":
                held[seat].append(card)
            elif kind == "dead":
                dead.append(card)
            else:
                tricks[seat].append(card)
        stock = cards[len(slots) :]
        held[me] = list(view.hand)
        hands = [tuple(held[s]) for s in range(n)]

        def sings(hand: tuple[Card, ...]) -> bool:
            return sum(SUIT_KEY[c] for c in hand) in keys

        if all(not sings(hands[s]) for s in silent) and (
            must_sing is None or must_sing == me or sings(hands[must_sing])
        ):
            break
    seed = rng.getrandbits(64)
    deal = Deal(
        rules=rules,
        dealer=view.dealer,
        seed=seed,
        deck=None,
        number=view.deal_number,
        first_seed=seed,
        previous=None,
    )
    trick_cards = tuple(
        tuple(view.trick_cards) if s == me else tuple(tricks.get(s, ())) for s in range(n)
    )
    table = Board(
        stock=tuple(stock),
        stock_count=len(stock),
        dead=tuple(dead),
        tricks=view.tricks,
        trick_cards=trick_cards,
        pool=view.pool,
        balances=view.balances,
    )
    events = (None, Known(me, view))
    all_hands = tuple(hands)
    phase = view.phase
    turn = view.turn
    decision: Decision
    if phase is Phase.OVER:
        decision = DealOver.of(cast(Outcome, outcome))  # validate_view: an ended deal is settled
    else:
        # The decision's public side, its step, read from the view; the rules make it.
        decision = pending_decision(deal, all_hands, turn, table, phase, _step(view, deal))
    return State(
        deal=deal,
        hands=all_hands,
        turn=turn,
        decision=decision,
        board=table,
        log=None,
        events=events,
    )
