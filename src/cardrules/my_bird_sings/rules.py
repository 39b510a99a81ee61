"""The turn of My Bird Sings as pure functions: sing checks, exchange, pass, tricks, settlement.

Everything here takes a state (or its parts) and returns a new state; the deal itself is
in :mod:`cardrules.my_bird_sings.deal` and the explanation of refusals in
:mod:`cardrules.my_bird_sings.checks`.

>>> from cardrules.my_bird_sings import Options, new_game
>>> state = new_game(Options(players=3), seed=2)
>>> state = apply_action(state, legal_actions(state)[0])
>>> state.turn, state.on_turn, len(state.hands[2])
(1, 2, 5)
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Sequence
from typing import TypeAlias

from cardrules.cards import Card
from cardrules.dealing import derive_seed, shuffled
from cardrules.errors import IllegalActionError
from cardrules.history import Log
from cardrules.my_bird_sings.actions import (
    ABANDON,
    DECLINE_EXCHANGE,
    DECLINE_SING,
    DRAW_ACTIONS,
    EXCHANGE_ACTIONS,
    PASS_ACTIONS,
    Abandon,
    Action,
    DeclineExchange,
    DeclineSing,
    Draw,
    Exchange,
    Pass,
    Sing,
)
from cardrules.my_bird_sings.checks import check_action
from cardrules.my_bird_sings.combinations import SUIT_KEY, singing_sets
from cardrules.my_bird_sings.options import (
    ExchangeBy,
    ExchangeOnExhaustion,
    ExhaustionEnd,
    Passing,
    PileTo,
    SingTiming,
)
from cardrules.my_bird_sings.state import (
    E_EXCHANGE,
    E_PASS,
    E_REPLENISH,
    E_TRICK,
    DealInfo,
    Event,
    OutcomeKind,
    Phase,
    State,
    Table,
    new_outcome,
    new_state,
    new_table,
)
from cardrules.stakes import split_pool

__all__ = [
    "apply_action",
    "exchange_open",
    "is_deal_over",
    "is_game_over",
    "legal_actions",
    "offered_order",
]

Actions: TypeAlias = "Log[Action]"
Events: TypeAlias = "Log[Event]"

_PASS = Phase.PASS
_DRAW = Phase.DRAW
_EXCHANGE = Phase.EXCHANGE
_SING = Phase.SING
_OVER = Phase.OVER
_THROW = Passing.THROW
_ABANDON_ONLY: tuple[Action, ...] = (ABANDON,)


# --------------------------------------------------------------------------- turn flow


def _checkpoint(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    pre: int,
    exchanged: bool,
    table: Table,
    log: Actions,
    events: Events,
) -> State:
    """Implements MBS-9 step 2 (and MBS-15's continuation): check whether a bird sings.

    The holding checked belongs to the player on turn, or during the after-deal checks of
    ``sing_timing='any_after_deal'`` to the seat ``pre`` places after the eldest hand.
    """
    n = info.players
    if turn < info.fast_until:
        seat = (info.eldest + turn) % n
        hand = hands[seat]
        key = 0
        for card in hand:
            key += SUIT_KEY[card]
        if key not in info.keys:
            legal: tuple[Action, ...] = tuple([PASS_ACTIONS[card] for card in hand])
            if seat == info.eldest and turn:  # a new round begins: MBS-13's chance to stop
                legal += _ABANDON_ONLY
            return new_state(
                info, hands, turn, seat, _PASS, legal, table, None, 0, exchanged, log, events
            )
        # The plain game: the bird sings, its owner takes the pool.
        return _sang(
            info,
            hands,
            turn,
            table,
            log,
            events,
            seat,
            _first_set(hand, info.options.hand_size, info.keys, key),
        )
    options = info.options
    while True:
        seat = (info.eldest + (pre or turn)) % n
        hand = hands[seat]
        key = 0
        for card in hand:
            key += SUIT_KEY[card]
        if key not in info.keys:
            return _after_check(info, hands, turn, pre, exchanged, table, log, events)
        if not options.play_to_exhaustion:
            if options.auto_sing:
                return _sang(
                    info,
                    hands,
                    turn,
                    table,
                    log,
                    events,
                    seat,
                    _first_set(hand, options.hand_size, info.keys, key),
                )
            return _sing_decision(info, hands, turn, pre, exchanged, table, log, events, seat)
        sets = singing_sets(hand, options)
        if not options.auto_sing or len(sets) > 1:
            return _sing_decision(info, hands, turn, pre, exchanged, table, log, events, seat)
        hands, table, events, ended = _lay_trick(info, hands, turn, seat, sets[0], table, events)
        if ended:
            return _finish(info, hands, turn, OutcomeKind.EXHAUSTED, table, log, events)


def _first_set(
    hand: tuple[Card, ...], size: int, keys: frozenset[int], key: int
) -> tuple[Card, ...]:
    """The first singing set of ``hand`` in :func:`singing_sets` order.

    ``hand`` must sing; ``key`` is its suit key.
    """
    if len(hand) == size:
        return hand
    if len(hand) == size + 1:  # the sets leave out one card: the last first, as combinations
        for left_out in range(size, -1, -1):
            if key - SUIT_KEY[hand[left_out]] in keys:
                return hand[:left_out] + hand[left_out + 1 :]
    for combo in itertools.combinations(hand, size):
        key = 0
        for card in combo:
            key += SUIT_KEY[card]
        if key in keys:
            return combo
    raise AssertionError(f"no singing set in {hand}")  # pragma: no cover


def _sing_decision(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    pre: int,
    exchanged: bool,
    table: Table,
    log: Actions,
    events: Events,
    seat: int,
) -> State:
    options = info.options
    sets = singing_sets(hands[seat], options)
    legal: tuple[Action, ...] = tuple(Sing(cards) for cards in sets)
    if not options.auto_sing:
        legal += (DECLINE_SING,)
    return new_state(
        info, hands, turn, seat, _SING, legal, table, None, pre, exchanged, log, events
    )


def _after_check(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    pre: int,
    exchanged: bool,
    table: Table,
    log: Actions,
    events: Events,
) -> State:
    """After a silent checkpoint: the next after-deal check, the exchange, or the pass."""
    n = info.players
    if turn == 0 and pre < n - 1 and info.options.sing_timing is SingTiming.ANY_AFTER_DEAL:
        return _checkpoint(info, hands, turn, pre + 1, exchanged, table, log, events)
    seat = (info.eldest + turn) % n
    if not exchanged and exchange_open_at(info, turn, table):
        legal: tuple[Action, ...] = (
            *map(EXCHANGE_ACTIONS.__getitem__, hands[seat]),
            DECLINE_EXCHANGE,
        )
        return new_state(
            info, hands, turn, seat, _EXCHANGE, legal, table, None, 0, False, log, events
        )
    return _pass_decision(info, hands, turn, exchanged, table, log, events)


def _pass_decision(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    exchanged: bool,
    table: Table,
    log: Actions,
    events: Events,
) -> State:
    """Implements MBS-8: who decides the pass and between what."""
    n = info.players
    seat = (info.eldest + turn) % n
    hand = hands[seat]
    if info.options.passing is _THROW:
        legal: tuple[Action, ...] = tuple([PASS_ACTIONS[card] for card in hand])
        return new_state(
            info, hands, turn, seat, _PASS, legal, table, None, 0, exchanged, log, events
        )
    legal = DRAW_ACTIONS[: len(hand)]
    return new_state(
        info, hands, turn, (seat + 1) % n, _DRAW, legal, table, None, 0, exchanged, log, events
    )


def exchange_open_at(info: DealInfo, turn: int, table: Table) -> bool:
    """Implements MBS-11's conditions (apart from "once per turn") for the player on turn."""
    if turn < info.exchange_from or not table.stock_count:
        return False
    by = info.options.exchange_by
    return by is ExchangeBy.EVERYONE or turn % info.players == 0


def exchange_open(state: State) -> bool:
    """Whether the player on turn is being offered an exchange with the stock (MBS-11).

    >>> from cardrules.my_bird_sings import Options, new_game
    >>> exchange_open(new_game(Options(players=3, exchange_after_rounds=0), seed=1))
    True
    >>> exchange_open(new_game(Options(players=3), seed=1))
    False
    """
    return state.phase is _EXCHANGE


def _pass_card(state: State, action: Action, card: Card) -> State:
    """Implements MBS-9 step 4 and step 1 of the next turn: the card reaches the left.

    Also implements MBS-13's round limit: the deal is void when turn ``round_limit × n``
    would begin.
    """
    info = state._deal
    n = info.players
    turn = state.turn
    giver = (info.eldest + turn) % n
    receiver = giver + 1 if giver + 1 < n else 0
    hands = list(state.hands)
    hand = hands[giver]
    at = hand.index(card)
    hands[giver] = hand[:at] + hand[at + 1 :]
    hands[receiver] = hands[receiver] + (card,)
    log: Actions = (state._log, action)
    events = state._events
    if type(action) is Draw:  # a thrown card can be read from the log; a drawn one not
        events = (events, (E_PASS, giver, receiver, card, turn))
    turn += 1
    table = state._table
    if info.limit_turn is not None and turn >= info.limit_turn:
        return _finish(info, tuple(hands), turn, OutcomeKind.ROUND_LIMIT, table, log, events)
    if turn % n:
        return _checkpoint(info, tuple(hands), turn, 0, False, table, log, events)
    following = _checkpoint(info, tuple(hands), turn, 0, False, table, log, events)
    if following.to_act is None or following._legal[-1] is ABANDON:
        return following  # the deal is over, or _checkpoint offered it already
    return _offer_abandon(following)


def _plain_pass(state: State, info: DealInfo, action: Action, card: Card, giver: int) -> State:
    """:func:`_pass_card` then :func:`_checkpoint`'s plain turn, in one step (the hot path).

    Only for a pass after which the plain turn applies (``turn + 1 < info.fast_until``):
    the receiver is the next player on turn; his holding sings (MBS-12) or he passes.
    """
    n = info.players
    receiver = giver + 1 if giver + 1 < n else 0
    hands = list(state.hands)
    hand = hands[giver]
    at = hand.index(card)
    hands[giver] = hand[:at] + hand[at + 1 :]
    holding = hands[receiver] + (card,)
    hands[receiver] = holding
    key = 0
    for held in holding:
        key += SUIT_KEY[held]
    if key not in info.keys:
        legal: tuple[Action, ...] = tuple([PASS_ACTIONS[held] for held in holding])
        if receiver == info.eldest:  # a new round begins: MBS-13's chance to stop
            legal += _ABANDON_ONLY
        return new_state(
            info,
            tuple(hands),
            state.turn + 1,
            receiver,
            _PASS,
            legal,
            state._table,
            None,
            0,
            False,
            (state._log, action),
            state._events,
        )
    return _sang(
        info,
        tuple(hands),
        state.turn + 1,
        state._table,
        (state._log, action),
        state._events,
        receiver,
        _first_set(holding, info.options.hand_size, info.keys, key),
    )


def _offer_abandon(state: State) -> State:
    """Return ``state`` with ``Abandon()`` added, last, to its legal actions.

    Implements MBS-13's agreement to stop, in the engine's reading (D-11): the table may
    agree to abandon a deal only between rounds. ``Abandon()`` is offered at exactly one
    decision per round after the first: the first decision of turn ``t`` with ``t % n ==
    0`` and ``t >= n`` (the original leader's turn, once everybody has passed at least
    once), before anything else is done in that turn. Whoever makes that decision holds
    the offer: the leader himself (his sing choice, exchange or pass), or with
    ``draw_blind`` passing and nothing else to decide, his left neighbour about to draw.
    Once that decision is taken, the deal goes on to the next round. Random players thus
    abandon at most once a round instead of at every step.

    Callers pass a state at that first decision; ``state`` itself is not changed.
    """
    return new_state(
        state._deal,
        state.hands,
        state.turn,
        state.to_act,
        state.phase,
        (*state._legal, ABANDON),
        state._table,
        None,
        state._pre,
        state._exchanged,
        state._log,
        state._events,
    )


def offered_order(state: State) -> tuple[Card, ...]:
    """The order in which the hand on offer lies face down (``draw_blind``, MBS-8).

    A fresh uniformly random order for every turn, fixed by the deal's seed and the turn
    number (never shown to the drawer). Hidden information: for tests and replays.

    Raises:
        IllegalActionError: if no hand is on offer.

    """
    if state.phase is not _DRAW:
        raise IllegalActionError("draw", "MBS-8", "no hand is being offered now")
    info = state._deal
    hand = state.hands[(info.eldest + state.turn) % info.players]
    return shuffled(sorted(hand), derive_seed(info.seed, state.turn))


# --------------------------------------------------------------------------- exchange


def _exchange(state: State, action: Exchange) -> State:
    """Implements MBS-11: discard first, then turn stock cards until another suit shows."""
    info = state._deal
    options = info.options
    turn = state.turn
    seat = (info.eldest + turn) % info.players
    discard = action.discard
    table = state._table
    stock = list(state.stock)
    count = len(stock)
    dead = list(table.dead)
    hand = list(state.hands[seat])
    hand.remove(discard)
    to_bottom = options.exchange_discard_to is PileTo.STOCK_BOTTOM
    if to_bottom:
        stock.append(discard)
    else:
        dead.append(discard)
    suit = discard // 13
    rejects: list[Card] = []
    card = discard  # what the player ends up adding to his hand
    for position in range(count):  # only the cards that were in the stock are turned
        if stock[position] // 13 != suit:
            card = stock[position]
            break
        rejects.append(stock[position])
    else:
        if options.exchange_on_exhaustion is ExchangeOnExhaustion.KEEP_LAST:
            card = rejects.pop()
        elif to_bottom:
            stock.pop()  # the discard comes back from under the stock
        else:
            dead.pop()  # the discard comes back from the dead pile
    rest = stock[len(rejects) + (card != discard) :]
    if options.rejects_to is PileTo.STOCK_BOTTOM:
        rest.extend(rejects)
    else:
        dead.extend(rejects)
    hand.append(card)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    settled = new_table(
        tuple(rest),
        len(rest),
        tuple(dead),
        table.tricks,
        table.trick_cards,
        table.pool,
        table.balances,
    )
    log = (state._log, action)
    event: Event = (E_EXCHANGE, seat, discard, card if card != discard else -1, turn, *rejects)
    events = (state._events, event)
    return _checkpoint(info, tuple(hands), turn, 0, True, settled, log, events)


# --------------------------------------------------------------------------- tricks, end


def _lay_trick(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    seat: int,
    cards: Sequence[Card],
    table: Table,
    events: Events,
) -> tuple[tuple[tuple[Card, ...], ...], Table, Events, bool]:
    """Implements MBS-15: lay the singing cards as a trick and replenish from the stock.

    Returns the new hands, table and event log, and whether the deal ends now.
    """
    options = info.options
    laid = set(cards)
    hand = [card for card in hands[seat] if card not in laid]
    tricks = list(table.tricks)
    tricks[seat] += 1
    trick_cards = list(table.trick_cards)
    trick_cards[seat] = trick_cards[seat] + tuple(cards)
    stock = table.stock if table.stock is not None else info.remainder()
    need = options.hand_size
    events = (events, (E_TRICK, seat, turn, *cards))
    ended = False
    new: tuple[Card, ...] = ()
    if len(stock) >= need:
        new = stock[:need]
    elif options.exhaustion_end is ExhaustionEnd.CANNOT_REPLENISH or not stock:
        ended = True
    else:
        new = stock
    if new:
        hand.extend(new)
        stock = stock[len(new) :]
        events = (events, (E_REPLENISH, seat, turn, *new))
    new_hands = list(hands)
    new_hands[seat] = tuple(hand)
    settled = new_table(
        stock,
        len(stock),
        table.dead,
        tuple(tricks),
        tuple(trick_cards),
        table.pool,
        table.balances,
    )
    return tuple(new_hands), settled, events, ended


def _sang(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    table: Table,
    log: Actions,
    events: Events,
    singer: int,
    shown: tuple[Card, ...],
) -> State:
    """Implements MBS-12: the first bird to sing takes the whole pool and shows ``shown``."""
    pool = table.pool
    paid = [0] * info.players
    paid[singer] = pool
    balances = list(table.balances)
    balances[singer] += pool
    outcome = new_outcome(OutcomeKind.SANG, (singer,), tuple(paid), 0, singer, shown, table.tricks)
    settled = new_table(
        table.stock,
        table.stock_count,
        table.dead,
        table.tricks,
        table.trick_cards,
        0,
        tuple(balances),
    )
    return new_state(info, hands, turn, None, _OVER, (), settled, outcome, 0, False, log, events)


def _finish(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    kind: OutcomeKind,
    table: Table,
    log: Actions,
    events: Events,
) -> State:
    """Implements MBS-13 and MBS-15's settlement, keeping counters (C-5).

    A void deal carries the pool; in the play-to-exhaustion variant the most tricks win it.
    (A bird that sings in the plain game is settled by :func:`_sang`.)
    """
    options = info.options
    n = info.players
    pool = table.pool
    if options.play_to_exhaustion:
        best = max(table.tricks)
        winners = tuple(s for s in range(n) if best and table.tricks[s] == best)
        payouts, carried = split_pool(
            pool, winners, players=n, dealer=info.dealer, remainder=options.split_remainder
        )
    else:
        winners, payouts, carried = (), (0,) * n, pool
    outcome = new_outcome(kind, winners, payouts, carried, None, (), table.tricks)
    settled = new_table(
        table.stock,
        table.stock_count,
        table.dead,
        table.tricks,
        table.trick_cards,
        carried,
        tuple(map(operator.add, table.balances, payouts)),
    )
    return new_state(info, hands, turn, None, _OVER, (), settled, outcome, 0, False, log, events)


# --------------------------------------------------------------------------- public API


def legal_actions(state: State) -> tuple[Action, ...]:
    """The actions open to ``state.to_act``; ``()`` exactly when the deal is over.

    ``Abandon()`` is open only at the first decision of each round after the first (see
    :func:`_offer_abandon`, MBS-13), and then comes last.

    >>> from cardrules.my_bird_sings import Options, new_game
    >>> state = new_game(Options(players=3), seed=3)
    >>> [str(a) for a in legal_actions(state)]
    ['pass KS', 'pass 7D', 'pass 7S', 'pass 6S']
    >>> for _ in range(3):  # one round: turns 0, 1 and 2
    ...     state = apply_action(state, legal_actions(state)[0])
    >>> state.turn, [str(a) for a in legal_actions(state)]
    (3, ['pass 7D', 'pass 7S', 'pass 6S', 'pass 8H', 'abandon'])
    """
    return state._legal


def apply_action(state: State, action: Action) -> State:
    """Apply ``action`` and return the state at the next decision (the "do" of the triad).

    Automatic steps (receiving, sing checks, replenishing, settlement) happen inside this
    call. ``state`` itself is never changed.

    Raises:
        IllegalActionError: naming the rule, if the action is illegal (C-7).

    """
    phase = state.phase
    if type(action) is Pass and phase is _PASS:
        giver = state.to_act
        card = action.card
        if card in state.hands[giver]:  # type: ignore[index]
            info = state._deal
            if state.turn + 1 < info.fast_until:
                return _plain_pass(state, info, action, card, giver)  # type: ignore[arg-type]
            return _pass_card(state, action, card)
    legal = state._legal
    if type(action) is Abandon and legal and legal[-1] is ABANDON:
        return _finish(
            state._deal,
            state.hands,
            state.turn,
            OutcomeKind.ABANDONED,
            state._table,
            (state._log, action),
            state._events,
        )
    if (
        type(action) is Draw
        and phase is _DRAW
        and 0 <= action.index < len(state.hands[state.on_turn])
    ):
        return _pass_card(state, action, offered_order(state)[action.index])
    error = check_action(state, action)
    if error is not None:
        raise error
    info = state._deal
    log: Actions = (state._log, action)
    events = state._events
    if type(action) is Exchange:
        return _exchange(state, action)
    if type(action) is DeclineExchange:
        return _pass_decision(info, state.hands, state.turn, False, state._table, log, events)
    if type(action) is DeclineSing:
        return _after_check(
            info, state.hands, state.turn, state._pre, state._exchanged, state._table, log, events
        )
    if type(action) is not Sing:  # pragma: no cover - check_action accepted it
        raise TypeError(action)
    seat = state.to_act
    if seat is None:  # pragma: no cover - check_action accepted it
        raise TypeError(action)
    if not info.options.play_to_exhaustion:
        return _sang(
            info,
            state.hands,
            state.turn,
            state._table,
            log,
            events,
            seat,
            action.cards,
        )
    hands, table, events, ended = _lay_trick(
        info, state.hands, state.turn, seat, action.cards, state._table, events
    )
    if ended:
        return _finish(info, hands, state.turn, OutcomeKind.EXHAUSTED, table, log, events)
    return _checkpoint(info, hands, state.turn, state._pre, state._exchanged, table, log, events)


def is_deal_over(state: State) -> bool:
    """Whether the current deal has ended (a bird sang, void, abandoned or exhausted)."""
    return state.outcome is not None


def is_game_over(state: State) -> bool:
    """Always ``False``: My Bird Sings is a pool game that goes on deal after deal."""
    return False
