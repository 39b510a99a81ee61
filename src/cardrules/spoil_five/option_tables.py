"""The option tables: everything the rules derive from one set of options, built once (internal).

:func:`tables_for` is the game's one cache: per set of options it builds the strength
tables of each trump suit (SF-2 to SF-6, SF-17), the following decision of every led card
(SF-15, SF-16), the rob decisions (SF-10 to SF-13), the deal plan (SF-8) and the antes
(SF-7) of :mod:`~cardrules.spoil_five.deal`, and the sides (SF-25), each by calling the
function that implements the rule.

>>> from cardrules.spoil_five.options import Options
>>> rules = tables_for(Options(players=4))
>>> rules is tables_for(Options(players=4)), rules.players, rules.antes[0]
(True, 4, ((3, 2, 2, 2), (2, 1, 1, 1)))
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from typing import cast

from cardrules.cards import FULL_PACK, Card, Rank, Suit
from cardrules.spoil_five.deal import antes, deal_positions
from cardrules.spoil_five.following import Following, follow_rule
from cardrules.spoil_five.options import Options, PlainLeadRule, Scoring
from cardrules.spoil_five.ranking import PRINTED_SUIT, TrumpTable, trump_table
from cardrules.spoil_five.robbing import RobDecision, rob_rule

__all__ = ["OptionTables", "sides", "tables_for"]

Getter = Callable[[Sequence[Card]], tuple[Card, ...]]
"""Takes one seat's five cards from the pack (an ``operator.itemgetter``)."""


class OptionTables:
    """Everything one set of options fixes, built once (see :func:`tables_for`).

    Compared by identity: there is one per options value. A plain slotted class with
    read-only fields, compiled with the engine in the compiled build.

    Attributes:
        options: the options tabled.
        players: the number of players.
        tables: per trump suit, the strength tables.
        following: per trump suit, per led card, the following decision.
        robs: per trump suit, per dealer, per holder of the ace of trumps (his seat, then
            ``players`` for nobody, then ``players + 1`` for a turned ace), each seat's rob
            decision.
        draw: how many cards a deal takes from the shuffled pack (all 52 with fiving,
            which may turn further cards).
        getters: per eldest hand, per seat, the getter of that seat's cards from the pack.
        antes: per dealer, each seat's ante for a fresh pool and after a spoil.
        sides: each seat's side number.
        members: the seats of each side.
        points: whether the game is played for points (SF-24) rather than pools.
        plain_need: the tricks below which a seat winning a trick before the fifth plays
            on, where nothing else can end the hand; 0 where ``trick_result`` decides
            (``settlement.plain_need``).

    """

    __slots__ = (
        "_antes", "_draw", "_following", "_getters", "_members", "_options", "_plain_need",
        "_players", "_points", "_robs", "_sides", "_tables",
    )  # fmt: skip

    def __init__(
        self,
        *,
        options: Options,
        players: int,
        tables: tuple[TrumpTable, ...],
        following: tuple[tuple[Following, ...], ...],
        robs: tuple[tuple[tuple[tuple[RobDecision, ...], ...], ...], ...],
        draw: int,
        getters: tuple[tuple[Getter, ...], ...],
        antes: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
        sides: tuple[int, ...],
        members: tuple[tuple[int, ...], ...],
        points: bool,
        plain_need: int,
    ) -> None:
        self._options = options
        self._players = players
        self._tables = tables
        self._following = following
        self._robs = robs
        self._draw = draw
        self._getters = getters
        self._antes = antes
        self._sides = sides
        self._members = members
        self._points = points
        self._plain_need = plain_need

    def __repr__(self) -> str:
        return f"OptionTables(options={self._options!r})"

    @property
    def options(self) -> Options:
        """The options tabled."""
        return self._options

    @property
    def players(self) -> int:
        """The number of players."""
        return self._players

    @property
    def tables(self) -> tuple[TrumpTable, ...]:
        """Per trump suit, the strength tables."""
        return self._tables

    @property
    def following(self) -> tuple[tuple[Following, ...], ...]:
        """Per trump suit, per led card, the following decision."""
        return self._following

    @property
    def robs(self) -> tuple[tuple[tuple[tuple[RobDecision, ...], ...], ...], ...]:
        """Per trump suit, dealer and holder of the ace, each seat's rob decision."""
        return self._robs

    @property
    def draw(self) -> int:
        """How many cards a deal takes from the shuffled pack."""
        return self._draw

    @property
    def getters(self) -> tuple[tuple[Getter, ...], ...]:
        """Per eldest hand, per seat, the getter of that seat's cards."""
        return self._getters

    @property
    def antes(self) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """Per dealer, each seat's ante for a fresh pool and after a spoil."""
        return self._antes

    @property
    def sides(self) -> tuple[int, ...]:
        """Each seat's side number."""
        return self._sides

    @property
    def members(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side."""
        return self._members

    @property
    def points(self) -> bool:
        """Whether the game is played for points (SF-24)."""
        return self._points

    @property
    def plain_need(self) -> int:
        """The tricks below which a trick's winner plays on, before the fifth (0: ask)."""
        return self._plain_need

    def rob_decisions(
        self, turn_up: Card, dealer: int, holder: int | None
    ) -> tuple[RobDecision, ...]:
        """Each seat's rob decision in a deal turning up ``turn_up`` (``holder`` dealt the ace)."""
        n = self._players
        turned: int = turn_up  # a card is its index
        suit = PRINTED_SUIT[turned]
        ace: int = self._tables[suit]._ace
        if turned == ace:
            return self._robs[suit][dealer][n + 1]
        return self._robs[suit][dealer][n if holder is None else holder]

    def __reduce__(self) -> tuple[Callable[[Options], OptionTables], tuple[Options]]:
        """Unpickle as the tables of the same options."""
        return (tables_for, (self._options,))


_last: tuple[Options, OptionTables] | None = None
"""The options last tabled and their tables: a batch of deals asks for the same ones."""


def tables_for(options: Options) -> OptionTables:
    """Return the option tables of ``options`` (cached: the game's only cache).

    The options asked for last are recognised by identity before the cache hashes them
    (every field, on every call): a session or a batch of playouts asks again and again.
    """
    global _last
    last = _last
    if last is not None and last[0] is options:
        return last[1]
    rules = _compile(options)
    _last = (options, rules)
    return rules


@functools.lru_cache(maxsize=256)
def _compile(options: Options) -> OptionTables:
    """Build the option tables of ``options`` (behind the cache of :func:`tables_for`)."""
    from cardrules.spoil_five.settlement import plain_need  # settlement reads these tables

    n = options.players
    must_follow = options.plain_lead_rule is PlainLeadRule.MUST_FOLLOW
    tables = tuple(trump_table(suit, options.ranking) for suit in Suit)
    seat_sides, members = sides(n, options.teams)
    robs = []
    for suit in Suit:
        ace, other = Card(Rank.ACE, suit), Card(Rank.TWO, suit)  # a turned ace, or not
        dealer_ace = rob_rule(options, ace, dealer=True, holder=False)
        other_ace = rob_rule(options, ace, dealer=False, holder=False)
        holding = rob_rule(options, other, dealer=False, holder=True)
        nobody = rob_rule(options, other, dealer=False, holder=False)
        robs.append(
            tuple(
                (
                    *(
                        tuple(holding if seat == holder else nobody for seat in range(n))
                        for holder in range(n + 1)  # the last: the ace of trumps is undealt
                    ),
                    tuple(dealer_ace if seat == dealer else other_ace for seat in range(n)),
                )
                for dealer in range(n)
            )
        )
    return OptionTables(
        options=options,
        players=n,
        tables=tables,
        following=tuple(
            tuple(follow_rule(led, table, must_follow=must_follow) for led in FULL_PACK)
            for table in tables
        ),
        robs=tuple(robs),
        draw=52 if options.fiving else 5 * n + 1,
        getters=tuple(
            tuple(
                cast(Getter, operator.itemgetter(*positions))
                for positions in deal_positions(n, eldest, options.deal_batches)
            )
            for eldest in range(n)
        ),
        antes=tuple((antes(options, d, False), antes(options, d, True)) for d in range(n)),
        sides=seat_sides,
        members=members,
        points=options.scoring is Scoring.POINTS,
        plain_need=plain_need(options, members),
    )


def sides(
    n: int, teams: tuple[tuple[int, ...], ...] | None
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Return each seat's side number, and each side's seats.

    Implements SF-25: partners' tricks count together for every purpose (the engine
    counts a side's tricks through these); without partnerships every player is his own
    side. Robbing and following stay individual.
    """
    if teams is None:
        return tuple(range(n)), tuple((seat,) for seat in range(n))
    members = tuple(tuple(sorted(team)) for team in teams)
    side_of = [0] * n
    for side, team in enumerate(members):
        for seat in team:
            side_of[seat] = side
    return tuple(side_of), members
