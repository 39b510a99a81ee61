"""A session of My Bird Sings: the first deal, the deals after it (MBS-14), the history.

>>> from cardrules.my_bird_sings import Options
>>> state = new_game(Options(players=6), seed=4)
>>> state.pool, state.balances, len(state.stock), state.to_act
(7, (-2, -1, -1, -1, -1, -1), 28, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules._engine import left_of
from cardrules._shuffle import derive, legacy_derive
from cardrules.cards import Card
from cardrules.errors import IllegalActionError, OptionsError
from cardrules.history import DealHistory, History, Log, deal_result, log_items
from cardrules.messages import message
from cardrules.my_bird_sings.actions import Action
from cardrules.my_bird_sings.deal import check_deck
from cardrules.my_bird_sings.option_tables import OptionTables
from cardrules.my_bird_sings.options import Options, Passing
from cardrules.my_bird_sings.rules import start_deal, start_session
from cardrules.my_bird_sings.state import Board, State

__all__ = ["history", "new_game", "next_deal", "replay_legacy_game"]

# The public entries here check their arguments and raise OptionsError, so they stay
# interpreted in the compiled build; the deal itself is the compiled engine's (rules).


def _checked_deal(
    rules: OptionTables,
    dealer: int,
    seed: int | None,
    deck: Sequence[Card] | str | None,
    *,
    number: int = 0,
    first_seed: int | None = None,
    previous: Log[DealHistory[Action]] = None,
    carried: tuple[int, tuple[int, ...]] | None = None,
    legacy: bool = False,
) -> State:
    """Check the seed and the deck, then start the deal (the engine's :func:`start_deal`).

    ``carried`` is the pool and the balances the previous deal left, ``None`` for a
    session's first deal (an empty pool, everybody at 0). ``legacy`` deals by the seed
    mapping of record versions 1 and 2 (:func:`replay_legacy_game`).
    """
    if seed is None:
        seed = 0
    elif type(seed) is not int and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise OptionsError(f"seed: expected an int, not {seed!r}")
    explicit = None if deck is None else check_deck(deck, rules.pack)
    first = seed if first_seed is None else first_seed
    return start_deal(rules, dealer, seed, explicit, number, first, previous, carried, legacy)


def new_game(
    options: Options | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | str | None = None,
    dealer: int = 0,
) -> State:
    """Start a session: ante, deal, and return the state at the first decision.

    See MBS-2 and MBS-3. With ``deck`` the cards are dealt from it, top card first;
    otherwise from a shuffle driven by ``seed``, which draws only the cards it deals (the
    rest of the pack, the stock, is worked out when an exchange or a refill needs it, in
    the same order as a full shuffle). The seed (0 if only a deck is given) also drives the
    order in which a ``draw_blind`` hand is offered, so a ``draw_blind`` deal from a deck
    needs a seed as well. Balances start at 0. ``options`` defaults to ``Options()``,
    Peel's game for five (the ``PEEL`` preset). Without a seed or a deck the seed is 0, so
    ``new_game()`` is the same game every time: there is no hidden randomness (give
    ``seed=`` for another deal, e.g. from :mod:`secrets`).

    >>> from cardrules.my_bird_sings import Options
    >>> new_game(Options(players=3), seed=1).hands[1]
    (<Card 4D>, <Card 7S>, <Card 2C>, <Card 7C>)
    >>> state = new_game()
    >>> state.options == Options(), state == new_game(Options(), seed=0)
    (True, True)

    Raises:
        OptionsError: for options that are not an :class:`Options`, a bad dealer, seed or
            deck.

    """
    return _new_session(options, seed, deck, dealer, False)


def replay_legacy_game(
    options: Options, *, seed: int, deck: Sequence[Card] | None, dealer: int
) -> State:
    """:func:`new_game` dealt by the seed mapping of record versions 1 and 2 (internal).

    For :func:`cardrules.records.replay` only: the session's deals (and the deals that
    follow it by :func:`next_deal`) shuffle, offer blind-drawn hands and choose shown sets
    as those versions did. Its history is recorded as version 2.
    """
    return _new_session(options, seed, deck, dealer, True)


def _new_session(
    options: Options | None,
    seed: int | None,
    deck: Sequence[Card] | str | None,
    dealer: int,
    legacy: bool,
) -> State:
    """Check the arguments of a session's first deal, then deal it (the engine's).

    Every check is written out here, with no call of its own, so that a playout's deal
    spends its interpreted time on nothing else; :func:`start_session` (compiled in the
    compiled build) does the rest.
    """
    if options is None:
        options = Options()
    elif type(options) is not Options and not isinstance(options, Options):
        raise OptionsError(f"options: expected my_bird_sings.Options, not {options!r}")
    n = options.players
    if (
        type(dealer) is not int and (isinstance(dealer, bool) or not isinstance(dealer, int))
    ) or not 0 <= dealer < n:
        raise OptionsError(f"dealer: expected a seat from 0 to {n - 1}, not {dealer!r}")
    if deck is not None and seed is None and options.passing is _PASSING_DRAW_BLIND:
        raise OptionsError(_BLIND_SEED)  # _check_blind_seed, written out (MBS-8)
    if seed is None:
        seed = 0
    elif type(seed) is not int and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise OptionsError(f"seed: expected an int, not {seed!r}")
    explicit = None if deck is None else check_deck(deck, options.cards)
    return start_session(options, dealer, seed, explicit, legacy)


# Enum members read once: a class attribute look-up costs a call on every step.
_PASSING_DRAW_BLIND: Final = Passing.DRAW_BLIND


_BLIND_SEED: Final = (
    "seed: a draw_blind deal from an explicit deck needs a seed too: the order a "
    "hand is offered in comes from it, and a default one would be no secret"
)


def _check_blind_seed(options: Options, seed: object, deck: object) -> None:
    """Refuse a ``draw_blind`` deal from an explicit deck without a seed of its own.

    The order in which a hand is offered face down comes from the deal's seed (see
    MBS-8); with a deck and the default seed 0 every seat could work that order out, and
    a blind draw would not be blind.
    """
    if options.passing is _PASSING_DRAW_BLIND and deck is not None and seed is None:
        raise OptionsError(_BLIND_SEED)


def _deal_history(state: State) -> DealHistory[Action]:
    deal = state._deal
    return DealHistory(deal.dealer, deal.seed, deal.deck, log_items(state._log), deal_result(state))


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
        why = message("common.refusal.deal-not-over", "MBS-14")
        raise IllegalActionError("start the next deal", "MBS-14", why)
    deal = state._deal
    rules = deal.rules
    number = deal.number + 1
    if seed is None and deck is None:
        seed = (legacy_derive if deal.legacy else derive)(deal.first_seed, (number,))
    _check_blind_seed(rules.options, seed, deck)
    table: Board = state._board
    return _checked_deal(
        rules,
        left_of(deal.dealer, rules.players),  # the deal passes to the left
        seed,
        deck,
        number=number,
        first_seed=deal.first_seed,
        previous=(deal.previous, _deal_history(state)),
        carried=(table.pool, table.balances),
        legacy=deal.legacy,
    )


def history(state: State) -> History[Action]:
    """How ``state`` was reached: every deal's dealer, seed, explicit deck and actions."""
    deal = state._deal
    return History((*log_items(deal.previous), _deal_history(state)), deal.legacy)
