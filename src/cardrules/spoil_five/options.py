"""Spoil Five options: every variant of the rules page, validated, and named presets.

>>> Options(players=4).full_stake, Options().robbing == "compulsory"
(2, True)
>>> Options(players=4, teams=[[0, 2], [1, 3]]).teams
((0, 2), (1, 3))
>>> Options(players=11)
Traceback (most recent call last):
...
cardrules.errors.OptionsError: players: Spoil Five needs 2 to 10 players, not 11 (SF-1)
>>> sorted(PRESETS)[:3]
['forty-five', 'jinking', 'ordinary']
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, Literal, TypeAlias

import attrs

from cardrules._options import (
    MAX_STAKE,
    SplitRemainderName,
    to_bool,
    to_enum,
    to_int,
    to_optional_int,
)
from cardrules._options import split_remainder as _split_remainder
from cardrules.cards import FULL_PACK, Card
from cardrules.errors import OptionsError
from cardrules.stakes import SplitRemainder

__all__ = [
    "FORTY_FIVE",
    "JINKING",
    "ORDINARY",
    "PARTNERSHIP",
    "PEEL",
    "PRESETS",
    "TWENTY_FIVE",
    "TWO_HANDED",
    "TWO_TRICKS",
    "DealerAce",
    "DealerAceName",
    "FivingAsker",
    "FivingAskerName",
    "Options",
    "PlainLeadRule",
    "PlainLeadRuleName",
    "Ranking",
    "RankingName",
    "RobEnforcement",
    "RobEnforcementName",
    "Robbing",
    "RobbingName",
    "Scoring",
    "ScoringName",
    "SplitRemainderName",
    "SpoilPayers",
    "SpoilPayersName",
]


class SpoilPayers(enum.StrEnum):
    """Who antes after a spoil (D-13)."""

    ALL = "all"
    """Every player pays ``spoil_stake``; the dealer also pays ``dealer_extra``."""
    DEALER_ONLY = "dealer_only"
    """Only the dealer pays (``spoil_stake + dealer_extra``)."""


SpoilPayersName: TypeAlias = Literal["all", "dealer_only"]
"""The plain strings of :class:`SpoilPayers`, which its fields also take."""


class Robbing(enum.StrEnum):
    """Whether robbing the turn-up is required, allowed or abolished (SF-12, D-18)."""

    COMPULSORY = "compulsory"
    OPTIONAL = "optional"
    OFF = "off"


RobbingName: TypeAlias = Literal["compulsory", "optional", "off"]
"""The plain strings of :class:`Robbing`, which its fields also take."""


class RobEnforcement(enum.StrEnum):
    """How a compulsory rob is enforced (SF-12, D-18)."""

    ENFORCE = "enforce"
    """The engine demands the rob; false robs are illegal."""
    PENALIZE = "penalize"
    """A player may skip the rob or rob falsely, and is then barred from winning."""


RobEnforcementName: TypeAlias = Literal["enforce", "penalize"]
"""The plain strings of :class:`RobEnforcement`, which its fields also take."""


class DealerAce(enum.StrEnum):
    """When a dealer who robbed a turned-up ace may use it (SF-10, D-16)."""

    OWN_TURN_TRICK1 = "own_turn_trick1"
    AFTER_TRICK1 = "after_trick1"


DealerAceName: TypeAlias = Literal["own_turn_trick1", "after_trick1"]
"""The plain strings of :class:`DealerAce`, which its fields also take."""


class PlainLeadRule(enum.StrEnum):
    """What a player holding the led plain suit may play (SF-16, D-19)."""

    FOLLOW_OR_TRUMP = "follow_or_trump"
    MUST_FOLLOW = "must_follow"


PlainLeadRuleName: TypeAlias = Literal["follow_or_trump", "must_follow"]
"""The plain strings of :class:`PlainLeadRule`, which its fields also take."""


class Ranking(enum.StrEnum):
    """The card order: Peel's Spoil Five order, or whist order everywhere (SF-22)."""

    PEEL = "peel"
    ORDINARY = "ordinary"


RankingName: TypeAlias = Literal["peel", "ordinary"]
"""The plain strings of :class:`Ranking`, which its fields also take."""


class FivingAsker(enum.StrEnum):
    """Who may ask the dealer to five the hand (SF-9, D-15)."""

    ELDEST = "eldest"
    EITHER_OPPONENT = "either_opponent"


FivingAskerName: TypeAlias = Literal["eldest", "either_opponent"]
"""The plain strings of :class:`FivingAsker`, which its fields also take."""


class Scoring(enum.StrEnum):
    """Pool per hand (Spoil Five) or points to a target (Twenty-Five/Forty-Five, SF-24)."""

    POOL = "pool"
    POINTS = "points"


ScoringName: TypeAlias = Literal["pool", "points"]
"""The plain strings of :class:`Scoring`, which its fields also take."""


def _points_stake(value: object) -> int | None:
    stake = to_optional_int("points_stake", value)
    return None if stake is None else to_int("points_stake", stake, high=MAX_STAKE)


def _players(value: object) -> int:
    """Check the number of players.

    Implements SF-1: two to ten players, with the full pack of 52 cards (ten players use
    51 of them, see :func:`cardrules.spoil_five.deal.deal_positions`).
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionsError(f"players: expected an int, not {value!r}")
    if not 2 <= value <= 10:
        raise OptionsError(f"players: Spoil Five needs 2 to 10 players, not {value!r} (SF-1)")
    return value


def _batches(value: object) -> tuple[int, int]:
    if isinstance(value, tuple | list) and tuple(value) in ((2, 3), (3, 2)):
        return (2, 3) if tuple(value) == (2, 3) else (3, 2)
    raise OptionsError(f"deal_batches: expected (2, 3) or (3, 2), not {value!r}")


def _teams(value: object) -> tuple[tuple[int, ...], ...] | None:
    if value is None:
        return None
    if isinstance(value, str | bytes) or not isinstance(value, tuple | list):
        raise OptionsError(f"teams: expected None or a list of seat lists, not {value!r}")
    teams = []
    for team in value:
        if isinstance(team, str | bytes) or not isinstance(team, tuple | list):
            raise OptionsError(f"teams: each team must be a list of seats, not {team!r}")
        for seat in team:
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise OptionsError(f"teams: seats must be ints, not {seat!r}")
        teams.append(tuple(team))
    return tuple(teams)


@attrs.frozen(slots=True, init=False)
class Options:
    """The rules a Spoil Five game is played under (``docs/rules/spoil-five.md``, Variants).

    Field names and defaults are those of the rules page's option table. String-valued fields
    accept the plain strings and store the matching enum member.

    Attributes:
        players: number of seats, 2 to 10 (SF-1).
        split_remainder: where counters go that a split pool cannot share evenly (D-2).
        full_stake: each player's ante for a fresh pool (SF-7).
        spoil_stake: each player's ante after a spoil (SF-7).
        dealer_extra: the dealer's extra ante, due every deal (SF-7).
        spoil_payers: who antes after a spoil (D-13).
        deal_batches: cards per player in the first and second circuit of the deal (SF-8).
        robbing: compulsory, optional or off (SF-10 to SF-12).
        rob_enforcement: enforce (rob demanded) or penalize (skip or false rob bars) (SF-12).
        dealer_ace_available: when a robbing dealer may use the turned ace (SF-10).
        plain_lead_rule: follow suit or trump, or must follow (SF-16).
        ranking: Peel's order or the ordinary (whist) sequence (SF-22).
        win_tricks: tricks needed to win the pool, 3 or 2 (SF-18, SF-20).
        jinking: whether the winner of the first three tricks may go for all five (SF-21).
        fiving: whether the dealer may be asked to five the hand (SF-9; two players or sides).
        fiving_asker: who may ask (D-15).
        teams: partnerships as lists of seats, or None for everyone for himself (SF-25).
        scoring: pool per hand, or points to a target (SF-24).
        target: points that win a points game, 25 or 45 (SF-24).
        points_stake: each player's one stake in a points game; None means ``full_stake``.
        stop_when_spoil_certain: end a hand as soon as nobody can win it (D-25).

    Raises:
        OptionsError: naming the field(s) for any bad value, type or combination.

    """

    players: int = 5
    split_remainder: SplitRemainder = SplitRemainder.CARRY
    full_stake: int = 2
    spoil_stake: int = 1
    dealer_extra: int = 1
    spoil_payers: SpoilPayers = SpoilPayers.ALL
    deal_batches: tuple[int, int] = (2, 3)
    robbing: Robbing = Robbing.COMPULSORY
    rob_enforcement: RobEnforcement = RobEnforcement.ENFORCE
    dealer_ace_available: DealerAce = DealerAce.OWN_TURN_TRICK1
    plain_lead_rule: PlainLeadRule = PlainLeadRule.FOLLOW_OR_TRUMP
    ranking: Ranking = Ranking.PEEL
    win_tricks: int = 3
    jinking: bool = False
    fiving: bool = False
    fiving_asker: FivingAsker = FivingAsker.ELDEST
    teams: tuple[tuple[int, ...], ...] | None = None
    scoring: Scoring = Scoring.POOL
    target: int = 25
    points_stake: int | None = None
    stop_when_spoil_certain: bool = False

    # The constructor is written out so that type checkers show callers each field's real
    # type (an enum field also takes its plain strings, ``teams`` any sequences), while
    # every value is still checked here at run time: anything else, wrong types included,
    # raises OptionsError naming the field, never TypeError.
    def __init__(
        self,
        players: int = 5,
        split_remainder: SplitRemainder | SplitRemainderName = SplitRemainder.CARRY,
        full_stake: int = 2,
        spoil_stake: int = 1,
        dealer_extra: int = 1,
        spoil_payers: SpoilPayers | SpoilPayersName = SpoilPayers.ALL,
        deal_batches: Sequence[int] = (2, 3),
        robbing: Robbing | RobbingName = Robbing.COMPULSORY,
        rob_enforcement: RobEnforcement | RobEnforcementName = RobEnforcement.ENFORCE,
        dealer_ace_available: DealerAce | DealerAceName = DealerAce.OWN_TURN_TRICK1,
        plain_lead_rule: PlainLeadRule | PlainLeadRuleName = PlainLeadRule.FOLLOW_OR_TRUMP,
        ranking: Ranking | RankingName = Ranking.PEEL,
        win_tricks: int = 3,
        jinking: bool = False,
        fiving: bool = False,
        fiving_asker: FivingAsker | FivingAskerName = FivingAsker.ELDEST,
        teams: Sequence[Sequence[int]] | None = None,
        scoring: Scoring | ScoringName = Scoring.POOL,
        target: int = 25,
        points_stake: int | None = None,
        stop_when_spoil_certain: bool = False,
    ) -> None:
        self.__attrs_init__(
            _players(players),
            _split_remainder(split_remainder),
            to_int("full_stake", full_stake, high=MAX_STAKE),
            to_int("spoil_stake", spoil_stake, high=MAX_STAKE),
            to_int("dealer_extra", dealer_extra, high=MAX_STAKE),
            to_enum(SpoilPayers, "spoil_payers", spoil_payers),
            _batches(deal_batches),
            to_enum(Robbing, "robbing", robbing),
            to_enum(RobEnforcement, "rob_enforcement", rob_enforcement),
            to_enum(DealerAce, "dealer_ace_available", dealer_ace_available),
            to_enum(PlainLeadRule, "plain_lead_rule", plain_lead_rule),
            to_enum(Ranking, "ranking", ranking),
            to_int("win_tricks", win_tricks, allowed=(3, 2)),
            to_bool("jinking", jinking),
            to_bool("fiving", fiving),
            to_enum(FivingAsker, "fiving_asker", fiving_asker),
            _teams(teams),
            to_enum(Scoring, "scoring", scoring),
            to_int("target", target, allowed=(25, 45)),
            _points_stake(points_stake),
            to_bool("stop_when_spoil_certain", stop_when_spoil_certain),
        )

    def __attrs_post_init__(self) -> None:
        """Check the combinations of fields (each field alone is checked by ``__init__``)."""
        n = self.players
        if self.teams is not None:
            seats = sorted(seat for team in self.teams for seat in team)
            if seats != list(range(n)):
                raise OptionsError(
                    f"teams: must divide the seats 0 to {n - 1} among the teams, each seat "
                    f"exactly once, not {self.teams!r} (SF-25)"
                )
            sizes = {len(team) for team in self.teams}
            if len(self.teams) < 2 or len(sizes) != 1:
                raise OptionsError(
                    f"teams: need at least two teams of equal size, not {self.teams!r} (SF-25)"
                )
        if self.fiving and self.sides != 2:
            raise OptionsError(
                "fiving, players, teams: fiving needs two players or two partnerships (SF-9)"
            )
        if self.fiving and 52 - 5 * n - 1 < 13:
            # Fiving turns cards until a new suit shows; up to 12 more of the first suit
            # may come, so 13 undealt cards are needed. Eight or ten players leave fewer.
            raise OptionsError(
                f"fiving, players: with {n} players too few cards stay undealt for fiving "
                "to be sure of turning up a new trump suit; at most six players (SF-9)"
            )
        if self.jinking and self.win_tricks == 2:
            raise OptionsError(
                "jinking, win_tricks: jinking cannot be combined with two tricks win (D-20)"
            )
        if self.rob_enforcement is RobEnforcement.PENALIZE and self.robbing is not (
            Robbing.COMPULSORY
        ):
            raise OptionsError(
                "rob_enforcement, robbing: 'penalize' applies only to compulsory robbing (SF-12)"
            )
        if self.scoring is Scoring.POINTS:
            if self.win_tricks != 3:
                raise OptionsError(
                    "scoring, win_tricks: a points game plays every hand out; two tricks win "
                    "does not apply (SF-24)"
                )
            if self.jinking:
                raise OptionsError(
                    "scoring, jinking: in a points game a jink always wins the game; the "
                    "jinking option belongs to pool scoring (SF-24)"
                )
            if self.stop_when_spoil_certain:
                raise OptionsError(
                    "scoring, stop_when_spoil_certain: a points game has no spoils (SF-24)"
                )
        else:
            if self.target != 25:
                raise OptionsError("target, scoring: a target needs scoring='points' (SF-24)")
            if self.points_stake is not None:
                raise OptionsError(
                    "points_stake, scoring: a points stake needs scoring='points' (SF-24)"
                )

    @property
    def sides(self) -> int:
        """The number of sides: the number of teams, or of players without partnerships."""
        return self.players if self.teams is None else len(self.teams)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the pack these options deal from, in pack order: all 52 (SF-1)."""
        return FULL_PACK

    @property
    def game_stake(self) -> int:
        """Each player's one stake in a points game (``points_stake``, else ``full_stake``)."""
        return self.full_stake if self.points_stake is None else self.points_stake


PEEL: Final = Options()
"""Peel's standard game for five players: three tricks win, compulsory robbing."""
TWO_TRICKS: Final = Options(win_tricks=2)
"""Peel's variation for five or more: the first to two tricks wins (SF-20)."""
JINKING: Final = Options(jinking=True)
"""Peel's game with jinking: the winner of the first three tricks may go for five (SF-21)."""
ORDINARY: Final = Options(ranking=Ranking.ORDINARY)
"""Cards rank in the ordinary (whist) sequence in every suit (SF-22)."""
TWO_HANDED: Final = Options(players=2, fiving=True)
"""Two players, with fiving allowed (SF-9)."""
PARTNERSHIP: Final = Options(players=4, teams=((0, 2), (1, 3)))
"""Four players, two against two, partners opposite (SF-25)."""
TWENTY_FIVE: Final = Options(scoring=Scoring.POINTS, target=25)
"""Twenty-Five: five points a trick, first to 25 wins the game (SF-24)."""
FORTY_FIVE: Final = Options(scoring=Scoring.POINTS, target=45)
"""Forty-Five: five points a trick, first to 45 wins the game (SF-24)."""

PRESETS: Final[Mapping[str, Options]] = MappingProxyType(
    {
        "peel": PEEL,
        "two-tricks": TWO_TRICKS,
        "jinking": JINKING,
        "ordinary": ORDINARY,
        "two-handed": TWO_HANDED,
        "partnership": PARTNERSHIP,
        "twenty-five": TWENTY_FIVE,
        "forty-five": FORTY_FIVE,
    }
)
"""The named presets by their lower-case names."""
