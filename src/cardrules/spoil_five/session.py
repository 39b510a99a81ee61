"""A Spoil Five session: its first deal, the deals after it (C-2), the antes collected (SF-7).

>>> from cardrules.spoil_five.options import Options
>>> state = new_game(Options(players=4), seed=7)
>>> state.pool, state.dealer, state.eldest
(9, 0, 1)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Final

from cardrules._engine import left_of
from cardrules._shuffle import derive
from cardrules.cards import Card
from cardrules.errors import IllegalActionError, OptionsError
from cardrules.history import log_append
from cardrules.messages import message
from cardrules.spoil_five.option_tables import OptionTables, tables_for
from cardrules.spoil_five.options import Options, Scoring
from cardrules.spoil_five.rules import deal_history, start_deal
from cardrules.spoil_five.state import SPOIL_KINDS, Board, Phase, State

__all__ = ["new_game", "next_deal"]

# start_deal lives in the compiled engine (rules); the public entries here check their
# arguments and raise OptionsError, so they stay interpreted in the compiled build.


_ONLY_CARDS: Final = {Card}


def _pack_from(deck: Sequence[Card]) -> tuple[Card, ...]:
    if isinstance(deck, str | bytes):
        raise OptionsError("deck: expected a sequence of 52 Card values, not a string")
    cards = tuple(deck)
    if len(cards) == 52 and set(map(type, cards)) == _ONLY_CARDS and len(set(cards)) == 52:
        return cards  # the common case, checked without a Python-level loop
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


def _collect(
    rules: OptionTables, dealer: int, pool: int, balances: tuple[int, ...], spoilt: bool
) -> tuple[int, tuple[int, ...]]:
    """Collect the antes of a pool-game deal (SF-7): the new pool and balances."""
    payments = rules.antes[dealer][spoilt]
    return pool + sum(payments), tuple(map(operator.sub, balances, payments))


# Enum members read once: a class attribute look-up costs a call on every step.
_GAME_OVER: Final = Phase.GAME_OVER
_SCORING_POINTS: Final = Scoring.POINTS
_SCORING_POOL: Final = Scoring.POOL


def new_game(
    options: Options | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Start a session: antes, the first deal, and the state at the first decision.

    ``options`` defaults to ``Options()``, Peel's game for five players (the ``PEEL`` preset).
    With ``seed`` the pack is shuffled reproducibly; with ``deck`` (all 52 cards, top
    first) it is dealt as given. Without a seed the seed is 0, so ``new_game()`` is the
    same game every time: randomness enters only explicitly (give ``seed=`` for another
    deal, e.g. from :mod:`secrets`).

    >>> state = new_game()
    >>> state.options == Options(), state == new_game(Options(), seed=0)
    (True, True)

    Raises:
        OptionsError: for options that are not :class:`Options`, or a bad seed, dealer
            or deck.

    """
    if options is None:
        options = Options()
    if not isinstance(options, Options):
        raise OptionsError(f"options: expected spoil_five.Options, not {options!r}")
    n = options.players
    _check_seat(dealer, n)
    pack = None if deck is None else _pack_from(deck)
    if seed is None:
        seed = 0
    _check_seed(seed)
    rules = tables_for(options)
    zeros = (0,) * n
    if options.scoring is _SCORING_POINTS:
        stake = options.game_stake
        balances = (-stake,) * n
        pool = stake * n
    else:
        pool, balances = _collect(rules, dealer, 0, zeros, False)
    board = Board(pool, balances, zeros)
    return start_deal(
        rules, board, dealer=dealer, number=0, seed=seed, deck=pack, first_seed=seed, past=None
    )


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
    deal = state._deal
    board = state._board
    if board.outcome is None:
        why = message("common.refusal.deal-not-over", "C-7")
        raise IllegalActionError("start the next deal", "C-7", why)
    if state.phase is _GAME_OVER:
        why = message("common.refusal.game-over", "SF-24")
        raise IllegalActionError("start the next deal", "SF-24", why)
    rules = deal.rules
    options = rules.options
    pack = None if deck is None else _pack_from(deck)
    number = deal.number + 1
    if seed is None:
        seed = 0 if pack is not None else derive(deal._first_seed, (number,))
    _check_seed(seed)
    dealer = left_of(deal.dealer, rules.players)  # the deal passes to the left
    balances = board.balances
    pool = board.pool
    if options.scoring is _SCORING_POOL:
        spoilt = board.outcome.kind in SPOIL_KINDS
        pool, balances = _collect(rules, dealer, pool, balances, spoilt)
    past = log_append(deal._past, deal_history(state))
    return start_deal(
        rules,
        Board(pool, balances, board.scores),
        dealer=dealer,
        number=number,
        seed=seed,
        deck=pack,
        first_seed=deal._first_seed,
        past=past,
    )
