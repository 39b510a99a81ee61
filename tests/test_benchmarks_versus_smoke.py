"""Smoke test of benchmarks/versus.py and its worker: they run and count, never judge speed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from benchmarks import steps, versus

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("label", ["sf5", "mbs6"])
def test_step_sample_covers_every_decision(label: str) -> None:
    sample = steps.StepSample(label, deals=4)
    play = steps.GAMES[label][2]
    decisions = sum(n for item, n in sample.per_deal.items() if item.startswith("apply_action"))
    assert decisions == pytest.approx(play(4, 99) / 4)
    assert sample.items()[0] == steps.PLAYOUT
    assert sample.seconds_per_call(steps.PLAYOUT, reps=1) > 0


def test_versus_pairs_two_workers_of_this_build(tmp_path: Path) -> None:
    """Both sides are this build (the worker is run with this source tree first)."""
    out = tmp_path / "versus.json"
    python = f"env PYTHONPATH={ROOT / 'src'} {sys.executable}"
    args = ["--old", python, "--new", python, "--rounds", "1", "--chunk", "0.001"]
    code = versus.main([*args, "--breakdown", "--deals", "3", "--json", str(out)])
    assert code == 0
    results = json.loads(out.read_text())
    assert results["old"]["cardrules"] == results["new"]["cardrules"]
    assert set(results["playouts"]) == {"sf5", "mbs6"}
    rows = results["steps"]["mbs6"]["rows"]
    assert rows[0]["item"] == steps.PLAYOUT
    assert all(row["speed_new_over_old"]["median"] > 0 for row in rows)


@pytest.mark.parametrize("label", ["sf5", "mbs5"])
def test_search_speed_decides_fixed_points(label: str) -> None:
    from benchmarks.search_speed import DecisionPoints

    points = DecisionPoints(label, count=2)
    assert len(points.points) == 2
    answer = points.decide(1, 2, iterations=2)
    assert answer["decisions"] == 2
    assert answer["rollouts"] >= 2 * 2 * 2  # two samples, two actions or more, two points
    assert answer["cpu_seconds"] > 0


def test_simulate_scaling_times_the_command() -> None:
    from benchmarks.simulate_scaling import run_once

    assert run_once(sys.executable, "spoil-five", 5, [], "random") > 0
