"""Instructions per call of each step of a playout, counted by valgrind, for any build.

An instruction count does not move with the machine's load, so on a busy machine it says
where two builds differ when the clocks cannot (it is not a time: a cache miss or a
dependent multiplication costs more than an addition). For each build (an interpreter,
or a command line) and each game it runs::

    valgrind --tool=callgrind --dump-before=math_gcd PYTHON benchmarks/instructions.py \\
        --inside GAME --deals N

which records a :class:`benchmarks.steps.StepSample` of ``N`` random deals, runs it once
untimed, then runs each of its items once between two calls of ``math.gcd``: callgrind
writes its counts at every such call, so each item's instructions are one dump. A build
with the playout helper (``cardrules.playouts``) counts one more item, the sample's
playouts (the same games) through the helper's loop instead of the Python loop with
``random.randrange``. Usage::

    python benchmarks/instructions.py --build new="env PYTHONPATH=src python" \\
        --build old=/tmp/old/.venv/bin/python --deals 200

prints, per game, instructions per call and per playout of every item on each build.
Needs valgrind; takes about a minute per build and game for 200 deals (the interpreter
runs some 50 times slower under valgrind). A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

HERE = Path(__file__).resolve()
NAMES = {"sf5": "Spoil Five 5p", "mbs6": "My Bird Sings 6p"}


HELPER = "one random playout, cardrules.playouts"
"""The extra item: the sample's playouts (the same games) through the library's loop."""
HELPERS = {"sf5": "spoil_five_5p_helper", "mbs6": "my_bird_sings_6p_helper"}


def inside(label: str, deals: int) -> None:
    """Run each item of a step sample between two markers; print the items as JSON.

    When the build has the playout helper (``cardrules.playouts``), one more item
    follows the sample's: its playouts again, through the helper.
    """
    import gc
    import importlib.util

    from benchmarks.steps import StepSample
    from benchmarks.workloads import WORKLOADS

    sample = StepSample(label, deals)
    runs = dict(sample.runs)
    per_deal = dict(sample.per_deal)
    if importlib.util.find_spec("cardrules.playouts") is not None:
        helper = WORKLOADS[HELPERS[label]]

        def helper_playouts() -> None:
            helper(deals, 99)  # StepSample's seed: the same games as its playout item

        runs[HELPER] = (helper_playouts, deals)
        per_deal[HELPER] = 1.0
    items = list(runs)
    for item in items:  # warm every path (and the caches the engines keep)
        runs[item][0]()
    gc.collect()
    gc.freeze()
    for item in items:
        math.gcd(1, 1)
        runs[item][0]()
    math.gcd(1, 1)
    calls = {item: runs[item][1] for item in items}
    print(json.dumps({"items": items, "calls": calls, "per_deal": per_deal}))


def count(command: str, label: str, deals: int) -> dict[str, Any]:
    """Instructions per call of every item of ``label``, for the build ``command`` runs."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "cg.out"
        argv = [
            "valgrind", "--tool=callgrind", "--trace-children=yes", "--dump-before=math_gcd",
            f"--callgrind-out-file={out}", *shlex.split(command), str(HERE),
            "--inside", label, "--deals", str(deals),
        ]  # fmt: skip
        env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
        done = subprocess.run(argv, capture_output=True, text=True, check=True, env=env)
        listing = json.loads(done.stdout.strip().splitlines()[-1])
        dumps = sorted(
            (path for path in Path(folder).glob("cg.out.*")),
            key=lambda path: int(path.name.rsplit(".", 1)[1]),
        )
        totals = []
        for path in dumps:
            found = re.search(r"^totals:\s+(\d+)", path.read_text(), re.MULTILINE)
            totals.append(int(found.group(1)) if found else 0)
    items = listing["items"]
    # Dump k is written at the k-th call of math.gcd and holds what ran since the dump
    # before: the last len(items) dumps are the items (the final one, at the end, is
    # written to cg.out itself).
    segments = totals[-len(items) :]
    rows = {}
    for item, instructions in zip(items, segments, strict=True):
        per_call = instructions / listing["calls"][item]
        rows[item] = {
            "per_call": per_call,
            "per_deal": listing["per_deal"][item],
            "per_playout": per_call * listing["per_deal"][item],
        }
    return rows


def report(label: str, builds: dict[str, dict[str, Any]]) -> list[str]:
    """One game's table: instructions per call and per playout of each item, per build."""
    names = list(builds)
    items = list(dict.fromkeys(item for rows in builds.values() for item in rows))
    head = "".join(f"{name + ' /call':>14}{name + ' /playout':>16}" for name in names)
    lines = [f"{NAMES[label]}: instructions", f"  {'item':<50}{head}"]
    accounted = dict.fromkeys(names, 0.0)
    helper_row = HELPER in items
    if helper_row:  # a whole playout too: printed after the rest, not added up
        items.remove(HELPER)
    for index, item in enumerate(items):
        cells = ""
        for name in names:
            row = builds[name].get(item)
            if row is None:
                cells += f"{'':>14}{'':>16}"
                continue
            if index:
                accounted[name] += row["per_playout"]
            cells += f"{row['per_call']:>14,.0f}{row['per_playout']:>16,.0f}"
        lines.append(f"  {item[:50]:<50}{cells}")
    rest = "".join(
        f"{'':>14}{next(iter(builds[name].values()))['per_call'] - accounted[name]:>16,.0f}"
        for name in names
    )
    lines.append(f"  {'the rest (randrange, the driver loop)':<50}{rest}")
    if helper_row:
        cells = ""
        for name in names:
            row = builds[name].get(HELPER)
            cells += f"{'':>14}{row['per_playout']:>16,.0f}" if row else f"{'':>30}"
        lines.append(f"  {HELPER:<50}{cells}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--inside", help=argparse.SUPPRESS)
    parser.add_argument(
        "--build",
        action="append",
        default=[],
        metavar="NAME=PYTHON",
        help="a build to count: its name and its interpreter (or command line)",
    )
    parser.add_argument("--games", default="sf5,mbs6", help="comma-separated: sf5, mbs6")
    parser.add_argument("--deals", type=int, default=200, help="deals in the step sample")
    parser.add_argument("--json", metavar="PATH", help="also write the counts as JSON")
    args = parser.parse_args(argv)
    if args.inside:
        inside(args.inside, args.deals)
        return 0
    builds = dict(entry.split("=", 1) for entry in args.build) or {"this": sys.executable}
    results: dict[str, dict[str, Any]] = {}
    for label in (game.strip() for game in args.games.split(",") if game.strip()):
        results[label] = {
            name: count(command, label, args.deals) for name, command in builds.items()
        }
        print("\n".join(report(label, results[label])) + "\n", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
