"""Two builds of cardrules paired step by step: playouts, then where each spends them.

Each build runs in a worker of its own (``benchmarks/worker.py``, which uses only the
public API every version has); this script drives both, alternating which goes first
from round to round, and takes every ratio inside a round. Typical use, today's pure
build against a pinned commit installed into its own venv::

    git clone -q . /tmp/old && git -C /tmp/old checkout -q 0ed4d53
    python3 -m venv /tmp/old/.venv && /tmp/old/.venv/bin/pip install '/tmp/old[json]'
    python benchmarks/versus.py --old /tmp/old/.venv/bin/python --rounds 21 --breakdown

``--new`` defaults to this interpreter; either side may be a command line, e.g.
``--new "env PYTHONPATH=src .venv/bin/python"`` (the workers do not inherit this
script's ``PYTHONPATH``). It prints:

* random playouts per second of both builds (Spoil Five 5p, My Bird Sings 6p), and the
  ratio new / old (median and min-max over the rounds);
* with ``--breakdown``: per game, the cost per call of ``new_game``, ``legal_actions``
  and each kind of transition on both sides, paired the same way, how often each occurs
  per deal, and so what each costs a playout on either side (the rest of a playout is
  the driver's ``randrange`` and loop);
* with ``--profile N``: each side's top N functions under cProfile, per deal (not
  paired; cProfile's overhead inflates small functions).

A benchmark, never a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

WORKER = Path(__file__).resolve().parent / "worker.py"
PLAYOUT_CHUNKS = {"spoil_five_5p": 600, "my_bird_sings_6p": 1500}
LABELS = {"sf5": "spoil_five_5p", "mbs6": "my_bird_sings_6p"}
NAMES = {"sf5": "Spoil Five 5p", "mbs6": "My Bird Sings 6p"}


class Worker:
    """One build, answering the requests of ``benchmarks/worker.py``."""

    def __init__(self, command: str) -> None:
        self.command = command
        self.process = subprocess.Popen(
            [*shlex.split(command), str(WORKER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={key: value for key, value in os.environ.items() if key != "PYTHONPATH"},
        )
        self.info = self.ask(op="info")

    def ask(self, **request: Any) -> dict[str, Any]:
        """Send one request; return the answer."""
        stdin, stdout = self.process.stdin, self.process.stdout
        if stdin is None or stdout is None:
            raise RuntimeError("worker pipes are closed")
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"worker {self.command!r} ended")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        """End the worker."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)
        if self.process.stdout is not None:
            self.process.stdout.close()


def _load() -> str:
    try:
        return Path("/proc/loadavg").read_text().split(" ", 3)[0]
    except OSError:
        return f"{os.getloadavg()[0]:.2f}"


def _spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def _fmt(spread: dict[str, float]) -> str:
    return f"{spread['median']:.2f}x ({spread['min']:.2f}-{spread['max']:.2f})"


def paired_playouts(
    new: Worker,
    old: Worker,
    games: Sequence[str],
    rounds: int,
    chunk: float,
    seed: int,
    clock: str = "cpu",
) -> dict[str, Any]:
    """Playouts per second of both builds, chunk by chunk, and the ratios new / old."""
    out: dict[str, Any] = {}
    for label in games:
        workload = LABELS[label]
        size = max(1, round(PLAYOUT_CHUNKS[workload] * chunk / 0.1))
        request = {"workload": workload, "games": size, "seed": seed}
        new.ask(**request)  # warm up both
        old.ask(**request)
        rates: dict[str, list[float]] = {"new": [], "old": []}
        ratios = []
        for round_number in range(rounds):
            order = [("new", new), ("old", old)]
            if round_number % 2:
                order.reverse()
            key = "cpu_seconds" if clock == "cpu" else "seconds"
            seconds = {side: worker.ask(**request)[key] for side, worker in order}
            rates["new"].append(size / seconds["new"])
            rates["old"].append(size / seconds["old"])
            ratios.append(seconds["old"] / seconds["new"])
        out[label] = {
            "new_per_second": statistics.median(rates["new"]),
            "old_per_second": statistics.median(rates["old"]),
            "ratio": _spread(ratios),
        }
    return out


def paired_steps(
    new: Worker,
    old: Worker,
    label: str,
    rounds: int,
    deals: int,
    chunk: float,
    clock: str = "cpu",
) -> dict[str, Any]:
    """Per-call costs of each step of ``label`` on both builds, paired round by round."""
    request = {"op": "steps", "game": label, "deals": deals, "seed": 99, "chunk": chunk}
    sides = {"new": new.ask(**request), "old": old.ask(**request)}
    items = list(dict.fromkeys(sides["new"]["items"] + sides["old"]["items"]))
    costs: dict[str, dict[str, list[float]]] = {item: {"new": [], "old": []} for item in items}
    ratios: dict[str, list[float]] = {item: [] for item in items}
    for round_number in range(rounds):
        for index, item in enumerate(items):
            order = [("new", new), ("old", old)]
            if (round_number + index) % 2:
                order.reverse()
            got = {}
            for side, worker in order:
                if item in sides[side]["reps"]:
                    reps = sides[side]["reps"][item]
                    answer = worker.ask(op="time", game=label, item=item, reps=reps, clock=clock)
                    got[side] = answer["seconds_per_call"] * 1e6
                    costs[item][side].append(got[side])
            if len(got) == 2:
                ratios[item].append(got["old"] / got["new"])
    rows = []
    for item in items:
        row: dict[str, Any] = {"item": item}
        for side in ("new", "old"):
            per_deal = sides[side]["per_deal"].get(item)
            row[f"{side}_per_deal"] = per_deal
            if costs[item][side]:
                micros = statistics.median(costs[item][side])
                row[f"{side}_us"] = micros
                row[f"{side}_us_per_deal"] = micros * per_deal
        if ratios[item]:
            row["speed_new_over_old"] = _spread(ratios[item])
        rows.append(row)
    return {"rows": rows}


def format_steps(label: str, steps: dict[str, Any]) -> list[str]:
    """The breakdown of one game as text lines."""
    rows = steps["rows"]
    playout = rows[0]
    lines = [
        f"{NAMES[label]}: per call (us, median of rounds), per deal, us a playout; "
        "speed new/old per call",
        f"  {'item':<50}{'new us':>8}{'old us':>8}{'new/d':>7}{'old/d':>7}"
        f"{'new us/pl':>10}{'old us/pl':>10}{'delta':>8}   speed new/old",
    ]
    accounted = {"new": 0.0, "old": 0.0}
    for row in rows:

        def cell(key: str, digits: int = 2, row: dict[str, Any] = row) -> str:
            value = row.get(key)
            return "" if value is None else f"{value:.{digits}f}"

        new_total, old_total = row.get("new_us_per_deal"), row.get("old_us_per_deal")
        if row is not playout:
            accounted["new"] += new_total or 0.0
            accounted["old"] += old_total or 0.0
        delta = "" if new_total is None or old_total is None else f"{new_total - old_total:+.1f}"
        speed = _fmt(row["speed_new_over_old"]) if "speed_new_over_old" in row else ""
        lines.append(
            f"  {row['item'][:50]:<50}{cell('new_us'):>8}{cell('old_us'):>8}"
            f"{cell('new_per_deal'):>7}{cell('old_per_deal'):>7}"
            f"{cell('new_us_per_deal', 1):>10}{cell('old_us_per_deal', 1):>10}{delta:>8}   {speed}"
        )
    rest = {side: playout[f"{side}_us"] - accounted[side] for side in ("new", "old")}
    lines.append(
        f"  {'the rest (randrange, the driver loop)':<50}{'':>30}{rest['new']:>10.1f}"
        f"{rest['old']:>10.1f}{rest['new'] - rest['old']:>+8.1f}"
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--old", required=True, help="interpreter (command) of the old build")
    parser.add_argument("--new", default=sys.executable, help="that of the new build")
    parser.add_argument("--rounds", type=int, default=21, help="paired rounds (default 21)")
    parser.add_argument("--chunk", type=float, default=0.1, help="seconds per timed chunk")
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--games", default="sf5,mbs6", help="comma-separated: sf5, mbs6")
    parser.add_argument("--breakdown", action="store_true", help="also pair each step")
    parser.add_argument("--deals", type=int, default=300, help="deals in a step sample")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="cProfile top N")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="time each chunk in the worker's CPU time (default; a loaded machine's other "
        "processes disturb it less) or in wall-clock time",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)
    games = [label.strip() for label in args.games.split(",") if label.strip()]
    new, old = Worker(args.new), Worker(args.old)
    results: dict[str, Any] = {
        "load_before": _load(),
        "clock": args.clock,
        "new": new.info,
        "old": old.info,
    }
    try:
        results["playouts"] = paired_playouts(
            new, old, games, args.rounds, args.chunk, args.seed, args.clock
        )
        if args.breakdown:
            results["steps"] = {
                label: paired_steps(
                    new, old, label, args.rounds, args.deals, args.chunk / 2, args.clock
                )
                for label in games
            }
        if args.profile:
            results["profile"] = {
                label: {
                    side: worker.ask(op="profile", game=label, deals=2000, top=args.profile)
                    for side, worker in (("new", new), ("old", old))
                }
                for label in games
            }
    finally:
        new.close()
        old.close()
    results["load_after"] = _load()
    print(f"new: {new.info}\nold: {old.info}")
    print(
        f"{args.rounds} paired rounds, {args.clock} time; "
        f"load {results['load_before']} -> {results['load_after']}"
    )
    for label, figure in results["playouts"].items():
        print(
            f"  {NAMES[label]} playouts: new {figure['new_per_second']:,.0f}/s, old "
            f"{figure['old_per_second']:,.0f}/s, new / old {_fmt(figure['ratio'])}"
        )
    for label, steps in results.get("steps", {}).items():
        print()
        print("\n".join(format_steps(label, steps)))
    for label, sides in results.get("profile", {}).items():
        for side, answer in sides.items():
            print(f"\n{NAMES[label]}, {side} build, cProfile, us per deal (own, cumulative):")
            for row in answer["rows"]:
                print(
                    f"  {row['own_us_per_deal']:8.2f} {row['cumulative_us_per_deal']:8.2f} "
                    f"{row['calls_per_deal']:7.2f}x  {row['function']}"
                )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
