"""Speed and memory of cardrules against OpenSpiel's C++ euchre, measured in one run.

Run from the project root (``pip install -e '.[bench]'`` first for the euchre figures)::

    python benchmarks/bench.py            # about 15 s; prints a table
    python benchmarks/bench.py --json out.json --rounds 15

What it measures, always through the public API with validation on:

* random playouts per second (one deal from ``new_game`` until it is settled) of Spoil
  Five with five players and My Bird Sings with six players (Peel's presets), in two
  ways that play the same games: the definition, a Python loop drawing with
  ``random.Random.randrange`` (as euchre's loop does), and the library's playout helper
  (``cardrules.playouts.random_playouts``, compiled in the compiled build);
* the cost per call of ``legal_actions``, ``apply_action`` and ``view`` on mid-deal
  states, and of a record round trip (``records.record``, ``dumps``, ``loads``);
* the bytes of a fresh state and of a successor state (memory the successor does not
  share with its predecessor), by walking the object graph.

When ``pyspiel`` (``open-spiel==2.0.2``) is importable, every cardrules figure that has a
euchre counterpart is timed in the same round as that counterpart, in pairs whose order
alternates from round to round, and its ratio is taken inside the pair; the report gives
the median ratio over the rounds with its min-max. That is the design of
``anchor_openspiel.py`` (the shared yardstick), so machine speed drift on a busy machine
moves both sides of a ratio together. ``--anchor PATH`` also runs that script on the same
workloads, as a cross-check. This is a benchmark, never a test: nothing here asserts a
time.
"""

from __future__ import annotations

import argparse
import ctypes
import datetime
import gc
import importlib.metadata
import json
import os
import platform
import random
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardrules
from benchmarks.workloads import (
    MBS_6P,
    SF_5P,
    my_bird_sings_6p,
    my_bird_sings_6p_helper,
    spoil_five_5p,
    spoil_five_5p_helper,
)
from cardrules import my_bird_sings, records, spoil_five

__all__ = [
    "EuchreSide",
    "Measure",
    "decision_pairs",
    "deep_size",
    "euchre_playouts",
    "main",
    "mid_deal_states",
    "run",
    "shared_baseline",
    "successor_bytes",
]

ROOT = Path(__file__).resolve().parent.parent
Timer = Callable[[int], float]
"""``timer(n)`` runs a workload ``n`` times (games or calls) and returns the seconds taken."""


# --------------------------------------------------------------------------- euchre side


def euchre_playouts(game: Any, n_games: int, seed: int) -> int:
    """Play ``n_games`` uniformly random euchre hands with pyspiel; return the decisions.

    Chance nodes sample an outcome with the probabilities pyspiel gives; decision nodes
    take a uniformly random legal action (the anchor script's definition of a playout).
    """
    rng = random.Random(seed)
    uniform, randrange = rng.random, rng.randrange
    decisions = 0
    for _ in range(n_games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                draw = uniform()
                total = 0.0
                for action, probability in state.chance_outcomes():  # noqa: B007 (used below)
                    total += probability
                    if draw < total:
                        break
                state.apply_action(action)  # the last outcome if rounding left draw above
            else:
                legal = state.legal_actions()
                state.apply_action(legal[randrange(len(legal))])
                decisions += 1
    return decisions


class EuchreSide:
    """OpenSpiel euchre, loaded once: playouts, mid-hand states and per-call timers."""

    def __init__(self, pyspiel: ModuleType, seed: int, count: int = 64) -> None:
        self.pyspiel = pyspiel
        self.version = importlib.metadata.version("open-spiel")
        self.game = pyspiel.load_game("euchre")
        self.states = self._mid_hand_states(seed, count)
        self.moves = [state.legal_actions()[0] for state in self.states]

    def _mid_hand_states(self, seed: int, count: int) -> list[Any]:
        """States in the play phase after two tricks (8 cards played), one per hand."""
        rng = random.Random(seed)
        play = self.pyspiel.euchre.Phase.PLAY
        found: list[Any] = []
        while len(found) < count:
            state = self.game.new_initial_state()
            while not state.is_terminal():
                if state.current_phase() == play and state.num_cards_played() >= 8:
                    found.append(state)
                    break
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
        return found

    def playouts(self, n_games: int, seed: int) -> int:
        """Random euchre playouts (see :func:`euchre_playouts`)."""
        return euchre_playouts(self.game, n_games, seed)

    def time_legal_actions(self, reps: int) -> float:
        """Seconds for ``reps`` passes of ``legal_actions()`` over the mid-hand states."""
        states = self.states
        start = time.perf_counter()
        for _ in range(reps):
            for state in states:
                state.legal_actions()
        return time.perf_counter() - start

    def time_clone_apply(self, reps: int) -> float:
        """Seconds for ``reps`` passes of ``clone()`` + ``apply_action()`` (the successor)."""
        pairs = list(zip(self.states, self.moves, strict=True))
        start = time.perf_counter()
        for _ in range(reps):
            for state, move in pairs:
                state.clone().apply_action(move)
        return time.perf_counter() - start

    def clone_bytes(self, count: int = 20000) -> float | None:
        """Bytes per clone of a mid-hand state: C++ heap (glibc ``mallinfo2``) + wrapper.

        Returns None where ``mallinfo2`` is not available (not glibc 2.33+).
        """
        heap = _malloc_in_use()
        if heap is None:
            return None
        state = self.states[0]
        keep: list[Any] = []
        keep_append = keep.append
        for _ in range(count):  # grow the list first so its own growth is not counted
            keep_append(None)
        keep.clear()
        gc.collect()
        before = heap()
        for _ in range(count):
            keep_append(state.clone())
        after = heap()
        wrapper = sys.getsizeof(keep[0])
        return (after - before) / count - 8 + wrapper  # 8: the list slot, not the clone


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd",
            "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost",
        )
    ]  # fmt: skip


def _malloc_in_use() -> Callable[[], int] | None:
    """Return a function giving the bytes malloc has handed out, or None if unknown."""
    try:
        libc = ctypes.CDLL(None)
        mallinfo2 = libc.mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = _MallInfo2

    def in_use() -> int:
        info = mallinfo2()
        return int(info.uordblks + info.hblkhd)

    return in_use


def load_pyspiel() -> ModuleType | None:
    """Import pyspiel if it is installed (the ``bench`` extra), else return None."""
    try:
        import pyspiel
    except ImportError:
        return None
    module: ModuleType = pyspiel
    return module


# --------------------------------------------------------------------------- cardrules side


def mid_deal_states(
    game: Any, options: Any, count: int, seed: int, where: Callable[[Any], bool]
) -> list[Any]:
    """Return ``count`` states with a pending decision for which ``where`` holds.

    Deal ``i`` is dealt with seed ``seed + i`` and played at random; the first state of the
    deal that satisfies ``where`` is taken, and deals that end before any does are skipped.
    """
    rng = random.Random(seed)
    found: list[Any] = []
    deal = 0
    while len(found) < count:
        state = game.new_game(options, seed=seed + deal)
        deal += 1
        while legal := game.legal_actions(state):
            if where(state):
                found.append(state)
                break
            state = game.apply_action(state, rng.choice(legal))
    return found


def finished_states(game: Any, options: Any, count: int, seed: int) -> list[Any]:
    """Return ``count`` settled deals, each played at random from ``new_game``."""
    rng = random.Random(seed)
    done = []
    for deal in range(count):
        state = game.new_game(options, seed=seed + deal)
        while legal := game.legal_actions(state):
            state = game.apply_action(state, rng.choice(legal))
        done.append(state)
    return done


def _sf_mid_hand(state: Any) -> bool:
    """Spoil Five: a play decision after two completed tricks."""
    return len(state.tricks) >= 2 and state.phase == spoil_five.Phase.PLAY


def _mbs_mid_deal(state: Any) -> bool:
    """My Bird Sings: a decision from the third turn on (two passes made)."""
    return bool(state.turn >= 2)


def _calls_timer(call: Callable[[Any], object], items: Sequence[Any]) -> Timer:
    def timer(reps: int) -> float:
        start = time.perf_counter()
        for _ in range(reps):
            for item in items:
                call(item)
        return time.perf_counter() - start

    return timer


def _pairs_timer(call: Callable[[Any, Any], object], pairs: Sequence[tuple[Any, Any]]) -> Timer:
    def timer(reps: int) -> float:
        start = time.perf_counter()
        for _ in range(reps):
            for first, second in pairs:
                call(first, second)
        return time.perf_counter() - start

    return timer


def _playout_timer(workload: Callable[[int, int], int], seed: int) -> Timer:
    def timer(n_games: int) -> float:
        start = time.perf_counter()
        workload(n_games, seed)
        return time.perf_counter() - start

    return timer


def _record_round_trip(state: Any) -> object:
    return records.loads(records.dumps(records.record(state)))


# --------------------------------------------------------------------------- memory


def shared_baseline() -> set[int]:
    """Ids of every object reachable from the loaded cardrules modules.

    Interned cards and actions, presets, per-trump tables and anything else a module
    keeps are shared by all states, so they are not charged to any one state.
    """
    roots = [module for name, module in sys.modules.items() if name.startswith("cardrules")]
    seen: set[int] = set()
    stack: list[object] = [vars(module) for module in roots]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, ModuleType):
            continue
        seen.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return seen


def _owned(obj: object) -> bool:
    """Whether ``obj`` is data a state could own (not code, classes or modules)."""
    return not isinstance(obj, type | ModuleType | FunctionType)


def deep_size(root: object, exclude: set[int]) -> tuple[int, set[int]]:
    """Bytes (``sys.getsizeof``) of the objects reachable from ``root`` and not excluded.

    Classes, modules and functions are neither counted nor followed; an excluded object
    is not followed either. Returns the byte count and the ids counted.

    >>> size, ids = deep_size(((1000, 2000), "x"), set())
    >>> len(ids), size > 0
    (5, True)
    """
    counted: set[int] = set()
    total = 0
    stack = [root]
    while stack:
        obj = stack.pop()
        key = id(obj)
        if key in counted or key in exclude or not _owned(obj):
            continue
        counted.add(key)
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total, counted


def successor_bytes(game: Any, pairs: Sequence[tuple[Any, Any]], baseline: set[int]) -> list[int]:
    """For each ``(state, action)``: the bytes of the successor not shared with the state.

    The successor is charged with the objects reachable from it that are neither
    reachable from the predecessor nor in ``baseline`` (shared module data).
    """
    sizes = []
    for state, action in pairs:
        _, old = deep_size(state, baseline)
        successor = game.apply_action(state, action)
        sizes.append(deep_size(successor, baseline | old)[0])
    return sizes


def decision_pairs(game: Any, options: Any, deals: int, seed: int) -> list[tuple[Any, Any]]:
    """Every (state, random action) of ``deals`` random deals."""
    rng = random.Random(seed)
    pairs = []
    for deal in range(deals):
        state = game.new_game(options, seed=seed + deal)
        while legal := game.legal_actions(state):
            action = rng.choice(legal)
            pairs.append((state, action))
            state = game.apply_action(state, action)
    return pairs


def memory_report(game: Any, options: Any, seed: int, deals: int = 40) -> dict[str, Any]:
    """Bytes of a fresh state and of successors over ``deals`` random deals."""
    finished_states(game, options, 20, seed + 10_000)  # warm module caches first
    gc.collect()
    baseline = shared_baseline() | deep_size(options, set())[1]  # the caller's options
    fresh = [deep_size(game.new_game(options, seed=seed + deal), baseline)[0] for deal in range(20)]
    pairs = decision_pairs(game, options, deals, seed)
    walked = successor_bytes(game, pairs, baseline)
    return {
        "fresh_bytes": statistics.median(fresh),
        "successor_bytes_mean": statistics.fmean(walked),
        "successor_bytes_median": statistics.median(walked),
        "successor_bytes_max": max(walked),
        "successors": len(walked),
    }


# --------------------------------------------------------------------------- paired timing


class Measure:
    """One timed quantity: a cardrules timer, optionally paired with a euchre timer.

    Attributes:
        key: short name in the JSON output.
        label: what the table shows.
        unit: ``"playouts"`` (rates, higher is better) or ``"calls"`` (costs per call,
            lower is better); ratios are cardrules / euchre in rate for playouts and in
            time per call for calls.
        per: units of work per timer repetition (calls per pass over a state list).
        target: ``(bound, sense)`` with sense ``">="`` or ``"<="`` on the ratio, or None.
        fixed: repetitions per chunk ``(ours, theirs)`` at the default chunk of 0.1 s,
            instead of calibrating them (the playouts use the yardstick's chunk sizes).

    """

    def __init__(
        self,
        key: str,
        label: str,
        unit: str,
        ours: Timer,
        theirs: Timer | None = None,
        *,
        per: int = 1,
        theirs_per: int = 1,
        target: tuple[float, str] | None = None,
        note: str = "",
        fixed: tuple[int, int] | None = None,
    ) -> None:
        self.key, self.label, self.unit, self.note = key, label, unit, note
        self.ours, self.theirs, self.per, self.theirs_per = ours, theirs, per, theirs_per
        self.target = target
        self.fixed = fixed
        self.reps = 1
        self.theirs_reps = 1
        self.seconds: list[float] = []  # ours, per unit
        self.theirs_seconds: list[float] = []
        self.ratios: list[float] = []

    def calibrate(self, chunk: float) -> None:
        """Choose repetitions so that each timed chunk takes about ``chunk`` seconds."""
        if self.fixed is not None:
            self.reps, self.theirs_reps = (max(1, round(n * chunk / 0.1)) for n in self.fixed)
            return
        self.reps = _reps_for(self.ours, chunk)
        if self.theirs is not None:
            self.theirs_reps = _reps_for(self.theirs, chunk)

    def time_once(self, ours_first: bool, keep: bool) -> None:
        """Time one chunk of each side (in the order given) and record the pair."""
        order = [True, False] if ours_first else [False, True]
        mine = other = 0.0
        for is_ours in order:
            if is_ours:
                mine = self.ours(self.reps) / (self.reps * self.per)
            elif self.theirs is not None:
                other = self.theirs(self.theirs_reps) / (self.theirs_reps * self.theirs_per)
        if not keep:
            return
        self.seconds.append(mine)
        if self.theirs is not None:
            self.theirs_seconds.append(other)
            ratio = other / mine if self.unit == "playouts" else mine / other
            self.ratios.append(ratio)

    def summary(self) -> dict[str, Any]:
        """Medians, min and max over the rounds, and whether the target is met."""
        out: dict[str, Any] = {"label": self.label, "unit": self.unit, "note": self.note}
        if self.unit == "playouts":
            out["per_second"] = _spread([1 / s for s in self.seconds])
        else:
            out["us_per_call"] = _spread([s * 1e6 for s in self.seconds])
        if self.theirs_seconds:
            if self.unit == "playouts":
                out["euchre_per_second"] = _spread([1 / s for s in self.theirs_seconds])
            else:
                out["euchre_us_per_call"] = _spread([s * 1e6 for s in self.theirs_seconds])
            out["ratio"] = _spread(self.ratios)
            if self.target is not None:
                bound, sense = self.target
                median = out["ratio"]["median"]
                out["target"] = f"{sense} {bound}x"
                out["met"] = median >= bound if sense == ">=" else median <= bound
        return out


def _reps_for(timer: Timer, chunk: float) -> int:
    reps = 1
    while True:
        spent = timer(reps)
        if spent >= chunk / 4 or reps >= 1 << 24:
            return max(1, round(reps * chunk / max(spent, 1e-9)))
        reps *= 4


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "n": len(values),
    }


class OtherBuild:
    """Another interpreter with the other build of cardrules, playing chunks on request.

    It runs ``benchmarks/worker.py``; the build it has (pure or compiled) is in
    :attr:`compiled`. Its chunks are timed inside the worker, as ours are here.
    """

    def __init__(self, python: str) -> None:
        worker = Path(__file__).resolve().parent / "worker.py"
        self.process = subprocess.Popen(
            [*shlex.split(python), str(worker)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.compiled = bool(self._ask("spoil_five_5p", 1, 0)["compiled"])
        self.has_helper = bool(self._request({"op": "info"}).get("playouts", False))
        """Whether the other build has the playout helper (``cardrules.playouts``)."""

    def _request(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def _ask(self, workload: str, games: int, seed: int) -> dict[str, Any]:
        return self._request({"workload": workload, "games": games, "seed": seed})

    def timer(self, workload: str, seed: int) -> Timer:
        """A timer of ``workload`` playouts run by the other build."""

        def timer(n_games: int) -> float:
            return float(self._ask(workload, n_games, seed)["seconds"])

        return timer

    def close(self) -> None:
        """End the worker."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)
        if self.process.stdout is not None:
            self.process.stdout.close()


def versus_measures(other: OtherBuild, seed: int) -> list[Measure]:
    """Random playouts of this build paired with the same playouts of the other build."""
    mine = "compiled" if cardrules.__compiled__ else "pure"
    theirs = "compiled" if other.compiled else "pure"
    note = f"right column: the {theirs} build"
    measures = [
        Measure(
            "sf5_vs_build", f"Spoil Five 5p playouts, {mine} / {theirs}", "playouts",
            _playout_timer(spoil_five_5p, seed), other.timer("spoil_five_5p", seed),
            note=note, fixed=(600, 600),
        ),
        Measure(
            "mbs6_vs_build", f"My Bird Sings 6p playouts, {mine} / {theirs}", "playouts",
            _playout_timer(my_bird_sings_6p, seed), other.timer("my_bird_sings_6p", seed),
            note=note, fixed=(1500, 1500),
        ),
    ]  # fmt: skip
    if other.has_helper:
        measures += [
            Measure(
                "sf5_helper_vs_build", f"Spoil Five 5p helper playouts, {mine} / {theirs}",
                "playouts", _playout_timer(spoil_five_5p_helper, seed),
                other.timer("spoil_five_5p_helper", seed), note=note, fixed=(600, 600),
            ),
            Measure(
                "mbs6_helper_vs_build", f"My Bird Sings 6p helper playouts, {mine} / {theirs}",
                "playouts", _playout_timer(my_bird_sings_6p_helper, seed),
                other.timer("my_bird_sings_6p_helper", seed), note=note, fixed=(1500, 1500),
            ),
        ]  # fmt: skip
    return measures


def build_measures(euchre: EuchreSide | None, seed: int) -> tuple[list[Measure], list[str]]:
    """The timed quantities (playouts, then per-call costs, each paired where possible).

    Returns the measures and notes on anything skipped (record round trips need the
    optional ``cattrs`` package).
    """
    sf_states = mid_deal_states(spoil_five, SF_5P, 64, seed, _sf_mid_hand)
    sf_moves = [(state, spoil_five.legal_actions(state)[0]) for state in sf_states]
    sf_views = [(state, state.to_act) for state in sf_states]
    mbs_states = mid_deal_states(my_bird_sings, MBS_6P, 64, seed, _mbs_mid_deal)
    mbs_moves = [(state, my_bird_sings.legal_actions(state)[0]) for state in mbs_states]
    mbs_views = [(state, state.to_act) for state in mbs_states]
    sf_done = finished_states(spoil_five, SF_5P, 16, seed)
    mbs_done = finished_states(my_bird_sings, MBS_6P, 16, seed)

    e_play = e_legal = e_apply = None
    e_per = 1
    if euchre is not None:
        e_play = _playout_timer(euchre.playouts, seed)
        e_legal = euchre.time_legal_actions
        e_apply = euchre.time_clone_apply
        e_per = len(euchre.states)
    n_sf, n_mbs = len(sf_states), len(mbs_states)
    notes = []
    try:
        _record_round_trip(sf_done[0])
        with_records = True
    except ModuleNotFoundError as error:
        with_records = False
        notes.append(f"record round trips skipped: {error}")
    measures = [
        Measure(
            "sf5_playouts", "Spoil Five 5p random playouts", "playouts",
            _playout_timer(spoil_five_5p, seed), e_play, target=(0.6, ">="),
            note="aim 0.8x", fixed=(600, 1500),
        ),
        Measure(
            "mbs6_playouts", "My Bird Sings 6p random playouts", "playouts",
            _playout_timer(my_bird_sings_6p, seed), e_play, target=(2.2, ">="),
            fixed=(1500, 1500),
        ),
        Measure(
            "sf5_helper_playouts", "Spoil Five 5p playouts, cardrules.playouts", "playouts",
            _playout_timer(spoil_five_5p_helper, seed), e_play,
            note="the same games in the library's loop", fixed=(600, 1500),
        ),
        Measure(
            "mbs6_helper_playouts", "My Bird Sings 6p playouts, cardrules.playouts",
            "playouts", _playout_timer(my_bird_sings_6p_helper, seed), e_play,
            note="the same games in the library's loop", fixed=(1500, 1500),
        ),
        Measure(
            "sf5_legal_actions", "Spoil Five legal_actions (mid-hand)", "calls",
            _calls_timer(spoil_five.legal_actions, sf_states), e_legal,
            per=n_sf, theirs_per=e_per, target=(1.0, "<="),
            note="euchre: legal_actions() after two tricks",
        ),
        Measure(
            "sf5_apply_action", "Spoil Five apply_action (mid-hand)", "calls",
            _pairs_timer(spoil_five.apply_action, sf_moves), e_apply,
            per=n_sf, theirs_per=e_per, target=(2.5, "<="),
            note="euchre: clone() + apply_action()",
        ),
        Measure(
            "sf5_view", "Spoil Five view (seat to act, mid-hand)", "calls",
            _pairs_timer(spoil_five.view, sf_views), per=n_sf,
        ),
        Measure(
            "mbs6_legal_actions", "My Bird Sings legal_actions (mid-deal)", "calls",
            _calls_timer(my_bird_sings.legal_actions, mbs_states), e_legal,
            per=n_mbs, theirs_per=e_per,
        ),
        Measure(
            "mbs6_apply_action", "My Bird Sings apply_action (mid-deal)", "calls",
            _pairs_timer(my_bird_sings.apply_action, mbs_moves), e_apply,
            per=n_mbs, theirs_per=e_per,
        ),
        Measure(
            "mbs6_view", "My Bird Sings view (seat to act, mid-deal)", "calls",
            _pairs_timer(my_bird_sings.view, mbs_views), per=n_mbs,
        ),
    ]  # fmt: skip
    if with_records:
        measures += [
            Measure(
                "sf5_record_round_trip", "Spoil Five record+dumps+loads (one deal)", "calls",
                _calls_timer(_record_round_trip, sf_done), per=len(sf_done),
            ),
            Measure(
                "mbs6_record_round_trip", "My Bird Sings record+dumps+loads (one deal)",
                "calls", _calls_timer(_record_round_trip, mbs_done), per=len(mbs_done),
            ),
        ]  # fmt: skip
    return measures, notes


def run_rounds(measures: list[Measure], rounds: int, warmup: int, chunk: float) -> None:
    """Time every measure in ``warmup + rounds`` rounds, pairs alternating in order."""
    for measure in measures:
        measure.calibrate(chunk)
    # The sample states stay alive all run long: keep them out of the collector's
    # full passes, so the timings see only the garbage the workloads themselves make.
    gc.collect()
    gc.freeze()
    try:
        for round_number in range(warmup + rounds):
            shift = round_number % len(measures)
            for index, measure in enumerate(measures[shift:] + measures[:shift]):
                ours_first = (round_number + index) % 2 == 1
                measure.time_once(ours_first, keep=round_number >= warmup)
            print(f"round {round_number + 1}/{warmup + rounds} done", file=sys.stderr)
    finally:
        gc.unfreeze()


# --------------------------------------------------------------------------- report


def _decisions_per_game(seed: int) -> dict[str, float]:
    games = 200
    return {
        "sf5": spoil_five_5p(games, seed) / games,
        "mbs6": my_bird_sings_6p(games, seed) / games,
    }


def run(
    *,
    rounds: int = 9,
    warmup: int = 1,
    chunk: float = 0.1,
    seed: int = 12345,
    use_openspiel: bool = True,
    memory: bool = True,
    versus: str | None = None,
) -> dict[str, Any]:
    """Run the whole benchmark and return its results as a JSON-ready dict."""
    pyspiel = load_pyspiel() if use_openspiel else None
    euchre = EuchreSide(pyspiel, seed) if pyspiel is not None else None
    measures, notes = build_measures(euchre, seed)
    other = OtherBuild(versus) if versus is not None else None
    if other is not None:
        measures += versus_measures(other, seed)
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    try:
        run_rounds(measures, rounds, warmup, chunk)
    finally:
        if other is not None:
            other.close()
    results: dict[str, Any] = {
        "harness": "cardrules-bench/1",
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor": _cpu_name(),
        "cpus": os.cpu_count(),
        "load_1min_before": load_before,
        "load_1min_after": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "open_spiel": euchre.version if euchre is not None else None,
        "cardrules": importlib.metadata.version("cardrules"),
        "compiled": cardrules.__compiled__,
        "rounds": rounds,
        "warmup_rounds": warmup,
        "seed": seed,
        "decisions_per_game": _decisions_per_game(seed),
        "timings": {measure.key: measure.summary() for measure in measures},
        "notes": notes,
    }
    if euchre is not None:
        results["decisions_per_game"]["euchre"] = euchre.playouts(200, seed) / 200
    if memory:
        euchre_clone = euchre.clone_bytes() if euchre is not None else None
        mem: dict[str, Any] = {
            "euchre_clone_bytes": euchre_clone,
            "sf5": memory_report(spoil_five, SF_5P, seed),
            "mbs6": memory_report(my_bird_sings, MBS_6P, seed),
        }
        if euchre_clone:
            for key in ("sf5", "mbs6"):
                ratio = mem[key]["successor_bytes_mean"] / euchre_clone
                mem[key]["successor_to_euchre_clone"] = ratio
            mem["sf5"]["target"] = "<= 0.25x"
            mem["sf5"]["met"] = mem["sf5"]["successor_to_euchre_clone"] <= 0.25
        results["memory"] = mem
    return results


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def _fmt_spread(spread: dict[str, float], digits: int = 2, suffix: str = "x") -> str:
    f = f"{{:.{digits}f}}"
    low, high = f.format(spread["min"]), f.format(spread["max"])
    return f"{f.format(spread['median'])}{suffix} ({low}-{high})"


def format_report(results: dict[str, Any]) -> str:
    """The results as a plain-text table."""
    lines = [
        f"cardrules {results['cardrules']} benchmark "
        f"({'compiled' if results['compiled'] else 'pure'} build), {results['date']}",
        f"  Python {results['python']}, {results['processor']}, {results['cpus']} CPUs, "
        f"load {results['load_1min_before']:.2f} -> {results['load_1min_after']:.2f}, "
        f"OpenSpiel {results['open_spiel'] or 'not installed'}",
        f"  {results['rounds']} paired rounds after {results['warmup_rounds']} warm-up; "
        "ratio = median (min-max) over rounds",
        "",
        f"{'':46}{'cardrules':>14}{'euchre':>12}   {'ratio':<22}target",
    ]
    for item in results["timings"].values():
        if item["unit"] == "playouts":
            ours = f"{item['per_second']['median']:,.0f}/s"
            theirs = f"{item['euchre_per_second']['median']:,.0f}/s" if "ratio" in item else ""
        else:
            ours = f"{item['us_per_call']['median']:.2f} us"
            theirs = f"{item['euchre_us_per_call']['median']:.2f} us" if "ratio" in item else ""
        ratio = _fmt_spread(item["ratio"]) if "ratio" in item else ""
        target = ""
        if "target" in item:
            target = f"{item['target']} {'met' if item['met'] else 'MISSED'}"
        if item["note"] and "ratio" in item:
            target = f"{target}  [{item['note']}]".strip()
        lines.append(f"  {item['label']:<44}{ours:>14}{theirs:>12}   {ratio:<22}{target}")
    lines += [f"  note: {note}" for note in results["notes"]]
    dec = results["decisions_per_game"]
    lines.append(
        "  decisions per playout: "
        + ", ".join(f"{key} {value:.2f}" for key, value in sorted(dec.items()))
    )
    mem = results.get("memory")
    if mem:
        clone = mem["euchre_clone_bytes"]
        lines += ["", "memory (bytes)" + (f"; euchre clone: {clone:,.0f}" if clone else "")]
        for key, name in (("sf5", "Spoil Five 5p"), ("mbs6", "My Bird Sings 6p")):
            m = mem[key]
            text = (
                f"  {name:<18} fresh state {m['fresh_bytes']:>7,.0f}   successor mean "
                f"{m['successor_bytes_mean']:>5,.0f} (median {m['successor_bytes_median']:,.0f},"
                f" max {m['successor_bytes_max']:,}; {m['successors']} steps)"
            )
            if "successor_to_euchre_clone" in m:
                text += f"  = {m['successor_to_euchre_clone']:.2f}x euchre clone"
            if "target" in m:
                text += f"  target {m['target']} {'met' if m['met'] else 'MISSED'}"
            lines.append(text)
    return "\n".join(lines)


def run_anchor(anchor: str, rounds: int, seed: int) -> dict[str, Any] | None:
    """Run the shared anchor script on the same workloads; return its JSON, or None."""
    if not Path(anchor).is_file():
        print(f"anchor script not found: {anchor}", file=sys.stderr)
        return None
    here = Path(__file__).resolve().parent
    command = [
        sys.executable, anchor, "--rounds", str(rounds), "--seed", str(seed),
        "--games", "euchre=1500", "--path", str(here),
        "--extra", "sf5=workloads:spoil_five_5p:600",
        "--extra", "mbs6=workloads:my_bird_sings_6p:1500",
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        return None
    parsed: dict[str, Any] = json.loads(done.stdout)
    return parsed


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=9, help="timed rounds (default 9)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed rounds first")
    parser.add_argument("--chunk", type=float, default=0.1, help="seconds per timed chunk")
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--no-openspiel", action="store_true", help="skip the euchre side")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory figures")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    parser.add_argument(
        "--anchor",
        metavar="PATH",
        help="cross-check with the yardstick script anchor_openspiel.py at PATH",
    )
    parser.add_argument(
        "--versus",
        metavar="PYTHON",
        help="also pair the playouts with the other build (pure or compiled) that the "
        "interpreter PYTHON has installed (this build / that one); PYTHON may be a command "
        "line, such as 'env PYTHONPATH=src python'",
    )
    args = parser.parse_args(argv)
    results = run(
        rounds=args.rounds,
        warmup=args.warmup,
        chunk=args.chunk,
        seed=args.seed,
        use_openspiel=not args.no_openspiel,
        memory=not args.no_memory,
        versus=args.versus,
    )
    if args.anchor:
        anchor = run_anchor(args.anchor, args.rounds, args.seed)
        if anchor is not None:
            results["anchor"] = {
                label: anchor["results"][label]["ratio_to_euchre"] for label in ("sf5", "mbs6")
            }
    print(format_report(results))
    if "anchor" in results:
        print("\nanchor_openspiel.py on the same workloads (ratio to euchre):")
        for label, spread in results["anchor"].items():
            print(f"  {label:<6} {_fmt_spread(spread)}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
