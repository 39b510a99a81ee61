"""Where a random playout spends its time and its memory, transition by transition.

Run from the project root::

    python benchmarks/breakdown.py sf5            # Spoil Five, five players
    python benchmarks/breakdown.py mbs6 --profile # My Bird Sings, six players, + cProfile

For the chosen workload it prints:

* the cost of ``new_game`` and of each kind of transition (e.g. a play inside a trick,
  a play that completes a trick, a rob, the play that settles the deal), how often each
  occurs per deal, and so its share of a playout;
* the bytes a successor state adds per step, split by the state field that holds them;
* with ``--profile``, the top functions of a cProfile run of the workload.

Costs are the minimum over repeats of timing every recorded ``(state, action)`` pair of a
kind (the garbage collector's view is frozen first, so the many states kept alive for the
measurement do not slow it down). Absolute figures follow the machine's speed; compare
them within one run.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import gc
import pstats
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench import decision_pairs, deep_size, shared_baseline
from benchmarks.steps import GAMES, Classifier

__all__ = ["GAMES", "field_bytes", "main", "transition_costs"]


def _interleaved_best(runs: Sequence[tuple[Callable[[], None], int]], rounds: int) -> list[float]:
    """Seconds per call of each ``(run, calls)``: the minimum over ``rounds`` rounds.

    Every round times every run once, so a busy spell of the machine hits all of them
    alike and the minimum of each is taken from its quietest round.
    """
    best = [float("inf")] * len(runs)
    for _ in range(rounds):
        for index, (run, calls) in enumerate(runs):
            start = time.perf_counter()
            run()
            best[index] = min(best[index], (time.perf_counter() - start) / calls)
    return best


def transition_costs(
    game: Any,
    options: Any,
    classify: Classifier,
    deals: int = 300,
    seed: int = 99,
    *,
    workload: Callable[[int, int], int] | None = None,
    rounds: int = 7,
) -> list[tuple[str, float, float]]:
    """Return ``(item, occurrences per deal, microseconds per call)`` rows.

    The rows are: a whole random playout (if ``workload`` is given), ``new_game``, then
    each kind of transition, most frequent first.
    """
    pairs = decision_pairs(game, options, deals, seed)
    groups: dict[str, list[tuple[Any, Any]]] = collections.defaultdict(list)
    apply_action = game.apply_action
    for state, action in pairs:
        groups[classify(state, action, apply_action(state, action))].append((state, action))
    new_game = game.new_game

    def deal_all() -> None:
        for deal in range(deals):
            new_game(options, seed=seed + deal)

    names = ["new_game (antes, deal, first decision)"]
    counts = [1.0]
    runs: list[tuple[Callable[[], None], int]] = [(deal_all, deals)]
    if workload is not None:
        play = workload

        def playouts() -> None:
            play(deals, seed)

        names.insert(0, "one random playout")
        counts.insert(0, 1.0)
        runs.insert(0, (playouts, deals))
    for kind, group in sorted(groups.items(), key=lambda item: -len(item[1])):

        def apply_all(group: Sequence[tuple[Any, Any]] = group) -> None:
            for _ in range(5):
                for state, action in group:
                    apply_action(state, action)

        names.append(f"apply_action: {kind}")
        counts.append(len(group) / deals)
        runs.append((apply_all, 5 * len(group)))
    gc.collect()
    gc.freeze()
    try:
        best = _interleaved_best(runs, rounds)
    finally:
        gc.unfreeze()
    return [
        (name, count, seconds * 1e6)
        for name, count, seconds in zip(names, counts, best, strict=True)
    ]


def _field_names(cls: type) -> list[str]:
    """The fields of a state class: its attrs fields, or the slots of a plain slotted class."""
    if attrs.has(cls):
        return [field.name for field in attrs.fields(cls)]
    return [name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())]


def field_bytes(game: Any, options: Any, deals: int = 100, seed: int = 4) -> dict[str, float]:
    """Mean bytes per step a successor adds, by the state field that reaches them first."""
    baseline = shared_baseline() | deep_size(options, set())[1]
    pairs = decision_pairs(game, options, deals, seed)
    totals: collections.Counter[str] = collections.Counter()
    for state, action in pairs:
        seen = baseline | deep_size(state, baseline)[1]
        successor = game.apply_action(state, action)
        totals["(the state object)"] += sys.getsizeof(successor)
        seen.add(id(successor))
        for name in _field_names(type(successor)):
            size, ids = deep_size(getattr(successor, name), seen)
            seen |= ids
            totals[name.lstrip("_")] += size
    return {name: total / len(pairs) for name, total in totals.most_common()}


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("workload", choices=sorted(GAMES))
    parser.add_argument("--deals", type=int, default=300, help="random deals to sample")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile top 20")
    args = parser.parse_args(argv)
    game, options, workload, classify = GAMES[args.workload]
    workload(200, 1)  # warm up
    rows = transition_costs(game, options, classify, args.deals, workload=workload)
    playout = rows[0][2]
    print(f"{args.workload}: one random playout {playout:.1f} us (best of 7 interleaved rounds)")
    print(f"  {'':52}{'per deal':>9}{'us/call':>9}{'us/deal':>9}{'share':>7}")
    accounted = 0.0
    for kind, per_deal, micros in rows[1:]:
        accounted += per_deal * micros
        share = per_deal * micros / playout
        print(f"  {kind:<52}{per_deal:>9.2f}{micros:>9.2f}{per_deal * micros:>9.1f}{share:>7.0%}")
    rest = playout - accounted
    print(
        f"  {'driver loop (legal_actions, random choice, loop)':<52}{'':>27}{rest:>9.1f}"
        f"{rest / playout:>7.0%}"
    )
    print(f"\n  bytes per successor step, by state field (mean over {args.deals // 3} deals):")
    memory = field_bytes(game, options, max(args.deals // 3, 1))
    for name, size in memory.items():
        print(f"    {name:<20}{size:8.1f}")
    print(f"    {'total':<20}{sum(memory.values()):8.1f}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        workload(args.deals * 5, 7)
        profiler.disable()
        print()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
