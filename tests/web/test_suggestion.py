"""The suggest frame: a real server process answers the seat that asked, and only it.

Also the play page's table (:mod:`cardrules.web.local`), which answers the same frame
without a server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.web.process import ServerProcess
from tests.web.protocol import CLIENT_FRAME, checked, validator


class Seat:
    """One socket of the server process, every frame it receives checked by the schema."""

    def __init__(
        self,
        stack: contextlib.ExitStack,
        server: ServerProcess,
        table: str,
        seat: int | None = None,
        key: str | None = None,
        language: str = "en",
    ) -> None:
        self.socket: ClientConnection = stack.enter_context(
            connect(f"{server.socket_base}/ws/{table}")
        )
        hello: dict[str, Any] = {"type": "hello", "protocol": 1, "language": language}
        if seat is not None:
            hello.update(seat=seat, key=key)
        self.socket.send(json.dumps(hello))
        self.table: dict[str, Any] = self.until("table")

    def until(self, kind: str) -> dict[str, Any]:
        while True:
            frame = checked(str(self.socket.recv(timeout=20)))
            if frame["type"] == "table":
                self.table = frame
            if frame["type"] == kind:
                return frame

    def ask(self, frame: dict[str, Any], answer: str) -> dict[str, Any]:
        CLIENT_FRAME.validate(frame)
        self.socket.send(json.dumps(frame))
        return self.until(answer)


def test_the_seat_to_act_is_suggested_a_legal_move_the_same_at_every_ask(
    server: ServerProcess,
) -> None:
    created = server.post(
        "/api/tables", {"game": "spoil-five", "players": 3, "bots": [2], "seed": 4}
    )
    table = created["table"]
    keys = {seat["seat"]: seat["key"] for seat in created["seats"] if seat["key"]}
    with contextlib.ExitStack() as stack:
        seats = {n: Seat(stack, server, table, n, keys[n]) for n in (0, 1)}
        spectator = Seat(stack, server, table)
        turn = next(n for n, seat in seats.items() if seat.table["payload"]["your_turn"])
        mover, other = seats[turn], seats[1 - turn]
        french = Seat(stack, server, table, turn, keys[turn], language="fr")
        counter = mover.table["counter"]
        frame = {"type": "suggest", "counter": counter}

        answer = mover.ask(frame, "suggestion")
        suggestion = answer["suggestion"]
        assert answer["counter"] == counter
        legal = {entry["action"]: entry for entry in mover.table["payload"]["legal"]}
        assert suggestion["action"] in legal
        assert suggestion["text"] == legal[suggestion["action"]]["text"]
        assert suggestion["bot"] == "search"
        assert mover.ask(frame, "suggestion") == answer  # the same position, the same hint

        refused = other.ask(frame, "error")
        assert refused["code"] == "not-your-turn"
        assert spectator.ask(frame, "error")["code"] == "forbidden"
        assert mover.ask({"type": "suggest", "counter": counter + 1}, "error")["code"] == "stale"
        assert mover.until("table")["counter"] == counter  # a stale ask is sent the table
        said = french.ask(frame, "suggestion")["suggestion"]
        assert said["action"] == suggestion["action"]
        assert said["text"]["text"].startswith("Jouer ")

        moved = mover.ask(
            {"type": "act", "counter": counter, "action": suggestion["action"]}, "table"
        )
        assert moved["counter"] == counter + 1  # the suggestion is taken as it is given


def test_the_http_fallback_answers_suggest_with_a_suggestion_frame(server: ServerProcess) -> None:
    created = server.post(
        "/api/tables", {"game": "my-bird-sings", "players": 3, "bots": [1, 2], "seed": 2}
    )
    url = f"/api/tables/{created['table']}"
    key = created["seats"][0]["key"]
    seen = checked(json.dumps(server.post(f"{url}/view", {"seat": 0, "key": key})), "table")
    assert seen["payload"]["your_turn"]
    body = {"seat": 0, "key": key, "frame": {"type": "suggest", "counter": seen["counter"]}}
    validator("http_frame").validate(body)
    answer = checked(json.dumps(server.post(f"{url}/frames", body)), "suggestion")
    assert answer["suggestion"]["action"] in {e["action"] for e in seen["payload"]["legal"]}
    assert answer["suggestion"]["bot"] == "heuristic"
    assert server.post(f"{url}/frames", body) == answer


def test_the_play_pages_table_answers_suggest_like_the_server() -> None:
    from cardrules.web.local import LocalTable

    sent: list[dict[str, Any]] = []

    async def play() -> None:
        local = LocalTable(lambda text: sent.append(json.loads(text)), lambda _: None)
        body = {"game": "spoil-five", "players": 2, "bots": [1], "seed": 7}
        seat = json.loads(await local.create(json.dumps(body)))
        hello = {"type": "hello", "protocol": 1, "seat": seat["seat"], "key": seat["key"]}
        await local.receive(json.dumps(hello))
        for _ in range(100):  # the bot's turn, if it leads
            await asyncio.sleep(0)
        tables = [frame for frame in sent if frame["type"] == "table"]
        counter = tables[-1]["counter"]
        await local.receive(json.dumps({"type": "suggest", "counter": counter}))
        await local.receive(json.dumps({"type": "suggest", "counter": counter + 5}))

    asyncio.run(play())
    for frame in sent:
        validator("server_frame").validate(frame)
    asked = next(n for n, frame in enumerate(sent) if frame["type"] == "suggestion")
    answer = sent[asked]
    table = [frame for frame in sent[:asked] if frame["type"] == "table"][-1]
    assert answer["suggestion"]["action"] in {e["action"] for e in table["payload"]["legal"]}
    assert [frame["code"] for frame in sent if frame["type"] == "error"] == ["stale"]
