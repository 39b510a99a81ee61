"""Starting a Spoil Five session and each deal: antes, the shuffle and the deal (SF-7, SF-8).

>>> from cardrules.spoil_five.options import Options
>>> state = new_game(Options(players=4), seed=7)
>>> state.pool, state.dealer, state.eldest
(9, 0, 1)
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from cardrules import dealing
from cardrules.cards import FULL_PACK, Card
from cardrules.errors import IllegalActionError, OptionsError
from cardrules.history import DealHistory, Log, log_append
from cardrules.spoil_five.actions import PLAYS, Action
from cardrules.spoil_five.options import Options, Scoring, SpoilPayers
from cardrules.spoil_five.rules import FIVE_ASK, begin_play, deal_history, next_asker
from cardrules.spoil_five.state import SPOIL_KINDS, Phase, State, make_board, make_state
from cardrules.spoil_five.tables import deal_info, sides

__all__ = ["deal_hands", "new_game", "next_deal", "start_deal"]

_NO_SEATS: Final[frozenset[int]] = frozenset()


def _pack_from(deck: Sequence[Card]) -> tuple[Card, ...]:
    if isinstance(deck, str | bytes):
        raise OptionsError("deck: expected a sequence of 52 Card values, not a string")
    cards = tuple(deck)
    if len(cards) != 52 or not all(isinstance(card, Card) for card in cards):
        raise OptionsError("deck: expected all 52 cards of the pack, each a Card, top first")
    if len(set(cards)) != 52:
        raise OptionsError("deck: every card of the pack must appear exactly once")
    return cards


def _check_seat(dealer: object, n: int) -> int:
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise OptionsError(f"dealer: expected a seat from 0 to {n - 1}, not {dealer!r}")
    return dealer


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"seed: expected an int, not {seed!r}")
    return seed


@functools.cache
def _deal_positions(n: int, eldest: int, batches: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """For each seat, the positions (from the top of the pack) of the cards it is dealt."""
    positions: list[list[int]] = [[] for _ in range(n)]
    top = 0
    for batch in batches:
        for offset in range(n):
            positions[(eldest + offset) % n] += range(top, top + batch)
            top += batch
    return tuple(tuple(seat_positions) for seat_positions in positions)


def deal_hands(
    drawn: Sequence[Card], n: int, eldest: int, batches: tuple[int, int]
) -> tuple[tuple[Card, ...], ...]:
    """Deal five cards to each of ``n`` seats from the top of ``drawn``.

    Implements SF-8: two circuits clockwise from the eldest hand, ``batches[0]`` cards at
    a time and then ``batches[1]``. Each hand is returned sorted by card index.

    >>> from cardrules.cards import FULL_PACK, format_cards
    >>> hands = deal_hands(FULL_PACK, 2, 1, (2, 3))
    >>> format_cards(hands[1]), format_cards(hands[0])
    ('AS 2S 5S 6S 7S', '3S 4S 8S 9S 10S')
    """
    return tuple([tuple(sorted(get(drawn))) for get in _deal_getters(n, eldest, batches)])


@functools.cache
def _deal_getters(
    n: int, eldest: int, batches: tuple[int, int]
) -> tuple[Callable[[Sequence[Card]], Any], ...]:
    return tuple(
        operator.itemgetter(*positions) for positions in _deal_positions(n, eldest, batches)
    )


def _antes(options: Options, dealer: int, spoilt: bool) -> tuple[int, ...]:
    """Return what each seat puts into the pool of a pool-game deal dealt by ``dealer``.

    Implements SF-7: full stakes for a fresh pool, spoil stakes after a spoil (from every
    player, or from the dealer only), and the dealer's extra on every deal.
    """
    n = options.players
    if not spoilt:
        payments = [options.full_stake] * n
    elif options.spoil_payers is SpoilPayers.ALL:
        payments = [options.spoil_stake] * n
    else:
        payments = [0] * n
        payments[dealer] = options.spoil_stake
    payments[dealer] += options.dealer_extra
    return tuple(payments)


@attrs.frozen(slots=True, weakref_slot=False)
class _Plan:
    """What every deal under one Options value needs, computed once (see :func:`_plan_of`).

    Attributes:
        options: the options planned for.
        n: number of players.
        count: how many cards to draw from the shuffled pack (all 52 with fiving, which
            may turn further cards).
        getters: per eldest hand, per seat, the getter of that seat's cards from the pack.
        sides: each seat's side (SF-25).
        members: the seats of each side.
        antes: per dealer, each seat's ante, for a fresh pool and after a spoil (SF-7).
        fiving: whether fiving is played.

    """

    options: Options
    n: int
    count: int
    getters: tuple[tuple[Callable[[Sequence[Card]], Any], ...], ...]
    sides: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    antes: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    fiving: bool


_PLANS: dict[int, _Plan] = {}


def _plan_of(options: Options) -> _Plan:
    """The deal plan of ``options``, cached by identity (options are immutable)."""
    plan = _PLANS.get(id(options))
    if plan is not None and plan.options is options:
        return plan
    n = options.players
    seat_sides, members = sides(n, options.teams)
    plan = _Plan(
        options=options,
        n=n,
        count=52 if options.fiving else 5 * n + 1,
        getters=tuple(_deal_getters(n, eldest, options.deal_batches) for eldest in range(n)),
        sides=seat_sides,
        members=members,
        antes=tuple((_antes(options, d, False), _antes(options, d, True)) for d in range(n)),
        fiving=options.fiving,
    )
    if len(_PLANS) > 256:
        _PLANS.clear()
    _PLANS[id(options)] = plan
    return plan


def _collect(
    plan: _Plan, dealer: int, pool: int, balances: tuple[int, ...], spoilt: bool
) -> tuple[int, tuple[int, ...]]:
    """Collect the antes of a pool-game deal (SF-7): the new pool and balances."""
    payments = plan.antes[dealer][spoilt]
    return pool + sum(payments), tuple(map(operator.sub, balances, payments))


def new_game(
    options: Options,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Start a session: antes, the first deal, and the state at the first decision.

    With ``seed`` the pack is shuffled reproducibly; with ``deck`` (all 52 cards, top
    first) it is dealt as given and the seed is 0 unless given. One of them is required:
    randomness enters only explicitly, so there is no hidden default.

    Raises:
        OptionsError: for options that are not :class:`Options`, neither ``seed`` nor
            ``deck``, or a bad seed, dealer or deck.

    """
    if not isinstance(options, Options):
        raise OptionsError(f"options: expected spoil_five.Options, not {options!r}")
    n = options.players
    _check_seat(dealer, n)
    if seed is None and deck is None:
        raise OptionsError("seed, deck: give a seed or an explicit deck (no hidden randomness)")
    pack = None if deck is None else _pack_from(deck)
    if seed is None:
        seed = 0
    _check_seed(seed)
    zeros = (0,) * n
    if options.scoring is Scoring.POINTS:
        stake = options.game_stake
        balances = (-stake,) * n
        pool = stake * n
    else:
        pool, balances = _collect(_plan_of(options), dealer, 0, zeros, False)
    return start_deal(options, dealer, 0, seed, pack, pool, balances, zeros, seed, None)


def next_deal(
    state: State, *, seed: int | None = None, deck: Sequence[Card] | None = None
) -> State:
    """Start the next deal of the session; the deal passes to the left (C-2).

    Without ``seed`` and ``deck`` the seed is derived from the first deal's seed and the
    deal number; with ``deck`` alone the seed is 0.

    Raises:
        IllegalActionError: if the current deal is not over, or a points game is over.
        OptionsError: for a bad seed or deck.

    """
    deal = state.deal
    board = state.board
    if board.outcome is None:
        raise IllegalActionError("start the next deal", "C-7", "the current deal is not over yet")
    if state.phase is Phase.GAME_OVER:
        raise IllegalActionError("start the next deal", "SF-24", "the game is over")
    options = deal.options
    pack = None if deck is None else _pack_from(deck)
    number = deal.number + 1
    if seed is None:
        seed = 0 if pack is not None else dealing.derive_seed(deal.first_seed, number)
    _check_seed(seed)
    dealer = (deal.dealer + 1) % deal.n
    balances = board.balances
    pool = board.pool
    if options.scoring is Scoring.POOL:
        spoilt = board.outcome.kind in SPOIL_KINDS
        pool, balances = _collect(_plan_of(options), dealer, pool, balances, spoilt)
    past = log_append(deal.past, deal_history(state))
    return start_deal(
        options,
        dealer,
        number,
        seed,
        pack,
        pool,
        balances,
        board.scores,
        deal.first_seed,
        past,
    )


def start_deal(
    options: Options,
    dealer: int,
    number: int,
    seed: int,
    deck: tuple[Card, ...] | None,
    pool: int,
    balances: tuple[int, ...],
    scores: tuple[int, ...],
    first_seed: int,
    past: Log[DealHistory[Action]],
) -> State:
    """Deal a hand after the antes and return the state at its first decision (SF-8)."""
    plan = _plan_of(options)
    n = plan.n
    eldest = dealer + 1
    if eldest == n:
        eldest = 0
    drawn = deck if deck is not None else dealing.shuffled(FULL_PACK, seed, count=plan.count)
    dealt = tuple([tuple(sorted(get(drawn))) for get in plan.getters[eldest]])
    turn_up = drawn[5 * n]
    info = deal_info(
        options, dealer, eldest, number, seed, deck, drawn, dealt, turn_up,
        plan.sides, plan.members, first_seed, past,
    )  # fmt: skip
    board = make_board(
        pool, balances, scores, None, False, (), _NO_SEATS, (), (), (), (), None, None
    )
    # Each hand's Play actions: one itemgetter over the shared table (five cards, so
    # itemgetter returns a tuple).
    held = tuple([operator.itemgetter(*hand)(PLAYS) for hand in dealt])
    if plan.fiving:
        asker = next_asker(info, ())
        assert asker is not None  # options validation: two sides, so an opponent exists
        return make_state(
            info, board, held, Phase.FIVING_ASK, asker, (), (), (0,) * n, FIVE_ASK, None
        )
    return begin_play(info, board, held, None)
