"""A second client that is not the page: `cardrules join`, against a real server process."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.web.process import SRC, ServerProcess


def _join(server: ServerProcess, link: str, *options: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run(
        [sys.executable, "-m", "cardrules", "join", server.base + link, *options],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("game", ["spoil-five", "my-bird-sings"])
def test_two_bot_clients_play_two_deals_at_one_table_and_no_credential_is_logged(
    tmp_path: Path, game: str
) -> None:
    server = ServerProcess(tmp_path / "tables.db", "--log-level", "debug")
    server.start()
    try:
        table = server.post("/api/tables", {"game": game, "players": 3, "bots": [2], "seed": 4})
        links = [seat["link"] for seat in table["seats"][:2]]
        env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
        other = subprocess.Popen(
            [sys.executable, "-m", "cardrules", "join", server.base + links[1], "--bot",
             "--deals", "2", "--name", "Bob", "--seed", "2"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        mine = _join(server, links[0], "--bot", "--deals", "2", "--name", "Ann", "--seed", "1")
        _out, err = other.communicate(timeout=120)
        assert mine.returncode == 0, mine.stderr
        assert other.returncode == 0, err
        assert "left the table after" in mine.stderr
        assert "Ann" in mine.stdout or "You" in mine.stdout
        summary = server.get(f"/api/tables/{table['table']}")
        assert summary["deal"] == 2, summary
        assert summary["status"] != "playing", summary
        assert [seat["name"] for seat in summary["seats"][:2]] == ["Ann", "Bob"]
    finally:
        server.stop()
    log = server.log.read_text()
    assert "GET /api/tables/" in log  # the access log is on ...
    for secret in [table["creator_key"], *(seat["key"] for seat in table["seats"] if seat["key"])]:
        assert secret not in log  # ... and holds no credential


def test_join_explains_a_link_that_is_not_a_table_link(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables.db")
    result = _join(server, "/nowhere")
    assert result.returncode == 2
    assert "a table link's path is /t/<table>" in result.stderr


def test_a_connection_that_never_finishes_its_headers_is_closed(tmp_path: Path) -> None:
    import socket
    import time

    server = ServerProcess(tmp_path / "tables.db", "--header-timeout", "1")
    server.start()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            for _ in range(5):  # a byte now and then does not keep it open
                time.sleep(0.3)
                try:
                    slow.sendall(b"X")
                except OSError:
                    break
            slow.settimeout(10)
            with contextlib.suppress(ConnectionResetError):
                assert slow.recv(1024) == b""  # closed by the server, no answer
        assert server.get("/api/games")["protocol"] == 1  # and others are still served
    finally:
        server.stop()


def test_serve_refuses_a_file_that_is_not_a_tables_database_in_one_line(tmp_path: Path) -> None:
    foreign = tmp_path / "notes.db"
    foreign.write_bytes(b"these are not tables" * 100)
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "serve", "--port", "0", "--database", str(foreign)],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    assert str(foreign) in result.stderr
    assert "not a cardrules table store" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_person_at_the_terminal_is_asked_told_of_a_refusal_given_a_hint_and_asked_again(
    tmp_path: Path,
) -> None:
    import asyncio

    from cardrules.web.client import parse_link, play

    server = ServerProcess(tmp_path / "tables.db")
    server.start()
    try:
        table = server.post("/api/tables", {"game": "spoil-five", "players": 2, "bots": [1]})
        lines: list[str] = []
        answers = iter(["sing a song", "hint"])

        async def ask(prompt: str) -> str | None:
            offered = next(line for line in reversed(lines) if line.startswith("You may: "))
            return next(answers, offered.removeprefix("You may: ").split(", ")[0])

        link = parse_link(server.base + table["seats"][0]["link"])
        decided = asyncio.run(play(link, say=lines.append, ask=ask, name="Ann"))
    finally:
        server.stop()
    assert any(line.startswith("refused: not a Spoil Five action") for line in lines), lines
    hint = next(line for line in lines if line.startswith("Suggested move: "))
    offered = lines[lines.index(hint) - 1]  # the moves offered when "hint" was typed
    suggested = hint.rsplit("(type ", 1)[1].removesuffix(")")
    assert offered.startswith("You may: ")
    assert suggested in offered.removeprefix("You may: ").split(", ")
    assert decided >= 3  # the refused answer, then at least two plays (three tricks end it)
    assert any("wins" in line or "pool" in line for line in lines)


@pytest.mark.parametrize(("command", "missing"), [("serve", "uvicorn"), ("join", "websockets")])
def test_without_the_web_extra_serve_and_join_say_what_to_install(
    monkeypatch: pytest.MonkeyPatch, command: str, missing: str
) -> None:
    from click.testing import CliRunner

    from cardrules._commands import app

    monkeypatch.setitem(sys.modules, missing, None)
    arguments = ["serve", "--memory"] if command == "serve" else ["join", "http://h/t/x#seat=0"]
    result = CliRunner().invoke(app, arguments)
    assert result.exit_code == 1
    assert f"needs the 'web' extra ({missing} is missing)" in result.output
    assert "pip install 'cardrules[web]'" in result.output


@pytest.mark.parametrize(("flags", "compressed"), [((), True), (("--no-compression",), False)])
def test_the_sockets_compress_their_frames_unless_told_not_to(
    tmp_path: Path, flags: tuple[str, ...], compressed: bool
) -> None:
    import asyncio

    from websockets.asyncio.client import connect

    server = ServerProcess(tmp_path / "tables.db", *flags)
    server.start()
    try:
        table = server.post("/api/tables", {"game": "spoil-five", "players": 2, "bots": [1]})

        async def extensions() -> str:
            url = f"{server.socket_base}/ws/{table['table']}"
            async with connect(url, origin=server.base) as socket:  # type: ignore[arg-type]
                assert socket.response is not None
                return str(socket.response.headers.get("Sec-WebSocket-Extensions", ""))

        offered = asyncio.run(extensions())
        assert ("permessage-deflate" in offered) is compressed
    finally:
        server.stop()
