"""Smoke test of benchmarks/adapters.py: its loops run and its report reads; no timing."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")

from benchmarks import adapters

from cardrules.adapters.pettingzoo import my_bird_sings_v0


def test_pettingzoo_steps_run_on_through_episodes() -> None:
    """The step loop takes exactly the steps asked for, resetting between episodes."""
    env = my_bird_sings_v0.env(players=3)
    env.reset(seed=1)
    timer = adapters.pettingzoo_steps(env, random.Random(1))
    assert timer(200) >= 0.0
    assert timer(1) >= 0.0


def test_openspiel_side_runs_a_round_and_reports() -> None:
    """One tiny round of the OpenSpiel measures gives a report with every figure."""
    results = adapters.run(rounds=1, warmup=0, chunk=0.001, only="openspiel")
    assert set(results["timings"]) == {key for key, *_ in adapters.OPENSPIEL_GAMES}
    report = adapters.format_report(results)
    assert "OpenSpiel Spoil Five 4p episodes" in report
    assert ">= 0.3x euchre" in report
