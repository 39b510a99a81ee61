"""Nothing lost on a restart: a real server killed with SIGKILL in the middle of a burst.

The test plays several two-person tables over WebSockets, sending a move at every table at
once, round after round; after some rounds it sends one more round and kills the server
(``kill -9``: no shutdown code runs) without waiting for the answers. Restarted on the
same database, every table must hold every move the server had acknowledged (a pushed
table frame is the acknowledgement: the server pushes only after the store's commit),
each exactly once at its counter, and the moves in flight at most once; then every table
plays on to the end of its deal.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.web.process import ServerProcess
from tests.web.protocol import checked

TABLES = 6

SOCKETS = contextlib.ExitStack()
"""Every socket the test opens, closed at its end."""


class Seat:
    """One seat's socket: hello, then the latest table frame."""

    def __init__(self, server: ServerProcess, table: str, seat: int, key: str) -> None:
        self.table, self.seat, self.key = table, seat, key
        self.socket: ClientConnection = SOCKETS.enter_context(
            connect(f"{server.socket_base}/ws/{table}")
        )
        self.socket.send(json.dumps({"type": "hello", "protocol": 1, "seat": seat, "key": key,
                                     "name": f"P{seat}"}))  # fmt: skip
        self.frame: dict[str, Any] = {}
        self.read_until(lambda frame: frame["type"] == "table")

    def read_until(self, done: Any) -> dict[str, Any]:
        while True:
            frame = checked(str(self.socket.recv(timeout=20)))  # the schema holds
            if frame["type"] == "table":
                self.frame = frame
            if done(frame):
                return frame

    @property
    def payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = self.frame["payload"]
        return payload


def _setup(server: ServerProcess) -> list[dict[str, Any]]:
    created = []
    for number in range(TABLES):
        body = {"game": "spoil-five", "players": 2, "seed": 100 + number, "name": f"T{number}"}
        created.append(server.post("/api/tables", body))
    return created


def _connect(server: ServerProcess, created: list[dict[str, Any]]) -> list[list[Seat]]:
    return [
        [Seat(server, table["table"], s["seat"], s["key"]) for s in table["seats"]]
        for table in created
    ]


def _to_act(seats: list[Seat]) -> Seat | None:
    for seat in seats:
        if seat.payload["your_turn"]:
            return seat
    return None


def _send_round(tables: list[list[Seat]]) -> list[tuple[Seat, int, str]]:
    sent = []
    for seats in tables:
        seat = _to_act(seats)
        if seat is None:
            continue
        counter = seat.frame["counter"]
        action = seat.payload["legal"][0]["action"]
        seat.socket.send(json.dumps({"type": "act", "counter": counter, "action": action}))
        sent.append((seat, counter, action))
    return sent


def _own_moves(seat: Seat) -> dict[int, str]:
    """The seat's own decisions of the deal, by the counter they made (the narration)."""
    return {
        step["counter"]: step["action"]
        for step in seat.payload["narration"]
        if step["kind"] == "action" and step["seat"] == seat.seat
    }


def test_a_server_killed_mid_burst_resumes_every_table_with_every_acknowledged_move(
    tmp_path: Path,
) -> None:
    with SOCKETS:
        _kill_and_restart(tmp_path)


def _kill_and_restart(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables.db")
    server.start()
    try:
        created = _setup(server)
        tables = _connect(server, created)
        acknowledged: dict[str, dict[int, tuple[int, str]]] = {t["table"]: {} for t in created}
        for _ in range(4):
            for seat, counter, action in _send_round(tables):
                seat.read_until(lambda f, c=counter: f["type"] == "table" and f["counter"] > c)
                acknowledged[seat.table][counter + 1] = (seat.seat, action)
            for seats in tables:  # the other seat sees the move too
                for other in seats:
                    while other.frame["counter"] < max(acknowledged[other.table], default=0):
                        other.read_until(lambda f: f["type"] == "table")
        in_flight = {seat.table: (counter + 1, seat.seat, action)
                     for seat, counter, action in _send_round(tables)}  # fmt: skip
        server.kill()
        assert any(acknowledged.values())
    finally:
        server.stop()

    again = ServerProcess(tmp_path / "tables.db")
    again.port = server.port
    again.start()
    try:
        tables = _connect(again, created)
        for seats in tables:
            table = seats[0].table
            counter = seats[0].frame["counter"]
            done = acknowledged[table]
            assert counter >= max(done), (table, counter, done)
            extra = counter - max(done)
            assert extra in (0, 1), (table, counter, done)  # at most the move in flight
            moves = {**_own_moves(seats[0]), **_own_moves(seats[1])}
            for at, (_, action) in done.items():
                assert moves.get(at) == action, (table, at, action, moves)
            if extra:
                at, _, action = in_flight[table]
                assert moves.get(at) == action
            assert len([c for c in moves if c <= counter]) == counter  # each move once
        for _ in range(20):  # play on to the end of the deal
            sent = _send_round(tables)
            if not sent:
                break
            for seat, counter, _ in sent:
                seat.read_until(lambda f, c=counter: f["type"] == "table" and f["counter"] > c)
            for seats in tables:
                for other in seats:
                    latest = max(s.frame["counter"] for s in seats)
                    while other.frame["counter"] < latest:
                        other.read_until(lambda f: f["type"] == "table")
        for seats in tables:
            assert seats[0].payload["deal_over"], seats[0].payload["counter"]
            summary = again.get(f"/api/tables/{seats[0].table}")
            assert summary["status"] in ("between-deals", "over")
    finally:
        again.stop()
