"""What any Python game costs through OpenSpiel's Python loop: the floor under the adapter.

The adapter's target (issue 26) is Spoil Five 5p at 0.5x the random episodes a second of
OpenSpiel's C++ euchre, both driven by the same Python loop (``bench.euchre_playouts``).
This script splits an adapter episode's time into what no Python game can avoid and
what the engine does, each timed against euchre in alternating pairs in one run (as
``benchmarks/adapters.py`` does):

* **the adapter**: ``cardrules_spoil_five`` episodes, 5 players, through the loop;
* **the shape alone**: a Python OpenSpiel game that does no work at all but has the
  very shape of those episodes, node by node: the same chance nodes with the same
  number of outcomes (so the loop's scan of the outcomes is the same), the same
  decisions with the same number of legal actions. Its methods are the cheapest a
  Python game can have (prebuilt lists, a counter; ``apply_action`` answered in Python
  as the adapter's is). It is what the loop and pybind11 cost any Python game of this
  shape: the floor under any adapter;
* **the engine alone**: the same number of deals played at random by the engine's own
  compiled-or-not playout helper (``cardrules.playouts``: ``new_game`` and every
  decision's ``legal_actions`` and ``apply_action``, the draws a few hundred
  instructions each), with no OpenSpiel at all.

Each figure is given as episodes a second over euchre's, and as time an episode in
euchre episodes (its inverse): the adapter at 0.5x must spend at most 2.0 euchre
episodes an episode, so the floor plus the engine alone say whether any adapter can.
Run from the project root in a venv with the ``openspiel`` extra::

    python benchmarks/openspiel_floor.py --rounds 15

A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench import Measure, euchre_playouts, run_rounds

__all__ = ["episode_shapes", "main", "shape_game"]

Shape = tuple[tuple[int, int], ...]
"""An episode node by node: (-1, outcomes) at a chance node, (seat, legal actions) else."""

GAME, PARAMS = "cardrules_spoil_five", {"players": 5}


def episode_shapes(game: Any, episodes: int, seed: int) -> list[Shape]:
    """The shapes of ``episodes`` random episodes of ``game``, played as the loop plays."""
    rng = random.Random(seed)
    uniform, randrange = rng.random, rng.randrange
    shapes = []
    for _ in range(episodes):
        state = game.new_initial_state()
        nodes = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                nodes.append((-1, len(outcomes)))
                draw, total = uniform(), 0.0
                for action, probability in outcomes:  # noqa: B007 (used below)
                    total += probability
                    if draw < total:
                        break
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                nodes.append((state.current_player(), len(legal)))
                state.apply_action(legal[randrange(len(legal))])
        shapes.append(tuple(nodes))
    return shapes


def shape_game(shapes: Sequence[Shape], players: int) -> Any:
    """A pyspiel game whose episodes take ``shapes`` in turn, doing nothing else."""
    import pyspiel

    game_type = pyspiel.GameType(
        short_name="cardrules_benchmark_shape",
        long_name="the shape of cardrules episodes, without a game",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=64,
        max_chance_outcomes=52,
        num_players=players,
        min_utility=-100.0,
        max_utility=100.0,
        max_game_length=max(len(shape) for shape in shapes),
    )
    # Every list a node answers, built once: the cheapest answer a Python game can give.
    outcome_lists = {m: [(a, 1.0 / m) for a in range(m)] for m in range(1, 53)}
    action_lists = {k: list(range(k)) for k in range(1, 65)}
    episodes = [
        tuple(
            (seat, outcome_lists[count] if seat < 0 else action_lists[count])
            for seat, count in shape
        )
        for shape in shapes
    ]

    class ShapeState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any, nodes: tuple[tuple[int, list[Any]], ...]) -> None:
            super().__init__(game)
            self._nodes, self._at, self._end = nodes, 0, len(nodes)

        def current_player(self) -> int:
            return -4 if self._at >= self._end else self._nodes[self._at][0]

        def is_terminal(self) -> bool:
            return self._at >= self._end

        def is_chance_node(self) -> bool:
            return self._nodes[self._at][0] < 0

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self._nodes[self._at][1][:]

        def legal_actions(self, player: int | None = None) -> list[int]:
            return self._nodes[self._at][1][:]

        def apply_action(self, action: int) -> None:
            self._at += 1

    class ShapeGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})
            self._next = 0

        def new_initial_state(self) -> ShapeState:
            nodes = episodes[self._next]
            self._next = (self._next + 1) % len(episodes)
            return ShapeState(self, nodes)

    return ShapeGame()


def _timer(play: Callable[[int], object]) -> Callable[[int], float]:
    def timer(n: int) -> float:
        start = time.perf_counter()
        play(n)
        return time.perf_counter() - start

    return timer


def main(argv: Sequence[str] | None = None) -> int:
    """Time the three against euchre; print each ratio and its time in euchre episodes."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--chunk", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--shapes", type=int, default=500, help="episodes whose shape is kept")
    args = parser.parse_args(argv)

    import pyspiel

    from cardrules import spoil_five
    from cardrules.adapters import openspiel  # noqa: F401 (registers the games)
    from cardrules.playouts import random_playouts

    game = pyspiel.load_game(GAME, PARAMS)
    shapes = episode_shapes(game, args.shapes, args.seed)
    shape = shape_game(shapes, PARAMS["players"])
    euchre = pyspiel.load_game("euchre")
    options = spoil_five.Options(players=PARAMS["players"])
    seed = args.seed

    def engine(n: int) -> int:
        return random_playouts(spoil_five, options, range(seed, seed + n), random.Random(seed))

    def theirs() -> Callable[[int], float]:
        return _timer(lambda n: euchre_playouts(euchre, n, seed))

    measures = [
        Measure("adapter", "the adapter, Spoil Five 5p", "playouts",
                _timer(lambda n: euchre_playouts(game, n, seed)), theirs()),
        Measure("shape", "the shape alone (no game)", "playouts",
                _timer(lambda n: euchre_playouts(shape, n, seed)), theirs()),
        Measure("engine", "the engine alone (cardrules.playouts)", "playouts",
                _timer(engine), theirs()),
    ]  # fmt: skip
    run_rounds(measures, args.rounds, warmup=1, chunk=args.chunk)
    nodes = statistics.fmean(len(s) for s in shapes)
    chance = statistics.fmean(sum(1 for seat, _ in s if seat < 0) for s in shapes)
    scanned = statistics.fmean(sum(m for seat, m in s if seat < 0) for s in shapes)
    print(
        f"{len(shapes)} episode shapes: {nodes:.1f} nodes an episode, {chance:.1f} of them "
        f"chance nodes listing {scanned:.0f} outcomes in all"
    )
    print(f"| {args.rounds} paired rounds | ratio to euchre | euchre episodes an episode |")
    print("|---|---|---|")
    for measure in measures:
        ratios = measure.ratios
        median = statistics.median(ratios)
        print(
            f"| {measure.label} | {median:.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) "
            f"| {1 / median:.2f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
