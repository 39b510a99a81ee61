"""A playout split into its steps, through the public API of any version of cardrules.

Only ``PRESETS``, ``new_game``, ``legal_actions`` and ``apply_action`` and the states'
``outcome`` and ``tricks`` are used, so the same code measures today's engines and a
pinned older commit installed elsewhere (``benchmarks/versus.py`` runs it in one worker
per build). A :class:`StepSample` records every ``(state, action)`` of ``deals`` random
deals, sorts them by kind of transition (a play inside a trick, a play that completes a
trick, a pass that settles the deal ...) and offers one timed run per item:

* ``one random playout``: the workload of ``benchmarks/workloads.py``;
* ``new_game``: the deals of the sample dealt again;
* ``legal_actions``: every state of the sample, the settled ones included (the driver
  calls it once more per deal than it decides);
* ``apply_action: <kind>``: the recorded pairs of that kind.

What a playout spends outside these (``random.randrange`` and the loop) is the rest.
"""

from __future__ import annotations

import collections
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.workloads import MBS_6P, SF_5P, my_bird_sings_6p, spoil_five_5p
from cardrules import my_bird_sings, spoil_five

__all__ = ["GAMES", "PLAYOUT", "Classifier", "StepSample", "classify_mbs", "classify_sf"]

PLAYOUT = "one random playout"
NEW_GAME = "new_game (antes, deal, first decision)"
LEGAL = "legal_actions (every state, settled ones too)"

Classifier = Callable[[Any, Any, Any], str]
"""``classify(state, action, successor)``: the kind of a transition, as a label."""


def _settles(successor: Any) -> bool:
    return getattr(successor, "outcome", None) is not None


def classify_sf(state: Any, action: Any, successor: Any) -> str:
    """Spoil Five: the action's class, and for a play where it leaves the trick."""
    name = type(action).__name__
    if _settles(successor):
        return f"{name}, settles the deal"
    if name == "Play":
        if len(successor.tricks) > len(state.tricks):
            return f"{name}, completes a trick"
        return f"{name}, inside a trick"
    return name


def classify_mbs(state: Any, action: Any, successor: Any) -> str:
    """My Bird Sings: the action's class, and whether it settles the deal."""
    name = type(action).__name__
    if _settles(successor):
        return f"{name}, settles the deal"
    return name


GAMES: dict[str, tuple[Any, Any, Callable[[int, int], int], Classifier]] = {
    "sf5": (spoil_five, SF_5P, spoil_five_5p, classify_sf),
    "mbs6": (my_bird_sings, MBS_6P, my_bird_sings_6p, classify_mbs),
}
"""By label: the game module, its options, its playout workload and its classifier."""


class StepSample:
    """The steps of ``deals`` random deals of one game, grouped by kind, ready to time.

    >>> sample = StepSample("mbs6", deals=5)
    >>> sample.per_deal["new_game (antes, deal, first decision)"]
    1.0
    >>> sample.seconds_per_call(PLAYOUT, reps=1) > 0
    True
    """

    def __init__(self, label: str, deals: int = 300, seed: int = 99) -> None:
        game, options, workload, classify = GAMES[label]
        self.label = label
        rng = random.Random(seed)
        new_game, legal_actions, apply_action = (
            game.new_game,
            game.legal_actions,
            game.apply_action,
        )
        groups: dict[str, list[tuple[Any, Any]]] = collections.defaultdict(list)
        states: list[Any] = []
        for deal in range(deals):
            state = new_game(options, seed=seed + deal)
            states.append(state)
            while legal := legal_actions(state):
                action = rng.choice(legal)
                successor = apply_action(state, action)
                groups[classify(state, action, successor)].append((state, action))
                state = successor
                states.append(state)

        def playouts() -> None:
            workload(deals, seed)

        def deal_all() -> None:
            for deal in range(deals):
                new_game(options, seed=seed + deal)

        def list_all() -> None:
            for state in states:
                legal_actions(state)

        self.runs: dict[str, tuple[Callable[[], None], int]] = {
            PLAYOUT: (playouts, deals),
            NEW_GAME: (deal_all, deals),
            LEGAL: (list_all, len(states)),
        }
        self.per_deal: dict[str, float] = {
            PLAYOUT: 1.0,
            NEW_GAME: 1.0,
            LEGAL: len(states) / deals,
        }
        for kind, group in sorted(groups.items(), key=lambda item: -len(item[1])):
            self.runs[f"apply_action: {kind}"] = (_applier(apply_action, group), len(group))
            self.per_deal[f"apply_action: {kind}"] = len(group) / deals
        self._states = states  # kept alive: the pairs refer to them

    def items(self) -> list[str]:
        """The item names, the whole playout first."""
        return list(self.runs)

    def seconds_per_call(
        self, item: str, reps: int, clock: Callable[[], float] = time.perf_counter
    ) -> float:
        """Run ``item``'s calls ``reps`` times; return the mean seconds per call.

        ``clock`` is ``time.perf_counter`` (wall clock) or ``time.process_time`` (this
        process's CPU time, which a busy machine's other processes disturb less).
        """
        run, calls = self.runs[item]
        start = clock()
        for _ in range(reps):
            run()
        return (clock() - start) / (reps * calls)

    def reps_for(self, item: str, chunk: float) -> int:
        """Repetitions of ``item`` that take about ``chunk`` seconds."""
        run = self.runs[item][0]
        start = time.perf_counter()
        run()
        once = time.perf_counter() - start
        return max(1, round(chunk / max(once, 1e-9)))


def _applier(apply_action: Callable[[Any, Any], Any], group: Sequence[tuple[Any, Any]]) -> Any:
    def apply_all() -> None:
        for state, action in group:
            apply_action(state, action)

    return apply_all
