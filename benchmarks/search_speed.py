"""How fast the information-set search bot thinks, at its default strength, on two builds.

A decision of the search bot (``make_bot(game, "search", rng)``: 100 samples of the
hidden cards, each legal action played out in every sample by rule-of-thumb rollouts)
costs ``samples x legal actions`` rollouts. This script fixes a set of decision points
(deals among rule-of-thumb bots, Peel's presets: Spoil Five with 5 players, My Bird Sings
with 5, every decision with two or more legal actions), and times the search bot
deciding them: *time per decision* and *rollouts per second*, in the worker's CPU time.

Two builds are paired as in ``versus.py``: each runs in a worker of its own
(``benchmarks/worker.py``, op ``search``), both decide the same chunk of decision points,
which goes first alternates, and the ratio is taken inside each round::

    python benchmarks/search_speed.py --new "env PYTHONPATH=src .venv/bin/python" \\
        --old .venv-compiled/bin/python --rounds 9

(``--old`` omitted: this build alone.) A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GAMES = {"sf5": ("spoil-five", "Spoil Five 5p"), "mbs5": ("my-bird-sings", "My Bird Sings 5p")}


class DecisionPoints:
    """Decision points of one game with two or more legal actions, and a search bot's time.

    >>> points = DecisionPoints("mbs5", count=2)
    >>> answer = points.decide(0, 1, iterations=2)
    >>> answer["decisions"], answer["rollouts"] >= 4
    (1, True)
    """

    def __init__(self, label: str, count: int = 24, seed: int = 2026) -> None:
        from cardrules import games
        from cardrules.bots import make_bot

        name = GAMES[label][0]
        entry = games.entry_of(name)
        if entry is None:
            raise ValueError(f"unknown game {name!r}")
        module: Any = entry.module
        self.module = module
        self.make_bot = make_bot
        options = module.PRESETS["peel"]
        rng = random.Random(seed)
        self.points: list[tuple[Any, int]] = []
        deal = 0
        while len(self.points) < count:
            state = module.new_game(options, seed=seed + deal)
            deal += 1
            bots = [make_bot(module, "heuristic", random.Random(rng.random())) for _ in range(8)]
            while legal := module.legal_actions(state):
                seat = state.to_act
                if len(legal) > 1 and len(self.points) < count:
                    self.points.append((state, seat))
                action = bots[seat].choose(module.view(state, seat), legal)
                state = module.apply_action(state, action)

    def decide(self, start: int, count: int, iterations: int = 100) -> dict[str, Any]:
        """Let a fresh search bot decide points ``start`` to ``start + count - 1`` (cyclic)."""
        module = self.module
        rollouts = 0
        cpu, wall = time.process_time(), time.perf_counter()
        for offset in range(count):
            index = (start + offset) % len(self.points)
            state, seat = self.points[index]
            bot: Any = self.make_bot(module, "search", random.Random(index), iterations=iterations)
            legal = module.legal_actions(state)
            bot.choose(module.view(state, seat), legal)
            rollouts += bot.last_iterations * len(legal)
        return {
            "cpu_seconds": time.process_time() - cpu,
            "seconds": time.perf_counter() - wall,
            "decisions": count,
            "rollouts": rollouts,
        }


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    from benchmarks.versus import Worker, _load

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--new", default=sys.executable, help="interpreter (command), build 1")
    parser.add_argument("--old", help="interpreter (command) of the build to pair with")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--decisions", type=int, default=2, help="decision points per chunk")
    parser.add_argument("--points", type=int, default=24, help="decision points per game")
    parser.add_argument("--iterations", type=int, default=100, help="the bot's samples")
    parser.add_argument("--games", default="sf5,mbs5")
    args = parser.parse_args(argv)
    sides = {"new": Worker(args.new)}
    if args.old:
        sides["old"] = Worker(args.old)
    load = _load()
    try:
        for label in args.games.split(","):
            results: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
            for worker in sides.values():
                worker.ask(op="search", game=label, points=args.points, start=0, count=1,
                           iterations=args.iterations)  # fmt: skip
            for round_number in range(args.rounds):
                order = list(sides.items())
                if round_number % 2:
                    order.reverse()
                start = round_number * args.decisions
                for side, worker in order:
                    results[side].append(
                        worker.ask(op="search", game=label, points=args.points, start=start,
                                   count=args.decisions, iterations=args.iterations)
                    )  # fmt: skip
            print(f"{GAMES[label][1]}, search bot, {args.iterations} samples, CPU time:")
            for side, rows in results.items():
                per_decision = statistics.median(r["cpu_seconds"] / r["decisions"] for r in rows)
                rate = statistics.median(r["rollouts"] / r["cpu_seconds"] for r in rows)
                build = "compiled" if sides[side].info["compiled"] else "pure"
                print(
                    f"  {side} ({build}): {per_decision * 1000:,.0f} ms a decision, "
                    f"{rate:,.0f} rollouts/s (median of {len(rows)} chunks of {args.decisions})"
                )
            if "old" in results:
                ratios = [
                    o["cpu_seconds"] / n["cpu_seconds"]
                    for n, o in zip(results["new"], results["old"], strict=True)
                ]
                print(
                    f"  new / old speed: {statistics.median(ratios):.2f}x "
                    f"({min(ratios):.2f}-{max(ratios):.2f})"
                )
    finally:
        for worker in sides.values():
            worker.close()
    print(f"load {load} -> {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
