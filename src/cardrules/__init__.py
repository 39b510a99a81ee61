"""cardrules: the reference implementation of Spoil Five and My Bird Sings.

The rules follow W. H. Peel, *Round Games with Cards* (1891). States are immutable,
transitions are pure functions, and every refusal names the rule it enforces.

>>> import cardrules
>>> cardrules.parse_card("10C"), len(cardrules.FULL_PACK)
(<Card 10C>, 52)
"""

from __future__ import annotations

from cardrules.cards import (
    FULL_PACK,
    SHORT_PACK,
    Card,
    Colour,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)
from cardrules.errors import (
    CardrulesError,
    IllegalActionError,
    NotationError,
    OptionsError,
    RecordError,
)

__version__ = "0.1.0"

__all__ = [
    "FULL_PACK",
    "SHORT_PACK",
    "Card",
    "CardrulesError",
    "Colour",
    "IllegalActionError",
    "NotationError",
    "OptionsError",
    "Rank",
    "RecordError",
    "Suit",
    "__version__",
    "format_cards",
    "parse_card",
    "parse_cards",
]
