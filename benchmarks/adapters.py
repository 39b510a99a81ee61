"""Speed through the adapters, against the frameworks' own games, measured in one run.

Run from the project root (``pip install -e '.[bench]'`` first)::

    python benchmarks/adapters.py               # about 40 s; prints a table
    python benchmarks/adapters.py --rounds 21 --json out.json

Two kinds of figure, each timed in pairs with its yardstick (the order alternating from
round to round, the ratio taken inside the pair, the report giving the median ratio over
the rounds with its min-max, as ``benchmarks/bench.py`` does):

* **OpenSpiel random episodes per second** through ``cardrules.adapters.openspiel``
  (Spoil Five with 4 and 5 players, My Bird Sings with 4, Peel's presets, the dealer
  drawn by chance) against OpenSpiel's C++ euchre, all through the very same Python loop
  (``bench.euchre_playouts``: chance outcomes sampled with their probabilities, uniformly
  random legal actions). Target: at least 0.3x euchre.
* **PettingZoo masked-random steps per second with observations** through
  ``cardrules.adapters.pettingzoo`` (``spoil_five_v0.env`` and ``my_bird_sings_v0.env``,
  4 players, the standard wrappers on) against PettingZoo's ``texas_holdem_v4.env()``, all
  through the same loop as PettingZoo's ``performance_benchmark``: ``last()`` (which
  builds the observation and its action mask), a uniformly random legal action from the
  mask, ``step``, and ``reset`` when the episode is over. Target: at least 1.5x.

This is a benchmark, never a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import json
import os
import platform
import random
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench import Measure, euchre_playouts, run_rounds

__all__ = ["build_measures", "format_report", "main", "pettingzoo_steps", "run"]

Timer = Callable[[int], float]

OPENSPIEL_GAMES = (
    ("os_sf4", "OpenSpiel Spoil Five 4p episodes", "cardrules_spoil_five", {"players": 4}),
    ("os_sf5", "OpenSpiel Spoil Five 5p episodes", "cardrules_spoil_five", {"players": 5}),
    ("os_mbs4", "OpenSpiel My Bird Sings 4p episodes", "cardrules_my_bird_sings", {"players": 4}),
)
PETTINGZOO_GAMES = (
    ("pz_sf4", "PettingZoo Spoil Five 4p steps", "spoil_five_v0", "env"),
    ("pz_mbs4", "PettingZoo My Bird Sings 4p steps", "my_bird_sings_v0", "env"),
    ("pz_sf4_raw", "  the same, raw_env (no wrappers)", "spoil_five_v0", "raw_env"),
    ("pz_mbs4_raw", "  the same, raw_env (no wrappers)", "my_bird_sings_v0", "raw_env"),
)
"""The environments timed against texas_holdem_v4: ``env()`` against its ``env()`` (the
target), and, for information, ``raw_env()`` against its ``raw_env()``."""


def _episodes_timer(game: Any, seed: int) -> Timer:
    def timer(n_games: int) -> float:
        start = time.perf_counter()
        euchre_playouts(game, n_games, seed)
        return time.perf_counter() - start

    return timer


def pettingzoo_steps(env: Any, rng: random.Random) -> Timer:
    """A timer of ``n`` masked-random steps of ``env`` (continuing from call to call).

    Each step is PettingZoo's ``performance_benchmark`` step: ``last()``, a random legal
    action from ``observation["action_mask"]`` (``None`` for a finished agent), ``step``;
    the environment is reset when every agent is done.
    """
    import numpy as np

    flatnonzero = np.flatnonzero
    choice = rng.choice

    def timer(n_steps: int) -> float:
        start = time.perf_counter()
        steps = 0
        while steps < n_steps:
            for _agent in env.agent_iter():
                observation, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    action = None
                else:
                    action = choice(flatnonzero(observation["action_mask"]).tolist())
                env.step(action)
                steps += 1
                if steps >= n_steps:
                    break
            else:
                env.reset()
        return time.perf_counter() - start

    return timer


def build_measures(seed: int, only: str | None = None) -> list[Measure]:
    """The paired measures: OpenSpiel episodes against euchre, PettingZoo steps against
    ``texas_holdem_v4`` (``only``: ``"openspiel"`` or ``"pettingzoo"``)."""
    measures = []
    if only in (None, "openspiel"):
        measures += _openspiel_measures(seed)
    if only in (None, "pettingzoo"):
        measures += _pettingzoo_measures(seed)
    return measures


def _openspiel_measures(seed: int) -> list[Measure]:
    import pyspiel

    from cardrules.adapters import openspiel  # noqa: F401 (registers the games)

    euchre = _episodes_timer(pyspiel.load_game("euchre"), seed)
    return [
        Measure(
            key, label, "playouts", _episodes_timer(pyspiel.load_game(name, params), seed),
            euchre, target=(0.3, ">="),
        )
        for key, label, name, params in OPENSPIEL_GAMES
    ]  # fmt: skip


def _pettingzoo_measures(seed: int) -> list[Measure]:
    import importlib

    measures = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # texas_holdem_v4 warns that it is not registered
        from pettingzoo.classic import texas_holdem_v4

        holdem = {"env": texas_holdem_v4.env(), "raw_env": texas_holdem_v4.raw_env()}
    timers = {}
    for kind, environment in holdem.items():
        environment.reset(seed=seed)
        timers[kind] = pettingzoo_steps(environment, random.Random(seed))
    for key, label, module, kind in PETTINGZOO_GAMES:
        adapter = importlib.import_module(f"cardrules.adapters.pettingzoo.{module}")
        env = getattr(adapter, kind)(players=4)
        env.reset(seed=seed)
        target = (1.5, ">=") if kind == "env" else None
        measures.append(
            Measure(
                key, label, "playouts", pettingzoo_steps(env, random.Random(seed)),
                timers[kind], target=target,
            )
        )  # fmt: skip
    return measures


def run(
    *,
    rounds: int = 9,
    warmup: int = 1,
    chunk: float = 0.1,
    seed: int = 12345,
    only: str | None = None,
) -> dict[str, Any]:
    """Run every measure (or ``only`` one framework's) and return the results as a dict."""
    measures = build_measures(seed, only)
    load_before = os.getloadavg()[0]
    run_rounds(measures, rounds, warmup, chunk)
    return {
        "harness": "cardrules-bench-adapters/1",
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_1min_before": load_before,
        "load_1min_after": os.getloadavg()[0],
        "versions": {
            name: _version(name) for name in ("cardrules", "open-spiel", "pettingzoo", "rlcard")
        },
        "rounds": rounds,
        "warmup_rounds": warmup,
        "seed": seed,
        "timings": {measure.key: measure.summary() for measure in measures},
    }


def _version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def format_report(results: dict[str, Any]) -> str:
    """The results as a plain-text table."""
    versions = ", ".join(f"{name} {v}" for name, v in results["versions"].items())
    lines = [
        f"adapter speed, {results['date']}; Python {results['python']}, {versions}",
        f"  load {results['load_1min_before']:.2f} -> {results['load_1min_after']:.2f}; "
        f"{results['rounds']} paired rounds after {results['warmup_rounds']} warm-up",
        "",
        f"  {'':40}{'cardrules':>12}{'yardstick':>12}   {'ratio, median (min-max)':<26}target",
    ]
    for key, item in results["timings"].items():
        yardstick = "euchre" if key.startswith("os_") else "texas_holdem_v4"
        ours = f"{item['per_second']['median']:,.0f}/s"
        theirs = f"{item['euchre_per_second']['median']:,.0f}/s"
        ratio = item["ratio"]
        spread = f"{ratio['median']:.2f}x ({ratio['min']:.2f}-{ratio['max']:.2f})"
        if "target" in item:
            target = f"{item['target']} {yardstick}: {'met' if item['met'] else 'MISSED'}"
        else:
            target = f"(for information: {yardstick}.raw_env)"
        lines.append(f"  {item['label']:<40}{ours:>12}{theirs:>12}   {spread:<26}{target}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=9, help="timed rounds (default 9)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed rounds first")
    parser.add_argument("--chunk", type=float, default=0.1, help="seconds per timed chunk")
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--only", choices=("openspiel", "pettingzoo"), help="one framework")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)
    results = run(
        rounds=args.rounds, warmup=args.warmup, chunk=args.chunk, seed=args.seed, only=args.only
    )
    print(format_report(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
