"""API tests of the web example, through Starlette's TestClient (no network, no browser)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web example needs its extra: pip install '.[web]'")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2: pip install '.[web]'")

from starlette.testclient import TestClient

from cardrules import my_bird_sings, records, spoil_five
from tests.web.harness import Harness
from tests.web.leaks import card_tokens
from web.app import MAX_BODY, create_app
from web.session import SessionStore
from web.tables import KINDS

GAMES = ("spoil-five", "my-bird-sings")


def _snapshot(api: Harness, game_id: str) -> tuple[object, str]:
    """The server's state object (immutable) and the page's payload, for 'unchanged'."""
    return api.state(game_id), api.client.get(f"/api/games/{game_id}").text


# -- the page, the catalogue and the pictures ---------------------------------------------


def test_page_and_its_files_are_served(api: Harness) -> None:
    page = api.client.get("/")
    assert page.status_code == 200
    assert "text/html" in page.headers["content-type"]
    assert '<script src="/static/app.js">' in page.text
    for name, kind in (("app.js", "javascript"), ("style.css", "text/css")):
        response = api.client.get(f"/static/{name}")
        assert response.status_code == 200
        assert kind in response.headers["content-type"]
    assert card_tokens(page.text) == set()


def test_catalogue_offers_both_games_with_their_presets(api: Harness) -> None:
    games = {g["name"]: g for g in api.client.get("/api/games").json()["games"]}
    assert set(games) == set(GAMES)
    sf_presets = {p["name"]: p for p in games["spoil-five"]["presets"]}
    assert set(sf_presets) == set(spoil_five.PRESETS)
    assert sf_presets["peel"]["players"] == list(range(2, 11))
    assert sf_presets["partnership"]["players"] == [4]
    mbs_presets = {p["name"]: p for p in games["my-bird-sings"]["presets"]}
    assert set(mbs_presets) == set(my_bird_sings.PRESETS)
    assert mbs_presets["short-pack"]["players"] == list(range(2, 9))


def test_card_pictures_come_from_cardrules_svg(api: Harness) -> None:
    face = api.client.get("/cards/10C.svg")
    assert face.status_code == 200
    assert face.headers["content-type"].startswith("image/svg+xml")
    assert 'data-card="10C"' in face.text
    back = api.client.get("/cards/back.svg")
    assert back.status_code == 200
    assert card_tokens(back.text) == set()
    missing = api.client.get("/cards/1X.svg")
    assert missing.status_code == 404
    assert "error" in missing.json()


# -- starting and playing -----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_start_shows_only_the_human_hand(api: Harness, game: str) -> None:
    data = api.start(game, players=4, preset="peel", seed=3)
    state = api.state(data["id"])
    assert data["game"] == game
    assert data["seat"] == 0
    assert data["names"][0] == "You"
    assert sorted(data["table"]["hand"]) == sorted(str(c) for c in state.hands[0])
    assert [s["cards"] for s in data["table"]["seats"]] == [len(h) for h in state.hands]
    if data["your_turn"]:
        module = KINDS[game].module
        legal = [module.format_action(a) for a in module.legal_actions(state)]
        assert [entry["action"] for entry in data["legal"]] == legal
    else:
        assert data["legal"] == []


@pytest.mark.parametrize("game", GAMES)
def test_the_payload_carries_the_seat_view_as_cardrules_json(api: Harness, game: str) -> None:
    data = api.start(game, players=5, seed=17)
    module = KINDS[game].module
    sent = records.from_json(json.dumps(data["view"]), module.View)
    assert sent == module.view(api.state(data["id"]), 0)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_deals_and_plays_the_same_game(api: Harness, game: str) -> None:
    first = api.start(game, players=4, seed=99)
    second = api.start(game, players=4, seed=99)
    assert first["id"] != second["id"]
    assert first["table"] == second["table"]
    assert first["steps"] == second["steps"]


_PRESETS = [(game, preset) for game in GAMES for preset in sorted(KINDS[game].module.PRESETS)]


@pytest.mark.parametrize(("game", "preset"), _PRESETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_whole_deals_through_the_api_never_leak_a_hidden_card(
    api: Harness, game: str, preset: str, seed: int
) -> None:
    rng = random.Random(f"{game} {preset} {seed}")
    players = rng.choice(KINDS[game].player_counts(preset))
    data = api.start(game, players=players, preset=preset, seed=seed)
    game_id = data["id"]
    for deal in (1, 2):
        data = api.play_deal(game_id, rng)
        assert data["deal"] == deal
        assert data["outcome"] is not None
        assert data["outcome"]["text"]
        assert data["can_save"]
        table = data["table"]
        assert sum(s["balance"] for s in table["seats"]) + table["pool"] == 0  # C-5
        if data["game_over"]:
            break
        data = api.next_deal(game_id)
        assert data["table"]["dealer"] == (table["dealer"] + 1) % players  # C-2


def test_a_game_id_that_reads_like_a_card_is_not_a_leak() -> None:
    """A random game id that happens to spell a card tells the player nothing.

    Every answer carries the game's id, drawn by ``secrets``; about once in a thousand
    games it holds a card string such as the ``AH`` of ``AH-E25kFg7VyGK3f``, the id that
    made the whole-deal test fail on Forty-five, seed 1, when the next deal hid the ace of
    hearts. This plays such a game (seed 2 since seeds deal through SplitMix64) with that
    id: the check skips the id but would still catch the same card anywhere else in the body.
    """
    game_id = "AH-E25kFg7VyGK3f"
    app = create_app(new_id=iter([game_id]).__next__)
    with TestClient(app) as client:
        api = Harness(app, client)
        rng = random.Random("spoil-five forty-five 2")  # as the whole-deal test plays seed 2
        players = rng.choice(KINDS["spoil-five"].player_counts("forty-five"))
        data = api.start("spoil-five", players=players, preset="forty-five", seed=2)
        assert data["id"] == game_id
        api.play_deal(game_id, rng)
        api.next_deal(game_id)  # the answer that used to fail
        state = api.state(game_id)
        knowledge = api.knowledge[game_id]
        assert "AH" in knowledge.forbidden(state)  # hidden from the human in deal 2
        text = client.get(f"/api/games/{game_id}").text
        assert knowledge.leaked(text, state) == {"AH"}  # what the old check saw
        assert knowledge.leaked(text, state, game_id=game_id) == set()
        salted = text.replace('"seat":0', '"seat":0,"x":"AH"', 1)
        assert knowledge.leaked(salted, state, game_id=game_id) == {"AH"}
        data = api.play_deal(game_id, rng)
        assert data["deal"] == 2
        assert data["outcome"] is not None


def test_bot_moves_come_back_as_steps_with_the_human_view_after_each(api: Harness) -> None:
    data = api.start("spoil-five", players=5, preset="peel", seed=1)
    data = api.act(data["id"], data["legal"][0]["action"])
    steps = data["steps"]
    assert steps[0]["seat"] == 0
    assert steps[0]["text"].startswith(("play ", "rob, laying "))
    assert [s["seat"] for s in steps[1:5]] == [1, 2, 3, 4]
    for step in steps:
        assert set(step["table"]) == set(data["table"])
        assert step["table"]["hand"] == data["table"]["hand"] or step["seat"] == 0


def _find_refusable(api: Harness) -> tuple[str, str]:
    """A Spoil Five game where the human holds a card he may not play now."""
    for seed in range(200):
        data = api.start("spoil-five", players=4, preset="peel", seed=seed)
        game_id = data["id"]
        for _ in range(5):
            if not data["your_turn"]:
                break
            allowed = {entry["card"] for entry in data["legal"]}
            if all(entry["action"].startswith("play ") for entry in data["legal"]):
                refused = [c for c in data["table"]["hand"] if c not in allowed]
                if refused:
                    return game_id, refused[0]
            data = api.act(game_id, data["legal"][0]["action"])
    raise AssertionError("no position with a refusable card in 200 seeds")


def test_an_illegal_play_is_refused_with_its_rule_id_and_changes_nothing(api: Harness) -> None:
    game_id, card = _find_refusable(api)
    before = _snapshot(api, game_id)
    move = api.move(game_id)
    response = api.client.post(
        f"/api/games/{game_id}/actions", json={"action": f"play {card}", "move": move}
    )
    assert response.status_code == 422
    body = response.json()
    assert set(body) == {"error", "rule"}
    assert re.fullmatch(r"SF-1[56]", body["rule"])
    assert body["error"].startswith(f"cannot play {card}: ")
    assert body["error"].endswith(f"({body['rule']})")
    assert _snapshot(api, game_id) == before


def test_a_card_not_in_hand_is_refused_with_a_rule_id(api: Harness) -> None:
    data = api.start("spoil-five", players=3, seed=8)
    hand = set(data["table"]["hand"])
    stranger = next(c for c in ("2S", "3S", "4S", "6S", "7S", "8S") if c not in hand)
    before = _snapshot(api, data["id"])
    response = api.client.post(
        f"/api/games/{data['id']}/actions", json={"action": f"play {stranger}", "move": 0}
    )
    assert response.status_code == 422
    assert re.fullmatch(r"(SF|C)-\d+", response.json()["rule"])
    assert _snapshot(api, data["id"]) == before


@pytest.mark.parametrize("game", GAMES)
def test_saved_game_is_a_cardrules_record_that_replays_the_deal(api: Harness, game: str) -> None:
    data = api.start(game, players=3, seed=21)
    game_id = data["id"]
    data = api.play_deal(game_id, random.Random(21))
    response = api.client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200
    assert response.headers["content-disposition"] == (
        f'attachment; filename="{game}-{game_id}.json"'
    )
    rec = records.loads(response.text)
    restored = records.restore(rec)
    module = KINDS[game].module
    assert module.view(restored, 0) == module.view(api.state(game_id), 0)


# -- hostile requests ---------------------------------------------------------------------

_BAD_ACTION_BODIES: list[tuple[bytes, int]] = [
    (b"not json", 400),
    (b"", 400),
    (b"\xff\xfe", 400),
    (b"[1, 2]", 400),
    (b'"play 10C"', 400),
    (b"[" * 2000 + b"]" * 2000, 400),
    (b'{"action": "play 10C", "move": NaN}', 400),
    (b'{"action": "play 10C", "move": 0, "move": 0}', 400),
    (b'{"action": "play 10C", "move": 1' + b"0" * 40 + b"}", 400),
    (b"{}", 422),
    (b'{"action": "play 10C"}', 422),
    (b'{"action": "play 10C", "move": "0"}', 422),
    (b'{"action": "play 10C", "move": -1}', 422),
    (b'{"action": "play 10C", "move": 0.0}', 422),
    (b'{"action": 5, "move": 0}', 422),
    (b'{"action": null, "move": 0}', 422),
    (b'{"action": ["play", "10C"], "move": 0}', 422),
    (b'{"action": {"play": "10C"}, "move": 0}', 422),
    (b'{"action": true, "move": 0}', 422),
    (b'{"action": "fly away", "move": 0}', 422),
    (b'{"action": "play 1X", "move": 0}', 422),
    (b'{"action": "' + b"x" * 300 + b'", "move": 0}', 422),
    (b'{"action": "play 10C", "move": 0, "seat": 3}', 422),
]


@pytest.mark.parametrize(("body", "status"), _BAD_ACTION_BODIES)
@pytest.mark.parametrize("game", GAMES)
def test_bad_action_requests_are_refused_and_change_nothing(
    api: Harness, game: str, body: bytes, status: int
) -> None:
    data = api.start(game, players=4, seed=6)
    if data["deal_over"]:  # pragma: no cover - seed 6 starts with a decision for the human
        pytest.fail("seed 6 should leave the human a decision")
    before = _snapshot(api, data["id"])
    response = api.client.post(
        f"/api/games/{data['id']}/actions",
        content=body,
        headers={"content-type": "application/json"},
    )
    assert response.status_code == status, response.text
    assert isinstance(response.json()["error"], str)
    assert _snapshot(api, data["id"]) == before


@pytest.mark.parametrize("game", GAMES)
def test_oversized_bodies_are_refused_declared_or_streamed(api: Harness, game: str) -> None:
    data = api.start(game, players=4, seed=6)
    before = _snapshot(api, data["id"])
    url = f"/api/games/{data['id']}/actions"
    padding = " " * MAX_BODY
    big = json.dumps({"action": data["legal"][0]["action"], "move": 0}) + padding
    json_type = {"content-type": "application/json"}
    response = api.client.post(url, content=big.encode(), headers=json_type)
    assert response.status_code == 413
    assert "too large" in response.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts as it reads
        yield b'{"action": "'
        for _ in range(64):
            yield b"x" * 1024
        yield b'"}'

    streamed = api.client.post(url, content=chunks(), headers=json_type)
    assert streamed.status_code == 413
    assert _snapshot(api, data["id"]) == before
    bad_length = api.client.post(url, content=b"{}", headers={**json_type, "content-length": "-5"})
    assert bad_length.status_code in (400, 413)
    assert _snapshot(api, data["id"]) == before


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"game": "chess"},
        {"game": 1},
        {"game": ["spoil-five"]},
        {"game": "spoil-five", "players": "4"},
        {"game": "spoil-five", "players": True},
        {"game": "spoil-five", "players": 4.0},
        {"game": "spoil-five", "players": 1},
        {"game": "spoil-five", "players": 11},
        {"game": "spoil-five", "players": 3, "preset": "partnership"},
        {"game": "my-bird-sings", "players": 14},
        {"game": "my-bird-sings", "preset": "short-pack", "players": 9},
        {"game": "spoil-five", "preset": "nope"},
        {"game": "spoil-five", "preset": 3},
        {"game": "spoil-five", "seed": -1},
        {"game": "spoil-five", "seed": 2**64},
        {"game": "spoil-five", "seed": 1.5},
        {"game": "spoil-five", "seed": "7"},
        {"game": "spoil-five", "dealer": 2},
    ],
)
def test_bad_new_games_are_refused_with_422(api: Harness, fields: dict[str, Any]) -> None:
    response = api.client.post("/api/games", json=fields)
    assert response.status_code == 422, response.text
    assert isinstance(response.json()["error"], str)
    assert len(api.store) == 0


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/games/nope"),
        ("POST", "/api/games/nope/actions"),
        ("POST", "/api/games/nope/deal"),
        ("GET", "/api/games/nope/record"),
        ("GET", "/api/games/" + "z" * 500),
        ("GET", "/api/games/..%2F..%2Fetc"),
        ("GET", "/api/nothing-here"),
    ],
)
def test_unknown_games_and_paths_are_404_with_a_json_error(
    api: Harness, method: str, path: str
) -> None:
    response = api.client.request(method, path, json={"action": "play 10C"})
    assert response.status_code == 404
    assert len(response.json()["error"]) < 100


def test_wrong_methods_are_refused(api: Harness) -> None:
    data = api.start("spoil-five", players=4, seed=5)
    response = api.client.delete(f"/api/games/{data['id']}")
    assert response.status_code == 405
    assert "error" in response.json()
    assert api.client.put("/api/games", json={}).status_code == 405


@pytest.mark.parametrize("game", GAMES)
def test_requests_out_of_turn_are_409_and_change_nothing(api: Harness, game: str) -> None:
    data = api.start(game, players=3, seed=12)
    game_id = data["id"]
    if not data["deal_over"]:
        early_deal = api.client.post(f"/api/games/{game_id}/deal", json={"move": data["move"]})
        assert early_deal.status_code == 409
        assert api.client.get(f"/api/games/{game_id}/record").status_code == 409
        data = api.play_deal(game_id, random.Random(12))
    before = _snapshot(api, game_id)
    action = "play 10C" if game == "spoil-five" else "pass 10C"
    response = api.client.post(
        f"/api/games/{game_id}/actions", json={"action": action, "move": data["move"]}
    )
    assert response.status_code == 409
    assert response.json() == {"error": "it is not your turn", "rule": None}
    assert _snapshot(api, game_id) == before


def test_a_full_store_makes_room_from_finished_then_idle_games_only() -> None:
    now = [0.0]
    store = SessionStore(capacity=2, idle_after=60.0, clock=lambda: now[0])
    kind = KINDS["spoil-five"]
    from web.session import Session, StoreFullError

    playing = [Session.start(kind, players=3, preset="peel", seed=s) for s in (1, 2, 3)]
    assert not any(session.deal_over for session in playing)
    ids = [store.add(session, f"client-{i}") for i, session in enumerate(playing[:2])]
    with pytest.raises(StoreFullError):  # both games in play and recent: nobody is evicted
        store.add(playing[2], "client-2")
    assert all(store.get(game_id) is not None for game_id in ids)
    now[0] = 30.0
    assert store.get(ids[1]) is not None  # used again: client-0's game is now the idler
    now[0] = 70.0
    third = store.add(playing[2], "client-2")
    assert store.get(ids[0]) is None
    assert store.get(ids[1]) is not None
    assert store.get(third) is not None


def test_one_client_cannot_push_other_clients_games_out() -> None:
    store = SessionStore(capacity=50, per_client=3)
    kind = KINDS["spoil-five"]
    from web.session import Session

    theirs = store.add(Session.start(kind, players=3, preset="peel", seed=99), "victim")
    flood = [
        store.add(Session.start(kind, players=3, preset="peel", seed=s), "attacker")
        for s in range(200)
    ]
    assert store.get(theirs) is not None
    assert len(store) == 4
    assert [store.get(game_id) is not None for game_id in flood[-3:]] == [True] * 3


def test_after_a_points_game_is_won_nothing_more_is_accepted(api: Harness) -> None:
    data = api.start("spoil-five", players=2, preset="twenty-five", seed=31)
    game_id = data["id"]
    rng = random.Random(31)
    for _ in range(20):
        data = api.play_deal(game_id, rng)
        if data["game_over"]:
            break
        data = api.next_deal(game_id)
    assert data["game_over"]
    assert data["outcome"]["kind"] == "game_won"
    (winner,) = data["outcome"]["winners"]
    scores = data["outcome"]["scores"]
    assert scores[winner] == max(scores)
    assert "wins the game" in data["outcome"]["text"] or "win the game" in data["outcome"]["text"]
    before = _snapshot(api, game_id)
    refused = api.client.post(f"/api/games/{game_id}/deal", json={"move": data["move"]})
    assert refused.status_code == 409
    assert refused.json()["error"] == "the game is over; start a new one"
    action = api.client.post(
        f"/api/games/{game_id}/actions", json={"action": "play 10C", "move": data["move"]}
    )
    assert action.status_code == 409
    assert _snapshot(api, game_id) == before
    assert api.client.get(f"/api/games/{game_id}/record").status_code == 200
