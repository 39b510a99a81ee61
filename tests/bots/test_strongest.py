"""The strongest bot of each game, and the strength script's common random numbers."""

from __future__ import annotations

import random

import pytest
from benchmarks import strength

from cardrules import games, my_bird_sings, spoil_five
from cardrules.bots import (
    BOT_NAMES,
    STRONGEST,
    MyBirdSingsBot,
    SearchBot,
    make_bot,
    parse_bot_names,
    strongest,
)
from cardrules.errors import OptionsError


def test_every_game_has_a_strongest_bot_by_a_known_name() -> None:
    assert set(STRONGEST) == set(games.NAMES)
    for name in games.NAMES:
        best = strongest(name)
        assert best.name in BOT_NAMES
        assert best.name != "strongest"
        assert strongest(games.lookup(name).module) == best


# Determinism, legal choices and views only: tests/bots/test_bots.py, for every name of
# BOT_NAMES, "strongest" included.
def test_make_bot_strongest_builds_the_recorded_bot_at_its_budget() -> None:
    search = make_bot(spoil_five, "strongest", random.Random(1), iterations=3)
    assert isinstance(search, SearchBot)
    assert search.iterations == STRONGEST["spoil-five"].iterations
    assert isinstance(make_bot(my_bird_sings, "strongest", random.Random(1)), MyBirdSingsBot)
    assert parse_bot_names("strongest,random", 3) == ("strongest", "random", "strongest")


def test_strongest_refuses_an_unknown_game() -> None:
    with pytest.raises(OptionsError, match="unknown game"):
        strongest("whist")


@pytest.mark.parametrize("game", ["spoil-five", "my-bird-sings"])
def test_a_bot_against_a_field_of_itself_gains_exactly_nothing(game: str) -> None:
    # Common random numbers: the same deals and the same bots' draws in both runs.
    heuristic = strength.contender(game, "heuristic")
    row, baseline = strength.measure(
        game, heuristic, heuristic, players=3, sessions=6, seed=5, progress=False
    )
    assert (row.gain.value, row.gain.low, row.gain.high) == (0.0, 0.0, 0.0)
    assert len(baseline) == 6
    assert row.deals == 18
    again, _ = strength.measure(
        game, strength.contender(game, "random"), heuristic, players=3, sessions=6, seed=5,
        baseline=baseline, progress=False,
    )  # fmt: skip
    assert again.x == "random"
    assert again.deals == 18
    assert 0.0 <= again.x_win.value <= 1.0


def test_the_strength_script_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    strength.main(["--game", "my-bird-sings", "--players", "3", "--sessions", "4",
                   "--bots", "heuristic,search:2", "--fields", "random"])  # fmt: skip
    out = capsys.readouterr().out
    assert "| my-bird-sings | heuristic | random | 12 |" in out
    assert "| my-bird-sings | search:2 | random | 12 |" in out
