"""Settling a Spoil Five hand: who takes the pool, jink bonuses, spoils (SF-18 to SF-21).

Counters are moved, never created: every payout comes out of the pool, and a jink bonus
is first paid into the pool by the losers (C-5).
"""

from __future__ import annotations

from tests.legacy.spoil_five.state import Board, DealInfo, OutcomeKind, make_outcome, replace_board
from tests.legacy.stakes import split_pool

__all__ = ["settle", "spoil_certain"]

_PAYING: frozenset[OutcomeKind] = frozenset(
    (OutcomeKind.WON, OutcomeKind.JINK, OutcomeKind.GAME_WON)
)


def settle(
    info: DealInfo,
    board: Board,
    kind: OutcomeKind,
    winners: tuple[int, ...],
    tricks_won: tuple[int, ...],
) -> Board:
    """Return ``board`` with the hand settled as ``kind`` in favour of ``winners``.

    Implements SF-19 (the winner takes the pool; partners split it, the remainder staying
    in the pool under the default ``split_remainder``, SF-25), SF-21 (a jink: every other
    player also pays ``full_stake`` to the winner) and SF-18 (a spoil leaves the pool).
    """
    n = info.n
    pool = board.pool
    balances = list(board.balances)
    payouts: tuple[int, ...] = (0,) * n
    carried = pool
    if kind in _PAYING:
        if kind is OutcomeKind.JINK:
            stake = info.options.full_stake
            for seat in range(n):
                if seat not in winners:
                    balances[seat] -= stake
                    pool += stake
        payouts, carried = split_pool(
            pool,
            winners,
            players=n,
            dealer=info.dealer,
            remainder=info.options.split_remainder,
        )
        for seat in range(n):
            balances[seat] += payouts[seat]
    else:
        winners = ()
    outcome = make_outcome(kind, tuple(winners), payouts, carried, tricks_won)
    return replace_board(board, pool=carried, balances=tuple(balances), outcome=outcome)


def spoil_certain(info: DealInfo, board: Board, tricks_won: tuple[int, ...], played: int) -> bool:
    """Return whether no unbarred player (side) can still take the tricks needed.

    Used by ``stop_when_spoil_certain`` (D-25).
    """
    left = 5 - played
    need = info.options.win_tricks
    barred = board.barred
    for members in info.members:
        if any(seat in barred for seat in members):
            continue
        if sum(tricks_won[seat] for seat in members) + left >= need:
            return False
    return True
