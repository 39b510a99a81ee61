"""Run playout chunks on request, for timing another build of cardrules against this one.

``bench.py --versus PYTHON`` starts ``PYTHON benchmarks/worker.py`` (an interpreter with the
other build installed, pure or compiled) and sends it one JSON line per timed chunk,
``{"workload": "spoil_five_5p", "games": 600, "seed": 12345}``; the worker plays the chunk
and answers with one line, ``{"seconds": 0.1, "compiled": true}``. The two builds then run the same
games in alternating chunks, so their ratio holds however the machine's speed drifts.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardrules
from benchmarks.workloads import WORKLOADS


def main() -> int:
    """Answer timing requests from standard input until it closes."""
    for line in sys.stdin:
        request = json.loads(line)
        workload = WORKLOADS[request["workload"]]
        start = time.perf_counter()
        workload(request["games"], request["seed"])
        seconds = time.perf_counter() - start
        print(json.dumps({"seconds": seconds, "compiled": cardrules.__compiled__}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
