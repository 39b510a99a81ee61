"""The web example under attack: stale and racing requests, content types, slow and aborted
uploads, floods of new games. Each is answered as a real service would answer it."""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web example needs its extra: pip install '.[web]'")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2: pip install '.[web]'")

from starlette.testclient import TestClient

from tests.web.harness import Harness
from web.app import create_app

GAMES = ("spoil-five", "my-bird-sings")


def _human_decision(api: Harness, game: str) -> dict[str, Any]:
    """A new game whose first decision is the human's, with at least two legal actions."""
    for seed in range(200):
        data = api.start(game, players=3, seed=seed)
        if data["your_turn"] and len(data["legal"]) >= 2:
            return data
    raise AssertionError("no such game in 200 seeds")  # pragma: no cover


@pytest.mark.parametrize("game", GAMES)
def test_every_payload_carries_the_move_and_each_change_advances_it(
    api: Harness, game: str
) -> None:
    data = _human_decision(api, game)
    assert data["move"] == 0
    after = api.act(data["id"], data["legal"][0]["action"])
    assert after["move"] == 1
    assert api.show(data["id"])["move"] == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_stale_request_gets_409_and_the_current_state(api: Harness, game: str) -> None:
    data = _human_decision(api, game)
    game_id = data["id"]
    first, second = data["legal"][0]["action"], data["legal"][1]["action"]
    api.act(game_id, first)
    before = api.client.get(f"/api/games/{game_id}").json()
    stale = api.client.post(
        f"/api/games/{game_id}/actions", json={"action": second, "move": data["move"]}
    )
    assert stale.status_code == 409
    body = stale.json()
    assert body["stale"] is True
    assert body["current"] == before
    assert "moved on" in body["error"]
    assert api.client.get(f"/api/games/{game_id}").json() == before


def _race(api: Harness, path: str, bodies: list[dict[str, object]]) -> list[int]:
    """Post every body at once from its own thread; return the status codes."""
    start = threading.Barrier(len(bodies))
    statuses: list[int] = [0] * len(bodies)

    def post(index: int) -> None:
        start.wait()
        statuses[index] = api.client.post(path, json=bodies[index]).status_code

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


@pytest.mark.parametrize("game", GAMES)
def test_of_50_simultaneous_actions_at_one_move_exactly_one_acts(api: Harness, game: str) -> None:
    data = _human_decision(api, game)
    legal = [entry["action"] for entry in data["legal"]]
    bodies: list[dict[str, object]] = [
        {"action": legal[i % len(legal)], "move": data["move"]} for i in range(50)
    ]
    statuses = _race(api, f"/api/games/{data['id']}/actions", bodies)
    assert sorted(statuses) == [200] + [409] * 49
    assert api.show(data["id"])["move"] == 1


@pytest.mark.parametrize("game", GAMES)
def test_of_50_simultaneous_next_deals_exactly_one_deals(api: Harness, game: str) -> None:
    data = api.start(game, players=3, seed=4)
    import random

    data = api.play_deal(data["id"], random.Random(4))
    statuses = _race(api, f"/api/games/{data['id']}/deal", [{"move": data["move"]}] * 50)
    assert sorted(statuses) == [200] + [409] * 49
    assert api.show(data["id"])["deal"] == 2


@pytest.mark.parametrize(
    "headers",
    [
        {"content-type": "text/plain"},
        {"content-type": "application/x-www-form-urlencoded"},
        {"content-type": "multipart/form-data; boundary=x"},
        {},
    ],
)
def test_only_json_bodies_are_read(api: Harness, headers: dict[str, str]) -> None:
    for path, body in (
        ("/api/games", b'{"game": "spoil-five"}'),
        (f"/api/games/{api.start('spoil-five', seed=3)['id']}/deal", b'{"move": 0}'),
    ):
        response = api.client.post(path, content=body, headers=headers)
        assert response.status_code == 415, response.text
        assert "application/json" in response.json()["error"]
    assert len(api.store) == 1


def test_json_with_a_charset_is_json(api: Harness) -> None:
    response = api.client.post(
        "/api/games",
        content=b'{"game": "spoil-five"}',
        headers={"content-type": "Application/JSON; charset=utf-8"},
    )
    assert response.status_code == 201


def test_a_number_too_large_for_the_strict_reader_is_a_bad_body(api: Harness) -> None:
    response = api.client.post(
        "/api/games",
        content=b'{"game": "spoil-five", "players": 1' + b"0" * 100 + b"}",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 400
    assert "too large" in response.json()["error"]


def _asgi_post(app: Any, messages: list[dict[str, Any]], *, stall: bool) -> list[dict[str, Any]]:
    """Post to ``/api/games`` at the ASGI level: the body arrives as ``messages``, then the
    client either stalls forever (``stall``) or has gone (``http.disconnect``)."""
    sent: list[dict[str, Any]] = []
    queue = list(messages)

    async def receive() -> dict[str, Any]:
        if queue:
            return queue.pop(0)
        if stall:
            await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "path": "/api/games",
        "raw_path": b"/api/games",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
        "scheme": "http",
        "root_path": "",
    }
    asyncio.run(asyncio.wait_for(app(scope, receive, send), timeout=30))
    return sent


def test_a_body_that_never_finishes_is_cut_off_with_408() -> None:
    app = create_app(body_timeout=0.2)
    sent = _asgi_post(
        app, [{"type": "http.request", "body": b'{"game": ', "more_body": True}], stall=True
    )
    assert sent[0]["status"] == 408
    assert len(app.state.store) == 0


def test_an_aborted_upload_is_logged_in_one_line(caplog: pytest.LogCaptureFixture) -> None:
    app = create_app()
    with caplog.at_level(logging.INFO, logger="web"):
        sent = _asgi_post(
            app, [{"type": "http.request", "body": b'{"game": ', "more_body": True}], stall=False
        )
    records = [record for record in caplog.records if record.name == "web"]
    assert [record.getMessage() for record in records] == [
        "client went away during the upload of POST /api/games"
    ]
    assert all(record.exc_info is None for record in caplog.records)
    assert sent[0]["status"] == 400
    assert len(app.state.store) == 0


def test_a_flood_of_new_games_from_one_client_leaves_other_games_alone() -> None:
    app = create_app(capacity=30, per_client=5)
    with TestClient(app) as client:
        api = Harness(app, client)
        victim = api.start("spoil-five", players=3, seed=1)
        store = app.state.store
        # the flood comes from the same test client address, so fake another owner
        entry = store._entries[victim["id"]]
        entry.client = "victim"
        for seed in range(100):
            assert (
                client.post("/api/games", json={"game": "spoil-five", "seed": seed}).status_code
                == 201
            )
        assert store.get(victim["id"]) is not None
        assert len(store) == 6
