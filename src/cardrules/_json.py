"""JSON plumbing for :mod:`cardrules.records`: strict parsing and the cattrs converters.

Nothing here is public API; :mod:`cardrules.records` documents the behaviour. The module
does two jobs:

* :func:`parse_json` turns untrusted text or bytes into plain JSON values, refusing
  everything a hostile or broken file can contain: oversized input, bytes that are not
  UTF-8, syntax errors, nesting too deep for the parser, duplicate keys, ``NaN`` and
  ``Infinity``, and integers too long to be a seed.
* :func:`converter` builds (once per game) a `cattrs <https://catt.rs>`_ converter whose
  hooks write cards as notation strings (``"10C"``), enums as their string values and
  actions in the game's notation (``"play 10C"``), and read them back strictly: a JSON
  ``true`` is not an integer, ``"5"`` is not ``5``, an array is not an object, and unknown
  keys are errors. :func:`structure` turns every failure into one
  :class:`~cardrules.errors.RecordError` whose message names each bad place as a path
  such as ``deals[0].actions[3]``.

cattrs is imported lazily, so ``import cardrules`` does not need it.

>>> parse_json('{"a": [1, "10C", null]}')
{'a': [1, '10C', None]}
>>> parse_json('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
cardrules.errors.RecordError: invalid JSON: duplicate key 'a' in an object (at a, line 1 column 10)
"""

from __future__ import annotations

import collections.abc
import enum
import functools
import json
import re
import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast, get_args, get_origin

import attrs

from cardrules import games
from cardrules.cards import Card, Rank, Suit, parse_card
from cardrules.errors import CardrulesError, RecordError
from cardrules.explanations import Refusal, SettlementExplanation, TrickExplanation
from cardrules.messages import Message, message_from_json, message_to_json
from cardrules.protocol import DynamicGame, GameOptions

if TYPE_CHECKING:
    import cattrs

__all__ = [
    "MAX_INPUT_SIZE",
    "MAX_INT",
    "ValueWriter",
    "converter",
    "describe",
    "game_module",
    "game_of_type",
    "json_classes",
    "json_game",
    "parse_json",
    "structure",
    "unstructure",
    "value_writer",
    "write_json",
]

T = TypeVar("T")

MAX_INPUT_SIZE: Final = 32 * 1024 * 1024
"""The largest JSON input accepted, in bytes (or characters for ``str`` input): 32 MiB."""

MAX_INT: Final = 2**64
"""Every integer read from JSON must be strictly between ``-MAX_INT`` and ``MAX_INT``."""

_MAX_INT_DIGITS: Final = 21  # len(str(-(2**64))) == 21: longer literals are out of range
_MAX_TOKEN: Final = 64  # longest card or action text worth parsing (sing has 4 cards)
_MAX_ERRORS: Final = 5  # errors quoted in one RecordError message


class InvalidValueError(ValueError):
    """A JSON value of the wrong kind or out of range; the message says what was expected."""


def describe(value: object) -> str:
    """Describe a JSON value briefly, for error messages (long values are cut).

    >>> describe(True), describe("x" * 50), describe([1]), describe(2.5)
    ('true', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'", 'an array', 'the number 2.5')
    """
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value) if len(value) <= 30 else repr(value[:30])[:-1] + "…'"
    if isinstance(value, int):
        text = str(value)
        return text if len(text) <= 30 else text[:12] + "…" + text[-12:]
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


# --------------------------------------------------------------------------- parsing


class _RejectedError(Exception):
    """Raised from inside ``json.loads`` hooks; turned into a RecordError."""


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RejectedError(f"duplicate key {describe(key)} in an object")
            seen.add(key)
    return result


def _no_constant(name: str) -> object:
    raise _RejectedError(f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text) > _MAX_INT_DIGITS:
        raise _RejectedError(f"integer {describe(text)[1:-1]} is too large (limit: 2**64)")
    return int(text)


def parse_json(data: str | bytes, *, max_size: int = MAX_INPUT_SIZE) -> object:
    r"""Parse untrusted JSON text (``str``, or UTF-8 ``bytes``) into plain values.

    A leading byte order mark is ignored.

    >>> parse_json(b'\xef\xbb\xbf[1, 2]')
    [1, 2]
    >>> parse_json('[1, NaN]')
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: invalid JSON: NaN is not a JSON number (at [1], line 1 column 5)

    Raises:
        RecordError: for anything but one well-formed JSON value within the limits.

    """
    if isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
        if len(raw) > max_size:
            raise RecordError(f"invalid JSON: input of {len(raw)} bytes exceeds {max_size}")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise RecordError(
                f"invalid JSON: not UTF-8 text (bad byte at offset {err.start})"
            ) from None
    elif isinstance(data, str):
        text = data
        if len(text) > max_size:
            raise RecordError(f"invalid JSON: input of {len(text)} characters exceeds {max_size}")
    else:
        raise RecordError(f"invalid JSON: expected str or bytes, not {type(data).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_constant=_no_constant,
            parse_int=_bounded_int,
        )
    except json.JSONDecodeError as err:
        message = f"{err.msg} at line {err.lineno} column {err.colno}"
        raise RecordError(f"invalid JSON: {message}") from None
    except RecursionError:
        raise RecordError("invalid JSON: nested too deeply") from None
    except _RejectedError as err:
        raise RecordError(f"invalid JSON: {err}{_where_refused(text)}") from None
    except ValueError as err:  # e.g. Python's limit on digits in int conversion
        raise RecordError(f"invalid JSON: {err}") from None


_STRING: Final = re.compile(r'"(?:[^"\\\x00-\x1f]|\\.)*"')
_NUMBER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_CONSTANTS: Final = ("NaN", "Infinity", "-Infinity", "true", "false", "null")


def _where_refused(text: str) -> str:
    r"""Where in ``text`` the strict reader's first refusal lies: path, line and column.

    Only called once ``json.loads`` has refused a duplicate key, a ``NaN`` or an integer
    too large, whose hooks cannot know their position; this walks the same text once more,
    as JSON, to the first such value. Returns ``" (at <path>, line L column C)"`` or ``""``.

    >>> _where_refused('{"deals": [{"seed": 1, "seed": 2}]}')
    ' (at deals[0].seed, line 1 column 24)'
    >>> _where_refused('[1,\n NaN]')
    ' (at [1], line 2 column 2)'
    """
    try:
        found = _first_refused(text, _skip(text, 0), "")
    except (RecursionError, ValueError, IndexError):
        return ""
    if found is None or isinstance(found, int):
        return ""
    path, offset = found
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f" (at {path or 'the top level'}, line {line} column {column})"


def _string_at(text: str, at: int) -> tuple[str, int]:
    """The JSON string starting at ``at``, decoded, and the offset after it."""
    match = _STRING.match(text, at)
    if match is None:
        raise ValueError("not a string")
    decoded: str = json.loads(match.group(0))
    return decoded, match.end()


def _skip(text: str, at: int) -> int:
    """The offset of the first character at or after ``at`` that is not JSON white space."""
    while at < len(text) and text[at] in " \t\n\r":
        at += 1
    return at


def _first_refused(text: str, at: int, path: str) -> tuple[str, int] | int | None:
    """Walk the value at ``at``: its refused place ``(path, offset)``, else where it ends."""
    char = text[at]
    if char == "{":
        keys: set[str] = set()
        at = _skip(text, at + 1)
        if text[at] == "}":
            return at + 1
        while True:
            start = at
            key, at = _string_at(text, at)
            where = f"{path}.{key}" if path else key
            if key in keys:
                return where, start
            keys.add(key)
            at = _skip(text, _skip(text, at) + 1)
            inner = _first_refused(text, at, where)
            if not isinstance(inner, int):
                return inner
            at = _skip(text, inner)
            if text[at] == "}":
                return at + 1
            at = _skip(text, at + 1)
    if char == "[":
        at = _skip(text, at + 1)
        if text[at] == "]":
            return at + 1
        index = 0
        while True:
            inner = _first_refused(text, at, f"{path}[{index}]")
            if not isinstance(inner, int):
                return inner
            at = _skip(text, inner)
            if text[at] == "]":
                return at + 1
            at = _skip(text, at + 1)
            index += 1
    if char == '"':
        return _string_at(text, at)[1]
    for constant in _CONSTANTS:
        if text.startswith(constant, at):
            return (path, at) if constant[-1] in "Ny" else at + len(constant)
    number = _NUMBER.match(text, at)
    if number is None:
        return None
    digits = number.group(0)
    if not (number.group(1) or number.group(2)) and len(digits) > _MAX_INT_DIGITS:
        return path, at
    return number.end()


def write_json(value: object, *, indent: int | None = None) -> str:
    """Write plain values as JSON text: UTF-8 friendly, no NaN, compact unless indented.

    >>> write_json({"cards": ["10C", "AH"], "seed": 7})
    '{"cards":["10C","AH"],"seed":7}'
    """
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(value, ensure_ascii=False, allow_nan=False, indent=indent,
                      separators=separators)  # fmt: skip


# --------------------------------------------------------------------------- games


def game_module(name: str) -> DynamicGame:
    """Return the game module a record's ``game`` names (exactly, as ``NAME`` spells it).

    Records are strict: ``"Spoil_Five"`` is no game here, though the registry's
    :func:`~cardrules.games.lookup` would read it.

    Raises:
        RecordError: if no game has that name.

    """
    if not isinstance(name, str) or name not in games.NAMES:
        known = " or ".join(repr(game) for game in games.NAMES)
        raise RecordError(f"game: unknown game {describe(name)} (expected {known})")
    return games.lookup(name).module


def game_of_type(cls: type) -> str | None:
    """The name of the game whose package defines ``cls``, or ``None``.

    >>> from cardrules.spoil_five.options import Options
    >>> game_of_type(Options), game_of_type(int)
    ('spoil-five', None)
    """
    entry = games.entry_of(cls)
    return None if entry is None else entry.name


_EXPLANATIONS: Final = frozenset((Refusal, TrickExplanation, SettlementExplanation))
"""The values of :mod:`cardrules.explanations`, which have a JSON form in every game."""


@functools.cache
def json_classes(game: str) -> frozenset[type]:
    """The classes of ``game`` that have a JSON form.

    They are its options, its view, and every attrs class a view contains (actions,
    outcomes, tricks, ...). States are not among them: they hold hidden information.

    >>> from cardrules.spoil_five import Options, Play, State, View
    >>> classes = json_classes("spoil-five")
    >>> Options in classes, View in classes, Play in classes, State in classes
    (True, True, True, False)
    """
    module = game_module(game)
    found: set[type] = set()

    def visit(tp: object) -> None:
        if isinstance(tp, type) and attrs.has(tp):
            if tp in found:
                return
            found.add(tp)
            attrs.resolve_types(cast(Any, tp))
            for field in attrs.fields(tp):
                visit(field.type)
        for arg in get_args(tp):
            visit(arg)

    visit(module.Options)
    visit(module.View)
    return frozenset(found)


def json_game(cls: type) -> str:
    """The game whose JSON-ready class ``cls`` is (see :func:`json_classes`).

    Raises:
        TypeError: if ``cls`` has no JSON form.

    """
    if cls in _EXPLANATIONS:  # game-neutral (cards, numbers and text): any game's converter
        return games.NAMES[0]
    game = game_of_type(cls)
    if game is None or cls not in json_classes(game):
        hint = (
            " (a state holds hidden information: send view(state, seat))"
            if (cls.__name__ == "State")
            else ""
        )
        raise TypeError(
            f"JSON is for records, options and views, not {cls.__module__}.{cls.__name__}" + hint
        )
    return game


# --------------------------------------------------------------------------- hooks


def _structure_int(value: object, _: object) -> int:
    if type(value) is not int:
        raise InvalidValueError(f"expected an integer, got {describe(value)}")
    if not -MAX_INT < value < MAX_INT:
        raise InvalidValueError(f"integer {describe(value)} is out of range (limit: 2**64)")
    return value


def _structure_bool(value: object, _: object) -> bool:
    if type(value) is not bool:
        raise InvalidValueError(f"expected true or false, got {describe(value)}")
    return value


def _structure_str(value: object, _: object) -> str:
    if type(value) is not str:
        raise InvalidValueError(f"expected a string, got {describe(value)}")
    return value


def _structure_float(value: object, _: object) -> float:
    raise InvalidValueError(f"no numbers with fractions are expected here, got {describe(value)}")


def _token(value: object, what: str, example: str) -> str:
    if type(value) is not str:
        raise InvalidValueError(
            f"expected {what} as a string such as {example!r}, got {describe(value)}"
        )
    if len(value) > _MAX_TOKEN:
        raise InvalidValueError(f"not {what}: {describe(value)}")
    return value


def _structure_card(value: object, _: object) -> Card:
    return parse_card(_token(value, "a card", "10C"))


def _structure_suit(value: object, _: object) -> Suit:
    return Suit.parse(_token(value, "a suit", "H"))


def _structure_rank(value: object, _: object) -> Rank:
    return Rank.parse(_token(value, "a rank", "10"))


def _structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    for member in cls:
        if type(value) is type(member.value) and value == member.value:
            return member
    allowed = ", ".join(describe(member.value) for member in cls)
    raise InvalidValueError(f"expected one of {allowed}, got {describe(value)}")


def _is_tuple(tp: object) -> bool:
    return get_origin(tp) is tuple


def _is_mapping(tp: object) -> bool:
    return get_origin(tp) in (dict, collections.abc.Mapping)


def _mapping_hook(
    conv: cattrs.Converter, tp: Any
) -> Callable[[object, object], dict[object, object]]:
    from cattrs.errors import IterableValidationError, IterableValidationNote

    key_type, value_type = get_args(tp)
    structure = conv.structure  # dispatch is cached by cattrs

    def structure_mapping(value: object, _: object) -> dict[object, object]:
        if type(value) is not dict:
            raise InvalidValueError(f"expected an object, got {describe(value)}")
        result: dict[object, object] = {}
        errors: list[Exception] = []
        for key, item in value.items():
            try:
                result[structure(key, key_type)] = structure(item, value_type)
            except Exception as err:  # collected, reported with the path
                if _collect(errors, err, IterableValidationNote(f"key {key!r}", key, value_type)):
                    break
        if errors:
            raise IterableValidationError(f"while structuring {tp!r}", errors, tp)
        return result

    return structure_mapping


class MoreErrorsError(Exception):
    """Stands for the errors of an array or object left unexamined after the first few."""


def _collect(errors: list[Exception], err: Exception, note: str) -> bool:
    """Add ``err`` (located by ``note``) to ``errors``; return whether to stop looking.

    Refusal is bounded: an array or object is examined only until ``_MAX_ERRORS`` of its
    items have failed, and a marker then stands for the rest, so a hostile input with a
    million bad items costs no more than one with six. The traceback is dropped: only the
    message and the path are reported, and a kept traceback holds every frame alive.
    """
    err.__traceback__ = None
    err.__notes__ = [*getattr(err, "__notes__", []), note]
    errors.append(err)
    if len(errors) < _MAX_ERRORS:
        return False
    more = MoreErrorsError()
    more.__notes__ = [note]
    errors.append(more)
    return True


def _tuple_hook(conv: cattrs.Converter, tp: Any) -> Callable[[object, object], tuple[object, ...]]:
    from cattrs.errors import IterableValidationError, IterableValidationNote

    args = get_args(tp)
    homogeneous = len(args) == 2 and args[1] is Ellipsis
    structure = conv.structure  # dispatch is cached by cattrs

    def structure_tuple(value: object, _: object) -> tuple[object, ...]:
        if type(value) is not list:
            raise InvalidValueError(f"expected an array, got {describe(value)}")
        if not homogeneous and len(value) != len(args):
            raise InvalidValueError(f"expected an array of {len(args)} items, got {len(value)}")
        result: list[object] = []
        errors: list[Exception] = []
        for index, item in enumerate(value):
            item_type = args[0] if homogeneous else args[index]
            try:
                result.append(structure(item, item_type))
            except Exception as err:  # collected, reported with the path
                if _collect(
                    errors, err, IterableValidationNote(f"index {index}", index, item_type)
                ):
                    break
        if errors:
            raise IterableValidationError(f"while structuring {tp!r}", errors, tp)
        return tuple(result)

    return structure_tuple


def _attrs_hook(conv: cattrs.Converter, cls: type[T]) -> Callable[[object, object], T]:
    from cattrs.gen import make_dict_structure_fn

    attrs.resolve_types(cast(Any, get_origin(cls) or cls))  # GameRecord[...]: its class
    inner = make_dict_structure_fn(
        cls, conv, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=True
    )

    def structure_attrs(value: object, _: object) -> T:
        if type(value) is not dict:
            raise InvalidValueError(f"expected an object, got {describe(value)}")
        return inner(value, cls)

    return structure_attrs


def _unstructure_attrs(conv: cattrs.Converter, cls: type) -> Callable[[object], object]:
    names = [field.name for field in attrs.fields(cls)]
    unstructure = conv.unstructure

    def unstructure_attrs(obj: object) -> dict[str, object]:
        # Dispatch on each value's own class, not on the annotation, so that a card is
        # always written as notation wherever it appears.
        return {name: unstructure(getattr(obj, name)) for name in names}

    return unstructure_attrs


def _unstructure_enum(member: enum.Enum) -> object:
    return member.value


@functools.cache
def converter(game: str) -> cattrs.Converter:
    """The cattrs converter for the options, views and records of ``game``.

    Raises:
        ModuleNotFoundError: if cattrs is not installed.
        RecordError: if ``game`` is unknown.

    """
    module = game_module(game)
    try:
        import cattrs
    except ModuleNotFoundError as err:
        raise ModuleNotFoundError(
            "cardrules JSON support needs the 'cattrs' package: pip install 'cardrules[json]'"
        ) from err
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    action_types: tuple[type, ...] = tuple(module.ACTION_TYPES)
    parse_action = module.parse_action

    def expected_actions(tp: object) -> tuple[type, ...] | None:
        """The action classes ``tp`` stands for (None if it is no action type)."""
        if tp is object:
            return action_types
        if tp in action_types:
            return (tp,)
        if get_origin(tp) not in (types.UnionType, _union_origin()):
            return None
        args = tuple(arg for arg in get_args(tp) if arg is not type(None))
        if args and all(arg in action_types for arg in args):
            return args
        return None

    def structure_action(value: object, tp: object) -> object:
        if value is None and type(None) in get_args(tp):
            return None
        expected = expected_actions(tp) or action_types
        action = parse_action(_token(value, "an action", "play 10C"))
        if not isinstance(action, expected):
            names = ", ".join(cls.__name__ for cls in expected)
            raise InvalidValueError(f"expected an action of type {names}, got {describe(value)}")
        return action

    # Structuring: the singledispatch hooks take precedence over the predicates below, so
    # enums (str and int subclasses) are registered by their bases explicitly.
    simple_hooks: tuple[tuple[type, Callable[[Any, Any], object]], ...] = (
        (int, _structure_int),
        (bool, _structure_bool),
        (str, _structure_str),
        (float, _structure_float),
        (Card, _structure_card),
        (Suit, _structure_suit),
        (Rank, _structure_rank),
        (enum.Enum, _structure_enum),
        (enum.StrEnum, _structure_enum),
        (enum.IntEnum, _structure_enum),
    )
    for simple, hook in simple_hooks:
        conv.register_structure_hook(simple, hook)
    conv.register_structure_hook_factory(attrs.has, functools.partial(_attrs_hook, conv))
    conv.register_structure_hook_factory(_is_tuple, functools.partial(_tuple_hook, conv))
    conv.register_structure_hook_factory(_is_mapping, functools.partial(_mapping_hook, conv))
    options_class = module.Options
    conv.register_structure_hook_func(
        lambda tp: tp is GameOptions, lambda value, _: conv.structure(value, options_class)
    )
    conv.register_structure_hook_func(lambda tp: expected_actions(tp) is not None, structure_action)
    for cls in action_types:
        conv.register_structure_hook(cls, structure_action)

    # Unstructuring: by each value's runtime class.
    conv.register_unstructure_hook_factory(attrs.has, functools.partial(_unstructure_attrs, conv))
    for cls in action_types:
        conv.register_unstructure_hook(cls, str)
    conv.register_unstructure_hook(Card, str)
    conv.register_unstructure_hook(Suit, lambda suit: suit.letter)
    conv.register_unstructure_hook(Rank, lambda rank: rank.symbol)
    conv.register_unstructure_hook(enum.Enum, _unstructure_enum)
    conv.register_unstructure_hook(enum.StrEnum, _unstructure_enum)
    conv.register_unstructure_hook(enum.IntEnum, _unstructure_enum)
    conv.register_unstructure_hook(types.MappingProxyType, lambda mapping: dict(mapping))
    conv.register_structure_hook(Message, lambda value, _: message_from_json(value))
    conv.register_unstructure_hook(Message, message_to_json)
    return conv


@functools.cache
def _union_origin() -> object:
    import typing

    return get_origin(typing.Union[int, str])  # noqa: UP007 - the typing.Union origin


# --------------------------------------------------------------------------- errors


def _path(cattrs_path: str) -> str:
    if cattrs_path == "$":
        return ""
    return cattrs_path[2:] if cattrs_path.startswith("$.") else cattrs_path[1:]


def _format_exception(exc: BaseException, tp: object) -> str:
    from cattrs.errors import ForbiddenExtraKeysError

    if isinstance(exc, CardrulesError | InvalidValueError):
        return str(exc)
    if isinstance(exc, ForbiddenExtraKeysError):
        names = ", ".join(describe(name) for name in sorted(exc.extra_fields)[:5])
        return f"unknown field(s) {names}"
    if isinstance(exc, KeyError):
        return "missing field"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, MoreErrorsError):
        return _MORE
    return f"invalid value ({type(exc).__name__}: {str(exc)[:100]})"


_MORE: Final = "\x00more"  # what a MoreErrorsError formats as, never shown


def messages(exc: BaseException) -> tuple[list[str], bool]:
    """Turn a cattrs validation error into messages ``"<path>: <problem>"``.

    The second value says whether some items were left unexamined (see :func:`_collect`).
    """
    from cattrs import transform_error

    result = []
    more = False
    for text in transform_error(exc, path="$", format_exception=_format_exception):
        problem, _, where = text.rpartition(" @ ")
        if problem == _MORE:
            more = True
            continue
        path = _path(where)
        result.append(f"{path}: {problem}" if path else problem)
    return result, more


def structure(value: object, cls: type[T], game: str, what: str) -> T:
    """Structure plain JSON values into ``cls`` with the converter of ``game``.

    Raises:
        RecordError: ``invalid <what>: <path>: <problem>; ...`` for every problem found.

    """
    conv = converter(game)  # first: it explains a missing cattrs
    from cattrs.errors import BaseValidationError

    more = False
    try:
        return conv.structure(value, cls)
    except BaseValidationError as err:
        found, more = messages(err)
    except (CardrulesError, InvalidValueError) as err:
        found = [str(err)]
    except RecursionError:
        found = ["nested too deeply"]
    shown = "; ".join(found[:_MAX_ERRORS])
    if more:
        shown += " (and more)"
    elif len(found) > _MAX_ERRORS:
        shown += f" (and {len(found) - _MAX_ERRORS} more)"
    raise RecordError(f"invalid {what}: {shown}")


def unstructure(obj: object, game: str) -> object:
    """Turn an options, view or record object into plain JSON values."""
    return converter(game).unstructure(obj)


class ValueWriter:
    """:func:`unstructure` for one game without cattrs' generic dispatch: the same values.

    One function per class met, built once and kept by the writer (a view's classes are
    few: the view, its events, tricks and outcome, cards, enums, actions); a class it
    does not know is written by the game's converter.
    """

    __slots__ = ("_actions", "_by_class", "_game")

    def __init__(self, game: str) -> None:
        self._game = game
        self._actions = frozenset(game_module(game).ACTION_TYPES)
        self._by_class: dict[type, Callable[[Any], object]] = {}

    def write(self, value: object) -> object:
        """``value`` as plain JSON values (what :func:`unstructure` gives)."""
        cls = type(value)
        found = self._by_class.get(cls)
        if found is None:
            found = self._by_class[cls] = self._for(cls)
        return found(value)

    def write_fields(self, obj: object, **given: object) -> dict[str, object]:
        """An attrs object's fields as :meth:`write` gives them, those ``given`` as they are."""
        write = self.write
        fields_of: Any = attrs.fields  # obj is an attrs instance (a view, an options)
        return {
            name: given[name] if name in given else write(getattr(obj, name))
            for name in (field.name for field in fields_of(type(obj)))
        }

    def _for(self, cls: type) -> Callable[[Any], object]:
        write = self.write
        if cls in (int, str, float, bool, type(None)):
            return _same
        if cls in self._actions or issubclass(cls, Card):
            return str
        if issubclass(cls, Suit):
            return lambda suit: suit.letter
        if issubclass(cls, Rank):
            return lambda rank: rank.symbol
        if issubclass(cls, enum.Enum):
            return _unstructure_enum
        if cls is Message:
            return message_to_json
        if cls in (tuple, list):
            return lambda items: [write(item) for item in items]
        if attrs.has(cls):
            hints = _field_types(cls)
            fields = tuple(
                (field.name, _by_annotation(hints.get(field.name)) or write)
                for field in attrs.fields(cls)
            )
            return lambda obj: {name: field(getattr(obj, name)) for name, field in fields}
        return converter(self._game).unstructure


def _field_types(cls: type) -> dict[str, object]:
    try:
        return typing.get_type_hints(cls)
    except (NameError, TypeError):  # an annotation that does not resolve: dispatch by value
        return {}


_PLAIN: Final = frozenset({int, str, bool})


def _by_annotation(tp: object) -> Callable[[Any], object] | None:
    """A writer for a field declared ``tp`` whose values are of exactly that type, or None.

    Only for the plain declarations a view's checks hold values to (``int``, ``str``,
    ``bool``, optional ones, and tuples of ints or cards); the others dispatch by value.
    """
    args = get_args(tp)
    if tp in _PLAIN or (
        get_origin(tp) in (types.UnionType, _union_origin())
        and all(arg in _PLAIN or arg is type(None) for arg in args)
    ):
        return _same
    if get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] is int:
            return list
        if args[0] is Card:
            return lambda cards: [str(card) for card in cards]
    return None


def _same(value: object) -> object:
    return value


@functools.cache
def value_writer(game: str) -> ValueWriter:
    """The :class:`ValueWriter` of ``game`` (one per game, like its converter)."""
    return ValueWriter(game)
