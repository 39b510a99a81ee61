"""``cardrules serve``: tables where people play together in the browser (the ``web`` extra).

:mod:`cardrules.web.app` is the ASGI application (Starlette, served by uvicorn): the page
(package data in ``static/``), the JSON API and a WebSocket per connected seat or
spectator; :mod:`cardrules.web.client` is a second client of the same protocol, for the
terminal and for bots. The protocol is described in docs/front-end.md ("Tables
protocol") and by the JSON Schema ``schemas/protocol-v1.json`` shipped here
(:func:`protocol_schema`).

This package imports no web library itself, so the schema can be read without the extra:

>>> schema = protocol_schema()
>>> schema["title"], sorted(schema["$defs"])[:3]
('cardrules tables protocol, version 1', ['act', 'card', 'catalogue'])
"""

from __future__ import annotations

import json
from importlib import resources

__all__ = ["protocol_schema"]


def protocol_schema(version: int = 1) -> dict[str, object]:
    """The JSON Schema of the tables protocol ``version`` (see the module)."""
    text = (resources.files(__name__) / "schemas" / f"protocol-v{version}.json").read_text("utf-8")
    schema: dict[str, object] = json.loads(text)
    return schema
