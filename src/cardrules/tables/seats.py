"""Who sits at a table: a person with a name, a named bot, or nobody.

A :class:`Seat` is a frozen value; the transitions of :mod:`cardrules.tables.table` return
tables with new seats. Every seat has a credential (its invite link carries it) of which
the seat keeps only the digest (:mod:`cardrules.tables.credentials`).

>>> seat = Seat.person("Ann", digest="d" * 64, now=0.0)
>>> seat.kind, seat.name, seat.is_person, seat.bot
(<SeatKind.PERSON: 'person'>, 'Ann', True, None)
>>> Seat.robot("heuristic", "Bertie", digest="d" * 64).describe()
{'kind': 'bot', 'name': 'Bertie', 'bot': 'heuristic'}
"""

from __future__ import annotations

import enum
import re
from typing import Final

import attrs

from cardrules.bots import BOT_NAMES
from cardrules.errors import OptionsError

__all__ = [
    "BOT_DISPLAY_NAMES",
    "MAX_NAME_LENGTH",
    "Seat",
    "SeatKind",
    "SeatPlan",
    "check_language",
    "check_name",
]

MAX_NAME_LENGTH: Final = 40
"""The longest name a seat or table may have, in characters."""

BOT_DISPLAY_NAMES: Final = (
    "Ada", "Bertie", "Clara", "Dermot", "Edith", "Fergus", "Grace", "Hugh", "Ivy",
    "Jasper", "Kitty", "Lionel", "Maud",
)  # fmt: skip
"""Names given to bots by seat (seat ``s`` is ``BOT_DISPLAY_NAMES[s]``) when none is chosen."""


class SeatKind(enum.StrEnum):
    """Who occupies a seat."""

    PERSON = "person"
    """A person, who acts with the seat's credential."""
    BOT = "bot"
    """A bot of :mod:`cardrules.bots`, stepped by :func:`cardrules.tables.step_bot`."""
    EMPTY = "empty"
    """Nobody: an invitation not yet taken up, or a seat its person left."""


def check_name(name: object, what: str) -> str:
    """``name`` stripped, if it is a non-empty string of at most :data:`MAX_NAME_LENGTH`.

    >>> check_name("  Ann ", "name")
    'Ann'
    >>> check_name("", "seat 1's name")
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: seat 1's name must be 1 to 40 characters of text, not ''

    Raises:
        OptionsError: naming ``what`` for anything else (control characters included).
    """
    text = name.strip() if isinstance(name, str) else None
    if (
        text is None
        or not 0 < len(text) <= MAX_NAME_LENGTH
        or not text.isprintable()
        or any(0xD800 <= ord(ch) <= 0xDFFF for ch in text)
    ):
        raise OptionsError(
            f"{what} must be 1 to {MAX_NAME_LENGTH} characters of text, not {name!r:.60}"
        )
    return text


_LANGUAGE: Final = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?")


def check_language(language: object) -> str:
    """``language`` if it is a language tag such as ``"en"`` or ``"fr-CA"``.

    Raises:
        OptionsError: for anything else.
    """
    if not isinstance(language, str) or not _LANGUAGE.fullmatch(language):
        raise OptionsError(f"language must be a tag such as 'en', not {language!r:.20}")
    return language


def _check_bot(bot: str) -> str:
    if bot not in BOT_NAMES:
        raise OptionsError(f"unknown bot {bot!r}; choose from {', '.join(BOT_NAMES)}")
    return bot


@attrs.frozen(slots=True)
class SeatPlan:
    """How a seat is filled when a table is created.

    Attributes:
        kind: a person (the creator's own seat, taken at once), a bot, or empty (an
            invitation: the first person to open its link takes it).
        name: the person's or bot's name; ``None`` gives a bot a name from
            :data:`BOT_DISPLAY_NAMES` and an empty seat ``"Seat <n>"`` (counted from 1).
        bot: the bot's name in :data:`cardrules.bots.BOT_NAMES` (bot seats only).
        language: the language of the person's texts (person seats; others choose theirs
            when they take the seat).

    >>> SeatPlan.robot().bot, SeatPlan.invite().kind, SeatPlan.person("Ann", "fr").language
    ('heuristic', <SeatKind.EMPTY: 'empty'>, 'fr')
    """

    kind: SeatKind
    name: str | None = None
    bot: str | None = None
    language: str = "en"

    @classmethod
    def person(cls, name: str, language: str = "en") -> SeatPlan:
        """A seat taken at once by the person called ``name`` (usually the creator)."""
        return cls(SeatKind.PERSON, name, None, language)

    @classmethod
    def robot(cls, bot: str = "heuristic", name: str | None = None) -> SeatPlan:
        """A seat played by the bot called ``bot`` (rule of thumb by default)."""
        return cls(SeatKind.BOT, name, bot)

    @classmethod
    def invite(cls, name: str | None = None) -> SeatPlan:
        """An empty seat, to be taken with its credential (sent in an invite link)."""
        return cls(SeatKind.EMPTY, name)


@attrs.frozen(slots=True)
class Seat:
    """One seat of a table.

    Attributes:
        kind: who occupies it (see :class:`SeatKind`).
        name: the name shown for it (the person's, the bot's, or the invitation's).
        bot: the bot's name in :data:`cardrules.bots.BOT_NAMES` for a bot seat, else ``None``.
        credential: the digest of the seat's credential (never the credential itself).
        active_at: when its person last acted or took it, in the caller's seconds
            (``now`` of the transitions); for other kinds, when it was filled or emptied.
        language: the language its payload texts are written in (``"en"``).
    """

    kind: SeatKind
    name: str
    bot: str | None
    credential: str = attrs.field(repr=False)
    active_at: float = 0.0
    language: str = "en"

    @classmethod
    def person(cls, name: str, *, digest: str, now: float, language: str = "en") -> Seat:
        """A seat taken by the person called ``name``."""
        return cls(
            SeatKind.PERSON, check_name(name, "name"), None, digest, now, check_language(language)
        )

    @classmethod
    def robot(cls, bot: str, name: str, *, digest: str, now: float = 0.0) -> Seat:
        """A seat played by the bot called ``bot`` (see :data:`cardrules.bots.BOT_NAMES`)."""
        return cls(SeatKind.BOT, check_name(name, "name"), _check_bot(bot), digest, now)

    @classmethod
    def empty(cls, name: str, *, digest: str, now: float = 0.0) -> Seat:
        """A seat nobody occupies, called ``name`` until someone takes it."""
        return cls(SeatKind.EMPTY, check_name(name, "name"), None, digest, now)

    @property
    def is_person(self) -> bool:
        """Whether a person occupies the seat."""
        return self.kind is SeatKind.PERSON

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays the seat."""
        return self.kind is SeatKind.BOT

    def describe(self) -> dict[str, str | None]:
        """The seat as every payload shows it: ``{"kind", "name", "bot"}`` (no credential)."""
        return {"kind": self.kind.value, "name": self.name, "bot": self.bot}
