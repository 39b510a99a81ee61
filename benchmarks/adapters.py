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

``--learners`` measures instead what a learner meets through ``rl_environment`` (the
figures of docs/adapters.md, "Learning agents"): the share of seat-episodes with no
decision, the share of information states met at decisions that had been met before
(all a tabular method can learn from), and random episodes per second with the
information state tensor (the default) against the observation tensor.

``--cpu`` gives, for the OpenSpiel games alone, the fastest of 15 repetitions of 100
random episodes in CPU time (``time.process_time``): on a machine too loaded for the
paired wall-clock ratios, the figure to compare two checkouts by, run alternately.

This is a benchmark, never a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import json
import math
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

__all__ = [
    "build_measures",
    "cpu_rates",
    "format_report",
    "learner_facts",
    "main",
    "pettingzoo_steps",
    "run",
]

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


def learner_facts(seed: int = 12345, episodes: int = 2000) -> dict[str, Any]:
    """What a learner meets through ``rl_environment``, from random play (see above)."""
    from open_spiel.python import rl_environment

    from cardrules.adapters import openspiel  # noqa: F401 (registers the games)

    facts: dict[str, Any] = {"episodes": episodes, "seed": seed}
    rng = random.Random(seed)
    for label, name, players in (
        ("Spoil Five 3p", "cardrules_spoil_five", 3),
        ("Spoil Five 5p", "cardrules_spoil_five", 5),
        ("My Bird Sings 4p", "cardrules_my_bird_sings", 4),
        ("My Bird Sings 5p", "cardrules_my_bird_sings", 5),
    ):
        env = rl_environment.Environment(
            name,
            players=players,
            chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed),
        )
        idle = decisions = repeated = 0
        seen: set[str] = set()
        for _ in range(episodes):
            time_step = env.reset()
            acted: set[int] = set()
            while not time_step.last():
                player = time_step.observations["current_player"]
                acted.add(player)
                key = env.get_state.information_state_string(player)
                decisions += 1
                repeated += key in seen
                seen.add(key)
                legal = time_step.observations["legal_actions"][player]
                time_step = env.step([rng.choice(legal)])
            idle += players - len(acted)
        facts[label] = {
            "seat_episodes_without_a_decision": idle / (episodes * players),
            "decisions": decisions,
            "information_states_met_before": repeated / decisions,
        }
    facts["speed"] = _observation_speeds(seed)
    return facts


def _observation_speeds(seed: int, rounds: int = 5, episodes: int = 60) -> dict[str, Any]:
    """Random ``rl_environment`` episodes per second, information state against observation
    tensors, paired in each round (order alternating); medians over the rounds."""
    from open_spiel.python import rl_environment

    speeds: dict[str, Any] = {}
    kinds = {
        "info_state": rl_environment.ObservationType.INFORMATION_STATE,
        "observation": rl_environment.ObservationType.OBSERVATION,
    }
    for label, name in (
        ("Spoil Five 5p", "cardrules_spoil_five"),
        ("My Bird Sings 5p", "cardrules_my_bird_sings"),
    ):
        times: dict[str, list[float]] = {kind: [] for kind in kinds}
        envs = {
            kind: rl_environment.Environment(
                name,
                players=5,
                observation_type=observation_type,
                chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed),
            )
            for kind, observation_type in kinds.items()
        }
        for number in range(rounds):
            order = list(kinds) if number % 2 == 0 else list(reversed(kinds))
            for kind in order:
                env, rng = envs[kind], random.Random(seed + number)
                start = time.perf_counter()
                for _ in range(episodes):
                    time_step = env.reset()
                    while not time_step.last():
                        player = time_step.observations["current_player"]
                        legal = time_step.observations["legal_actions"][player]
                        time_step = env.step([rng.choice(legal)])
                times[kind].append(episodes / (time.perf_counter() - start))
        medians = {kind: sorted(values)[len(values) // 2] for kind, values in times.items()}
        size = envs["info_state"].observation_spec()["info_state"][0]
        compact = envs["observation"].observation_spec()["info_state"][0]
        speeds[label] = {**medians, "info_state_size": size, "observation_size": compact}
    return speeds


def format_learner_facts(facts: dict[str, Any]) -> str:
    """The learner facts as plain text."""
    lines = [
        f"what a learner meets: {facts['episodes']} random episodes a game, seed {facts['seed']}",
        f"  {'':20}{'seat-episodes with no decision':>32}{'decisions':>11}"
        f"{'information states met before':>31}",
    ]
    for label, item in facts.items():
        if isinstance(item, dict) and "decisions" in item:
            lines.append(
                f"  {label:<20}{item['seat_episodes_without_a_decision']:>32.1%}"
                f"{item['decisions']:>11,}{item['information_states_met_before']:>31.2%}"
            )
    lines += ["", "  rl_environment random episodes/s (5 players, medians of 5 paired rounds)"]
    for label, item in facts["speed"].items():
        lines.append(
            f"  {label:<20} info_state ({item['info_state_size']:,} floats) "
            f"{item['info_state']:,.0f}/s; observation ({item['observation_size']:,} floats) "
            f"{item['observation']:,.0f}/s: {item['observation'] / item['info_state']:.2f}x"
        )
    return "\n".join(lines)


def cpu_rates(seed: int = 12345, repetitions: int = 15, episodes: int = 100) -> dict[str, float]:
    """Random episodes per CPU second through the OpenSpiel adapter, fastest repetition."""
    import pyspiel

    from cardrules.adapters import openspiel  # noqa: F401 (registers the games)

    rates = {}
    for _key, label, name, params in OPENSPIEL_GAMES:
        game = pyspiel.load_game(name, params)
        euchre_playouts(game, 20, seed)  # warm up
        best = math.inf
        for _ in range(repetitions):
            start = time.process_time()
            euchre_playouts(game, episodes, seed)
            best = min(best, time.process_time() - start)
        rates[label] = episodes / best
    return rates


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=9, help="timed rounds (default 9)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed rounds first")
    parser.add_argument("--chunk", type=float, default=0.1, help="seconds per timed chunk")
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--only", choices=("openspiel", "pettingzoo"), help="one framework")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    parser.add_argument(
        "--learners", action="store_true", help="what a learner meets (see above), no timing pairs"
    )
    parser.add_argument(
        "--cpu", action="store_true", help="OpenSpiel episodes per CPU second (see above)"
    )
    args = parser.parse_args(argv)
    if args.cpu:
        for label, rate in cpu_rates(args.seed).items():
            print(f"{label:<40}{rate:>10,.0f}/s of CPU time")
        return 0
    if args.learners:
        facts = learner_facts(args.seed)
        print(format_learner_facts(facts))
        if args.json:
            Path(args.json).write_text(json.dumps(facts, indent=2) + "\n")
        return 0
    results = run(
        rounds=args.rounds, warmup=args.warmup, chunk=args.chunk, seed=args.seed, only=args.only
    )
    print(format_report(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
