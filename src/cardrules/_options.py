"""Option value checks shared by the games' ``Options`` classes (internal).

Each function checks the value of one named field: it returns a good value (normalised:
the enum member for its plain string, a plain ``int``) and raises
:class:`~cardrules.errors.OptionsError` naming the field for anything else, wrong types
included, so a caller never sees a bare ``TypeError``.

Each game's ``Options`` writes its constructor out with every field's real type (an
enum field also takes its plain strings, typed as a ``Literal``), so type checkers show
callers what a field takes, and calls these on every value, so a caller who ignores the
types still gets an OptionsError. (attrs converters would do the second but not the
first: type checkers would show a converter's ``object`` parameter, or, for pyright,
the field itself as a converter, which no protocol then matches.)

>>> to_int("players", 4, low=2)
4
>>> to_int("players", "4", low=2)
Traceback (most recent call last):
...
cardrules.errors.OptionsError: players: expected an int, not '4'
"""

from __future__ import annotations

import enum
from typing import Final, Literal, TypeAlias, TypeVar

from cardrules.errors import OptionsError
from cardrules.stakes import SplitRemainder

__all__ = [
    "SplitRemainderName",
    "split_remainder",
    "to_bool",
    "to_enum",
    "to_int",
    "to_optional_int",
]

E = TypeVar("E", bound=enum.StrEnum)

SplitRemainderName: TypeAlias = Literal["carry", "first_from_eldest", "dealer"]
"""The plain strings of :class:`~cardrules.stakes.SplitRemainder`, which its fields also take."""


def to_enum(kind: type[E], field: str, value: object) -> E:
    """Return the ``kind`` member that is ``value`` or has ``value`` as its string.

    Args:
        kind: the option's string enum.
        field: the option's name, quoted in the error.
        value: the value given.

    >>> to_enum(SplitRemainder, "split_remainder", "carry")
    <SplitRemainder.CARRY: 'carry'>
    >>> to_enum(SplitRemainder, "split_remainder", "keep")
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: split_remainder: expected one of 'carry', ... not 'keep'

    """
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
    allowed = ", ".join(repr(str(member)) for member in kind)
    raise OptionsError(f"{field}: expected one of {allowed}, not {value!r}")


MAX_STAKE: Final = 10**9
"""The largest stake an option may name, in counters.

Counters only move between the pool and the balances, at most a few stakes a seat per
deal, so with stakes up to a billion no balance or pool can reach 2**63 in fewer than
hundreds of millions of deals: every view and record of a session stays within the
integers JSON readers take (records refuse 2**64 and more).
"""


def to_int(
    field: str, value: object, low: int = 0, allowed: tuple[int, ...] = (), high: int | None = None
) -> int:
    """Return ``value`` as a plain int if it is an int (never a bool) from ``low`` to ``high``.

    Args:
        field: the option's name, quoted in the error.
        value: the value given.
        low: the smallest value allowed.
        allowed: if not empty, the only values allowed.
        high: the largest value allowed, if any.

    >>> to_int("pack", 32, allowed=(52, 32))
    32
    >>> to_int("pack", 40, allowed=(52, 32))
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: pack: expected one of 52, 32, not 40
    >>> to_int("stake", -1)
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: stake: expected an int of at least 0, not -1
    >>> to_int("stake", True)
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: stake: expected an int, not True
    >>> to_int("stake", 10**12, high=MAX_STAKE)
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: stake: expected an int of at most 1000000000, not 1000000000000

    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionsError(f"{field}: expected an int, not {value!r}")
    if allowed and value not in allowed:
        raise OptionsError(
            f"{field}: expected one of {', '.join(map(str, allowed))}, not {value!r}"
        )
    if value < low:
        raise OptionsError(f"{field}: expected an int of at least {low}, not {value!r}")
    if high is not None and value > high:
        raise OptionsError(f"{field}: expected an int of at most {high}, not {value!r}")
    return int(value)


def to_optional_int(field: str, value: object, low: int = 0) -> int | None:
    """Return None for None, else ``value`` as a plain int of at least ``low`` (no bool).

    Args:
        field: the option's name, quoted in the error.
        value: the value given.
        low: the smallest int allowed.

    >>> to_optional_int("round_limit", None, low=1), to_optional_int("round_limit", 3, low=1)
    (None, 3)
    >>> to_optional_int("round_limit", 0, low=1)
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: round_limit: expected None or an int of at least 1, not 0

    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise OptionsError(f"{field}: expected None or an int of at least {low}, not {value!r}")
    return int(value)


def to_bool(field: str, value: object) -> bool:
    """Return ``value`` if it is ``True`` or ``False`` (not 0, 1 or a string).

    Args:
        field: the option's name, quoted in the error.
        value: the value given.

    >>> to_bool("jinking", 1)
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: jinking: expected True or False, not 1

    """
    if not isinstance(value, bool):
        raise OptionsError(f"{field}: expected True or False, not {value!r}")
    return value


def split_remainder(value: object) -> SplitRemainder:
    """The converter of the ``split_remainder`` option both games share (D-2).

    >>> split_remainder("dealer")
    <SplitRemainder.DEALER: 'dealer'>
    """
    return to_enum(SplitRemainder, "split_remainder", value)
