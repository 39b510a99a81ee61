"""The protocol's schema for the tests: every frame and body they receive is checked by it."""

from __future__ import annotations

import json
from typing import Any

import jsonschema  # type: ignore[import-untyped]

from cardrules.web import protocol_schema

SCHEMA = protocol_schema()
jsonschema.Draft202012Validator.check_schema(SCHEMA)


def validator(definition: str) -> jsonschema.Draft202012Validator:
    """A validator of one ``$defs`` entry of the schema."""
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/{definition}"})


SERVER_FRAME = validator("server_frame")
CLIENT_FRAME = validator("client_frame")


def checked(text: str, definition: str = "server_frame") -> dict[str, Any]:
    """Parse ``text`` and check it against ``definition`` (raises on a mismatch)."""
    data: dict[str, Any] = json.loads(text)
    validator(definition).validate(data)
    return data


class Socket:
    """A test client's WebSocket whose every received frame is checked by the schema."""

    def __init__(self, websocket: Any) -> None:
        self.websocket = websocket
        self.table: dict[str, Any] | None = None
        self.received: list[str] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.websocket.send_text(json.dumps(frame))

    def receive(self) -> dict[str, Any]:
        text = self.websocket.receive_text()
        self.received.append(text)
        frame = checked(text)
        if frame["type"] == "table":
            self.table = frame
        return frame

    def until(self, kind: str) -> dict[str, Any]:
        while True:
            frame = self.receive()
            if frame["type"] == kind:
                return frame

    def hello(self, seat: int | None = None, key: str | None = None, **extra: Any) -> None:
        frame: dict[str, Any] = {"type": "hello", "protocol": 1, **extra}
        if seat is not None:
            frame.update(seat=seat, key=key)
        CLIENT_FRAME.validate(frame)
        self.send(frame)
        assert self.receive()["type"] == "welcome"
        self.until("table")

    @property
    def counter(self) -> int:
        assert self.table is not None
        return int(self.table["counter"])

    @property
    def payload(self) -> dict[str, Any]:
        assert self.table is not None
        return dict(self.table["payload"])
