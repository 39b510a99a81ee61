"""Smoke test of benchmarks/openspiel_floor.py: the shape game is the adapter's shape."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from benchmarks import openspiel_floor

from cardrules.adapters import openspiel  # noqa: F401 (registers the games)


def test_shape_game_replays_the_adapters_episodes_node_by_node() -> None:
    """Played by the same loop, the shape game meets the very nodes the adapter met."""
    import pyspiel

    game = pyspiel.load_game(openspiel_floor.GAME, openspiel_floor.PARAMS)
    shapes = openspiel_floor.episode_shapes(game, 12, seed=3)
    assert all(any(seat < 0 for seat, _ in shape) for shape in shapes)  # chance dealt
    assert all(any(seat >= 0 for seat, _ in shape) for shape in shapes)  # seats decided
    shape_game = openspiel_floor.shape_game(shapes, players=5)
    assert openspiel_floor.episode_shapes(shape_game, 12, seed=99) == shapes


def test_the_benchmark_runs_a_round_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    """One tiny round prints the three figures against euchre."""
    assert openspiel_floor.main(["--rounds", "1", "--chunk", "0.001", "--shapes", "5"]) == 0
    out = capsys.readouterr().out
    for label in ("the adapter", "the shape alone", "the engine alone"):
        assert label in out
