"""Hidden information over the wire, by the permutation method of tests/records/test_leaks.py.

Two servers hold the same table, dealt from two packs that differ only in the cards seat
0 never sees in the whole deal (permuted within each suit). The same actions are played
at both (cards permuted), seat 0 through its WebSocket and the other seats through the
HTTP API; every frame seat 0's socket receives, from the welcome on, must be the same
text at both servers (and every frame a spectator's socket receives: a spectator knows
less than seat 0), for as long as the games stay the same game (each next action
legal at both: the first public consequence of the hidden cards ends the comparison).
A second check scans every frame for a card the seat may not know (tests/web/leaks.py).
"""

from __future__ import annotations

import contextlib
import json
import random
import types
from pathlib import Path
from typing import Any

import attrs
import pytest
from starlette.testclient import TestClient

from cardrules import spoil_five, tables
from cardrules.cards import Card, Rank
from cardrules.web.app import create_app
from cardrules.web.settings import Settings
from tests.records.games import ALL_CASES, ALL_IDS, pack_of
from tests.records.test_leaks import _hidden_permutation, _map_action, _seen, _trajectory
from tests.web.leaks import Knowledge

TABLE_ID = "LeakCheckTable01"


def _stored_table(
    game: types.ModuleType, options: Any, deck: list[Card], seed: int, dealer: int, path: Path
) -> tuple[tables.SQLiteTableStore, tuple[str, ...]]:
    plans = [tables.SeatPlan.invite(f"P{seat}") for seat in range(options.players)]
    new = tables.create_table(
        game.NAME, plans, name="Leaks", now=0.0, options=options, seed=seed, table_id=TABLE_ID
    )
    state = game.new_game(options, deck=deck, seed=seed, dealer=dealer)
    first = tables.Step(0, tables.StepKind.GAME, None, None, None, state)
    store = tables.SQLiteTableStore(path)
    store.add(attrs.evolve(new.table, state=state, trail=(first,)))
    return store, new.seat_credentials


class _Side:
    """One of the two servers: seat 0's socket, a spectator's, the other seats' keys."""

    def __init__(self, stack: contextlib.ExitStack, store: Any, keys: tuple[str, ...]) -> None:
        settings = Settings(
            allowed_hosts=("testserver",), bot_delay=0.0, frames_per_second=1000.0, burst=1000
        )
        app = create_app(settings, store)
        app.state.server.rooms.now = lambda: 1000.0  # presence's idle times alike
        self.client = stack.enter_context(TestClient(app))
        self.server = app.state.server
        self.keys = keys
        for seat in range(1, len(keys)):
            self._post("view", {"seat": seat, "key": keys[seat]})
        self.socket = stack.enter_context(self.client.websocket_connect(f"/ws/{TABLE_ID}"))
        self.socket.send_text(
            json.dumps({"type": "hello", "protocol": 1, "seat": 0, "key": keys[0]})
        )
        self.watcher = stack.enter_context(self.client.websocket_connect(f"/ws/{TABLE_ID}"))
        self.watcher.send_text(json.dumps({"type": "hello", "protocol": 1}))
        self.counter = -1

    def _post(self, path: str, body: dict[str, Any]) -> None:
        answer = self.client.post(f"/api/tables/{TABLE_ID}/{path}", json=body)
        assert answer.status_code == 200, answer.text

    def state(self) -> Any:
        return self.server.rooms.rooms[TABLE_ID].table.state

    def frames_until(self, counter: int, socket: Any = None) -> list[str]:
        """Every frame seat 0 (or ``socket``) receives up to the table frame of ``counter``."""
        texts = []
        while True:
            text = (socket or self.socket).receive_text()
            texts.append(text)
            frame = json.loads(text)
            if frame["type"] == "table" and frame["counter"] >= counter:
                if socket is None:
                    self.counter = frame["counter"]
                return texts

    def act(self, seat: int, action: str) -> None:
        frame = {"type": "act", "counter": self.counter, "action": action}
        if seat == 0:
            self.socket.send_text(json.dumps(frame))
        else:
            self._post("frames", {"seat": seat, "key": self.keys[seat], "frame": frame})


@pytest.mark.parametrize("case", ALL_CASES[::3], ids=ALL_IDS[::3])
def test_seat_zero_receives_the_same_frames_whatever_the_cards_it_never_sees(
    case: tuple[types.ModuleType, str, Any], tmp_path: Path
) -> None:
    game, _, options = case
    rng = random.Random(f"{game.NAME}-{options!r}")
    for _ in range(50):  # a game in which some card seat 0 never sees can move
        deck, seed, dealer, states, actions = _trajectory(game, options, rng, max_actions=60)
        fixed = _seen(game, states, actions, 0)[-1]
        if game is spoil_five:
            fixed |= {Card(Rank.ACE, state.trump) for state in states}  # see test_leaks (D-17)
        permutation = _hidden_permutation(pack_of(game, options), fixed, rng)
        other_deck = [permutation[card] for card in deck]
        if other_deck != list(deck):
            break
    else:
        pytest.fail("in 50 games every card seat 0 never saw was alone in its suit")
    with contextlib.ExitStack() as stack:
        first_store, first_keys = _stored_table(game, options, list(deck), seed, dealer,
                                                tmp_path / "a.db")  # fmt: skip
        second_store, second_keys = _stored_table(game, options, other_deck, seed, dealer,
                                                  tmp_path / "b.db")  # fmt: skip
        stack.callback(first_store.close)
        stack.callback(second_store.close)
        sides = (_Side(stack, first_store, first_keys), _Side(stack, second_store, second_keys))
        knowledge = Knowledge(game.NAME, 0)
        compared = 0
        for number in range(len(actions) + 1):
            texts = [side.frames_until(number) for side in sides]
            assert texts[0] == texts[1], f"seat 0 tells the deals apart after {number} actions"
            watched = [side.frames_until(number, side.watcher) for side in sides]
            assert watched[0] == watched[1], f"a spectator tells them apart after {number}"
            assert all('"hand":[]' in text for text in watched[0] if '"type":"table"' in text)
            for text in texts[0]:
                leaked = knowledge.leaked(text, sides[0].state(), game_id=TABLE_ID)
                assert not leaked, f"frame shows {sorted(leaked)}"
            compared += len(texts[0])
            if number == len(actions):
                break
            action = actions[number]
            mapped = _map_action(action, permutation)
            if not game.is_legal(sides[1].state(), mapped):
                break  # a public consequence of the hidden cards
            seat = sides[0].state().to_act
            sides[0].act(seat, game.format_action(action))
            sides[1].act(seat, game.format_action(mapped))
        assert compared >= 3
