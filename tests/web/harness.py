"""A small driver for the web example's API, shared by the API and browser tests."""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from tests.web.leaks import Knowledge

if TYPE_CHECKING:  # Starlette is imported by the tests only after they checked it exists
    from starlette.applications import Starlette
    from starlette.testclient import TestClient

    from web.session import Session, SessionStore


class Harness:
    """The application, a test client, and access to the server's full states."""

    def __init__(self, app: Starlette, client: TestClient) -> None:
        self.app = app
        self.client = client
        self.store: SessionStore = app.state.store
        self.knowledge: dict[str, Knowledge] = {}
        self.moves: dict[str, int] = {}

    def session(self, game_id: str) -> Session:
        found = self.store.get(game_id)
        assert found is not None, game_id
        return found

    def state(self, game_id: str) -> Any:
        return self.session(game_id).state

    def checked(self, game_id: str, text: str) -> dict[str, Any]:
        """Parse a response body after checking that it leaks no hidden card."""
        session = self.session(game_id)
        knowledge = self.knowledge.setdefault(game_id, Knowledge(session.kind.name, session.human))
        leaked = knowledge.leaked(text, session.state, game_id=game_id)
        assert not leaked, f"the page was sent hidden cards {sorted(leaked)}"
        data: dict[str, Any] = json.loads(text)
        if "move" in data:
            self.moves[game_id] = data["move"]
        return data

    def move(self, game_id: str) -> int:
        """The move of the last payload seen for ``game_id`` (fetched if none was seen)."""
        if game_id not in self.moves:
            self.show(game_id)
        return self.moves[game_id]

    def start(self, game: str, **fields: object) -> dict[str, Any]:
        response = self.client.post("/api/games", json={"game": game, **fields})
        assert response.status_code == 201, response.text
        return self.checked(response.json()["id"], response.text)

    def show(self, game_id: str) -> dict[str, Any]:
        response = self.client.get(f"/api/games/{game_id}")
        assert response.status_code == 200, response.text
        return self.checked(game_id, response.text)

    def act(self, game_id: str, action: str) -> dict[str, Any]:
        body = {"action": action, "move": self.move(game_id)}
        response = self.client.post(f"/api/games/{game_id}/actions", json=body)
        assert response.status_code == 200, response.text
        return self.checked(game_id, response.text)

    def next_deal(self, game_id: str) -> dict[str, Any]:
        response = self.client.post(f"/api/games/{game_id}/deal", json={"move": self.move(game_id)})
        assert response.status_code == 200, response.text
        return self.checked(game_id, response.text)

    def play_deal(self, game_id: str, rng: random.Random, limit: int = 2_000) -> dict[str, Any]:
        """Play random legal actions for the human until the deal is over."""
        data = self.show(game_id)
        for _ in range(limit):
            if data["deal_over"]:
                return data
            assert data["your_turn"], data
            data = self.act(game_id, rng.choice(data["legal"])["action"])
        raise AssertionError("the deal did not end")
