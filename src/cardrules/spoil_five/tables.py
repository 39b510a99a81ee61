"""Per-deal tables: strength and follow tables by trump suit, and facts derived from options.

Everything here is computed once (per trump suit and ranking, or per options value) and
shared by every state of a deal through :class:`~cardrules.spoil_five.state.DealInfo`.
"""

from __future__ import annotations

import functools
from typing import Final, TypeAlias

import attrs

from cardrules.cards import FULL_PACK, Card, Suit
from cardrules.history import DealHistory, Log
from cardrules.spoil_five.actions import PLAYS, Action, Play
from cardrules.spoil_five.options import (
    Options,
    PlainLeadRule,
    Ranking,
    Robbing,
    RobEnforcement,
    Scoring,
)
from cardrules.spoil_five.ranking import TRUMP, TrumpTable, trump_table
from cardrules.spoil_five.state import DealInfo, make_deal_info

__all__ = [
    "FollowPlays",
    "deal_info",
    "follow_plays",
    "follow_tables",
    "sides",
    "trick_strengths",
]

_TABLES: Final[dict[tuple[str, int], TrumpTable]] = {
    (ranking, suit): trump_table(Suit(suit), ranking) for ranking in Ranking for suit in range(4)
}


@functools.cache
def follow_tables(
    trump: Suit, ranking: Ranking, must_follow: bool
) -> tuple[tuple[tuple[bool, ...], ...], tuple[tuple[bool, ...], ...]]:
    """Precompute, for every led card, which cards oblige and which cards may be played.

    Implements SF-15 and SF-16 as data. ``oblige[led][card]`` says that holding ``card``
    restricts the player: a trump that is not protected against a led trump (SF-15), or a
    card of a led plain suit (SF-16). ``allowed[led][card]`` says that ``card`` may then be
    played: any trump after a trump lead; the led suit or a trump after a plain lead (only
    the led suit under ``must_follow``). A player holding no obliging card may play any
    card.
    """
    table = _TABLES[ranking, trump]
    suit_of = table.suit_of
    power = table.power
    protected = table.protected
    oblige = []
    allowed = []
    for led in FULL_PACK:
        led_suit = suit_of[led]
        if led_suit == TRUMP:
            oblige.append(
                tuple(
                    suit_of[c] == TRUMP and not (protected[c] and power[c] > power[led])
                    for c in FULL_PACK
                )
            )
            allowed.append(tuple(suit_of[c] == TRUMP for c in FULL_PACK))
        else:
            oblige.append(tuple(suit_of[c] == led_suit for c in FULL_PACK))
            allowed.append(
                tuple(
                    suit_of[c] == led_suit or (suit_of[c] == TRUMP and not must_follow)
                    for c in FULL_PACK
                )
            )
    return tuple(oblige), tuple(allowed)


FollowPlays: TypeAlias = tuple[tuple[frozenset[Play], ...], tuple[frozenset[Play], ...]]
"""Per led card: the ``Play`` actions that oblige, and those then allowed."""


@functools.cache
def follow_plays(trump: Suit, ranking: Ranking, must_follow: bool) -> FollowPlays:
    """:func:`follow_tables` as sets of the shared ``Play`` actions, per led card.

    The engine tests a hand (a tuple of ``Play`` actions) against them with C-level set
    operations: ``oblige[led].isdisjoint(hand)`` says whether the hand may play anything;
    if not, the legal plays are the hand's members of ``allowed[led]``.
    """
    oblige, allowed = follow_tables(trump, ranking, must_follow)
    return (
        tuple([frozenset([PLAYS[c] for c in FULL_PACK if row[c]]) for row in oblige]),
        tuple([frozenset([PLAYS[c] for c in FULL_PACK if row[c]]) for row in allowed]),
    )


def trick_strengths(table: TrumpTable) -> tuple[tuple[int, ...], ...]:
    """Per led card, each card's strength in the trick under ``table``'s trump suit.

    Implements SF-17 as data: a trump or a card of the suit led counts its power (every
    trump's power exceeds every plain card's), any other card 0; the strongest card of a
    trick wins it. Cards led from the same suit share one row.
    """
    suit_of = table.suit_of
    power = table.power
    rows = [
        tuple([power[c] if suit_of[c] in (led, TRUMP) else 0 for c in FULL_PACK])
        for led in range(TRUMP + 1)
    ]
    return tuple([rows[suit_of[led]] for led in FULL_PACK])


_STRENGTHS: Final = {key: trick_strengths(table) for key, table in _TABLES.items()}


@functools.cache
def sides(
    n: int, teams: tuple[tuple[int, ...], ...] | None
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Return each seat's side number, and each side's seats.

    Implements SF-25 (partnerships; without them every player is his own side).
    """
    if teams is None:
        return tuple(range(n)), tuple((seat,) for seat in range(n))
    members = tuple(tuple(sorted(team)) for team in teams)
    side_of = [0] * n
    for side, team in enumerate(members):
        for seat in team:
            side_of[seat] = side
    return tuple(side_of), members


@attrs.frozen(slots=True)
class _Rules:
    """Facts derived from one Options value that every deal needs (computed once)."""

    options: Options
    ordinary: bool
    must_follow: bool
    robbing: bool
    penalize: bool
    optional: bool
    plain_end: bool
    follow: tuple[FollowPlays, ...]  # per suit index
    strengths: tuple[tuple[tuple[int, ...], ...], ...]  # per suit index
    tables: tuple[TrumpTable, ...]  # per suit index


_RULES_CACHE: dict[int, _Rules] = {}


def _rules_of(options: Options) -> _Rules:
    """The derived facts of ``options``, cached by identity."""
    cached = _RULES_CACHE.get(id(options))
    if cached is not None and cached.options is options:
        return cached
    ranking = options.ranking
    must_follow = options.plain_lead_rule is PlainLeadRule.MUST_FOLLOW
    derived = _Rules(
        options=options,
        ordinary=ranking is Ranking.ORDINARY,
        must_follow=must_follow,
        robbing=options.robbing is not Robbing.OFF,
        penalize=options.rob_enforcement is RobEnforcement.PENALIZE,
        optional=options.robbing is Robbing.OPTIONAL,
        plain_end=(
            options.scoring is Scoring.POOL
            and options.teams is None
            and not options.jinking
            and not options.stop_when_spoil_certain
        ),
        follow=tuple(follow_plays(suit, ranking, must_follow) for suit in Suit),
        tables=tuple(_TABLES[ranking, suit] for suit in Suit),
        strengths=tuple(_STRENGTHS[ranking, suit] for suit in Suit),
    )
    if len(_RULES_CACHE) > 256:
        _RULES_CACHE.clear()
    _RULES_CACHE[id(options)] = derived
    return derived


def deal_info(
    options: Options,
    dealer: int,
    eldest: int,
    number: int,
    seed: int,
    deck: tuple[Card, ...] | None,
    drawn: tuple[Card, ...],
    dealt: tuple[tuple[Card, ...], ...],
    turn_up: Card,
    sides: tuple[int, ...],
    members: tuple[tuple[int, ...], ...],
    first_seed: int,
    past: Log[DealHistory[Action]],
) -> DealInfo:
    """Return the constants of a deal whose turn-up is ``turn_up`` (SF-2, SF-8, SF-11)."""
    derived = _rules_of(options)
    suit = turn_up // 13
    table = derived.tables[suit]
    holder = None
    rob_watch: frozenset[int] = frozenset()
    decliner = None
    if turn_up % 13:  # not an ace
        ace = table.ace
        for seat, hand in enumerate(dealt):
            if ace in hand:
                holder = seat
        if derived.robbing:
            if derived.penalize:
                rob_watch = frozenset(range(len(dealt)))
                decliner = holder
            elif holder is not None:
                rob_watch = frozenset((holder,))
                if derived.optional:
                    decliner = holder
    elif derived.robbing:
        rob_watch = frozenset((dealer,))
    oblige, allowed = derived.follow[suit]
    return make_deal_info(
        options,
        len(dealt),
        dealer,
        eldest,
        number,
        seed,
        deck,
        drawn,
        dealt,
        turn_up,
        table.trump,
        table,
        holder,
        sides,
        members,
        first_seed,
        past,
        derived.strengths[suit],
        oblige,
        allowed,
        rob_watch,
        decliner,
        options.win_tricks,
        derived.plain_end,
    )
