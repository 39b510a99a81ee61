"""My Bird Sings options: every variant of the rules page, validated, and named presets.

>>> Options(players=6).stake, Options().passing == "throw"
(1, True)
>>> Options(hand_size=3).singing
<Singing.FLUSH_ONLY: 'flush_only'>
>>> Options(players=9, pack=32)
Traceback (most recent call last):
...
cardrules.errors.OptionsError: players, pack: the 32-card pack seats 2 to 8 players, not 9 (MBS-1)
>>> sorted(PRESETS)[:3]
['draw-blind', 'everyone-exchanges', 'flushes-only']
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
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
from cardrules.cards import SHORT_PACK as SHORT_CARDS
from cardrules.errors import OptionsError
from cardrules.stakes import SplitRemainder

__all__ = [
    "DRAW_BLIND",
    "EVERYONE_EXCHANGES",
    "FLUSHES_ONLY",
    "PEEL",
    "PRESETS",
    "SHORT_PACK",
    "THREE_CARDS",
    "TO_EXHAUSTION",
    "ExchangeBy",
    "ExchangeByName",
    "ExchangeOnExhaustion",
    "ExchangeOnExhaustionName",
    "ExhaustionEnd",
    "ExhaustionEndName",
    "Options",
    "Passing",
    "PassingName",
    "PileTo",
    "PileToName",
    "SingTiming",
    "SingTimingName",
    "Singing",
    "SingingName",
    "SplitRemainderName",
]


class Singing(enum.StrEnum):
    """Which combinations make a bird sing (MBS-4, MBS-5)."""

    FLUSH_OR_RAINBOW = "flush_or_rainbow"
    """Four cards of one suit, or four cards of four different suits (MBS-4)."""
    FLUSH_ONLY = "flush_only"
    """Only cards all of one suit (MBS-5, and always in the three-card deal, MBS-6)."""


SingingName: TypeAlias = Literal["flush_or_rainbow", "flush_only"]
"""The plain strings of :class:`Singing`, which its fields also take."""


class Passing(enum.StrEnum):
    """How a card goes to the left neighbour at the end of a turn (MBS-8)."""

    THROW = "throw"
    """The player on turn chooses the card (``Pass(card)``)."""
    DRAW_BLIND = "draw_blind"
    """The left neighbour draws one card unseen from the offered hand (``Draw(index)``)."""


PassingName: TypeAlias = Literal["throw", "draw_blind"]
"""The plain strings of :class:`Passing`, which its fields also take."""


class SingTiming(enum.StrEnum):
    """When a bird may sing (D-6)."""

    OWN_TURN = "own_turn"
    """Only at the player's own checkpoints (MBS-9 steps 2 and 3)."""
    ANY_AFTER_DEAL = "any_after_deal"
    """Also straight after the deal, every dealt hand in turn from the eldest hand."""


SingTimingName: TypeAlias = Literal["own_turn", "any_after_deal"]
"""The plain strings of :class:`SingTiming`, which its fields also take."""


class ExchangeBy(enum.StrEnum):
    """Who may exchange a card with the stock (MBS-11, D-7)."""

    LEADER = "leader"
    EVERYONE = "everyone"
    NOBODY = "nobody"


ExchangeByName: TypeAlias = Literal["leader", "everyone", "nobody"]
"""The plain strings of :class:`ExchangeBy`, which its fields also take."""


class PileTo(enum.StrEnum):
    """Where an exchange's discard or rejected cards go (D-9)."""

    DEAD = "dead"
    """Face down onto the dead pile, out of play for the rest of the deal."""
    STOCK_BOTTOM = "stock_bottom"
    """Face down under the stock."""


PileToName: TypeAlias = Literal["dead", "stock_bottom"]
"""The plain strings of :class:`PileTo`, which its fields also take."""


class ExchangeOnExhaustion(enum.StrEnum):
    """What happens when an exchange turns the whole stock without finding a new suit (D-10)."""

    KEEP_LAST = "keep_last"
    """The player keeps the last card turned, though it matches the discard."""
    TAKE_BACK_DISCARD = "take_back_discard"
    """Every turned card is rejected and the player takes his discard back."""


ExchangeOnExhaustionName: TypeAlias = Literal["keep_last", "take_back_discard"]
"""The plain strings of :class:`ExchangeOnExhaustion`, which its fields also take."""


class ExhaustionEnd(enum.StrEnum):
    """When the play-to-exhaustion variant ends (MBS-15, D-12)."""

    CANNOT_REPLENISH = "cannot_replenish"
    """As soon as a singer cannot be given a full new hand from the stock."""
    TAKE_REMAINING = "take_remaining"
    """A singer takes what is left; the deal ends at a sing that finds the stock empty."""


ExhaustionEndName: TypeAlias = Literal["cannot_replenish", "take_remaining"]
"""The plain strings of :class:`ExhaustionEnd`, which its fields also take."""


def _singing_default(options: Options) -> Singing:
    return Singing.FLUSH_ONLY if options.hand_size == 3 else Singing.FLUSH_OR_RAINBOW


@attrs.frozen(slots=True, init=False)
class Options:
    """The rules a My Bird Sings game is played under (``docs/rules/my-bird-sings.md``, Variants).

    Field names and defaults are those of the rules page's option table (``players`` defaults
    to 5). String-valued fields accept the plain strings and store the matching enum
    member, which compares equal to the string.

    Attributes:
        players: number of seats: 2 to 13 with the full pack, 2 to 8 with 32 cards (MBS-1).
        split_remainder: where counters go that tied players cannot share evenly (D-2).
        pack: 52 (full pack) or 32 (A K Q J 10 9 8 7 of each suit) (MBS-1, C-4).
        hand_size: cards dealt to each player: 4, or 3 for the three-card deal (MBS-3, MBS-6).
        singing: which combinations sing; defaults to ``flush_only`` when ``hand_size`` is 3
            (the only value allowed then) and to ``flush_or_rainbow`` otherwise (MBS-4 to 6).
        passing: ``throw`` or ``draw_blind`` (MBS-8).
        stake: each player's ante per deal (MBS-2).
        dealer_extra: the dealer's extra ante per deal (MBS-2).
        deal_batch: cards given to each player at a time while dealing; divides hand_size.
        auto_sing: True: a singing hand sings by itself; False: the player declares it (D-5).
        sing_timing: ``own_turn`` checkpoints only, or also ``any_after_deal`` (D-6).
        exchange_by: who may exchange with the stock: leader, everyone, nobody (MBS-11).
        exchange_after_rounds: full rounds before the first exchange (MBS-11, D-8).
        exchange_discard_to: where an exchange's discard goes (D-9).
        rejects_to: where rejected stock cards go (D-9).
        rejects_visible: whether rejected stock cards are shown to everybody (D-9).
        exchange_on_exhaustion: what happens when an exchange runs through the stock (D-10).
        round_limit: None, or the number of rounds after which the deal is void (MBS-13).
        play_to_exhaustion: play on for tricks until the stock runs out (MBS-15).
        exhaustion_end: when the play-to-exhaustion deal ends (MBS-15, D-12).

    Raises:
        OptionsError: naming the field(s) for any bad value, type or combination.

    """

    players: int = 5
    split_remainder: SplitRemainder = SplitRemainder.CARRY
    pack: int = 52
    hand_size: int = 4
    singing: Singing = attrs.field(default=attrs.Factory(_singing_default, takes_self=True))
    passing: Passing = Passing.THROW
    stake: int = 1
    dealer_extra: int = 1
    deal_batch: int = 1
    auto_sing: bool = True
    sing_timing: SingTiming = SingTiming.OWN_TURN
    exchange_by: ExchangeBy = ExchangeBy.LEADER
    exchange_after_rounds: int = 3
    exchange_discard_to: PileTo = PileTo.DEAD
    rejects_to: PileTo = PileTo.DEAD
    rejects_visible: bool = False
    exchange_on_exhaustion: ExchangeOnExhaustion = ExchangeOnExhaustion.KEEP_LAST
    round_limit: int | None = None
    play_to_exhaustion: bool = False
    exhaustion_end: ExhaustionEnd = ExhaustionEnd.CANNOT_REPLENISH

    # The constructor is written out so that type checkers show callers each field's real
    # type (an enum field also takes its plain strings), while every value is still
    # checked here at run time: anything else, wrong types included, raises OptionsError
    # naming the field, never TypeError. ``singing=None`` stands for its default, which
    # depends on ``hand_size``.
    def __init__(
        self,
        players: int = 5,
        split_remainder: SplitRemainder | SplitRemainderName = SplitRemainder.CARRY,
        pack: int = 52,
        hand_size: int = 4,
        singing: Singing | SingingName | None = None,
        passing: Passing | PassingName = Passing.THROW,
        stake: int = 1,
        dealer_extra: int = 1,
        deal_batch: int = 1,
        auto_sing: bool = True,
        sing_timing: SingTiming | SingTimingName = SingTiming.OWN_TURN,
        exchange_by: ExchangeBy | ExchangeByName = ExchangeBy.LEADER,
        exchange_after_rounds: int = 3,
        exchange_discard_to: PileTo | PileToName = PileTo.DEAD,
        rejects_to: PileTo | PileToName = PileTo.DEAD,
        rejects_visible: bool = False,
        exchange_on_exhaustion: (
            ExchangeOnExhaustion | ExchangeOnExhaustionName
        ) = ExchangeOnExhaustion.KEEP_LAST,
        round_limit: int | None = None,
        play_to_exhaustion: bool = False,
        exhaustion_end: ExhaustionEnd | ExhaustionEndName = ExhaustionEnd.CANNOT_REPLENISH,
    ) -> None:
        hand = to_int("hand_size", hand_size, allowed=(4, 3))
        if singing is None:
            singing = Singing.FLUSH_ONLY if hand == 3 else Singing.FLUSH_OR_RAINBOW
        self.__attrs_init__(
            to_int("players", players, low=2),
            _split_remainder(split_remainder),
            to_int("pack", pack, allowed=(52, 32)),
            hand,
            to_enum(Singing, "singing", singing),
            to_enum(Passing, "passing", passing),
            to_int("stake", stake, high=MAX_STAKE),
            to_int("dealer_extra", dealer_extra, high=MAX_STAKE),
            to_int("deal_batch", deal_batch, low=1),
            to_bool("auto_sing", auto_sing),
            to_enum(SingTiming, "sing_timing", sing_timing),
            to_enum(ExchangeBy, "exchange_by", exchange_by),
            to_int("exchange_after_rounds", exchange_after_rounds),
            to_enum(PileTo, "exchange_discard_to", exchange_discard_to),
            to_enum(PileTo, "rejects_to", rejects_to),
            to_bool("rejects_visible", rejects_visible),
            to_enum(ExchangeOnExhaustion, "exchange_on_exhaustion", exchange_on_exhaustion),
            to_optional_int("round_limit", round_limit, low=1),
            to_bool("play_to_exhaustion", play_to_exhaustion),
            to_enum(ExhaustionEnd, "exhaustion_end", exhaustion_end),
        )

    def __attrs_post_init__(self) -> None:
        """Check the combinations of fields (each field alone is checked by ``__init__``).

        Implements MBS-1: the full 52-card pack seats two to thirteen players, the 32-card
        pack two to eight. Also refuses what MBS-6 (three cards: flushes only) and MBS-3
        (a batch divides the hand) rule out.
        """
        most = 13 if self.pack == 52 else 8
        if self.players > most:
            raise OptionsError(
                f"players, pack: the {self.pack}-card pack seats 2 to {most} players, "
                f"not {self.players} (MBS-1)"
            )
        if self.hand_size == 3 and self.singing is not Singing.FLUSH_ONLY:
            raise OptionsError(
                "hand_size, singing: in the three-card deal only a flush sings; "
                "use singing='flush_only' (MBS-6)"
            )
        if self.hand_size % self.deal_batch:
            raise OptionsError(
                f"deal_batch, hand_size: the batch must divide the hand size "
                f"{self.hand_size}, not {self.deal_batch} (MBS-3)"
            )

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the pack these options deal from, in pack order (MBS-1).

        >>> len(Options().cards), len(Options(pack=32).cards)
        (52, 32)
        """
        return FULL_PACK if self.pack == 52 else SHORT_CARDS

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the deal: pack size minus players times hand size.

        >>> Options(players=6).stock_size, Options(players=13).stock_size
        (28, 0)
        """
        return self.pack - self.players * self.hand_size

    @property
    def first_pool(self) -> int:
        """The pool of a deal with nothing carried over: every stake plus the dealer's extra.

        >>> Options(players=6).first_pool
        7
        """
        return self.players * self.stake + self.dealer_extra


PEEL: Final = Options()
"""Peel's game: full pack, four cards, throw passing, leader exchanges after three rounds."""
FLUSHES_ONLY: Final = Options(singing=Singing.FLUSH_ONLY)
"""Only four cards of one suit sing (MBS-5)."""
THREE_CARDS: Final = Options(hand_size=3)
"""Three cards each; only three of one suit sing (MBS-6)."""
TO_EXHAUSTION: Final = Options(play_to_exhaustion=True)
"""Play on for tricks until the stock cannot replenish a singer (MBS-15)."""
SHORT_PACK: Final = Options(pack=32)
"""The 32-card pack (A K Q J 10 9 8 7), for up to eight players (MBS-1)."""
DRAW_BLIND: Final = Options(passing=Passing.DRAW_BLIND)
"""Peel's second passing method: the left neighbour draws a card unseen (MBS-8)."""
EVERYONE_EXCHANGES: Final = Options(exchange_by=ExchangeBy.EVERYONE)
"""Every player, not only the leader, may exchange with the stock after three rounds (D-7)."""

PRESETS: Final[Mapping[str, Options]] = MappingProxyType(
    {
        "peel": PEEL,
        "flushes-only": FLUSHES_ONLY,
        "three-cards": THREE_CARDS,
        "to-exhaustion": TO_EXHAUSTION,
        "short-pack": SHORT_PACK,
        "draw-blind": DRAW_BLIND,
        "everyone-exchanges": EVERYONE_EXCHANGES,
    }
)
"""The named presets by their lower-case names."""
