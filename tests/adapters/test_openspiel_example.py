"""The IS-MCTS example runs with a tiny budget, for both games."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "openspiel_ismcts.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("openspiel_ismcts", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["spoil_five", "my_bird_sings"])
@pytest.mark.parametrize("rollout", ["heuristic", "random"])
def test_ismcts_example_plays_deals_against_the_rule_of_thumb_bot(game: str, rollout: str) -> None:
    """Every deal ends with returns for every seat, and counters are conserved (C-5)."""
    example = _load()
    kwargs = {"players": 3, "deals": 2, "simulations": 8, "rollout": rollout, "seed": 3}
    result = example.play_match(game, **kwargs)
    assert len(result.returns) == 2
    for returns in result.returns:
        assert len(returns) == 3
        assert sum(returns) <= 0
    assert result == example.play_match(game, **kwargs)


def test_ismcts_example_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """The command line prints each deal and each seat's total."""
    _load().main(["--deals", "1", "--simulations", "4", "--players", "2"])
    out = capsys.readouterr().out
    assert "deal 1:" in out
    assert "seat 0 (IS-MCTS)" in out
