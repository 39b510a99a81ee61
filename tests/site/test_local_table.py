"""The play page's table (cardrules.web.local) for every game and preset, in CPython.

The page runs this code in Pyodide (tests/site/test_play_page.py plays it in Chromium);
here every preset the lobby offers is played to the end of a deal through the protocol's
frames, resumed from its snapshot in the middle, and its record replayed.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from cardrules import games, records
from cardrules.web.lobby import catalogue
from cardrules.web.local import LocalTable

PRESETS = [
    (game["name"], preset["name"], preset["default_players"])
    for game in catalogue()["games"]  # type: ignore[attr-defined]
    for preset in game["presets"]
]


class Page:
    """What the page does with a local table: frames in, frames and snapshots out."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.snapshots: list[str] = []
        self.table = LocalTable(self._frame, self.snapshots.append)

    def _frame(self, text: str) -> None:
        self.frames.append(json.loads(text))

    def payload(self) -> dict[str, Any]:
        tables = [frame for frame in self.frames if frame["type"] == "table"]
        return dict(tables[-1]["payload"])

    async def send(self, frame: dict[str, object]) -> None:
        await self.table.receive(json.dumps(frame))
        for _ in range(200):  # let the bots' task play up to the person's turn
            await asyncio.sleep(0)


async def _play(game: str, preset: str, players: int) -> None:
    page = Page()
    body = {"game": game, "preset": preset, "players": players, "seed": 11}
    body["bots"] = list(range(1, players))
    seat = json.loads(await page.table.create(json.dumps(body)))
    hello = {"type": "hello", "protocol": 1, "seat": seat["seat"], "key": seat["key"]}
    await page.send(hello)
    assert [frame["type"] for frame in page.frames[:3]] == ["welcome", "presence", "table"]
    moves = 0
    while not page.payload()["deal_over"]:
        payload = page.payload()
        assert payload["your_turn"], "the table waits for nobody but the person"
        action = payload["legal"][0]["action"]
        await page.send({"type": "act", "counter": payload["counter"], "action": action})
        moves += 1
        assert moves < 300
        if moves == 2:  # a reload: the page's snapshot resumes the same position
            again = Page()
            assert again.table.restore(page.snapshots[-1]) == seat["table"]
            await again.send(hello)
            assert again.payload()["hand"] == page.payload()["hand"]
            assert again.payload()["counter"] == page.payload()["counter"]
    record = records.loads(page.table.record())
    *_, state = records.replay(record)
    assert games.lookup(game).module.is_deal_over(state)


@pytest.mark.parametrize(("game", "preset", "players"), PRESETS)
def test_every_preset_plays_a_deal_resumes_and_replays(
    game: str, preset: str, players: int
) -> None:
    asyncio.run(_play(game, preset, players))


def test_a_refusal_is_the_servers_error_frame_naming_its_rule() -> None:
    """A card the person does not hold is refused as the server refuses it (C-7)."""

    async def refused() -> tuple[dict[str, Any], int]:
        page = Page()
        body = {"game": "spoil-five", "players": 3, "bots": [1, 2], "seed": 3}
        seat = json.loads(await page.table.create(json.dumps(body)))
        await page.send({"type": "hello", "protocol": 1, "seat": 0, "key": seat["key"]})
        payload = page.payload()
        assert payload["your_turn"]
        held = set(payload["hand"])
        card = next(f"{rank}{suit}" for suit in "SHDC" for rank in "AKQJ98765432"
                    if f"{rank}{suit}" not in held)  # fmt: skip
        kept = len(page.snapshots)
        await page.send({"type": "act", "counter": payload["counter"], "action": f"play {card}"})
        return page.frames[-1], len(page.snapshots) - kept

    frame, saved = asyncio.run(refused())
    assert frame["type"] == "error"
    assert (frame["code"], frame["rule"]) == ("illegal", "C-7")
    assert "do not hold" in frame["message"]
    assert saved == 0, "a refused move changes nothing, so nothing new is kept"


def test_a_wrong_key_is_refused() -> None:
    async def wrong() -> dict[str, Any]:
        page = Page()
        await page.table.create('{"game": "my-bird-sings", "players": 3, "bots": [1, 2]}')
        await page.send({"type": "hello", "protocol": 1, "seat": 0, "key": "x" * 32})
        return page.frames[-1]

    assert asyncio.run(wrong())["code"] == "credential"
