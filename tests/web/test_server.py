"""The tables server in-process: the lobby API, the sockets, the protocol's schema, refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardrules.web.app import create_app
from cardrules.web.settings import Settings
from tests.web.protocol import Socket, checked, validator


def _create(client: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"game": "spoil-five", "players": 3, "bots": [2], "seed": 11, **fields}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return checked(answer.text, "created_table")


def _seat(client: TestClient, table: dict[str, Any], seat: int, stack: Any) -> Socket:
    socket = Socket(stack.enter_context(client.websocket_connect(f"/ws/{table['table']}")))
    socket.hello(seat, table["seats"][seat]["key"], name=f"P{seat}")
    return socket


def test_the_catalogue_and_a_new_table_follow_the_schema(client: TestClient) -> None:
    catalogue = checked(client.get("/api/games").text, "catalogue")
    assert [game["name"] for game in catalogue["games"]] == ["my-bird-sings", "spoil-five"]
    table = _create(client, name="Tuesday")
    assert [seat["bot"] for seat in table["seats"]] == [False, False, True]
    link = table["seats"][1]["link"]
    assert link.startswith(f"/t/{table['table']}#seat=1&key=")  # the key in the fragment only
    summary = checked(client.get(f"/api/tables/{table['table']}").text, "summary")
    assert summary["name"] == "Tuesday"
    assert summary["status"] == "playing"
    assert table["seats"][1]["key"] not in json.dumps(summary)


def test_the_lobby_offers_declared_singing_for_my_bird_sings(client: TestClient) -> None:
    catalogue = checked(client.get("/api/games").text, "catalogue")
    singing = {game["name"]: game["singing"] for game in catalogue["games"]}
    assert singing == {"my-bird-sings": ["automatic", "declared"], "spoil-five": []}
    table = _create(client, game="my-bird-sings", preset="peel", singing="declared")
    with client.websocket_connect(f"/ws/{table['table']}") as raw:
        socket = Socket(raw)
        socket.hello(0, table["seats"][0]["key"], name="P0")
        payload = socket.payload
    assert payload["table"]["preset"] == "peel"
    assert payload["table"]["options"]["auto_sing"] is False
    refused = client.post("/api/tables", json={"game": "spoil-five", "singing": "declared"})
    assert refused.status_code == 400
    assert refused.json()["field"] == "singing"
    for odd_value in ("loudly", ["declared"], {"a": 1}, True):
        odd = client.post("/api/tables", json={"game": "my-bird-sings", "singing": odd_value})
        assert odd.status_code == 400, odd_value
        assert "automatic, declared" in odd.json()["message"]


def test_every_seat_and_spectator_gets_its_own_payload_after_each_move(
    client: TestClient,
) -> None:
    import contextlib

    table = _create(client)
    with contextlib.ExitStack() as stack:
        seats = [_seat(client, table, s, stack) for s in (0, 1)]
        watcher = Socket(stack.enter_context(client.websocket_connect(f"/ws/{table['table']}")))
        watcher.hello()
        assert watcher.payload["hand"] == []
        assert watcher.payload["reader"] is None
        assert seats[0].payload["hand"]
        assert seats[0].payload["reader"] == 0
        assert set(seats[0].payload["hand"]).isdisjoint(seats[1].payload["hand"])
        mover = next(s for s in seats if s.payload["your_turn"])
        counter = mover.counter
        mover.send(
            {"type": "act", "counter": counter, "action": mover.payload["legal"][0]["action"]}
        )
        for socket in [*seats, watcher]:
            while socket.counter == counter:
                socket.until("table")
            assert socket.payload["reader"] == (seats.index(socket) if socket in seats else None)


def test_a_repeated_move_is_refused_as_stale_and_the_table_resent(client: TestClient) -> None:
    import contextlib

    table = _create(client, bots=[1, 2])
    with contextlib.ExitStack() as stack:
        ann = _seat(client, table, 0, stack)
        assert ann.payload["your_turn"]
        counter = ann.counter
        move = {"type": "act", "counter": counter, "action": ann.payload["legal"][0]["action"]}
        ann.send(move)
        ann.send(move)
        errors: list[dict[str, Any]] = []
        while len(errors) < 1:
            frame = ann.receive()
            if frame["type"] == "error":
                errors.append(frame)
        assert errors[0]["code"] == "stale"
        assert ann.until("table")["counter"] > counter


def test_an_illegal_move_names_its_rule_and_changes_nothing(client: TestClient) -> None:
    import contextlib

    for seed in range(40):  # the first seed where the person, following, may not play a card
        table = _create(client, bots=[0, 2], seed=seed)
        with contextlib.ExitStack() as stack:
            bob = _seat(client, table, 1, stack)
            while not bob.payload["your_turn"]:
                bob.until("table")
            unavailable = bob.payload["unavailable"]
            if not unavailable:
                continue
            counter = bob.counter
            card = next(iter(unavailable))
            bob.send({"type": "act", "counter": counter, "action": f"play {card}"})
            error = bob.until("error")
            assert error["code"] == "illegal", error
            assert error["rule"], error
            assert error["rule"] in json.dumps(unavailable[card])
            bob.send({"type": "ping"})
            bob.until("pong")
            assert bob.counter == counter
            return
    raise AssertionError("no seed gave a refused card")


def test_the_http_fallback_acts_and_refuses_like_the_socket(client: TestClient) -> None:
    table = _create(client, bots=[1, 2])
    key = table["seats"][0]["key"]
    url = f"/api/tables/{table['table']}"
    seen = checked(client.post(f"{url}/view", json={"seat": 0, "key": key}).text, "table")
    action = seen["payload"]["legal"][0]["action"]
    frame = {"type": "act", "counter": seen["counter"], "action": action}
    body = {"seat": 0, "key": key, "frame": frame}
    validator("http_frame").validate(body)
    answer = client.post(f"{url}/frames", json=body)
    assert answer.status_code == 200, answer.text
    assert checked(answer.text, "table")["counter"] > seen["counter"]
    again = client.post(f"{url}/frames", json=body)
    assert again.status_code == 409
    assert checked(again.text, "error")["code"] == "stale"
    wrong = client.post(f"{url}/frames", json={**body, "key": "x" * 32})
    assert wrong.status_code == 403
    assert wrong.json()["code"] == "credential"
    spectator = checked(client.post(f"{url}/view", json={}).text, "table")
    assert spectator["payload"]["hand"] == []


@pytest.mark.parametrize(
    ("text", "code", "field"),
    [
        ("{not json", "bad-json", None),
        ("[1, 2]", "bad-json", None),
        ('{"type": "dance"}', "bad-frame", "type"),
        ('{"type": "act", "action": "play 10C"}', "bad-frame", "counter"),
        ('{"type": "act", "counter": true, "action": "play 10C"}', "bad-frame", "counter"),
        ('{"type": "act", "counter": 0, "action": "play 10C", "extra": 1}', "bad-frame", "extra"),
        ('{"type": "act", "counter": 0, "action": ""}', "bad-frame", "action"),
        ('{"type": "act", "counter": 0, "counter": 1, "action": "x"}', "bad-json", None),
        ('{"type": "hand-to-bot", "seat": 99}', "bad-frame", "seat"),
        ('{"type": "hello", "protocol": 1}', "hello", None),
        ('{"type": "ping", "pad": "' + "x" * 5000 + '"}', "too-large", None),
    ],
)
def test_a_malformed_frame_gets_an_error_frame_naming_what_was_wrong(
    client: TestClient, text: str, code: str, field: str | None
) -> None:
    import contextlib

    table = _create(client)
    with contextlib.ExitStack() as stack:
        ann = _seat(client, table, 0, stack)
        ann.websocket.send_text(text)
        error = ann.until("error")
        ann.websocket.send_bytes(text.encode())
        assert ann.until("error")["code"] == "bad-json"  # a binary frame
        assert (error["code"], error["field"]) == (code, field), error
        ann.send({"type": "ping"})
        ann.until("pong")  # the socket is still open


def test_a_spectator_cannot_act_and_a_wrong_key_is_closed(client: TestClient) -> None:
    import contextlib

    table = _create(client)
    with contextlib.ExitStack() as stack:
        watcher = Socket(stack.enter_context(client.websocket_connect(f"/ws/{table['table']}")))
        watcher.hello()
        watcher.send({"type": "act", "counter": 0, "action": "play 10C"})
        assert watcher.until("error")["code"] == "forbidden"
    with client.websocket_connect(f"/ws/{table['table']}") as websocket:
        socket = Socket(websocket)
        socket.send({"type": "hello", "protocol": 1, "seat": 1, "key": "y" * 32})
        assert socket.until("error")["code"] == "credential"
        with pytest.raises(WebSocketDisconnect):
            socket.receive()
    with client.websocket_connect("/ws/NoSuchTable0000") as websocket:
        socket = Socket(websocket)
        socket.send({"type": "hello", "protocol": 1})
        assert socket.until("error")["code"] == "not-found"


def test_the_first_frame_must_be_a_hello_of_this_protocol(client: TestClient) -> None:
    table = _create(client)
    with client.websocket_connect(f"/ws/{table['table']}") as websocket:
        socket = Socket(websocket)
        socket.send({"type": "ping"})
        assert socket.until("error")["code"] == "hello"
    with client.websocket_connect(f"/ws/{table['table']}") as websocket:
        socket = Socket(websocket)
        socket.send({"type": "hello", "protocol": 2})
        assert socket.until("error")["code"] == "protocol"


def test_the_creator_hands_an_empty_seat_to_a_bot_and_its_person_takes_it_back(
    client: TestClient,
) -> None:
    import contextlib

    table = _create(client, bots=[])
    with contextlib.ExitStack() as stack:
        creator = Socket(stack.enter_context(client.websocket_connect(f"/ws/{table['table']}")))
        creator.hello(0, table["seats"][0]["key"], creator=table["creator_key"], name="Ann")
        creator.send({"type": "hand-to-bot", "seat": 2})
        presence = creator.until("presence")
        while presence["seats"][2]["occupant"] != "bot":
            presence = creator.until("presence")
        carl = _seat(client, table, 2, stack)  # a bot holds it: the hello does not take it
        assert carl.payload["seats"][2]["kind"] == "bot"
        carl.send({"type": "take-seat", "name": "Carl"})
        presence = carl.until("presence")
        while presence["seats"][2]["occupant"] != "person":
            presence = carl.until("presence")
        assert presence["seats"][2]["name"] == "Carl"
        carl.send({"type": "hand-to-bot", "seat": 0})
        assert carl.until("error")["code"] == "forbidden"  # not the creator


def test_origin_host_and_nosniff() -> None:
    app = create_app(
        Settings(allowed_hosts=("testserver",), allowed_origins=("https://ok.example",))
    )
    with TestClient(app) as client:
        table = _create(client)
        for origin in ("http://testserver", "https://ok.example"):
            with client.websocket_connect(
                f"/ws/{table['table']}", headers={"Origin": origin}
            ) as ws:
                Socket(ws).hello()
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(
                f"/ws/{table['table']}", headers={"Origin": "https://evil.example"}
            ) as ws,
        ):
            ws.receive_text()
        answer = client.get("/api/games", headers={"Host": "evil.example"})
        assert answer.status_code == 400
        assert answer.headers["x-content-type-options"] == "nosniff"
        for path in (
            "/",
            f"/t/{table['table']}",
            "/static/app.js",
            "/api/games",
            "/cards/10C.svg",
            "/cards/ZZ.svg",
            "/nowhere",
            f"/api/tables/{table['table']}",
        ):
            answer = client.get(path)
            assert answer.status_code < 500, path
            assert answer.headers["x-content-type-options"] == "nosniff", path


@pytest.mark.parametrize(
    ("body", "headers", "status"),
    [
        (b'{"game": "spoil-five"', {"Content-Type": "application/json"}, 400),
        (b"game=spoil-five", {"Content-Type": "application/x-www-form-urlencoded"}, 400),
        (b'{"game": "chess"}', {"Content-Type": "application/json"}, 400),
        (b'{"game": "spoil-five", "players": 99}', {"Content-Type": "application/json"}, 400),
        (
            b'{"game": "spoil-five", "bots": [0, 1, 2, 3, 4]}',
            {"Content-Type": "application/json"},
            400,
        ),
        (b'{"game": "spoil-five", "seed": 1e400}', {"Content-Type": "application/json"}, 400),
        (b'{"game": "spoil-five", "name": "\\u0000"}', {"Content-Type": "application/json"}, 400),
        (b"x" * 10_000, {"Content-Type": "application/json"}, 413),
    ],
)
def test_a_bad_create_request_is_a_4xx_error_object(
    client: TestClient, body: bytes, headers: dict[str, str], status: int
) -> None:
    answer = client.post("/api/tables", content=body, headers=headers)
    assert answer.status_code == status, answer.text
    checked(answer.text, "http_error")


def test_creations_are_capped_per_network_and_minute_not_for_other_networks() -> None:
    app = create_app(Settings(allowed_hosts=("testserver",), creations_per_minute=3))
    with TestClient(app, client=("203.0.113.5", 5000)) as one:
        for _ in range(3):
            _create(one)
        refused = one.post("/api/tables", json={"game": "spoil-five"})
        assert refused.status_code == 429
        assert refused.json()["code"] == "rate"
    with TestClient(app, client=("203.0.113.77", 5000)) as same_block:
        assert same_block.post("/api/tables", json={"game": "spoil-five"}).status_code == 429
    with TestClient(app, client=("198.51.100.1", 5000)) as other:
        _create(other)


def test_behind_a_trusted_proxy_clients_are_told_apart_by_x_forwarded_for() -> None:
    settings = Settings(
        allowed_hosts=("testserver",), creations_per_minute=1, trusted_proxies=("10.0.0.0/8",)
    )
    app = create_app(settings)
    with TestClient(app, client=("10.0.0.2", 5000)) as proxy:
        for address in ("203.0.113.5", "198.51.100.1"):
            _ = proxy.post("/api/tables", json={"game": "spoil-five"},
                           headers={"X-Forwarded-For": address})  # fmt: skip
            assert _.status_code == 201
        again = proxy.post("/api/tables", json={"game": "spoil-five"},
                           headers={"X-Forwarded-For": "203.0.113.5"})  # fmt: skip
        assert again.status_code == 429
    untrusted = create_app(Settings(allowed_hosts=("testserver",), creations_per_minute=1))
    with TestClient(untrusted, client=("10.0.0.2", 5000)) as direct:
        first = direct.post("/api/tables", json={"game": "spoil-five"},
                            headers={"X-Forwarded-For": "203.0.113.5"})  # fmt: skip
        forged = direct.post("/api/tables", json={"game": "spoil-five"},
                             headers={"X-Forwarded-For": "198.51.100.1"})  # fmt: skip
        assert (first.status_code, forged.status_code) == (201, 429)  # the header is ignored


def test_a_seat_hears_its_table_in_the_language_of_its_hello(client: TestClient) -> None:
    import contextlib

    table = _create(client, bots=[1, 2])
    key = table["seats"][0]["key"]
    with contextlib.ExitStack() as stack:
        french = Socket(stack.enter_context(client.websocket_connect(f"/ws/{table['table']}")))
        french.hello(0, key, language="fr-CA", name="Anne")
        english = Socket(stack.enter_context(client.websocket_connect(f"/ws/{table['table']}")))
        english.hello(0, key, language="en")
        assert (french.payload["language"], english.payload["language"]) == ("fr", "en")
        assert french.payload["legal"][0]["text"]["text"].startswith("Jouer")
        assert english.payload["legal"][0]["text"]["text"].startswith("Play")


def test_after_a_deal_the_next_deal_and_a_rematch_are_asked_over_the_socket(
    client: TestClient,
) -> None:
    import contextlib

    table = _create(client, bots=[1, 2])
    with contextlib.ExitStack() as stack:
        ann = _seat(client, table, 0, stack)
        for wanted in ("next-deal", "rematch"):
            while not ann.payload["deal_over"]:
                if ann.payload["your_turn"]:
                    action = ann.payload["legal"][0]["action"]
                    ann.send({"type": "act", "counter": ann.counter, "action": action})
                ann.until("table")
            ann.send({"type": "act", "counter": ann.counter, "action": "play 2H"})
            assert ann.until("error")["code"] == "not-your-turn"  # the deal is over
            before = (ann.payload["game_number"], ann.payload["deal_number"])
            ann.send({"type": wanted, "counter": ann.counter})
            ann.until("table")
            after = (ann.payload["game_number"], ann.payload["deal_number"])
            expected = (before[0], 2) if wanted == "next-deal" else (before[0] + 1, 1)
            assert after == expected, (wanted, before, after)


@pytest.mark.parametrize("wait", [120.0, 0.0])
def test_a_connected_persons_seat_goes_to_a_bot_only_after_the_setting_s_wait(
    wait: float,
) -> None:
    import contextlib

    app = create_app(Settings(allowed_hosts=("testserver",), hand_to_bot_after=wait))
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        table = _create(client, bots=[])
        creator = Socket(stack.enter_context(client.websocket_connect(f"/ws/{table['table']}")))
        ann, boss = table["seats"][0]["key"], table["creator_key"]
        creator.send(
            {"type": "hello", "protocol": 1, "seat": 0, "name": "Ann", "key": ann, "creator": boss}
        )
        welcome = creator.until("welcome")
        assert welcome["limits"]["hand_to_bot_after"] == wait  # what the page offers from
        creator.until("table")
        _seat(client, table, 1, stack)
        creator.send({"type": "hand-to-bot", "seat": 1})
        if wait:
            refused = creator.until("error")
            assert refused["code"] == "forbidden"
            assert "after 120 s" in refused["message"]
        else:
            presence = creator.until("presence")
            while presence["seats"][1]["occupant"] != "bot":
                presence = creator.until("presence")


def test_tables_without_a_decision_for_keep_tables_are_removed_but_not_those_in_use(
    tmp_path: Any,
) -> None:
    import asyncio

    from cardrules.tables import SeatPlan, SQLiteTableStore, TableHost
    from cardrules.web.rooms import Rooms

    times = {"clock": 0.0, "now": 0.0}
    with SQLiteTableStore(tmp_path / "t.db") as store:
        host = TableHost(store)
        made = [
            host.create("spoil-five", [SeatPlan.person("A"), SeatPlan.person("B")], name=name,
                        now=created).table.id  # no bots: nothing moves unless told
            for name, created in (("old", 1000.0), ("in use", 1000.0), ("recent", 4000.0))
        ]  # fmt: skip
        rooms = Rooms(
            Settings(keep_tables=3600.0), store, clock=lambda: times["clock"],
            now=lambda: times["now"],
        )  # fmt: skip

        async def scenario() -> tuple[tuple[str, ...], tuple[str, ...]]:
            times["now"] = 4000.0
            nothing = await rooms.purge()  # nothing is an hour old yet
            await rooms.get(made[0])  # held, but not in use (loaded, never changed)
            (await rooms.get(made[1])).changed = times["clock"]  # in use: changed just now
            times["now"] = 4610.0
            return nothing, await rooms.purge()

        nothing, gone = asyncio.run(scenario())
        assert nothing == ()
        assert gone == (made[0],)
        assert set(store.table_ids()) == {made[1], made[2]}
        assert made[0] not in rooms.rooms


def test_the_server_s_collector_freezes_survivors_and_still_frees_young_cycles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc
    import threading
    import weakref

    from cardrules.web import serve

    class Node:
        """An object in a reference cycle: only the collector frees it."""

        def __init__(self) -> None:
            self.me = self

    monkeypatch.setattr(serve, "FREEZE_EVERY", 0.05)
    stop = threading.Event()
    collector = threading.Thread(target=serve.collect_in_steps, args=(stop,), daemon=True)
    try:
        collector.start()
        while gc.get_freeze_count() == 0:
            stop.wait(0.01)
        cycle = Node()
        gone = weakref.ref(cycle)
        del cycle  # garbage, held only by its own cycle: the next step collects it
        for _ in range(200):
            if gone() is None:
                break
            stop.wait(0.01)
        assert gone() is None
        assert gc.get_freeze_count() > 0
    finally:
        stop.set()
        collector.join(5)
        gc.unfreeze()
