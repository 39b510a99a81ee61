"""Hostile clients: floods, silence, slow readers, fuzzed frames, a full server."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardrules.web.app import create_app
from cardrules.web.settings import Settings
from cardrules.web.sockets import Connection
from tests.web.protocol import Socket, checked

FUZZ_INPUTS = int(os.environ.get("CARDRULES_WEB_FUZZ", "300"))
"""Fuzzed inputs per fuzz test: 300 in the suite; the long run of docs/front-end.md sets more."""


def _app(**settings: Any) -> Any:
    return create_app(Settings(allowed_hosts=("testserver",), bot_delay=0.0, **settings))


def _create(client: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"game": "spoil-five", "players": 3, "bots": [1, 2], "seed": 5, **fields}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def _mutations(rng: random.Random, valid: dict[str, Any]) -> str:
    """One fuzzed frame: a valid one with a field dropped, added, retyped, or the text cut."""
    frame = dict(valid)
    choice = rng.randrange(6)
    junk: object = rng.choice([None, True, -1, 2**70, 1.5, "", "x" * 300, [], {}, "play 10C", 0])
    if choice == 0 and len(frame) > 1:
        frame.pop(rng.choice([k for k in frame if k != "type"] or ["type"]))
    elif choice == 1:
        frame[rng.choice(list(frame))] = junk
    elif choice == 2:
        frame[rng.choice(["extra", "seat", "key", "since", "Type"])] = junk
    elif choice == 3:
        frame["type"] = rng.choice(["act", "hello", "next-deal", "ACT", "", "rematch", "leave"])
    text = json.dumps(frame)
    if choice == 4:
        text = text[: rng.randrange(len(text))]
    if choice == 5:
        position = rng.randrange(len(text))
        text = (
            text[:position]
            + rng.choice(["\x00", "\\", '"', "}", "\ud800", "9" * 30])
            + text[position:]
        )
    return text


def test_a_fuzz_of_frames_gets_error_frames_and_leaves_the_table_playable() -> None:
    rng = random.Random(21)
    with TestClient(_app(frames_per_second=1000.0, burst=1000, idle_timeout=10.0)) as client:
        table = _create(client, bots=[1, 2])
        with client.websocket_connect(f"/ws/{table['table']}") as websocket:
            ann = Socket(websocket)
            ann.hello(0, table["seats"][0]["key"])
            for _ in range(FUZZ_INPUTS):
                counter = ann.counter
                valid: dict[str, Any] = rng.choice([
                    {"type": "act", "counter": counter, "action": "play 10C"},
                    {"type": "next-deal", "counter": counter},
                    {"type": "hand-to-bot", "seat": 1},
                    {"type": "take-seat", "name": "Ann"},
                    {"type": "ping"},
                ])  # fmt: skip
                websocket.send_text(_mutations(rng, valid))
                websocket.send_text('{"type": "ping"}')
                while ann.receive()["type"] != "pong":
                    pass
            ann.send({"type": "take-seat"})  # a fuzzed frame may have been a leave
            ann.send({"type": "ping"})
            while ann.receive()["type"] != "pong":
                pass
            while not ann.payload["deal_over"]:  # the table still plays
                if ann.payload["your_turn"]:
                    action = ann.payload["legal"][0]["action"]
                    ann.send({"type": "act", "counter": ann.counter, "action": action})
                ann.until("table")
        summary = client.get(f"/api/tables/{table['table']}")
        assert summary.status_code == 200
        assert summary.json()["status"] != "playing"


def _read_codes(socket: Socket, codes: list[object]) -> None:
    while True:
        codes.append(socket.receive().get("code"))


def test_a_flood_of_frames_is_refused_for_rate_then_closed() -> None:
    with TestClient(_app(frames_per_second=1.0, burst=5)) as client:
        table = _create(client)
        with client.websocket_connect(f"/ws/{table['table']}") as websocket:
            socket = Socket(websocket)
            socket.hello()
            for _ in range(60):
                websocket.send_text('{"type": "ping"}')
            codes: list[object] = []
            with pytest.raises(WebSocketDisconnect):
                _read_codes(socket, codes)
        assert codes.count("rate") >= 50


def test_silent_sockets_are_closed_after_the_hello_and_the_idle_timeouts() -> None:
    with TestClient(_app(hello_timeout=0.2, idle_timeout=0.3)) as client:
        table = _create(client)
        with client.websocket_connect(f"/ws/{table['table']}") as websocket:
            assert checked(websocket.receive_text())["code"] == "idle"
        with client.websocket_connect(f"/ws/{table['table']}") as websocket:
            socket = Socket(websocket)
            socket.hello()
            assert socket.until("error")["code"] == "idle"


def test_sockets_per_client_address_are_capped() -> None:
    with TestClient(_app(sockets_per_client=2)) as client:
        table = _create(client)
        with contextlib.ExitStack() as stack:
            for _ in range(2):
                Socket(
                    stack.enter_context(client.websocket_connect(f"/ws/{table['table']}"))
                ).hello()
            with client.websocket_connect(f"/ws/{table['table']}") as websocket:
                assert checked(websocket.receive_text())["code"] == "full"


def test_a_full_server_forgets_idle_tables_for_newcomers_never_one_in_use() -> None:
    app = _app(max_tables=3, table_idle=100.0)
    server = app.state.server
    clock = [1000.0]
    server.rooms.clock = lambda: clock[0]
    with TestClient(app, client=("198.51.100.1", 1)) as first:
        waiting = _create(first)  # a game between deals, its person connected
        idle_one = _create(first)
        _create(first)
        clock[0] += 500.0  # every table now idle ...
        with first.websocket_connect(f"/ws/{waiting['table']}") as websocket:
            Socket(websocket).hello(0, waiting["seats"][0]["key"])  # ... but this one is in use
            with TestClient(app, client=("203.0.113.9", 1)) as newcomer:
                for _ in range(2):
                    assert (
                        newcomer.post("/api/tables", json={"game": "spoil-five"}).status_code == 201
                    )
                full = newcomer.post("/api/tables", json={"game": "spoil-five"})
                assert full.status_code == 429
                assert full.json()["code"] == "full"
            assert waiting["table"] in server.rooms.rooms
            assert idle_one["table"] not in server.rooms.rooms
        assert first.get(f"/api/tables/{waiting['table']}").status_code == 200


def test_reading_a_summary_does_not_keep_a_table_in_use() -> None:
    app = _app(table_idle=100.0)
    server = app.state.server
    clock = [0.0]
    server.rooms.clock = lambda: clock[0]
    with TestClient(app) as client:
        table = _create(client)
        clock[0] += 150.0
        assert client.get(f"/api/tables/{table['table']}").status_code == 200
        assert not server.rooms.rooms[table["table"]].in_use(clock[0])


class _SlowSocket:
    """A WebSocket whose reader never reads: every send waits until released."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.release = asyncio.Event()

    async def send_text(self, text: str) -> None:
        await self.release.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        return None


def test_a_slow_reader_gets_a_bounded_queue_then_one_resync_and_never_stalls_the_table() -> None:
    app = _app(send_queue=4)
    server = app.state.server

    async def scenario() -> list[str]:
        new = await asyncio.to_thread(
            server.rooms.host.create, "spoil-five",
            [__import__("cardrules.tables", fromlist=["SeatPlan"]).SeatPlan.invite()] * 2,
            name="T", now=0.0, seed=3,
        )  # fmt: skip
        from cardrules.web.rooms import Room

        room = Room(server.rooms, new.table, owner="x")
        server.rooms.rooms[room.id] = room
        slow = _SlowSocket()
        connection = Connection(server, slow, "198.51.100.1")  # type: ignore[arg-type]
        connection.room = room
        writer = asyncio.get_running_loop().create_task(connection.writer())
        room.join(connection)
        for _ in range(100):  # the table pushes, never waiting for the reader
            room.broadcast()
            assert len(connection._queue) <= 4
        slow.release.set()
        await asyncio.sleep(0.05)
        connection.close("idle", "done")
        await asyncio.wait_for(writer, 5)
        return slow.sent

    sent = asyncio.run(scenario())
    frames = [json.loads(text) for text in sent]
    assert len(frames) < 10
    assert any(frame.get("resync") for frame in frames if frame["type"] == "table")


def test_a_client_that_sends_but_never_reads_is_closed_not_queued_for_ever() -> None:
    app = _app(send_queue=4)
    server = app.state.server

    async def scenario() -> tuple[int, list[str]]:
        slow = _SlowSocket()
        connection = Connection(server, slow, "198.51.100.1")  # type: ignore[arg-type]
        for _ in range(1000):
            connection.send({"type": "pong"})
        queued = len(connection._queue)
        writer = asyncio.get_running_loop().create_task(connection.writer())
        slow.release.set()
        await asyncio.wait_for(writer, 5)
        return queued, slow.sent

    queued, sent = asyncio.run(scenario())
    assert queued <= 17
    assert json.loads(sent[-1])["code"] == "rate"


def test_a_fuzz_of_request_bodies_never_gives_a_5xx(caplog: pytest.LogCaptureFixture) -> None:
    rng = random.Random(25)
    with TestClient(
        _app(frames_per_second=1000.0, burst=1000, creations_per_minute=1000)
    ) as client:
        table = _create(client)
        key = table["seats"][0]["key"]
        valid = {
            "/api/tables": {"game": "spoil-five", "players": 3, "bots": [1], "name": "T"},
            f"/api/tables/{table['table']}/view": {"seat": 0, "key": key, "language": "fr"},
            f"/api/tables/{table['table']}/frames": {
                "seat": 0, "key": key, "frame": {"type": "act", "counter": 0, "action": "play 2H"},
            },
        }  # fmt: skip
        for _ in range(FUZZ_INPUTS):
            path = rng.choice(list(valid))
            text = _mutations(rng, {"type": "x", **valid[path]})
            body = text.encode("utf-8", "surrogatepass")  # a lone surrogate: bad UTF-8
            answer = client.post(path, content=body, headers={"Content-Type": "application/json"})
            assert answer.status_code < 500, (path, text, answer.text)
            assert answer.headers["x-content-type-options"] == "nosniff"
            if answer.status_code >= 400:
                checked(answer.text, "http_error")
    unexpected = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not unexpected  # the guard turns a bug into a 400: none may have happened
