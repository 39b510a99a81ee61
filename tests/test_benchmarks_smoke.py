"""Smoke test of the benchmark code: it runs and counts, it never judges speed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from benchmarks import bench, breakdown, workloads

from cardrules import my_bird_sings, spoil_five


@pytest.mark.parametrize(
    ("workload", "shortest"),
    [(workloads.spoil_five_5p, 15), (workloads.my_bird_sings_6p, 0)],
)
def test_workloads_play_complete_deals_and_count_decisions(
    workload: workloads.Workload, shortest: int
) -> None:
    """A workload plays whole random deals and returns how many decisions it took."""
    decisions = workload(5, 3)
    assert isinstance(decisions, int)
    assert decisions >= 5 * shortest
    assert workload(5, 3) == decisions  # same seed, same games
    assert workload(1, 3) <= decisions


@pytest.mark.parametrize(
    ("python_loop", "helper"),
    [
        (workloads.spoil_five_5p, workloads.spoil_five_5p_helper),
        (workloads.my_bird_sings_6p, workloads.my_bird_sings_6p_helper),
    ],
)
def test_helper_workloads_play_the_python_loops_games(
    python_loop: workloads.Workload, helper: workloads.Workload
) -> None:
    """The library's loop draws as randrange does: the same deals, the same decisions."""
    for seed in (3, 40):
        assert helper(8, seed) == python_loop(8, seed)
    assert set(workloads.WORKLOADS) >= {"spoil_five_5p_helper", "my_bird_sings_6p_helper"}


def test_spoil_five_playout_has_plausible_length() -> None:
    """Five players, three tricks win: between 3 and 5 tricks of 5 plays, plus a rob."""
    for seed in range(10):
        decisions = workloads.spoil_five_5p(1, seed)
        assert 15 <= decisions <= 26


def test_deep_size_counts_only_what_is_not_shared() -> None:
    shared = (10**20, 10**21)
    root = (shared, [10**22])
    _, shared_ids = bench.deep_size(shared, set())
    size, ids = bench.deep_size(root, shared_ids)
    assert ids.isdisjoint(shared_ids)
    assert len(ids) == 3  # the outer tuple, the list and its int
    assert size == sum(sys.getsizeof(o) for o in (root, root[1], root[1][0]))
    assert bench.deep_size(root, ids | shared_ids) == (0, set())


def test_successor_shares_deal_constants_with_its_predecessor() -> None:
    """A successor is charged less memory than a whole fresh state."""
    report = bench.memory_report(spoil_five, workloads.SF_5P, 1, deals=2)
    assert 0 < report["successor_bytes_mean"] < report["fresh_bytes"]
    assert report["successors"] >= 2 * 15


def test_mid_deal_states_have_a_pending_decision() -> None:
    states = bench.mid_deal_states(my_bird_sings, workloads.MBS_6P, 3, 1, lambda s: s.turn >= 2)
    assert len(states) == 3
    assert all(my_bird_sings.legal_actions(state) for state in states)


def test_bench_main_runs_without_openspiel(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    args = ["--rounds", "1", "--warmup", "0", "--chunk", "0.001", "--no-openspiel", "--no-memory"]
    code = bench.main([*args, "--json", str(out)])
    assert code == 0
    results = json.loads(out.read_text())
    assert results["decisions_per_game"]["sf5"] > 15
    assert results["decisions_per_game"]["mbs6"] > 0
    timings = results["timings"]
    assert set(timings) >= {"sf5_playouts", "mbs6_playouts", "sf5_apply_action", "sf5_view"}
    assert set(timings) >= {"sf5_helper_playouts", "mbs6_helper_playouts"}
    assert all("ratio" not in item for item in timings.values())  # no euchre, no ratios
    assert "memory" not in results


def test_bench_versus_pairs_both_kinds_of_playout_with_another_worker(tmp_path: Path) -> None:
    """The other build is this one (a worker with this source tree first)."""
    out = tmp_path / "bench.json"
    root = Path(__file__).resolve().parent.parent
    python = f"env PYTHONPATH={root / 'src'} {sys.executable}"
    args = ["--rounds", "1", "--warmup", "0", "--chunk", "0.001", "--no-openspiel", "--no-memory"]
    assert bench.main([*args, "--versus", python, "--json", str(out)]) == 0
    timings = json.loads(out.read_text())["timings"]
    for key in ("sf5_vs_build", "mbs6_vs_build", "sf5_helper_vs_build", "mbs6_helper_vs_build"):
        assert timings[key]["ratio"]["median"] > 0


def test_euchre_playouts_count_decisions() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("euchre")
    decisions = bench.euchre_playouts(game, 3, 1)
    assert decisions >= 3 * 4  # at least the four passes of a thrown-in hand
    assert bench.euchre_playouts(game, 3, 1) == decisions


@pytest.mark.parametrize("workload", ["sf5", "mbs6"])
def test_breakdown_accounts_for_every_decision(workload: str) -> None:
    game, options, play, classify = breakdown.GAMES[workload]
    rows = breakdown.transition_costs(game, options, classify, deals=4)
    assert rows[0][0].startswith("new_game")
    assert rows[0][1] == 1.0
    decisions_per_deal = sum(per_deal for _, per_deal, _ in rows[1:])
    assert decisions_per_deal == pytest.approx(play(4, 99) / 4)
    sizes = breakdown.field_bytes(game, options, deals=2)
    assert sizes["(the state object)"] > 0
