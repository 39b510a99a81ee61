"""A custom front-end in a page of code: two players at one table, over the tables protocol.

It starts ``cardrules serve``'s application on a free loopback port (in memory), creates a
table of Spoil Five with the lobby's API, then plays both seats over their own WebSockets,
each from its own payload only, as two people's programs would. It prints what seat 0 is
told. The protocol is docs/front-end.md's "Tables protocol" (``pip install
'cardrules[web]'``). Run it with ``python examples/custom_front_end.py``.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import urllib.request
from typing import Any

import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from cardrules.web.app import create_app
from cardrules.web.serve import uvicorn_config
from cardrules.web.settings import Settings


def start_server() -> str:
    """Serve the tables on a free loopback port, in a background thread; return its address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings = Settings(port=port, bot_delay=0.0, log_level="warning")
    server = uvicorn.Server(uvicorn_config(settings, create_app(settings)))  # type: ignore[arg-type]
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return settings.origin


def create_table(base: str) -> dict[str, Any]:
    """``POST /api/tables``: two people and a bot; the answer holds each seat's key."""
    body = {"game": "spoil-five", "players": 3, "bots": [2], "seed": 7, "name": "Example"}
    request = urllib.request.Request(
        base + "/api/tables", data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"}, method="POST",
    )  # fmt: skip
    with urllib.request.urlopen(request) as answer:
        created: dict[str, Any] = json.loads(answer.read())
    return created


async def play_seat(base: str, table: dict[str, Any], seat: int, say: bool) -> None:
    """Sit at ``seat`` and play the first legal action each time it is this seat's turn."""
    url = base.replace("http", "ws", 1) + f"/ws/{table['table']}"
    key = table["seats"][seat]["key"]
    socket: ClientConnection
    async with connect(url) as socket:
        hello = {"type": "hello", "protocol": 1, "seat": seat, "key": key, "name": f"Player {seat}"}
        await socket.send(json.dumps(hello))
        told: set[int] = set()
        async for text in socket:
            frame = json.loads(text)
            if frame["type"] != "table":
                continue
            payload = frame["payload"]
            for step in payload["narration"]:
                if say and step["counter"] not in told:
                    told.add(step["counter"])
                    print(step["text"]["text"])
            if payload["deal_over"]:
                for line in payload["settlement"]["lines"] if say else ():
                    print(line["text"])
                return
            if payload["your_turn"]:
                action = payload["legal"][0]["action"]
                await socket.send(json.dumps(
                    {"type": "act", "counter": frame["counter"], "action": action}
                ))  # fmt: skip


async def main() -> None:
    """Play one deal at a new table with two programs and a bot."""
    base = start_server()
    table = create_table(base)
    print(f"table {table['table']}: watch it at {base}{table['spectator_link']}")
    await asyncio.gather(play_seat(base, table, 0, say=True), play_seat(base, table, 1, say=False))


if __name__ == "__main__":
    asyncio.run(main())
