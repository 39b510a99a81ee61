"""Dealing Spoil Five: the antes (SF-7) and who is dealt which cards (SF-8).

The session entries (:mod:`cardrules.spoil_five.session`) collect the antes, and the
engine deals by these positions, which the option tables keep per eldest hand
(:mod:`cardrules.spoil_five.option_tables`).

>>> from cardrules.spoil_five.options import Options
>>> antes(Options(players=4), 0, False), deal_positions(2, 1, (2, 3))[1]
((3, 2, 2, 2), (0, 1, 4, 5, 6))
"""

from __future__ import annotations

from typing import Final

from cardrules.spoil_five.options import Options, SpoilPayers

__all__ = ["antes", "deal_positions", "pack_reach"]

# Enum members read once: a class attribute look-up costs a call on every step.
_SPOIL_PAYERS_ALL: Final = SpoilPayers.ALL


def deal_positions(n: int, eldest: int, batches: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """For each seat, the positions (from the top of the pack) of the cards it is dealt.

    Implements SF-8: two circuits clockwise from the eldest hand, ``batches[0]`` cards at
    a time and then ``batches[1]``; the next card is turned up.

    >>> deal_positions(2, 1, (2, 3))
    ((2, 3, 7, 8, 9), (0, 1, 4, 5, 6))
    """
    positions: list[list[int]] = [[] for _ in range(n)]
    top = 0
    for batch in batches:
        for offset in range(n):
            positions[(eldest + offset) % n] += range(top, top + batch)
            top += batch
    return tuple(tuple(seat_positions) for seat_positions in positions)


def antes(options: Options, dealer: int, spoilt: bool) -> tuple[int, ...]:
    """Return what each seat puts into the pool of a pool-game deal dealt by ``dealer``.

    Implements SF-7: full stakes for a fresh pool, spoil stakes after a spoil (from every
    player, or from the dealer only), and the dealer's extra on every deal.
    """
    n = options.players
    if not spoilt:
        payments = [options.full_stake] * n
    elif options.spoil_payers is _SPOIL_PAYERS_ALL:
        payments = [options.spoil_stake] * n
    else:
        payments = [0] * n
        payments[dealer] = options.spoil_stake
    payments[dealer] += options.dealer_extra
    return tuple(payments)


def pack_reach(options: Options) -> int:
    """How many cards from the top of the pack a deal may ever show anybody.

    The hands dealt by :func:`deal_positions` (SF-8) and the turn-up after them; with
    fiving, the cards of the turn-up's suit it may set aside after it (at most the other
    12 of that suit) and the new turn-up (SF-9).

    >>> from cardrules.spoil_five.options import TWO_HANDED
    >>> pack_reach(Options(players=4)), pack_reach(TWO_HANDED)
    (21, 23)
    """
    n = options.players
    dealt = 1 + max(max(places) for places in deal_positions(n, 0, options.deal_batches))
    return dealt + 1 + (12 if options.fiving else 0)
