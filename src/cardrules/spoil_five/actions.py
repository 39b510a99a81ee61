"""Spoil Five actions and their text notation.

Every action is a small frozen value. The engine hands out shared, pre-built instances
(one ``Play`` per card, one of each action without arguments), so comparing the actions it
returns is an identity check; actions built by callers compare equal to them.

>>> parse_action("10c")
Play(card=<Card 10C>)
>>> str(Rob(parse_card("3S"))), format_action(DeclineRob())
('rob 3S', 'decline-rob')
>>> parse_action("Go-On") is GO_ON
True
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from cardrules._interned import Interned, Singleton, prebuilt
from cardrules._notation import to_card
from cardrules._notation import words as notation_words
from cardrules.cards import FULL_PACK, Card, parse_card
from cardrules.errors import NotationError

__all__ = [
    "ACCEPT_FIVE",
    "ACTION_TYPES",
    "ASK_FIVE",
    "DECLINE_FIVE",
    "DECLINE_ROB",
    "GO_ON",
    "PLAYS",
    "REFUSE_FIVE",
    "ROBS",
    "STOP",
    "AcceptFive",
    "Action",
    "AskFive",
    "DeclineFive",
    "DeclineRob",
    "GoOn",
    "Play",
    "RefuseFive",
    "Rob",
    "Stop",
    "format_action",
    "parse_action",
]


@attrs.frozen(slots=True, eq=False, init=False)
class Play(Interned):
    """Play ``card`` to the current trick (SF-14 to SF-16).

    >>> Play("5h") is Play(parse_card("5H"))
    True
    """

    card: Card

    def __new__(cls, card: Card | str) -> Play:
        """Return the shared action for ``card`` (a Card or card notation)."""
        return PLAYS[to_card(card)]

    def __init__(self, card: Card | str) -> None:
        pass

    def __reduce__(self) -> tuple[type[Play], tuple[Card]]:
        return (Play, (self.card,))

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen(slots=True, eq=False, init=False)
class Rob(Interned):
    """Rob: lay ``discard`` face down and take the turn-up (SF-10, SF-11).

    For the dealer of a turned-up ace, ``discard`` is laid out before the lead and the ace
    joins his hand later (SF-10); for the holder of the ace of trumps, the turn-up joins his
    hand at once (SF-11).
    """

    discard: Card

    def __new__(cls, discard: Card | str) -> Rob:
        """Return the shared action for ``discard`` (a Card or card notation)."""
        return ROBS[to_card(discard)]

    def __init__(self, discard: Card | str) -> None:
        pass

    def __reduce__(self) -> tuple[type[Rob], tuple[Card]]:
        return (Rob, (self.discard,))

    def __str__(self) -> str:
        return f"rob {self.discard}"


@attrs.frozen(slots=True, eq=False)
class DeclineRob(Singleton):
    """Do not rob, where the options allow it (``robbing="optional"``, or ``penalize``)."""

    def __str__(self) -> str:
        return "decline-rob"


@attrs.frozen(slots=True, eq=False)
class Stop(Singleton):
    """After winning the first three tricks, take the pool now instead of jinking (SF-21)."""

    def __str__(self) -> str:
        return "stop"


@attrs.frozen(slots=True, eq=False)
class GoOn(Singleton):
    """After winning the first three tricks, play on for all five: a jink (SF-21)."""

    def __str__(self) -> str:
        return "go-on"


@attrs.frozen(slots=True, eq=False)
class AskFive(Singleton):
    """Ask the dealer to five the hand (SF-9)."""

    def __str__(self) -> str:
        return "ask-five"


@attrs.frozen(slots=True, eq=False)
class DeclineFive(Singleton):
    """Do not ask the dealer to five the hand (SF-9)."""

    def __str__(self) -> str:
        return "decline-five"


@attrs.frozen(slots=True, eq=False)
class AcceptFive(Singleton):
    """As dealer, agree to five the hand: a new turn-up fixes trumps (SF-9)."""

    def __str__(self) -> str:
        return "accept-five"


@attrs.frozen(slots=True, eq=False)
class RefuseFive(Singleton):
    """As dealer, refuse to five the hand (SF-9)."""

    def __str__(self) -> str:
        return "refuse-five"


Action: TypeAlias = (
    Play | Rob | DeclineRob | Stop | GoOn | AskFive | DeclineFive | AcceptFive | RefuseFive
)
"""Any Spoil Five action."""

ACTION_TYPES: Final = (
    Play, Rob, DeclineRob, Stop, GoOn, AskFive, DeclineFive, AcceptFive, RefuseFive
)  # fmt: skip
"""Every Spoil Five action class."""


PLAYS: Final[tuple[Play, ...]] = tuple(prebuilt(Play, card=card) for card in FULL_PACK)
"""The shared ``Play`` action of every card, indexed by card."""
ROBS: Final[tuple[Rob, ...]] = tuple(prebuilt(Rob, discard=card) for card in FULL_PACK)
"""The shared ``Rob`` action of every discard, indexed by card."""
DECLINE_ROB: Final = DeclineRob()
STOP: Final = Stop()
GO_ON: Final = GoOn()
ASK_FIVE: Final = AskFive()
DECLINE_FIVE: Final = DeclineFive()
ACCEPT_FIVE: Final = AcceptFive()
REFUSE_FIVE: Final = RefuseFive()

_BARE: Final[dict[str, Action]] = {
    "decline-rob": DECLINE_ROB,
    "stop": STOP,
    "go-on": GO_ON,
    "ask-five": ASK_FIVE,
    "decline-five": DECLINE_FIVE,
    "accept-five": ACCEPT_FIVE,
    "refuse-five": REFUSE_FIVE,
}


def parse_action(text: str) -> Action:
    """Read an action in notation: ``play 10C`` (or just ``10C``), ``rob 3S``, ``stop`` ...

    Verbs are case-insensitive. The shared action instance is returned.

    >>> parse_action("PLAY ah"), parse_action("rob 3s")
    (Play(card=<Card AH>), Rob(discard=<Card 3S>))
    >>> parse_action("jump")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: not a Spoil Five action: 'jump' (expected e.g. 'play 10C'...

    Raises:
        NotationError: quoting ``text`` if it is not an action.

    """
    if not isinstance(text, str):
        raise NotationError(f"not a Spoil Five action: {text!r} (expected a string)")
    words = notation_words(text)
    try:
        if len(words) == 1:
            bare = _BARE.get(words[0])
            if bare is not None:
                return bare
            return PLAYS[parse_card(words[0])]
        if len(words) == 2 and words[0] == "play":
            return PLAYS[parse_card(words[1])]
        if len(words) == 2 and words[0] == "rob":
            return ROBS[parse_card(words[1])]
    except NotationError:
        pass
    raise NotationError(
        f"not a Spoil Five action: {text!r} (expected e.g. 'play 10C', 'rob 3S', 'stop')"
    )


def format_action(action: Action | str) -> str:
    """Write an action in canonical notation (lower-case verb, card in canonical form).

    Notation is read first (:func:`parse_action`), so text comes back canonical.

    >>> format_action(Play(parse_card("10c"))), format_action("10c")
    ('play 10C', 'play 10C')

    Raises:
        NotationError: if ``action`` is not a Spoil Five action, nor its notation.

    """
    if isinstance(action, str):
        return str(parse_action(action))
    if not isinstance(action, ACTION_TYPES):
        raise NotationError(f"not a Spoil Five action: {action!r}")
    return str(action)
