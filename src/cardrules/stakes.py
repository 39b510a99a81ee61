"""Counters shared by both games: dividing a pool among winners (C-5, D-2).

Counters are never created or destroyed: a split hands out exactly the pool, or leaves
what cannot be divided evenly in the pool.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

__all__ = ["SplitRemainder", "split_pool"]


class SplitRemainder(enum.StrEnum):
    """Where the counters go that cannot be divided evenly among winners (D-2).

    Members compare equal to the option strings of the rules pages
    (``SplitRemainder.CARRY == "carry"``).
    """

    CARRY = "carry"
    """They stay in the pool for the next deal (the default)."""
    FIRST_FROM_ELDEST = "first_from_eldest"
    """They go to the winner nearest the dealer's left."""
    DEALER = "dealer"
    """They go to the dealer."""


def split_pool(
    pool: int,
    winners: Sequence[int],
    *,
    players: int,
    dealer: int,
    remainder: SplitRemainder | str = SplitRemainder.CARRY,
) -> tuple[tuple[int, ...], int]:
    """Divide ``pool`` equally among ``winners``; return (payout per seat, what stays).

    Implements C-5 and D-2: each winner receives ``pool // len(winners)``; the remainder
    stays in the pool (``carry``), or goes to the winner first to the dealer's left, or to
    the dealer.

    >>> split_pool(9, [0, 2], players=4, dealer=3)
    ((4, 0, 4, 0), 1)
    >>> split_pool(9, [0, 2], players=4, dealer=3, remainder="first_from_eldest")
    ((5, 0, 4, 0), 0)
    >>> split_pool(9, [0, 2], players=4, dealer=1, remainder="first_from_eldest")
    ((4, 0, 5, 0), 0)
    >>> split_pool(7, [], players=3, dealer=0)
    ((0, 0, 0), 7)
    """
    payout = [0] * players
    if not winners:
        return tuple(payout), pool
    share, rest = divmod(pool, len(winners))
    for seat in winners:
        payout[seat] += share
    if rest:
        mode = SplitRemainder(remainder)
        if mode is SplitRemainder.FIRST_FROM_ELDEST:
            first = min(winners, key=lambda seat: (seat - dealer - 1) % players)
            payout[first] += rest
            rest = 0
        elif mode is SplitRemainder.DEALER:
            payout[dealer] += rest
            rest = 0
    return tuple(payout), rest
