"""Golden perft counts: both engines held to fixed numbers from fixed packs.

Each entry of ``tests/golden/perft.json`` starts from a preset, an explicit pack, a seed
and a line of play, and gives the positions reached at each depth, the deals ended on the
way and a digest of every leaf (see :mod:`tests.perft`). A change of engine that changes
any of them changes behaviour: regenerate with ``python -m tests.perft --write`` only for
a deliberate change of the rules, and say why in the commit.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.perft import GAMES, GOLDEN, perft, start

ENTRIES: list[dict[str, Any]] = json.loads(GOLDEN.read_text())


def test_golden_counts_cover_every_preset_of_both_games() -> None:
    covered = {(entry["game"], entry["preset"]) for entry in ENTRIES}
    wanted = {(name, preset) for name, game in GAMES.items() for preset in game.PRESETS}
    assert covered == wanted


@pytest.mark.parametrize(
    "entry",
    ENTRIES,
    ids=[f"{e['game']}-{e['preset']}-{e['players']}p-line{len(e['line'])}" for e in ENTRIES],
)
def test_perft_counts_match_the_golden_figures(entry: dict[str, Any]) -> None:
    game = GAMES[entry["game"]]
    nodes, ended, digest = perft(game, start(game, entry), entry["depth"])
    assert (nodes, ended, digest) == (entry["nodes"], entry["ended"], entry["digest"])
