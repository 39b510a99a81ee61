"""The one exception hierarchy of cardrules.

Every exception the library raises on purpose derives from :class:`CardrulesError`, so
``except CardrulesError`` catches them all. Each class also derives from the builtin
exception a Python programmer would expect (``ValueError`` for bad values), so generic
code keeps working.

>>> issubclass(IllegalActionError, CardrulesError), issubclass(IllegalActionError, ValueError)
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardrules.messages import Message

__all__ = [
    "CardrulesError",
    "IllegalActionError",
    "NotYourTurnError",
    "NotationError",
    "OptionsError",
    "PictureError",
    "RecordError",
    "SeatError",
    "StaleMoveError",
    "StoreError",
    "TableError",
    "TableNotFoundError",
    "ViewError",
    "WrongCredentialError",
    "WrongMomentError",
]


class CardrulesError(Exception):
    """Root of every error cardrules raises deliberately."""


class IllegalActionError(CardrulesError, ValueError):
    """An action that the rules forbid in the given state.

    The state it was applied to is unchanged (transitions are pure). The message reads
    ``cannot <action>: <reason> (<rule>)`` so a player can understand it.

    Attributes:
        action: the refused action (the action object itself).
        rule: the id of the rule that forbids it on the rules pages (``docs/rules/``), such
            as ``"SF-16"``.
        reason: one sentence saying why, without the action or the rule id.
        reason_message: the reason as a :class:`~cardrules.messages.Message` (to render
            for a player, in another language too), or None if it was given as text.

    >>> err = IllegalActionError("play 7C", "SF-16", "you hold a diamond; follow suit or trump")
    >>> str(err)
    'cannot play 7C: you hold a diamond; follow suit or trump (SF-16)'
    >>> err.rule
    'SF-16'

    """

    action: object
    rule: str
    reason: str
    reason_message: Message | None

    def __init__(self, action: object, rule: str, reason: str | Message) -> None:
        self.action = action
        self.rule = rule
        self.reason = reason if isinstance(reason, str) else str(reason)
        self.reason_message = None if isinstance(reason, str) else reason
        super().__init__(f"cannot {action}: {self.reason} ({rule})")

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[object, str, str | Message]]:
        why = self.reason if self.reason_message is None else self.reason_message
        return (type(self), (self.action, self.rule, why))


class OptionsError(CardrulesError, ValueError):
    """An invalid option value, a value of the wrong type, or an impossible combination.

    The message names the offending field or fields.
    """


class NotationError(CardrulesError, ValueError):
    """Text that is not valid card or action notation; the message quotes the text."""


class RecordError(CardrulesError, ValueError):
    """A game record, options or view in JSON that cannot be loaded or replayed.

    Raised for malformed JSON, unknown or missing fields, wrong types, impossible values
    and illegal action sequences. The message says where the problem is, as a path such
    as ``deals[0].actions[3]``.
    """


class TableError(CardrulesError):
    """A request a table (:mod:`cardrules.tables`) refuses; the table is unchanged.

    The subclasses below say why. The message is a sentence for the person who asked and
    never contains a credential.
    """


class WrongCredentialError(TableError, PermissionError):
    """A credential that is not the one of the seat (or of the table's creator) it names."""


class StaleMoveError(TableError, ValueError):
    """A request made at an older decision counter than the table's (a stale or repeated move).

    Attributes:
        given: the counter the request was made at.
        current: the table's counter now.

    >>> err = StaleMoveError(3, 5)
    >>> err.given, err.current
    (3, 5)
    >>> str(err)
    'the table has moved on since that request was made (counter 3, now 5)'
    """

    given: int
    current: int

    def __init__(self, given: int, current: int) -> None:
        self.given = given
        self.current = current
        super().__init__(
            f"the table has moved on since that request was made (counter {given}, now {current})"
        )

    def __reduce__(self) -> tuple[type[StaleMoveError], tuple[int, int]]:
        return (type(self), (self.given, self.current))


class WrongMomentError(TableError, ValueError):
    """A request the table cannot take now.

    A new deal or a rematch while the deal is being played, a new deal once the game is
    over, or a decision out of turn.
    """


class NotYourTurnError(WrongMomentError):
    """A decision asked of a seat whose turn it is not (or when nobody is to act)."""


class SeatError(TableError, ValueError):
    """A seat that does not exist, or is not in the state the request needs (taken, idle...)."""


class TableNotFoundError(TableError, LookupError):
    """No table has the given id (in this host, or in its store)."""


class PictureError(CardrulesError, ValueError):
    """A picture that ``cardrules.svg`` cannot draw: the message names the argument.

    >>> from cardrules import svg
    >>> from cardrules.cards import parse_cards
    >>> svg.trick(parse_cards("2H 3H"), winner=5)
    Traceback (most recent call last):
    ...
    cardrules.errors.PictureError: winner must index one of the 2 cards, not 5
    """


class StoreError(CardrulesError, OSError):
    """A table store that cannot be used: the message names the file and what is wrong.

    Raised for a file that is not a database, another application's database, a newer
    schema than this library knows, a corrupt file, or a stored table that no longer
    replays; never retried in a loop.
    """


class ViewError(CardrulesError, ValueError):
    """A view that no state of its game can show: forged, tampered with or built by hand.

    Every function that reads a view (the explanations, the text and SVG pictures, the
    samplers and so the search bot) checks it first with the game's ``validate_view``,
    which raises this naming the field and what is wrong with it. A view read from JSON
    is checked as it is read, and refused with :class:`RecordError` instead. (The random
    and rule-of-thumb bots, which a search asks hundreds of thousands of times, take the
    views ``view`` and ``from_json`` make without checking them again: check a view made
    by hand before giving it to one.)

    >>> from cardrules import spoil_five
    >>> good = spoil_five.view(spoil_five.new_game(spoil_five.Options(players=3), seed=1), 0)
    >>> import attrs
    >>> spoil_five.validate_view(attrs.evolve(good, seat=7))
    Traceback (most recent call last):
    ...
    cardrules.errors.ViewError: invalid View: seat: expected a seat from 0 to 2, not 7
    """
