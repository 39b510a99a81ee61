"""Sampling a full state from one seat's view, for search bots (C-6).

:func:`sample_state` deals every card the seat cannot see at random into the places it
cannot see (other hands, stock, dead pile, other seats' tricks), keeping what the seat
knows: its own hand and past, every public count, the card it has just passed (still in
its neighbour's hand), the singing cards a winner showed (in his hand), its own discards
and rejects on the dead pile, and that a seen card never returns to the stock. Hands that
were checked at a checkpoint and have not received a card since are redrawn until they do
not sing (up to a bound), as the deal would have ended otherwise; a holding that must sing
(a pending ``Sing`` decision) is redrawn until it does.

>>> import random
>>> from tests.legacy.my_bird_sings import Options, new_game, view, legal_actions
>>> state = new_game(Options(players=4), seed=11)
>>> sample = sample_state(view(state, 2), random.Random(1))
>>> sample.hands[2] == state.hands[2], view(sample, 2) == view(state, 2)
(True, True)
"""

from __future__ import annotations

import random

from cardrules.cards import FULL_PACK, Card
from cardrules.cards import SHORT_PACK as SHORT_CARDS
from cardrules.errors import OptionsError
from tests.legacy.my_bird_sings.actions import Abandon
from tests.legacy.my_bird_sings.combinations import SUIT_KEY, singing_keys
from tests.legacy.my_bird_sings.deal import deal_info
from tests.legacy.my_bird_sings.options import ExchangeBy, PileTo, SingTiming
from tests.legacy.my_bird_sings.rules import (
    _after_check,
    _offer_abandon,
    _pass_decision,
    _sing_decision,
)
from tests.legacy.my_bird_sings.state import E_KNOWN, Phase, State, Table
from tests.legacy.my_bird_sings.views import View

__all__ = ["sample_state"]

_ATTEMPTS = 200


def _constraints(v: View) -> tuple[list[int], int | None]:
    """Seats whose hands cannot sing now, and the seat whose hand must sing (if any)."""
    options = v.options
    n = options.players
    turn = v.turn
    must_sing = v.to_act if v.phase is Phase.SING else None
    if not options.auto_sing or v.phase is Phase.OVER:
        return [], must_sing
    silent: list[int] = []
    after_deal = options.sing_timing is SingTiming.ANY_AFTER_DEAL and (
        turn > 0 or v.phase is not Phase.SING
    )
    for seat in range(n):
        if seat == v.seat or seat == must_sing:
            continue
        offset = (seat - v.eldest) % n
        if offset <= turn or (after_deal and offset > turn):
            silent.append(seat)
    return silent, must_sing


def _abandon_open(v: View) -> bool:
    """Whether ``Abandon()`` is on offer in the viewed state (MBS-13, see ``_offer_abandon``).

    The seat to act reads it from its legal actions. Another seat works it out from the
    public record: the first decision of a round after the first is a sing decision, an
    exchange decision, or a pass or draw when no exchange was open. (Two private steps
    escape that reading: a declined sing, and a trick laid by choice in this turn.)
    """
    if v.to_act == v.seat:
        return any(type(action) is Abandon for action in v.legal_actions)
    options = v.options
    n = options.players
    turn = v.turn
    if turn < n or turn % n or v.exchanged or v.phase is Phase.OVER:
        return False
    if v.phase is Phase.SING or v.phase is Phase.EXCHANGE:
        return True
    exchange_was_open = (
        options.exchange_by is not ExchangeBy.NOBODY
        and turn >= options.exchange_after_rounds * n
        and v.stock_count > 0
    )
    return not exchange_was_open


def sample_state(view: View, rng: random.Random) -> State:
    """Return a full state consistent with everything ``view``'s seat knows.

    The result plays on like a real state from the seat's point of view:
    ``view(sample, view.seat) == view`` and the seat's legal actions are the same. Its
    history records no actions (the real past is hidden), and other seats' views of it
    show no past. The offered order of a ``draw_blind`` hand is redrawn too.

    Raises:
        OptionsError: if ``view`` is not a My Bird Sings view.

    """
    if not isinstance(view, View):
        raise OptionsError(f"view: expected a my_bird_sings.View, not {view!r}")
    options = view.options
    n = options.players
    me = view.seat
    pack = FULL_PACK if options.pack == 52 else SHORT_CARDS
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
    if view.passed and view.phase is not Phase.OVER and not options.play_to_exhaustion:
        last_turn = max(t for t in range(view.turn) if (view.eldest + t) % n == me)
        if view.turn == last_turn + 1 and not view.exchanged:
            placed[(me + 1) % n].append(view.passed[-1])
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
    silent, must_sing = _constraints(view)
    keys = singing_keys(options)
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
    info = deal_info(options, view.dealer, seed, None, view.deal_number, seed, None)
    trick_cards = tuple(
        tuple(view.trick_cards) if s == me else tuple(tricks.get(s, ())) for s in range(n)
    )
    table = Table(
        tuple(stock),
        len(stock),
        tuple(dead),
        view.tricks,
        trick_cards,
        view.pool,
        view.balances,
    )
    events = (None, (E_KNOWN, me, view))
    all_hands = tuple(hands)
    phase = view.phase
    if phase is Phase.OVER:
        return State(
            info, all_hands, view.turn, None, phase, (), table, view.outcome, 0, False, None, events
        )
    if phase is Phase.SING:
        seat = view.to_act if view.to_act is not None else me
        pre = (seat - view.eldest) % n if view.turn == 0 else 0
        sample = _sing_decision(
            info, all_hands, view.turn, pre, view.exchanged, table, None, events, seat
        )
    elif phase is Phase.EXCHANGE:
        sample = _after_check(info, all_hands, view.turn, n, False, table, None, events)
    else:
        sample = _pass_decision(info, all_hands, view.turn, view.exchanged, table, None, events)
    return _offer_abandon(sample) if _abandon_open(view) else sample
