"""The rules of My Bird Sings as pure functions: deal, turn, exchange, sing, settle.

>>> from cardrules.cards import parse_cards
>>> from cardrules.my_bird_sings import Options, new_game
>>> options = Options(players=2)
>>> deck = deck_for(options, [parse_cards("2H 3H 4H 5D"), parse_cards("2S 3S 4S 5S")])
>>> deck[:9]  # dealt one at a time from the eldest hand (seat 1), then the stock
(<Card 2S>, <Card 2H>, <Card 3S>, <Card 3H>, <Card 4S>, <Card 4H>, <Card 5S>, <Card 5D>, <Card AS>)
>>> state = new_game(options, deck=deck)
>>> state.hands  # seat 1, the eldest hand, is dealt to first
((<Card 2H>, <Card 3H>, <Card 4H>, <Card 5D>), (<Card 2S>, <Card 3S>, <Card 4S>, <Card 5S>))
>>> state.outcome.kind, state.outcome.winners, state.outcome.shown
(<OutcomeKind.SANG: 'sang'>, (1,), (<Card 2S>, <Card 3S>, <Card 4S>, <Card 5S>))

"""

from __future__ import annotations

import itertools
import operator
import random
import threading
from collections.abc import Callable, Sequence
from typing import TypeAlias, cast

import attrs

from cardrules.cards import FULL_PACK, Card
from cardrules.cards import SHORT_PACK as SHORT_CARDS
from cardrules.dealing import derive_seed, shuffled
from cardrules.errors import IllegalActionError, NotationError, OptionsError
from cardrules.history import ActionLog, DealHistory, History, log_items
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
from cardrules.my_bird_sings.combinations import SUIT_KEY, singing_keys, singing_sets
from cardrules.my_bird_sings.options import (
    ExchangeBy,
    ExchangeOnExhaustion,
    ExhaustionEnd,
    Options,
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
    Outcome,
    OutcomeKind,
    Phase,
    State,
    Table,
    fast_constructor,
)
from cardrules.stakes import split_pool

__all__ = [
    "apply_action",
    "check_action",
    "deal_info",
    "deck_for",
    "exchange_open",
    "history",
    "is_deal_over",
    "is_game_over",
    "is_legal",
    "legal_actions",
    "new_game",
    "next_deal",
    "offered_order",
]

Log: TypeAlias = "ActionLog[Action] | None"
Events: TypeAlias = "ActionLog[Event] | None"

_PASS = Phase.PASS
_DRAW = Phase.DRAW
_EXCHANGE = Phase.EXCHANGE
_SING = Phase.SING
_OVER = Phase.OVER
_THROW = Passing.THROW


# --------------------------------------------------------------------------- deal


def _check_deck(deck: Sequence[Card] | str, pack: tuple[Card, ...]) -> tuple[Card, ...]:
    if isinstance(deck, str):
        from cardrules.cards import parse_cards

        try:
            cards = parse_cards(deck)
        except NotationError as error:
            raise OptionsError(f"deck: {error}") from None
    else:
        try:
            cards = tuple(deck)
        except TypeError:
            raise OptionsError(f"deck: expected a sequence of cards, not {deck!r}") from None
    if not all(isinstance(card, Card) for card in cards) or sorted(cards) != sorted(pack):
        raise OptionsError(
            f"deck: must hold each of the {len(pack)} cards of the pack exactly once"
        )
    return cards


def _deal_hands(dealt: tuple[Card, ...], options: Options, eldest: int) -> list[tuple[Card, ...]]:
    """Implements MBS-3: batches of ``deal_batch`` cards clockwise from the eldest hand."""
    n = options.players
    size = options.hand_size
    batch = options.deal_batch
    hands: list[tuple[Card, ...]] = [()] * n
    if batch == 1:
        for offset in range(n):
            hands[(eldest + offset) % n] = dealt[offset::n]
        return hands
    lists: list[list[Card]] = [[] for _ in range(n)]
    position = 0
    for _ in range(size // batch):
        for offset in range(n):
            lists[(eldest + offset) % n].extend(dealt[position : position + batch])
            position += batch
    return [tuple(hand) for hand in lists]


def deck_for(
    options: Options,
    hands: Sequence[Sequence[Card]],
    *,
    dealer: int = 0,
    stock: Sequence[Card] = (),
) -> tuple[Card, ...]:
    """Return a pack order (top first) that deals ``hands`` (by seat) under ``options``.

    The stock begins with ``stock``; the rest of the pack follows in pack order. Handy
    for setting up positions: ``new_game(options, deck=deck_for(...), dealer=dealer)``.

    Raises:
        OptionsError: if the hands or stock do not fit the options or repeat a card.

    """
    n = options.players
    size = options.hand_size
    batch = options.deal_batch
    pack = FULL_PACK if options.pack == 52 else SHORT_CARDS
    if len(hands) != n or any(len(hand) != size for hand in hands):
        raise OptionsError(f"hands: expected {n} hands of {size} cards, not {hands!r}")
    eldest = (dealer + 1) % n
    top: list[Card | None] = [None] * (n * size)
    for offset in range(n):
        for j, card in enumerate(hands[(eldest + offset) % n]):
            top[(j // batch) * n * batch + offset * batch + j % batch] = card
    used = [card for card in top if card is not None] + list(stock)
    if len(set(used)) != len(used) or not set(used) <= set(pack):
        raise OptionsError("hands, stock: every card must come from the pack, once")
    rest = [card for card in pack if card not in set(used)]
    return (*[card for card in top if card is not None], *stock, *rest)


_new_state = fast_constructor(State)
_new_table = fast_constructor(Table)
_new_outcome = fast_constructor(Outcome)
_new_deal_info = fast_constructor(DealInfo)
_NEVER = 1 << 62
_SCRATCH = threading.local()


def _scratch_rng() -> random.Random:
    """This thread's reusable generator; reseeded before each use, so it holds no state."""
    try:
        return _SCRATCH.rng  # type: ignore[no-any-return]
    except AttributeError:
        _SCRATCH.rng = rng = random.Random()
        return rng


@attrs.frozen(slots=True)
class _Setup:
    """What every deal under one options value shares, computed once (internal)."""

    pack: tuple[Card, ...]
    dealt: int
    keys: frozenset[int]
    limit_turn: int | None
    exchange_from: int
    fast: bool
    deal_by_dealer: tuple[Callable[[tuple[Card, ...]], tuple[tuple[Card, ...], ...]], ...] | None
    ante_by_dealer: tuple[tuple[int, ...], ...]
    zeros: tuple[int, ...]
    empties: tuple[tuple[Card, ...], ...]


_SETUPS: dict[Options, _Setup] = {}


def _setup(options: Options) -> _Setup:
    """The per-options constants, cached (options hash once: ``cache_hash``)."""
    setup = _SETUPS.get(options)
    if setup is None:
        n = options.players
        limit = options.round_limit
        fast = (
            options.passing is _THROW
            and options.auto_sing
            and not options.play_to_exhaustion
            and options.sing_timing is SingTiming.OWN_TURN
        )
        getters = tuple(
            operator.itemgetter(*(slice((seat - dealer - 1) % n, None, n) for seat in range(n)))
            for dealer in range(n)
        )
        setup = _Setup(
            FULL_PACK if options.pack == 52 else SHORT_CARDS,
            n * options.hand_size,
            singing_keys(options),
            None if limit is None else limit * n,
            _NEVER
            if options.exchange_by is ExchangeBy.NOBODY
            else options.exchange_after_rounds * n,
            fast,
            cast("tuple[Callable[[tuple[Card, ...]], tuple[tuple[Card, ...], ...]], ...]", getters)
            if options.deal_batch == 1
            else None,
            tuple(
                tuple(
                    options.stake + (options.dealer_extra if seat == dealer else 0)
                    for seat in range(n)
                )
                for dealer in range(n)
            ),
            (0,) * n,
            ((),) * n,
        )
        if len(_SETUPS) > 256:
            _SETUPS.clear()
        _SETUPS[options] = setup
    return setup


def _deal_info(
    options: Options,
    setup: _Setup,
    dealer: int,
    seed: int,
    deck: tuple[Card, ...] | None,
    number: int,
    first_seed: int,
    previous: ActionLog[DealHistory[Action]] | None,
) -> DealInfo:
    n = options.players
    return _new_deal_info(
        options,
        n,
        dealer,
        dealer + 1 if dealer + 1 < n else 0,
        seed,
        deck,
        number,
        first_seed,
        previous,
        setup.pack,
        setup.dealt,
        setup.keys,
        setup.limit_turn,
        setup.exchange_from,
        setup.fast,
        [],
    )


def deal_info(
    options: Options,
    dealer: int,
    seed: int,
    deck: tuple[Card, ...] | None,
    number: int,
    first_seed: int,
    previous: ActionLog[DealHistory[Action]] | None,
) -> DealInfo:
    """The shared constants of one deal (internal; also used by sampling)."""
    return _deal_info(options, _setup(options), dealer, seed, deck, number, first_seed, previous)


def _start_deal(
    options: Options,
    dealer: int,
    seed: int | None,
    deck: Sequence[Card] | str | None,
    number: int,
    first_seed: int | None,
    previous: ActionLog[DealHistory[Action]] | None,
    pool: int,
    balances: tuple[int, ...],
) -> State:
    """Implements MBS-2 (ante) and MBS-3 (deal), then the first sing check (MBS-9)."""
    if seed is None:
        seed = 0
    elif type(seed) is not int and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise OptionsError(f"seed: expected an int, not {seed!r}")
    setup = _setup(options)
    explicit = None if deck is None else _check_deck(deck, setup.pack)
    info = _deal_info(
        options,
        setup,
        dealer,
        seed,
        explicit,
        number,
        seed if first_seed is None else first_seed,
        previous,
    )
    dealt_count = setup.dealt
    if explicit is not None:
        dealt = explicit[:dealt_count]
    else:
        rng = _scratch_rng()
        rng.seed(seed)  # exactly as random.Random(seed), without a new generator
        dealt = shuffled(setup.pack, rng, count=dealt_count)
    ante = setup.ante_by_dealer[dealer]
    table = _new_table(
        None,
        len(setup.pack) - dealt_count,
        (),
        setup.zeros,
        setup.empties,
        pool + sum(ante),
        tuple(map(operator.sub, balances, ante)),
    )
    getters = setup.deal_by_dealer
    if getters is not None:
        hands: tuple[tuple[Card, ...], ...] = getters[dealer](dealt)
    else:
        hands = tuple(_deal_hands(dealt, options, info.eldest))
    return _checkpoint(info, hands, 0, 0, False, table, None, None)


def new_game(
    options: Options,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | str | None = None,
    dealer: int = 0,
) -> State:
    """Start a session: ante, deal, and return the state at the first decision.

    Implements MBS-2 and MBS-3. With ``deck`` the cards are dealt from it, top card first;
    otherwise from a shuffle driven by ``seed``. The seed (0 if not given) also drives the
    order in which a ``draw_blind`` hand is offered. Balances start at 0.

    >>> from cardrules.my_bird_sings import Options
    >>> state = new_game(Options(players=6), seed=3)
    >>> state.pool, state.balances, len(state.stock), state.to_act
    (7, (-2, -1, -1, -1, -1, -1), 28, 1)

    Raises:
        OptionsError: for options that are not an :class:`Options`, a bad dealer, seed or deck.

    """
    if not isinstance(options, Options):
        raise OptionsError(f"options: expected my_bird_sings.Options, not {options!r}")
    n = options.players
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise OptionsError(f"dealer: expected a seat from 0 to {n - 1}, not {dealer!r}")
    return _start_deal(options, dealer, seed, deck, 0, None, None, 0, (0,) * n)


def _deal_history(state: State) -> DealHistory[Action]:
    info = state._deal
    return DealHistory(info.dealer, info.seed, info.deck, log_items(state._log))


def next_deal(
    state: State, *, seed: int | None = None, deck: Sequence[Card] | str | None = None
) -> State:
    """Start the next deal of the session once the current one is over.

    Implements MBS-14: the deal passes to the left and everybody antes again; whatever the
    pool held is carried. With neither ``seed`` nor ``deck`` the seed is
    ``derive_seed(first deal's seed, deal number)``.

    Raises:
        IllegalActionError: if the current deal is not over.
        OptionsError: for a bad seed or deck.

    """
    if state.outcome is None:
        raise IllegalActionError(
            "start the next deal", "MBS-14", "the current deal is not over yet"
        )
    info = state._deal
    number = info.number + 1
    if seed is None and deck is None:
        seed = derive_seed(info.first_seed, number)
    return _start_deal(
        info.options,
        (info.dealer + 1) % info.players,
        seed,
        deck,
        number,
        info.first_seed,
        (info.previous, _deal_history(state)),
        state._table.pool,
        state._table.balances,
    )


# --------------------------------------------------------------------------- turn flow


def _checkpoint(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    pre: int,
    exchanged: bool,
    table: Table,
    log: Log,
    events: Events,
) -> State:
    """Implements MBS-9 step 2 (and MBS-15's continuation): check whether a bird sings.

    The holding checked belongs to the player on turn, or during the after-deal checks of
    ``sing_timing='any_after_deal'`` to the seat ``pre`` places after the eldest hand.
    """
    n = info.players
    if (
        info.fast
        and turn < info.exchange_from
        and (info.limit_turn is None or turn < info.limit_turn)
    ):
        seat = (info.eldest + turn) % n
        hand = hands[seat]
        key = 0
        for card in hand:
            key += SUIT_KEY[card]
        if key not in info.keys:
            legal: tuple[Action, ...] = (*map(PASS_ACTIONS.__getitem__, hand), ABANDON)
            return _new_state(
                info, hands, turn, seat, _PASS, legal, table, None, 0, exchanged, log, events
            )
        # The plain game: the bird sings, its owner takes the pool.
        return _finish(
            info,
            hands,
            turn,
            OutcomeKind.SANG,
            table,
            log,
            events,
            seat,
            _first_set(hand, info.options.hand_size, info.keys),
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
                return _finish(
                    info,
                    hands,
                    turn,
                    OutcomeKind.SANG,
                    table,
                    log,
                    events,
                    seat,
                    _first_set(hand, options.hand_size, info.keys),
                )
            return _sing_decision(info, hands, turn, pre, exchanged, table, log, events, seat)
        sets = singing_sets(hand, options)
        if not options.auto_sing or len(sets) > 1:
            return _sing_decision(info, hands, turn, pre, exchanged, table, log, events, seat)
        hands, table, events, ended = _lay_trick(info, hands, turn, seat, sets[0], table, events)
        if ended:
            return _finish(info, hands, turn, OutcomeKind.EXHAUSTED, table, log, events)


def _first_set(hand: tuple[Card, ...], size: int, keys: frozenset[int]) -> tuple[Card, ...]:
    """The first singing set of ``hand`` in :func:`singing_sets` order (hand must sing)."""
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
    log: Log,
    events: Events,
    seat: int,
) -> State:
    options = info.options
    sets = singing_sets(hands[seat], options)
    legal: tuple[Action, ...] = tuple(Sing(cards) for cards in sets)
    if not options.auto_sing:
        legal += (DECLINE_SING,)
    return _new_state(
        info, hands, turn, seat, _SING, (*legal, ABANDON), table, None, pre, exchanged, log, events
    )


def _after_check(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    pre: int,
    exchanged: bool,
    table: Table,
    log: Log,
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
            ABANDON,
        )
        return _new_state(
            info, hands, turn, seat, _EXCHANGE, legal, table, None, 0, False, log, events
        )
    return _pass_decision(info, hands, turn, exchanged, table, log, events)


def _pass_decision(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    exchanged: bool,
    table: Table,
    log: Log,
    events: Events,
) -> State:
    """Implements MBS-8: who decides the pass and between what."""
    n = info.players
    seat = (info.eldest + turn) % n
    hand = hands[seat]
    if info.options.passing is _THROW:
        legal: tuple[Action, ...] = (*map(PASS_ACTIONS.__getitem__, hand), ABANDON)
        return _new_state(
            info, hands, turn, seat, _PASS, legal, table, None, 0, exchanged, log, events
        )
    legal = (*DRAW_ACTIONS[: len(hand)], ABANDON)
    return _new_state(
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
    """Implements MBS-9 step 4 and step 1 of the next turn: the card reaches the left."""
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
    log: Log = (state._log, action)
    events = state._events
    if type(action) is Draw:  # a thrown card can be read from the log; a drawn one not
        events = (events, (E_PASS, giver, receiver, card, turn))
    turn += 1
    table = state._table
    if info.limit_turn is not None and turn >= info.limit_turn:
        return _finish(info, tuple(hands), turn, OutcomeKind.ROUND_LIMIT, table, log, events)
    return _checkpoint(info, tuple(hands), turn, 0, False, table, log, events)


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
    new_table = _new_table(
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
    return _checkpoint(info, tuple(hands), turn, 0, True, new_table, log, events)


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
    new_table = _new_table(
        stock,
        len(stock),
        table.dead,
        tuple(tricks),
        tuple(trick_cards),
        table.pool,
        table.balances,
    )
    return tuple(new_hands), new_table, events, ended


def _finish(
    info: DealInfo,
    hands: tuple[tuple[Card, ...], ...],
    turn: int,
    kind: OutcomeKind,
    table: Table,
    log: Log,
    events: Events,
    singer: int | None = None,
    shown: Sequence[Card] = (),
) -> State:
    """Implements MBS-12, MBS-13 and MBS-15's settlement, keeping counters (C-5)."""
    options = info.options
    n = info.players
    pool = table.pool
    if options.play_to_exhaustion:
        best = max(table.tricks)
        winners = tuple(s for s in range(n) if best and table.tricks[s] == best)
        payouts, carried = split_pool(
            pool, winners, players=n, dealer=info.dealer, remainder=options.split_remainder
        )
        singer, shown = None, ()
    elif kind is OutcomeKind.SANG and singer is not None:
        winners = (singer,)
        paid = [0] * n
        paid[singer] = pool
        payouts = tuple(paid)
        carried = 0
    else:
        winners, payouts, carried = (), (0,) * n, pool
    if kind is OutcomeKind.SANG and options.play_to_exhaustion:
        kind = OutcomeKind.EXHAUSTED
    outcome = _new_outcome(kind, winners, payouts, carried, singer, tuple(shown), table.tricks)
    new_table = _new_table(
        table.stock,
        table.stock_count,
        table.dead,
        table.tricks,
        table.trick_cards,
        carried,
        tuple(map(operator.add, table.balances, payouts)),
    )
    return _new_state(info, hands, turn, None, _OVER, (), new_table, outcome, 0, False, log, events)


# --------------------------------------------------------------------------- public API


def legal_actions(state: State) -> tuple[Action, ...]:
    """The actions open to ``state.to_act``; ``()`` exactly when the deal is over.

    ``Abandon()`` is open at every decision to the player who has it (MBS-13) and always
    comes last.

    >>> from cardrules.my_bird_sings import Options, new_game
    >>> [str(a) for a in legal_actions(new_game(Options(players=3), seed=2))]
    ['pass JC', 'pass 8S', 'pass JD', 'pass 10D', 'abandon']
    """
    return state._legal


def _err(action: object, rule: str, reason: str) -> IllegalActionError:
    return IllegalActionError(action, rule, reason)


def _phase_error(state: State, action: Action) -> IllegalActionError:
    """Explain why ``action`` does not fit the pending decision (MBS-8, MBS-9, MBS-11)."""
    seat = state.to_act
    phase = state.phase
    on_turn = state.on_turn
    if phase is _EXCHANGE:
        return _err(
            action,
            "MBS-11",
            f"seat {seat} must first exchange a card with the stock or decline the exchange",
        )
    if phase is _SING:
        return _err(action, "MBS-9", f"seat {seat}'s holding sings; seat {seat} must sing first")
    if phase is _DRAW:
        return _err(
            action,
            "MBS-8",
            f"seat {seat} must now draw a card from the hand seat {on_turn} offers face down",
        )
    left = (state.on_turn + 1) % state.players
    return _err(action, "MBS-8", f"seat {state.on_turn} must now pass a card to seat {left}")


def _exchange_error(state: State, action: Action) -> IllegalActionError:
    info = state._deal
    by = info.options.exchange_by
    if by is ExchangeBy.NOBODY:
        reason = "exchanges with the stock are not played (exchange_by is 'nobody')"
    elif by is ExchangeBy.LEADER and state.on_turn != info.eldest:
        reason = f"only the original leader, seat {info.eldest}, may exchange with the stock"
    elif state.turn < info.exchange_from:
        rounds = info.options.exchange_after_rounds
        first = rounds * info.players
        reason = f"no exchange before turn {first}, after {rounds} full rounds"
    elif not state._table.stock_count:
        reason = "the stock is empty"
    elif state._exchanged:
        reason = "only one exchange is allowed per turn"
    elif state.phase is _PASS or state.phase is _DRAW:
        reason = "this turn's chance to exchange was declined"
    else:
        return _phase_error(state, action)
    return _err(action, "MBS-11", reason)


def _sing_error(state: State, action: Sing, seat: int) -> IllegalActionError:
    phase = state.phase
    if phase is not _SING:
        return _err(
            action,
            "MBS-9",
            "a bird sings only when its owner's holding is checked, and no holding that "
            "sings is waiting for a decision",
        )
    hand = state.hands[seat]
    if not all(card in hand for card in action.cards):
        return _err(action, "MBS-12", "you do not hold all of these cards")
    options = state.options
    size = options.hand_size
    rainbow = size == 4 and options.singing == "flush_or_rainbow"
    return _err(
        action,
        "MBS-6" if size == 3 else "MBS-4" if rainbow else "MBS-5",
        f"these are not {size} cards of one suit"
        + (" nor four cards of four different suits" if rainbow else ""),
    )


def check_action(state: State, action: object) -> IllegalActionError | None:
    """Explain why ``action`` is illegal in ``state``, or return ``None`` if it is legal.

    The "verify" of the verify/can/do triad (:func:`check_action`, :func:`is_legal`,
    :func:`apply_action`); the error names the rule and says why in one sentence. Only
    the one action given is examined.

    >>> from cardrules.cards import parse_card
    >>> from cardrules.my_bird_sings import Options, Pass, new_game
    >>> str(check_action(new_game(Options(players=3), seed=2), Pass(parse_card("9C"))))
    'cannot pass 9C: you do not hold 9C (MBS-9)'
    """
    phase = state.phase
    seat = state.to_act
    if phase is _OVER or seat is None:
        outcome = state.outcome
        rule = "MBS-12" if outcome is not None and outcome.kind is OutcomeKind.SANG else "MBS-13"
        if outcome is not None and outcome.kind is OutcomeKind.EXHAUSTED:
            rule = "MBS-15"
        return _err(action, rule, "the deal is over; start the next deal")
    if type(action) is Abandon:
        return None
    if type(action) is Pass:
        if state.options.passing is not _THROW:
            return _err(
                action,
                "MBS-8",
                "with draw_blind passing the left neighbour draws a card; nobody throws one",
            )
        if phase is not _PASS:
            return _phase_error(state, action)
        if action.card not in state.hands[seat]:
            return _err(action, "MBS-9", f"you do not hold {action.card}")
        return None
    if type(action) is Draw:
        if state.options.passing is _THROW:
            return _err(action, "MBS-8", "with throw passing the player on turn chooses the card")
        if phase is not _DRAW:
            return _phase_error(state, action)
        size = len(state.hands[state.on_turn])
        if not 0 <= action.index < size:
            return _err(
                action,
                "MBS-8",
                f"seat {state.on_turn} offers {size} cards, at positions 0 to {size - 1}",
            )
        return None
    if type(action) is Exchange:
        if phase is not _EXCHANGE:
            return _exchange_error(state, action)
        if action.discard not in state.hands[seat]:
            return _err(action, "MBS-11", f"you do not hold {action.discard}")
        return None
    if type(action) is DeclineExchange:
        return _exchange_error(state, action) if phase is not _EXCHANGE else None
    if type(action) is Sing:
        return None if action in state._legal else _sing_error(state, action, seat)
    if type(action) is DeclineSing:
        if DECLINE_SING in state._legal:
            return None
        if phase is _SING:
            return _err(action, "MBS-9", "singing is automatic and compulsory (auto_sing is on)")
        return _err(action, "MBS-9", "no holding that sings is waiting for a decision")
    return _err(action, "C-7", "it is not a My Bird Sings action")


def is_legal(state: State, action: object) -> bool:
    """Whether ``apply_action(state, action)`` would succeed (the "can" of the triad).

    >>> from cardrules.my_bird_sings import Options, new_game, ABANDON
    >>> is_legal(new_game(Options(players=3), seed=2), ABANDON)
    True
    """
    return check_action(state, action) is None


def apply_action(state: State, action: Action) -> State:
    """Apply ``action`` and return the state at the next decision (the "do" of the triad).

    Automatic steps (receiving, sing checks, replenishing, settlement) happen inside this
    call. ``state`` itself is never changed.

    Raises:
        IllegalActionError: naming the rule, if the action is illegal (C-7).

    """
    phase = state.phase
    if type(action) is Pass and phase is _PASS and action.card in state.hands[state.to_act]:  # type: ignore[index]
        return _pass_card(state, action, action.card)
    if type(action) is Abandon and phase is not _OVER:
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
    log: Log = (state._log, action)
    events = state._events
    if type(action) is Abandon:
        return _finish(
            info, state.hands, state.turn, OutcomeKind.ABANDONED, state._table, log, events
        )
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
        return _finish(
            info,
            state.hands,
            state.turn,
            OutcomeKind.SANG,
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


def history(state: State) -> History[Action]:
    """How ``state`` was reached: every deal's dealer, seed, explicit deck and actions."""
    return History((*log_items(state._deal.previous), _deal_history(state)))
