"""A simulation on Ray, through a ten-line executor shim, checked against a serial run.

``simulate`` runs on any :class:`concurrent.futures.Executor`. Ray has none, but each of
its task results (an ``ObjectRef``) turns into a :class:`concurrent.futures.Future`,
which is all an executor has to hand back. So ``RayExecutor`` below is the whole recipe;
docs/bots.md ("On Ray") shows it and says what a Ray cluster needs.

Run it as ``python examples/ray_simulation.py`` (a local Ray instance of two CPUs) or,
to use a running Ray cluster, with ``RAY_ADDRESS`` set (``RAY_ADDRESS=auto`` on one of
its machines). It needs ``pip install ray``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

import ray

from cardrules.simulation import simulate

P = ParamSpec("P")
T = TypeVar("T")


class RayExecutor(Executor):
    """A ``concurrent.futures.Executor`` whose calls run as Ray tasks."""

    def __init__(self) -> None:
        self._tasks: dict[Callable[..., Any], Any] = {}

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its result comes as a Future."""
        if fn not in self._tasks:  # make each function a Ray task once
            self._tasks[fn] = ray.remote(fn)
        future: Future[T] = self._tasks[fn].remote(*args, **kwargs).future()
        return future


def main() -> int:
    """Play 200 deals on Ray and in this process; say whether the results are the same."""
    if "RAY_ADDRESS" in os.environ:
        ray.init()
    else:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = simulate(
            "spoil-five", "heuristic", 200, seed=3, executor=RayExecutor(), in_flight=4
        )
    finally:
        ray.shutdown()
    serial = simulate("spoil-five", "heuristic", 200, seed=3)
    same = on_ray == serial
    print(f"{on_ray.deal_count} deals on Ray; win rate of seat 0: {on_ray.win_rate(0)}")
    print("identical to the serial run" if same else "DIFFERENT from the serial run")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
