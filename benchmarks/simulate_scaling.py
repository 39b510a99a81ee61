"""Deals per second of ``cardrules simulate`` on one core and on a two-worker Dask cluster.

Runs the command as a user does, in a process of its own, and times it whole (the
interpreter, the imports and, for Dask, the local cluster's start included), alternating
the two configurations from round to round so that a busy machine hits both alike::

    cardrules simulate GAME -n DEALS --quiet --json                          # one core
    cardrules simulate GAME -n DEALS --quiet --json --scheduler local --workers 2
    cardrules simulate GAME -n DEALS --quiet --json --workers 2       # two local processes

Each configuration also runs a short simulation (``--short`` deals) in the same round;
the marginal rate, ``(DEALS - SHORT) / (time - short time)``, leaves the fixed start-up
out. It prints, per game, the rates and the scaling ratios (two workers / one core),
medians over the rounds, with the machine's load::

    python benchmarks/simulate_scaling.py --deals 4000 --short 400 --rounds 3

Needs the ``dask`` extra for the cluster. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.versus import _load

CONFIGS = {
    "one core": [],
    "Dask, 2 workers": ["--scheduler", "local", "--workers", "2"],
    "2 processes": ["--workers", "2"],
}


def run_once(python: str, game: str, deals: int, extra: list[str], bots: str) -> float:
    """Wall seconds of one ``cardrules simulate`` process."""
    command = [python, "-m", "cardrules", "simulate", game, "-n", str(deals), "--quiet"]
    command += ["--json", "--bots", bots, *extra]
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=dict(os.environ))
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--python", default=sys.executable, help="interpreter to run")
    parser.add_argument("--games", default="spoil-five,my-bird-sings")
    parser.add_argument("--bots", default="heuristic", help="bots (default: heuristic)")
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--short", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"load {_load()}")
    for game in args.games.split(","):
        rates: dict[str, list[float]] = {name: [] for name in CONFIGS}
        totals: dict[str, list[float]] = {name: [] for name in CONFIGS}
        ratios: list[float] = []
        pool_ratios: list[float] = []
        for round_number in range(args.rounds):
            names = list(CONFIGS)
            if round_number % 2:
                names.reverse()
            got = {}
            for name in names:
                extra = CONFIGS[name]
                short = run_once(args.python, game, args.short, extra, args.bots)
                whole = run_once(args.python, game, args.deals, extra, args.bots)
                got[name] = (args.deals - args.short) / max(whole - short, 1e-9)
                rates[name].append(got[name])
                totals[name].append(args.deals / whole)
            ratios.append(got["Dask, 2 workers"] / got["one core"])
            pool_ratios.append(got["2 processes"] / got["one core"])
        print(f"{game}, bots {args.bots}, {args.deals} deals ({args.short} for the start-up):")
        for name in CONFIGS:
            print(
                f"  {name:<16} {statistics.median(rates[name]):>8,.0f} deals/s marginal, "
                f"{statistics.median(totals[name]):>8,.0f} deals/s whole run"
            )
        for name, values in (("Dask, 2 workers", ratios), ("2 processes", pool_ratios)):
            print(
                f"  scaling, {name} / one core: {statistics.median(values):.2f}x "
                f"({min(values):.2f}-{max(values):.2f})"
            )
        print(f"  load {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
