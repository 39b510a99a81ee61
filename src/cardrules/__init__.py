"""cardrules: the reference implementation of Spoil Five and My Bird Sings.

The rules follow W. H. Peel, *Round Games with Cards* (1891). States are immutable,
transitions are pure functions, and every refusal names the rule it enforces.

>>> import cardrules
>>> cardrules.parse_card("10C"), len(cardrules.FULL_PACK)
(<Card 10C>, 52)
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Final

from cardrules import _value
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
    ViewError,
)

if TYPE_CHECKING:
    from cardrules import my_bird_sings as my_bird_sings
    from cardrules import records as records
    from cardrules import spoil_five as spoil_five

__version__ = "0.1.0"

__compiled__: Final[bool] = str(_value.__file__).endswith(tuple(EXTENSION_SUFFIXES))
"""Whether the engines running are the compiled build (mypyc) rather than pure Python.

The same source builds both ways: ``pip install cardrules`` (or ``pip install .``) gives
the pure-Python package, and ``HATCH_BUILD_HOOKS_ENABLE=1 pip install .`` on a machine with
a C compiler builds the compiled one. Both behave identically; the compiled one is faster.
"""

_LAZY_MODULES = frozenset({"my_bird_sings", "records", "spoil_five"})


def __getattr__(name: str) -> object:
    """Import the game modules and records on first use, so ``import cardrules`` stays light."""
    if name in _LAZY_MODULES:
        return importlib.import_module(f"cardrules.{name}")
    raise AttributeError(f"module 'cardrules' has no attribute {name!r}")


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
    "ViewError",
    "__compiled__",
    "__version__",
    "format_cards",
    "my_bird_sings",
    "parse_card",
    "parse_cards",
    "records",
    "spoil_five",
]
