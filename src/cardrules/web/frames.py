"""Reading client frames strictly, and the error frames that name what was wrong.

Every frame a client sends is one JSON object described by ``$defs.client_frame`` of the
protocol's schema (``schemas/protocol-v1.json``; see docs/front-end.md). :func:`read_frame`
checks a frame field by field and returns it as a :class:`Frame`, or raises
:class:`FrameError` with the protocol's error code and the field at fault, which the
server sends back as an ``error`` frame. The checks here and the schema say the same
thing; the tests hold every accepted frame to the schema.

>>> read_frame('{"type": "act", "counter": 3, "action": "play 10C"}', max_size=4096)
Frame(type='act', fields={'counter': 3, 'action': 'play 10C'})
>>> read_frame('{"type": "act", "counter": true, "action": "play 10C"}', max_size=4096)
Traceback (most recent call last):
...
cardrules.web.frames.FrameError: bad-frame: field 'counter' must be a whole number from 0 to ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

import attrs

from cardrules import records
from cardrules.errors import CardrulesError, RecordError
from cardrules.messages import LANGUAGES

__all__ = ["MAX_COUNTER", "PROTOCOL", "Frame", "FrameError", "error_frame", "read_frame"]

PROTOCOL: Final = 1
"""The version of the protocol this server speaks."""

MAX_COUNTER: Final = 2**53 - 1
"""The largest counter a frame may name (the largest integer every JSON reader keeps exact)."""

MAX_SEAT: Final = 12

_KEY: Final = re.compile(r"[A-Za-z0-9_-]{22,64}")
_LANGUAGE: Final = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*")

_COUNTER = ("counter",)
FIELDS: Final[Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    # type: (required fields, optional fields)
    "hello": (("protocol",), ("seat", "key", "creator", "language", "since", "name")),
    "act": (("counter", "action"), ()),
    "next-deal": (_COUNTER, ()),
    "rematch": (_COUNTER, ()),
    "leave": ((), ()),
    "take-seat": ((), ("name",)),
    "hand-to-bot": (("seat",), ()),
    "ping": ((), ()),
    "suggest": (_COUNTER, ()),
}
"""The fields of each client frame, besides ``type``."""


class FrameError(CardrulesError, ValueError):
    """A client frame refused: ``code`` is the protocol's error code, ``field`` the culprit.

    Args:
        code: one of ``$defs.error_code`` of the schema.
        message: a sentence saying what was wrong.
        field: the field at fault, if one was.
        rule: for ``illegal``, the rule id of the refusal.
    """

    def __init__(
        self, code: str, message: str, *, field: str | None = None, rule: str | None = None
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.field = field
        self.rule = rule

    def frame(self) -> dict[str, object]:
        """The ``error`` frame telling the client."""
        return error_frame(self.code, self.message, field=self.field, rule=self.rule)


def error_frame(
    code: str, message: str, *, field: str | None = None, rule: str | None = None
) -> dict[str, object]:
    """An ``error`` server frame.

    >>> error_frame("stale", "the table has moved on")["code"]
    'stale'
    """
    return {"type": "error", "code": code, "message": message, "rule": rule, "field": field}


@attrs.frozen
class Frame:
    """A client frame that passed every check: its ``type`` and its other fields."""

    type: str
    fields: dict[str, object]

    def get(self, name: str) -> object:
        """The field ``name``, or ``None`` when the frame has none."""
        return self.fields.get(name)


def read_object(text: str | bytes, *, max_size: int) -> dict[str, object]:
    """One JSON object, read strictly (:func:`cardrules.records.parse_json`): a frame or a body.

    >>> read_object('[1]', max_size=100)
    Traceback (most recent call last):
    ...
    cardrules.web.frames.FrameError: bad-json: expected one JSON object, not a list

    Raises:
        FrameError: ``bad-json``, saying what was wrong.
    """
    try:
        data = records.parse_json(text, max_size=max_size)
    except RecordError as exc:
        raise FrameError("bad-json", f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise FrameError("bad-json", f"expected one JSON object, not a {type(data).__name__}")
    return data


def read_frame(text: str | bytes, *, max_size: int) -> Frame:
    """Read one client frame, checking its size, its JSON and every field.

    Raises:
        FrameError: ``too-large``, ``bad-json`` or ``bad-frame`` (naming the field).
    """
    if len(text) > max_size:
        raise FrameError("too-large", f"a frame may hold at most {max_size} bytes")
    data = read_object(text, max_size=max_size)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        shown = repr(kind)[:40]
        raise FrameError(
            "bad-frame",
            f"unknown frame type {shown}; expected one of {', '.join(FIELDS)}",
            field="type",
        )
    required, optional = FIELDS[kind]
    for name in data:
        if name != "type" and name not in required and name not in optional:
            raise FrameError(
                "bad-frame", f"unknown field {name[:40]!r} in a {kind} frame", field=name[:40]
            )
    for name in required:
        if name not in data:
            raise FrameError("bad-frame", f"missing field {name!r} in a {kind} frame", field=name)
    fields = {name: _checked(kind, name, value) for name, value in data.items() if name != "type"}
    if kind == "hello" and ("seat" in fields) != ("key" in fields):
        raise FrameError(
            "bad-frame", "a hello names a seat and its key together, or neither", field="key"
        )
    return Frame(kind, fields)


def _checked(kind: str, name: str, value: object) -> object:
    if name in ("counter", "since"):
        return _integer(name, value, MAX_COUNTER)
    if name == "seat":
        return _integer(name, value, MAX_SEAT)
    if name == "protocol":
        if _integer(name, value, MAX_COUNTER) != PROTOCOL:
            raise FrameError(
                "protocol", f"this server speaks protocol {PROTOCOL}, not {value}", field=name
            )
        return PROTOCOL
    if name in ("key", "creator"):
        if not isinstance(value, str) or not _KEY.fullmatch(value):
            raise FrameError(
                "bad-frame", f"field {name!r} must be a credential from a link", field=name
            )
        return value
    if name == "language":
        if not isinstance(value, str) or not _LANGUAGE.fullmatch(value):
            raise FrameError("bad-frame", "field 'language' must be a tag such as 'en'", field=name)
        return language_of(value)
    if name == "name":
        if not isinstance(value, str) or not 0 < len(value) <= 40 or not value.isprintable():
            raise FrameError(
                "bad-frame", "field 'name' must be 1 to 40 printable characters", field=name
            )
        return value
    if name == "action":
        if not isinstance(value, str) or not 0 < len(value) <= 200:
            raise FrameError(
                "bad-frame", "field 'action' must be an action in notation, such as 'play 10C'",
                field=name,
            )  # fmt: skip
        return value
    raise AssertionError(f"no check for {kind}.{name}")  # pragma: no cover - FIELDS lists them


def language_of(tag: str) -> str:
    """The language of :data:`cardrules.messages.LANGUAGES` a client's tag asks for.

    The tag's first part is matched (``fr-CA`` is ``fr``); an unknown one gets English.

    >>> language_of("fr-CA"), language_of("de"), language_of("EN")
    ('fr', 'en', 'en')
    """
    primary = tag.split("-")[0].lower()
    return primary if primary in LANGUAGES else LANGUAGES[0]


def _integer(name: str, value: object, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise FrameError(
            "bad-frame", f"field {name!r} must be a whole number from 0 to {high}", field=name
        )
    return value
