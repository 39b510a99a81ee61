"""Every example program runs to completion (smoke tests)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))
ARGUMENTS = {"policy_gradient.py": ["--episodes", "1500", "--eval-deals", "600"]}
"""Shortened runs of the examples whose defaults take minutes."""


def test_there_are_examples() -> None:
    assert SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_example_runs(script: Path) -> None:
    command = [sys.executable, str(script), *ARGUMENTS.get(script.name, [])]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_random_deals_settles_both_games() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "random_deals.py"), "3"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Spoil Five" in result.stdout
    assert "My Bird Sings" in result.stdout
    assert result.stdout.count("balances") == 2


def _example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # attrs resolves the module's classes by name
    spec.loader.exec_module(module)
    return module


def test_policy_gradient_steps_towards_what_paid_and_away_from_what_cost() -> None:
    """One REINFORCE step makes the action taken likelier after a gain, rarer after a loss."""
    pytest.importorskip("numpy")
    import numpy as np

    example = _example("policy_gradient")
    rows = np.eye(3, len(example.FEATURES) + 7)
    for advantage, sign in ((2.0, 1), (-2.0, -1)):
        policy = example.FeaturePolicy(seed=0)
        before = policy.probabilities(rows)[1]
        policy.reinforce([(rows, 1)], advantage, 0.1)
        assert sign * (policy.probabilities(rows)[1] - before) > 0.03


def test_policy_gradient_learns_to_beat_random_players_in_a_short_run() -> None:
    """1,500 training deals (seconds) already beat a random player in seat 0 over 600
    paired evaluation deals: the whole 95% interval of the margin lies above zero."""
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
    import numpy as np

    example = _example("policy_gradient")
    policy = example.train(players=3, episodes=1500, seed=1)
    assert np.any(policy.weights != 0)
    result = example.evaluate(policy, players=3, deals=600, seed=1)
    mean, low, high = result.margin()
    assert low > 0.2, (mean, low, high)
    untrained = example.evaluate(example.FeaturePolicy(seed=0), players=3, deals=600, seed=1)
    assert untrained.margin()[1] < low  # the margin comes from training, not from greed
