"""The checks shared by both games' ``validate_view`` (internal).

A view is plain data: whoever holds one can build another by hand or read one from JSON
that says anything. Each game's ``validate_view`` (:func:`cardrules.spoil_five.validate_view`,
:func:`cardrules.my_bird_sings.validate_view`) refuses a view that no state of the game
could show, before any reader trusts it; this module holds what both games check the same
way: that every field has its declared type (:func:`check_types`), and the small
predicates the games' rules are written with (a seat, a count in a range, cards that are
all different and all in the pack). Each raises :class:`~cardrules.errors.ViewError`
naming the field.

>>> seat("to_act", 3, players=3)
Traceback (most recent call last):
...
cardrules.errors.ViewError: invalid View: to_act: expected a seat from 0 to 2, not 3
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Collection, Iterable
from typing import Any, Final, Protocol

import attrs

from cardrules._engine import left_of
from cardrules.cards import Card
from cardrules.errors import ViewError
from cardrules.protocol import GameOptions, SeatView

__all__ = [
    "MAX_COUNT",
    "TableView",
    "check_types",
    "common_fields",
    "count",
    "counts",
    "distinct",
    "fail",
    "in_pack",
    "legal_cards",
    "seat",
    "seats",
]

MAX_COUNT: Final = 2**63 - 1
"""The largest counter, balance or number a view may hold (what a record can hold too)."""

_Checker = Callable[[object], bool]
_CHECKERS: dict[object, _Checker] = {}
_FIELDS: dict[type, list[tuple[str, object, _Checker]]] = {}


class TableView(SeatView, Protocol):
    """What both games' views show of the table, which :func:`common_fields` checks."""

    @property
    def options(self) -> GameOptions:
        """The game's options."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer."""
        ...

    @property
    def eldest(self) -> int:
        """The eldest hand."""
        ...

    @property
    def deal_number(self) -> int:
        """Deals played before this one."""
        ...


def common_fields(view: TableView, parts: tuple[type, ...]) -> int:
    """Check what both games' views share; return the number of players.

    Every field's type (:func:`check_types`); the viewer and the dealer are seats, the
    eldest hand is the dealer's left (C-1, C-2); the deal number, the pool and each
    seat's balance are numbers a record holds, and as counters only move between the
    pool and the seats, the balances and the pool add up to 0; a settlement's winners are
    seats, its payouts one per seat and its carried counters from 0 up.
    """
    check_types(view, parts)
    n = view.options.players
    seat("seat", view.seat, players=n)
    seat("dealer", view.dealer, players=n)
    if view.eldest != left_of(view.dealer, n):
        raise fail("eldest", f"expected the dealer's left, seat {left_of(view.dealer, n)}")
    count("deal_number", view.deal_number)
    count("pool", view.pool)
    counts("balances", view.balances, players=n, low=-MAX_COUNT, high=MAX_COUNT)
    if sum(view.balances) + view.pool != 0:
        raise fail(
            "balances",
            "counters only move between the pool and the seats: the balances and the pool "
            "add up to 0",
        )
    outcome = view.outcome
    if outcome is not None:
        seats("outcome.winners", outcome.winners, players=n)
        counts("outcome.payouts", outcome.payouts, players=n, low=0, high=MAX_COUNT)
        count("outcome.carried", outcome.carried)
    return n


def legal_cards(view: SeatView) -> set[Card]:
    """Check that only the seat to act has legal actions, each once; return its hand's cards.

    The caller checks that each action names cards of that set.
    """
    legal = view.legal_actions
    if legal and view.to_act != view.seat:
        raise fail("legal_actions", f"seat {view.seat} is not to act and has none")
    if len(set(legal)) != len(legal):
        raise fail("legal_actions", "an action appears twice")
    return set(view.hand)


def fail(field: str, problem: str) -> ViewError:
    """The error refusing ``field`` of a view: ``invalid View: <field>: <problem>``."""
    return ViewError(f"invalid View: {field}: {problem}")


def _exact_types(tp: object, parts: tuple[type, ...]) -> frozenset[type] | None:
    """The classes ``tp`` stands for, if a value's exact type tells (not for ``parts``).

    A view built by :func:`view` or read from JSON holds values of exactly its declared
    classes (an ``int`` is never a ``bool``, a card never a bare ``int``).
    """
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
    else:
        args = (tp,)
    for arg in args:
        if not isinstance(arg, type) or arg in parts or typing.get_origin(arg) is not None:
            return None
    return frozenset(args)


def _checker(tp: object, parts: tuple[type, ...]) -> _Checker:
    """A predicate telling whether a value has type ``tp`` (built once per type)."""
    found = _CHECKERS.get(tp)
    if found is not None:
        return found
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    exact = _exact_types(tp, parts)
    check: _Checker
    if exact is not None:

        def check(value: object) -> bool:
            return type(value) in exact

    elif origin is typing.Union or origin is types.UnionType:
        options = [_checker(arg, parts) for arg in args]

        def check(value: object) -> bool:
            return any(option(value) for option in options)

    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        items = _exact_types(args[0], parts)
        if items is not None:

            def check(value: object) -> bool:
                return type(value) is tuple and items.issuperset(map(type, value))

        else:
            item = _checker(args[0], parts)

            def check(value: object) -> bool:
                return type(value) is tuple and all(item(element) for element in value)

    elif origin is tuple:
        each = [_checker(arg, parts) for arg in args]

        def check(value: object) -> bool:
            return (
                type(value) is tuple
                and len(value) == len(each)
                and all(item(element) for item, element in zip(each, value, strict=True))
            )

    elif isinstance(tp, type) and tp in parts:
        resolved = attrs.resolve_types(tp)
        fields = tuple(
            (field.name, _checker(field.type, parts)) for field in attrs.fields(resolved)
        )

        def check(value: object) -> bool:
            return type(value) is tp and all(
                field_check(getattr(value, name)) for name, field_check in fields
            )

    else:  # pragma: no cover - every field of a view has one of the types above
        raise TypeError(f"cannot check values of type {tp!r}")
    _CHECKERS[tp] = check
    return check


def check_types(view: object, parts: tuple[type, ...]) -> None:
    """Check that every field of the attrs instance ``view`` has its declared type.

    ``parts`` are the attrs classes of values inside a view (events, tricks, outcomes)
    whose own fields are checked too; other values (options, actions, cards, enums) must
    be of exactly their class, whose constructor validated them. An ``int`` is never a
    ``bool``.

    Raises:
        ViewError: naming the first field whose value has another type.

    """
    cls: Any = type(view)
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = [
            (field.name, field.type, _checker(field.type, parts))
            for field in attrs.fields(attrs.resolve_types(cls))
        ]
    for name, tp, check in fields:
        value = getattr(view, name)
        if not check(value):
            shown = repr(value)
            if len(shown) > 60:
                shown = shown[:57] + "..."
            raise fail(name, f"expected {_type_name(tp)}, not {shown}")


def _type_name(tp: object) -> str:
    return str(tp).replace("typing.", "").replace("cardrules.", "")


def seat(field: str, value: int, *, players: int) -> int:
    """Check that ``value`` is a seat of a game of ``players``."""
    if not 0 <= value < players:
        raise fail(field, f"expected a seat from 0 to {players - 1}, not {value}")
    return value


def seats(field: str, values: Iterable[int], *, players: int, length: int | None = None) -> None:
    """Check that ``values`` are distinct seats (``length`` of them, if given)."""
    values = tuple(values)
    if length is not None and len(values) != length:
        raise fail(field, f"expected {length} entries (one per seat), not {len(values)}")
    for value in values:
        seat(field, value, players=players)
    if len(set(values)) != len(values):
        raise fail(field, "a seat appears twice")


def count(field: str, value: int, low: int = 0, high: int = MAX_COUNT) -> int:
    """Check that the number ``value`` is from ``low`` to ``high``."""
    if not low <= value <= high:
        raise fail(field, f"expected a number from {low} to {high}, not {value}")
    return value


def counts(field: str, values: tuple[int, ...], *, players: int, low: int, high: int) -> None:
    """Check one number per seat, each from ``low`` to ``high``."""
    if len(values) != players:
        raise fail(field, f"expected {players} entries (one per seat), not {len(values)}")
    for value in values:
        count(field, value, low, high)


def distinct(field: str, cards: Collection[Card], *, most: int | None = None) -> None:
    """Check that no card appears twice in ``cards`` (and that it has at most ``most``)."""
    if most is not None and len(cards) > most:
        raise fail(field, f"expected at most {most} cards, not {len(cards)}")
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise fail(field, f"{card} appears twice")
            seen.add(card)


def in_pack(field: str, cards: Iterable[Card], pack: Collection[Card]) -> None:
    """Check that every card of ``cards`` is one of ``pack`` (a set, for speed)."""
    for card in cards:
        if card not in pack:
            raise fail(field, f"{card} is not a card of this game's pack")
