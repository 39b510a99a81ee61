"""The deal of My Bird Sings: antes, dealing, the next deal, the history (MBS-2, 3, 14).

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

import operator
from collections.abc import Callable, Sequence
from typing import cast

import attrs

from cardrules.cards import FULL_PACK, Card
from cardrules.cards import SHORT_PACK as SHORT_CARDS
from cardrules.dealing import derive_seed, shuffled
from cardrules.errors import IllegalActionError, NotationError, OptionsError
from cardrules.history import DealHistory, History, Log, log_items
from cardrules.my_bird_sings.actions import (
    Action,
)
from cardrules.my_bird_sings.combinations import singing_keys
from cardrules.my_bird_sings.options import (
    ExchangeBy,
    Options,
    Passing,
    SingTiming,
)
from cardrules.my_bird_sings.rules import _checkpoint
from cardrules.my_bird_sings.state import (
    DealInfo,
    State,
    Table,
    new_deal_info,
    new_table,
)

__all__ = ["deal_info", "deck_for", "history", "new_game", "next_deal"]

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


_NEVER = 1 << 62


@attrs.frozen(slots=True)
class _Setup:
    """What every deal under one options value shares, computed once (internal)."""

    pack: tuple[Card, ...]
    dealt: int
    keys: frozenset[int]
    limit_turn: int | None
    exchange_from: int
    fast_until: int
    deal_by_dealer: tuple[Callable[[tuple[Card, ...]], tuple[tuple[Card, ...], ...]], ...] | None
    ante_by_dealer: tuple[tuple[int, ...], ...]
    zeros: tuple[int, ...]
    empties: tuple[tuple[Card, ...], ...]
    first_tables: tuple[Table, ...]


_SETUPS: dict[Options, _Setup] = {}
_last_setup: tuple[Options | None, _Setup | None] = (None, None)


def _setup(options: Options) -> _Setup:
    """The per-options constants, cached (options hash once: ``cache_hash``).

    The options of the last call are checked first, by identity: a session or a batch of
    playouts asks for the same options deal after deal.
    """
    global _last_setup
    last = _last_setup  # one tuple, rebound at once: safe to read from any thread
    if last[0] is options:
        return last[1]  # type: ignore[return-value]
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
        pack = FULL_PACK if options.pack == 52 else SHORT_CARDS
        dealt = n * options.hand_size
        limit_turn = None if limit is None else limit * n
        exchange_from = (
            _NEVER
            if options.exchange_by is ExchangeBy.NOBODY
            else options.exchange_after_rounds * n
        )
        antes = tuple(
            tuple(
                options.stake + (options.dealer_extra if seat == dealer else 0) for seat in range(n)
            )
            for dealer in range(n)
        )
        zeros, empties = (0,) * n, ((),) * n
        setup = _Setup(
            pack,
            dealt,
            singing_keys(options),
            limit_turn,
            exchange_from,
            min(exchange_from, _NEVER if limit_turn is None else limit_turn) if fast else 0,
            cast("tuple[Callable[[tuple[Card, ...]], tuple[tuple[Card, ...], ...]], ...]", getters)
            if options.deal_batch == 1
            else None,
            antes,
            zeros,
            empties,
            tuple(  # a session's first deal (nothing carried, balances 0) starts from these
                new_table(
                    None,
                    len(pack) - dealt,
                    (),
                    zeros,
                    empties,
                    sum(ante),
                    tuple(-paid for paid in ante),
                )
                for ante in antes
            ),
        )
        if len(_SETUPS) > 256:
            _SETUPS.clear()
        _SETUPS[options] = setup
    _last_setup = (options, setup)
    return setup


def _deal_info(
    options: Options,
    setup: _Setup,
    dealer: int,
    seed: int,
    deck: tuple[Card, ...] | None,
    number: int,
    first_seed: int,
    previous: Log[DealHistory[Action]],
) -> DealInfo:
    n = options.players
    return new_deal_info(
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
        setup.fast_until,
        [],
    )


def deal_info(
    options: Options,
    dealer: int,
    seed: int,
    deck: tuple[Card, ...] | None,
    number: int,
    first_seed: int,
    previous: Log[DealHistory[Action]],
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
    previous: Log[DealHistory[Action]],
    pool: int,
    balances: tuple[int, ...] | None,
) -> State:
    """Implements MBS-2 (ante) and MBS-3 (deal), then the first sing check (MBS-9).

    ``balances`` is ``None`` for a session's first deal (nothing carried, all at 0).
    """
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
        dealt = shuffled(setup.pack, seed, count=dealt_count)
    if balances is None:
        table = setup.first_tables[dealer]
    else:
        ante = setup.ante_by_dealer[dealer]
        table = new_table(
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
    otherwise from a shuffle driven by ``seed``. The seed (0 if only a deck is given) also
    drives the order in which a ``draw_blind`` hand is offered. Balances start at 0. There
    is no hidden randomness: one of ``seed`` and ``deck`` must be given.

    >>> from cardrules.my_bird_sings import Options
    >>> state = new_game(Options(players=6), seed=3)
    >>> state.pool, state.balances, len(state.stock), state.to_act
    (7, (-2, -1, -1, -1, -1, -1), 28, 1)

    Raises:
        OptionsError: for options that are not an :class:`Options`, a bad dealer, seed or
            deck, or neither a seed nor a deck.

    """
    if not isinstance(options, Options):
        raise OptionsError(f"options: expected my_bird_sings.Options, not {options!r}")
    n = options.players
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise OptionsError(f"dealer: expected a seat from 0 to {n - 1}, not {dealer!r}")
    if seed is None and deck is None:
        raise OptionsError("seed, deck: give a seed or a deck (cardrules has no hidden randomness)")
    return _start_deal(options, dealer, seed, deck, 0, None, None, 0, None)


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


def history(state: State) -> History[Action]:
    """How ``state`` was reached: every deal's dealer, seed, explicit deck and actions."""
    return History((*log_items(state._deal.previous), _deal_history(state)))
