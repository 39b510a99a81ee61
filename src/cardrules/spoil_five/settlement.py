"""The end of a Spoil Five hand: what follows a trick, jinks, points, and paying out.

After every trick :func:`trick_result` says whether play goes on, the winner of the first
three tricks chooses to jink (:func:`jink_rule`), or the hand is settled, and how;
:func:`settle` then moves the counters. Counters are moved, never created: every payout
comes out of the pool, and a jink bonus is first paid into the pool by the losers (C-5).
"""

from __future__ import annotations

from typing import Final

from cardrules.messages import message
from cardrules.spoil_five.actions import GO_ON, STOP, Action
from cardrules.spoil_five.option_tables import OptionTables
from cardrules.spoil_five.options import Options, Scoring
from cardrules.spoil_five.state import Board, Decision, OutcomeKind, Phase, Settled
from cardrules.stakes import split_pool

__all__ = [
    "JINK_DUTY",
    "JINK_REFUSAL",
    "JinkDecision",
    "Result",
    "jink_rule",
    "plain_need",
    "points_result",
    "settle",
    "trick_result",
]

Result = OutcomeKind | Phase
"""What follows a trick: ``Phase.PLAY`` (play on), ``Phase.JINK`` (the winner chooses),
or the kind of settlement of the hand."""

JINK_DUTY: Final = message("spoil-five.refusal.choose-stop-or-go-on", "SF-21")
"""The refusal of any other action while the jink decision is pending."""

JINK_REFUSAL: Final = message("spoil-five.refusal.no-jink", "SF-21")
"""The refusal of ``stop`` or ``go-on`` anywhere but the jink decision."""

_JINK_CHOICES: Final[tuple[Action, ...]] = (STOP, GO_ON)


class JinkDecision(Decision):
    """The winner of the first three tricks stops or goes on for a jink (SF-21)."""

    __slots__ = ()

    def __init__(self, seat: int) -> None:
        self._seat = seat
        self._legal = _JINK_CHOICES

    def _key(self) -> tuple[object, ...]:
        return (self._seat,)

    @property
    def phase(self) -> Phase:
        """``Phase.JINK``."""
        return _JINK


_PAYING: Final = frozenset((OutcomeKind.WON, OutcomeKind.JINK, OutcomeKind.GAME_WON))


# Enum members read once: a class attribute look-up costs a call on every step.
_JINK: Final = Phase.JINK
_OUTCOME_BARRED: Final = OutcomeKind.BARRED
_OUTCOME_GAME_WON: Final = OutcomeKind.GAME_WON
_OUTCOME_HAND_SCORED: Final = OutcomeKind.HAND_SCORED
_OUTCOME_JINK: Final = OutcomeKind.JINK
_OUTCOME_JINK_FAILED: Final = OutcomeKind.JINK_FAILED
_OUTCOME_SPOILT: Final = OutcomeKind.SPOILT
_OUTCOME_WON: Final = OutcomeKind.WON
_PLAY: Final = Phase.PLAY
_SCORING_POOL: Final = Scoring.POOL


def trick_result(
    rules: OptionTables, board: Board, winner: int, won: tuple[int, ...], played: int
) -> Result:
    """What follows a trick won by ``winner`` in a pool game (``won``: tricks per seat).

    Implements SF-18 and SF-20: the first side (SF-25) to ``win_tricks`` tricks (3, or
    2) wins the hand and the rest is not played; five tricks without such a winner spoil
    it, and so, with ``stop_when_spoil_certain`` (D-25), does a hand that no unbarred side
    can win any more. A barred side taking the tricks spoils the hand (SF-13); a jink has
    its say (SF-21, :func:`jink_rule`).
    """
    options = rules._options
    side = rules._sides[winner]
    jinker = board._jinker
    if jinker is not None:
        return jink_rule(options, jinker, side, 0, played) or _PLAY
    team = rules._members[side]
    side_won = won[winner] if len(team) == 1 else sum([won[seat] for seat in team])
    need = options.win_tricks
    if side_won >= need:
        barred = board._barred
        if barred and any(seat in barred for seat in team):
            return _OUTCOME_BARRED
        return jink_rule(options, None, side, side_won, played) or _OUTCOME_WON
    if played == 5:
        return _OUTCOME_SPOILT
    if options.stop_when_spoil_certain:
        left = 5 - played
        barred = board._barred
        if not any(
            sum([won[seat] for seat in team]) + left >= need
            for team in rules.members
            if not any(seat in barred for seat in team)
        ):
            return _OUTCOME_SPOILT
    return _PLAY


def plain_need(options: Options, members: tuple[tuple[int, ...], ...]) -> int:
    """The tricks below which a seat winning a trick before the fifth plays on, or 0.

    Where the options leave :func:`trick_result` only its plain question (pool scoring,
    no partners, no jinking, no ``stop_when_spoil_certain``), a trick before the fifth
    whose winner holds fewer than ``win_tricks`` tricks is followed by play (SF-18):
    nothing else can end the hand then. Otherwise 0: ask :func:`trick_result`.
    """
    if (
        options.scoring is not _SCORING_POOL
        or any(len(team) > 1 for team in members)
        or options.jinking
        or options.stop_when_spoil_certain
    ):
        return 0
    return options.win_tricks


def jink_rule(
    options: Options, jinker: int | None, side: int, side_won: int, played: int
) -> Result | None:
    """What jinking makes of a trick won by ``side``; None where it changes nothing.

    Implements SF-21 (``jinking``): a side that wins the first three tricks chooses
    (``Phase.JINK``) to stop, which takes the pool as a win, or to go on; once ``jinker``
    has gone on, losing the fourth or fifth trick ends the hand there as a spoil
    (``JINK_FAILED``), and winning all five is a jink, paid the pool plus ``full_stake``
    from every other player (see :func:`settle`).
    """
    if not options.jinking:
        return None
    if jinker is not None:
        if side != jinker:
            return _OUTCOME_JINK_FAILED
        return _OUTCOME_JINK if played == 5 else None
    if played == 3 and side_won == 3:
        return _JINK
    return None


def points_result(
    rules: OptionTables, board: Board, winner: int, won: tuple[int, ...], played: int
) -> tuple[tuple[int, ...], Result]:
    """Score a trick won by ``winner`` in a points game: return the scores and what follows.

    Implements SF-24: every hand is played out; each trick scores 5 points to its
    winner's side (SF-25), a barred side scoring nothing (SF-13); the first to reach the
    target, checked after each trick, or to take all five tricks of a hand wins the game
    at once, and the stakes paid at the start.
    """
    team = rules.members[rules.sides[winner]]
    scores = board._scores
    if not any(seat in board._barred for seat in team):
        changed = list(scores)
        for member in team:
            changed[member] += 5
        scores = tuple(changed)
        side_won = sum([won[seat] for seat in team])
        if (played == 5 and side_won == 5) or scores[team[0]] >= rules.options.target:
            return scores, _OUTCOME_GAME_WON
    if played == 5:
        return scores, _OUTCOME_HAND_SCORED
    return scores, _PLAY


def settle(
    options: Options,
    dealer: int,
    board: Board,
    kind: OutcomeKind,
    winners: tuple[int, ...],
    tricks_won: tuple[int, ...],
) -> Board:
    """Return ``board`` with the hand settled as ``kind`` in favour of ``winners``.

    Implements SF-19: the winner takes the pool, and the next deal starts a fresh one;
    partners split it (SF-25), the remainder going where ``split_remainder`` says (C-5,
    D-2). A jink is paid the pool plus ``full_stake`` from every other player (SF-21); a
    spoil, a barred winner and a points hand leave the pool (SF-18, SF-13, SF-24).
    """
    n = options.players
    pool = board._pool
    balances = list(board._balances)
    payouts: tuple[int, ...] = (0,) * n
    carried = pool
    if kind in _PAYING:
        if kind is _OUTCOME_JINK:
            stake = options.full_stake
            for seat in range(n):
                if seat not in winners:
                    balances[seat] -= stake
                    pool += stake
        payouts, carried = split_pool(
            pool, winners, players=n, dealer=dealer, remainder=options.split_remainder
        )
        for seat in range(n):
            balances[seat] += payouts[seat]
    else:
        winners = ()
    return board.settled(
        carried, tuple(balances), Settled(kind, winners, payouts, carried, tricks_won)
    )
