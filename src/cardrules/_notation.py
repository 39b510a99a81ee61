"""Notation helpers shared by the games' action modules (internal).

>>> to_card("10c")
<Card 10C>
>>> to_card(10)
Traceback (most recent call last):
...
cardrules.errors.NotationError: not a card: 10 (expected a Card or notation such as '10C')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, TypeVar

from cardrules.cards import SPACES, Card, parse_card
from cardrules.errors import IllegalActionError, NotationError

__all__ = ["read_action", "to_card", "words"]

A = TypeVar("A")

_WORD_BREAKS: Final = re.compile(f"[{re.escape(SPACES)}]+")
_ASCII_LOWER: Final = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def words(text: str) -> list[str]:
    r"""Split action notation into words: ASCII white space only, ASCII letters lower-cased.

    The reading of every game's ``parse_action``: verbs and cards in any ASCII case, words
    apart by spaces, tabs or newlines. Nothing outside ASCII changes, so a Unicode
    look-alike (``ſ``, the Kelvin sign, a non-breaking space) never reads as notation.

    >>> words("  PLAY\t10c "), words("play\u00a010C")
    (['play', '10c'], ['play\xa010c'])
    """
    stripped = text.strip(SPACES)
    return _WORD_BREAKS.split(stripped.translate(_ASCII_LOWER)) if stripped else []


def to_card(value: object) -> Card:
    """Return ``value`` as a card: a Card as it is, card notation (``"KH"``) parsed.

    The converter of every action field that holds a card.

    Raises:
        NotationError: quoting ``value`` if it is neither a Card nor card notation.

    """
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise NotationError(f"not a card: {value!r} (expected a Card or notation such as '10C')")


def read_action(text: str, parse: Callable[[str], A]) -> A | IllegalActionError:
    """Read an action given in notation where an action is expected, with ``parse``.

    Both games' ``check_action`` and ``apply_action`` take notation for an action
    (``apply_action(state, "play 10C")``); text that is not an action is refused like
    any other object that is not one: the refusal, with rule C-7, is returned.

    >>> from cardrules.spoil_five import parse_action
    >>> read_action("play 10c", parse_action)
    Play(card=<Card 10C>)
    >>> print(read_action("fly", parse_action))
    cannot fly: not a Spoil Five action: 'fly' (expected e.g. 'play 10C', 'rob 3S', 'stop') (C-7)
    """
    try:
        return parse(text)
    except NotationError as error:
        from cardrules.messages import message

        why = message("common.refusal.unreadable", "C-7", detail=str(error))
        return IllegalActionError(text, "C-7", why)
