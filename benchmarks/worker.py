"""Run timed chunks on request, for timing one build of cardrules against another.

``bench.py --versus PYTHON`` and ``versus.py`` start ``PYTHON benchmarks/worker.py`` (an
interpreter with the other build installed: pure or compiled, today's or a pinned older
commit) and send it one JSON line per request; the worker answers with one line. It uses
only the public API every version has (``PRESETS``, ``new_game``, ``legal_actions``,
``apply_action``), so the same worker runs against any commit.

Requests:

* ``{"workload": "spoil_five_5p", "games": 600, "seed": 12345}``: play the chunk;
  answer ``{"seconds": 0.1, "cpu_seconds": 0.1, "compiled": true}`` (wall-clock time and
  this process's CPU time).
* ``{"op": "info"}``: where cardrules was imported from, whether it is compiled, and
  whether it has the playout helper (``cardrules.playouts``, which the ``*_helper``
  workloads need).
* ``{"op": "steps", "game": "sf5", "deals": 300, "seed": 99, "chunk": 0.05}``: record a
  :class:`benchmarks.steps.StepSample`; answer its items, how often each occurs per deal
  and the repetitions that make a chunk.
* ``{"op": "time", "game": "sf5", "item": "...", "reps": 3, "clock": "cpu"}``: time one
  chunk of an item of that sample, in CPU time (``"wall"``: wall-clock time); answer
  ``{"seconds_per_call": ...}``.
* ``{"op": "search", "game": "sf5", "points": 24, "start": 0, "count": 2,
  "iterations": 100}``: a fresh search bot decides ``count`` of the decision points of
  :class:`benchmarks.search_speed.DecisionPoints`; answer its CPU and wall seconds, the
  decisions and the rollouts.
* ``{"op": "profile", "game": "sf5", "deals": 2000, "top": 25}``: cProfile the playout
  workload; answer the top functions by own time, in microseconds per deal.
"""

from __future__ import annotations

import cProfile
import gc
import importlib.util
import json
import pstats
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardrules
from benchmarks.steps import GAMES, StepSample
from benchmarks.workloads import WORKLOADS


def _compiled() -> bool:
    return bool(getattr(cardrules, "__compiled__", False))


def _profile(label: str, deals: int, top: int) -> list[dict[str, Any]]:
    workload = GAMES[label][2]
    workload(200, 1)
    profiler = cProfile.Profile()
    profiler.enable()
    workload(deals, 7)
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    rows = []
    for (path, line, name), (_, calls, own, cumulative, _) in stats.items():
        rows.append(
            {
                "function": f"{Path(path).name}:{line}({name})",
                "calls_per_deal": calls / deals,
                "own_us_per_deal": own * 1e6 / deals,
                "cumulative_us_per_deal": cumulative * 1e6 / deals,
            }
        )
    rows.sort(key=lambda row: -row["own_us_per_deal"])
    return rows[:top]


def answer(
    request: dict[str, Any], samples: dict[str, StepSample], points: dict[str, Any]
) -> dict[str, Any]:
    """The answer to one request (see the module docstring)."""
    op = request.get("op", "workload")
    if op == "workload":
        workload = WORKLOADS[request["workload"]]
        start, cpu = time.perf_counter(), time.process_time()
        workload(request["games"], request["seed"])
        return {
            "seconds": time.perf_counter() - start,
            "cpu_seconds": time.process_time() - cpu,
            "compiled": _compiled(),
        }
    if op == "info":
        return {
            "cardrules": str(Path(cardrules.__file__).parent),
            "compiled": _compiled(),
            "python": sys.version.split()[0],
            "playouts": importlib.util.find_spec("cardrules.playouts") is not None,
        }
    if op == "steps":
        gc.unfreeze()
        sample = StepSample(request["game"], request["deals"], request["seed"])
        samples[request["game"]] = sample
        sample.seconds_per_call(sample.items()[0], 1)  # warm up
        gc.collect()
        gc.freeze()  # the sample's states stay alive: keep them out of full collections
        return {
            "items": sample.items(),
            "per_deal": sample.per_deal,
            "reps": {item: sample.reps_for(item, request["chunk"]) for item in sample.items()},
        }
    if op == "time":
        clock = time.process_time if request.get("clock", "wall") == "cpu" else time.perf_counter
        sample = samples[request["game"]]
        seconds = sample.seconds_per_call(request["item"], request["reps"], clock)
        return {"seconds_per_call": seconds}
    if op == "search":
        from benchmarks.search_speed import DecisionPoints

        key = f"search {request['game']} {request['points']}"
        if key not in points:
            points[key] = DecisionPoints(request["game"], request["points"])
        decided: dict[str, Any] = points[key].decide(
            request["start"], request["count"], request["iterations"]
        )
        return decided
    if op == "profile":
        return {"rows": _profile(request["game"], request["deals"], request["top"])}
    raise ValueError(f"unknown request {request!r}")


def main() -> int:
    """Answer requests from standard input until it closes."""
    samples: dict[str, StepSample] = {}
    points: dict[str, Any] = {}
    for line in sys.stdin:
        print(json.dumps(answer(json.loads(line), samples, points)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
