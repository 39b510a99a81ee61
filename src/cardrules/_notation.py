"""Notation helpers shared by the games' action modules (internal).

>>> to_card("10c")
<Card 10C>
>>> to_card(10)
Traceback (most recent call last):
...
cardrules.errors.NotationError: not a card: 10 (expected a Card or notation such as '10C')
"""

from __future__ import annotations

from cardrules.cards import Card, parse_card
from cardrules.errors import NotationError

__all__ = ["to_card"]


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
