"""The rebuilt engines against the engines they replace: random playouts, paired (temporary).

While ``tests/legacy`` holds the engines as they were before the rebuild, this times the
same random playouts through both, in alternating chunks of about ``--chunk`` seconds, and
prints the median ratio of playouts per second (new over old) with its min-max. Run from
the project root::

    python benchmarks/versus_legacy.py --rounds 15

The engines' floor (the engine issue): at least 0.9x in both games, interpreted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.legacy import my_bird_sings as old_my_bird_sings
from tests.legacy import spoil_five as old_spoil_five

from cardrules import my_bird_sings, spoil_five
from workloads import playouts

PAIRS: dict[str, tuple[ModuleType, ModuleType, str, int]] = {
    "sf5": (spoil_five, old_spoil_five, "peel", 5),
    "mbs6": (my_bird_sings, old_my_bird_sings, "peel", 6),
}


def _workload(game: ModuleType, preset: str, players: int) -> Callable[[int, int], int]:
    options: Any = attrs.evolve(game.PRESETS[preset], players=players)

    def run(n_games: int, seed: int) -> int:
        return playouts(game, options, n_games, seed)

    return run


def _rate(work: Callable[[int, int], int], n_games: int, seed: int) -> float:
    start = time.perf_counter()
    work(n_games, seed)
    return n_games / (time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--chunk", type=float, default=0.1, help="seconds per timed chunk")
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--only", choices=sorted(PAIRS), help="one workload only")
    args = parser.parse_args(argv)
    for label, (new, old, preset, players) in PAIRS.items():
        if args.only and label != args.only:
            continue
        ours, theirs = _workload(new, preset, players), _workload(old, preset, players)
        n_games = max(10, int(_rate(theirs, 50, args.seed) * args.chunk))
        ratios, new_rates, old_rates = [], [], []
        for round_number in range(args.rounds):
            seed = args.seed + 1000 * round_number
            if round_number % 2:
                old_rate, new_rate = _rate(theirs, n_games, seed), _rate(ours, n_games, seed)
            else:
                new_rate, old_rate = _rate(ours, n_games, seed), _rate(theirs, n_games, seed)
            ratios.append(new_rate / old_rate)
            new_rates.append(new_rate)
            old_rates.append(old_rate)
        print(
            f"{label}: new {statistics.median(new_rates):,.0f}/s, "
            f"old {statistics.median(old_rates):,.0f}/s, new/old "
            f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) "
            f"over {args.rounds} paired rounds of {n_games} playouts"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
