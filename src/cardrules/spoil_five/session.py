"""A Spoil Five session: its first deal, the deals after it (C-2), the antes collected (SF-7).

>>> from cardrules.spoil_five.options import Options
>>> state = new_game(Options(players=4), seed=7)
>>> state.pool, state.dealer, state.eldest
(9, 0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules.cards import Card
from cardrules.errors import IllegalActionError, OptionsError
from cardrules.messages import message
from cardrules.spoil_five.options import Options
from cardrules.spoil_five.rules import deal_after, first_deal
from cardrules.spoil_five.state import Phase, State

__all__ = ["new_game", "next_deal"]

# The deals themselves are dealt by the compiled engine (rules.first_deal, rules.deal_after);
# the public entries here check their arguments and raise OptionsError, so they stay
# interpreted in the compiled build (whose compiled functions check annotations themselves,
# with a TypeError).


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


def _check_seat(dealer: object, n: int) -> None:
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise OptionsError(f"dealer: expected a seat from 0 to {n - 1}, not {dealer!r}")


def _check_seed(seed: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"seed: expected an int, not {seed!r}")


# Enum members read once: a class attribute look-up costs a call on every step.
_GAME_OVER: Final = Phase.GAME_OVER


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
    elif not isinstance(options, Options):
        raise OptionsError(f"options: expected spoil_five.Options, not {options!r}")
    if type(dealer) is not int or not 0 <= dealer < options.players:
        _check_seat(dealer, options.players)  # an int subclass passes; anything else raises
    pack = None if deck is None else _pack_from(deck)
    if seed is None:
        seed = 0
    elif type(seed) is not int:
        _check_seed(seed)  # an int subclass passes; anything else raises
    return first_deal(options, dealer, seed, pack)


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
    if state._board._settled is None:
        why = message("common.refusal.deal-not-over", "C-7")
        raise IllegalActionError("start the next deal", "C-7", why)
    if state.phase is _GAME_OVER:
        why = message("common.refusal.game-over", "SF-24")
        raise IllegalActionError("start the next deal", "SF-24", why)
    pack = None if deck is None else _pack_from(deck)
    if seed is not None and type(seed) is not int:
        _check_seed(seed)  # an int subclass passes; anything else raises
    return deal_after(state, seed, pack)
