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
from typing import Final

import attrs

from cardrules._options import MAX_STAKE, to_bool, to_enum, to_int, to_optional_int
from cardrules._options import split_remainder as _split_remainder
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
    "ExchangeOnExhaustion",
    "ExhaustionEnd",
    "Options",
    "Passing",
    "PileTo",
    "SingTiming",
    "Singing",
]


class Singing(enum.StrEnum):
    """Which combinations make a bird sing (MBS-4, MBS-5)."""

    FLUSH_OR_RAINBOW = "flush_or_rainbow"
    """Four cards of one suit, or four cards of four different suits (MBS-4)."""
    FLUSH_ONLY = "flush_only"
    """Only cards all of one suit (MBS-5, and always in the three-card deal, MBS-6)."""


class Passing(enum.StrEnum):
    """How a card goes to the left neighbour at the end of a turn (MBS-8)."""

    THROW = "throw"
    """The player on turn chooses the card (``Pass(card)``)."""
    DRAW_BLIND = "draw_blind"
    """The left neighbour draws one card unseen from the offered hand (``Draw(index)``)."""


class SingTiming(enum.StrEnum):
    """When a bird may sing (D-6)."""

    OWN_TURN = "own_turn"
    """Only at the player's own checkpoints (MBS-9 steps 2 and 3)."""
    ANY_AFTER_DEAL = "any_after_deal"
    """Also straight after the deal, every dealt hand in turn from the eldest hand."""


class ExchangeBy(enum.StrEnum):
    """Who may exchange a card with the stock (MBS-11, D-7)."""

    LEADER = "leader"
    EVERYONE = "everyone"
    NOBODY = "nobody"


class PileTo(enum.StrEnum):
    """Where an exchange's discard or rejected cards go (D-9)."""

    DEAD = "dead"
    """Face down onto the dead pile, out of play for the rest of the deal."""
    STOCK_BOTTOM = "stock_bottom"
    """Face down under the stock."""


class ExchangeOnExhaustion(enum.StrEnum):
    """What happens when an exchange turns the whole stock without finding a new suit (D-10)."""

    KEEP_LAST = "keep_last"
    """The player keeps the last card turned, though it matches the discard."""
    TAKE_BACK_DISCARD = "take_back_discard"
    """Every turned card is rejected and the player takes his discard back."""


class ExhaustionEnd(enum.StrEnum):
    """When the play-to-exhaustion variant ends (MBS-15, D-12)."""

    CANNOT_REPLENISH = "cannot_replenish"
    """As soon as a singer cannot be given a full new hand from the stock."""
    TAKE_REMAINING = "take_remaining"
    """A singer takes what is left; the deal ends at a sing that finds the stock empty."""


def _players(value: object) -> int:
    return to_int("players", value, low=2)


def _pack(value: object) -> int:
    return to_int("pack", value, allowed=(52, 32))


def _hand_size(value: object) -> int:
    return to_int("hand_size", value, allowed=(4, 3))


def _singing(value: object) -> Singing:
    return to_enum(Singing, "singing", value)


def _passing(value: object) -> Passing:
    return to_enum(Passing, "passing", value)


def _stake(value: object) -> int:
    return to_int("stake", value, high=MAX_STAKE)


def _dealer_extra(value: object) -> int:
    return to_int("dealer_extra", value, high=MAX_STAKE)


def _deal_batch(value: object) -> int:
    return to_int("deal_batch", value, low=1)


def _auto_sing(value: object) -> bool:
    return to_bool("auto_sing", value)


def _sing_timing(value: object) -> SingTiming:
    return to_enum(SingTiming, "sing_timing", value)


def _exchange_by(value: object) -> ExchangeBy:
    return to_enum(ExchangeBy, "exchange_by", value)


def _exchange_after_rounds(value: object) -> int:
    return to_int("exchange_after_rounds", value)


def _exchange_discard_to(value: object) -> PileTo:
    return to_enum(PileTo, "exchange_discard_to", value)


def _rejects_to(value: object) -> PileTo:
    return to_enum(PileTo, "rejects_to", value)


def _rejects_visible(value: object) -> bool:
    return to_bool("rejects_visible", value)


def _exchange_on_exhaustion(value: object) -> ExchangeOnExhaustion:
    return to_enum(ExchangeOnExhaustion, "exchange_on_exhaustion", value)


def _round_limit(value: object) -> int | None:
    return to_optional_int("round_limit", value, low=1)


def _play_to_exhaustion(value: object) -> bool:
    return to_bool("play_to_exhaustion", value)


def _exhaustion_end(value: object) -> ExhaustionEnd:
    return to_enum(ExhaustionEnd, "exhaustion_end", value)


def _singing_default(options: Options) -> Singing:
    return Singing.FLUSH_ONLY if options.hand_size == 3 else Singing.FLUSH_OR_RAINBOW


@attrs.frozen(slots=True, cache_hash=True)
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

    players: int = attrs.field(default=5, converter=_players)
    split_remainder: SplitRemainder = attrs.field(
        default=SplitRemainder.CARRY, converter=_split_remainder
    )
    pack: int = attrs.field(default=52, converter=_pack)
    hand_size: int = attrs.field(default=4, converter=_hand_size)
    singing: Singing = attrs.field(
        default=attrs.Factory(_singing_default, takes_self=True),
        converter=_singing,
    )
    passing: Passing = attrs.field(default=Passing.THROW, converter=_passing)
    stake: int = attrs.field(default=1, converter=_stake)
    dealer_extra: int = attrs.field(default=1, converter=_dealer_extra)
    deal_batch: int = attrs.field(default=1, converter=_deal_batch)
    auto_sing: bool = attrs.field(default=True, converter=_auto_sing)
    sing_timing: SingTiming = attrs.field(default=SingTiming.OWN_TURN, converter=_sing_timing)
    exchange_by: ExchangeBy = attrs.field(default=ExchangeBy.LEADER, converter=_exchange_by)
    exchange_after_rounds: int = attrs.field(default=3, converter=_exchange_after_rounds)
    exchange_discard_to: PileTo = attrs.field(default=PileTo.DEAD, converter=_exchange_discard_to)
    rejects_to: PileTo = attrs.field(default=PileTo.DEAD, converter=_rejects_to)
    rejects_visible: bool = attrs.field(default=False, converter=_rejects_visible)
    exchange_on_exhaustion: ExchangeOnExhaustion = attrs.field(
        default=ExchangeOnExhaustion.KEEP_LAST,
        converter=_exchange_on_exhaustion,
    )
    round_limit: int | None = attrs.field(default=None, converter=_round_limit)
    play_to_exhaustion: bool = attrs.field(default=False, converter=_play_to_exhaustion)
    exhaustion_end: ExhaustionEnd = attrs.field(
        default=ExhaustionEnd.CANNOT_REPLENISH, converter=_exhaustion_end
    )

    def __attrs_post_init__(self) -> None:
        """Check the combinations of fields (each field alone is checked by its converter).

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
