"""Wall time and peak memory of ``cardrules simulate`` on a local Dask cluster, by run length.

A one-off measurement for docs/bots.md ("How much memory"): the same simulation of random
Spoil Five deals at two lengths, each under ``/usr/bin/time -v`` (its wall clock and its
"Maximum resident set size", the largest single process of the run) while this script
samples the resident memory of the driver and of every worker process (psutil, which
Dask brings) twice a second. Memory that does not grow with the number of deals shows as
the same peaks for both lengths.

    python benchmarks/simulation_memory.py                      # 100,000 and 1,000,000 deals
    python benchmarks/simulation_memory.py --deals 2000 20000   # a quick look

It prints a Markdown table; nothing is written.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil  # type: ignore[import-untyped]  # brought by distributed (the dask extra)

TIME = "/usr/bin/time"


def _sample(
    pid: int, peaks: dict[str, int], trace: list[tuple[float, int, int]], stop: threading.Event
) -> None:
    """Record the peak resident memory of the driver, each worker, and all of them at once.

    ``trace`` gets ``(seconds, driver, largest worker)`` at every sample.
    """
    started = time.perf_counter()
    try:
        driver = psutil.Process(pid)
        while not stop.is_set():
            processes = [driver, *driver.children(recursive=True)]
            total = 0
            now = {"driver": 0, "worker": 0}
            for process in processes:
                try:
                    rss = process.memory_info().rss
                except psutil.Error:
                    continue
                total += rss
                key = "driver" if process.pid == pid else "worker"
                peaks[key] = max(peaks.get(key, 0), rss)
                now[key] = max(now[key], rss)
            peaks["all"] = max(peaks.get("all", 0), total)
            trace.append((time.perf_counter() - started, now["driver"], now["worker"]))
            stop.wait(0.5)
    except psutil.Error:
        return


def measure(deals: int, workers: int, bots: str) -> dict[str, object]:
    """Run one simulation under /usr/bin/time -v and return its figures."""
    command = [
        sys.executable, "-m", "cardrules", "simulate", "spoil-five", "-n", str(deals),
        "--bots", bots, "--scheduler", "local", "--workers", str(workers), "--json", "--quiet",
    ]  # fmt: skip
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "time.txt"
        started = time.perf_counter()
        run = subprocess.Popen(
            [TIME, "-v", "-o", str(report), *command], stdout=subprocess.PIPE, text=True
        )
        peaks: dict[str, int] = {}
        trace: list[tuple[float, int, int]] = []
        stop = threading.Event()
        # the child of /usr/bin/time is the cardrules driver: wait for it, then sample it
        while not psutil.Process(run.pid).children() and run.poll() is None:
            time.sleep(0.01)
        children = psutil.Process(run.pid).children() if run.poll() is None else []
        sampler = threading.Thread(
            target=_sample, args=(children[0].pid if children else run.pid, peaks, trace, stop)
        )
        sampler.start()
        out, _ = run.communicate()
        seconds = time.perf_counter() - started
        stop.set()
        sampler.join()
        if run.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed with status {run.returncode}")
        text = report.read_text(encoding="utf-8")
    summary = json.loads(out)
    if summary["deals"] != deals or not summary["complete"]:
        raise SystemExit(f"the run of {deals} deals played {summary['deals']}")
    found = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", text)
    return {
        "deals": deals,
        "command": " ".join(["cardrules", *command[3:]]),
        "seconds": seconds,
        "wall": wall.group(1) if wall else "?",
        "max_rss_mib": int(found.group(1)) / 1024 if found else float("nan"),
        "driver_mib": peaks.get("driver", 0) / 2**20,
        "worker_mib": peaks.get("worker", 0) / 2**20,
        "all_mib": peaks.get("all", 0) / 2**20,
        "quarters": _quarters(trace),
    }


def _quarters(trace: list[tuple[float, int, int]]) -> str:
    """The driver's and the largest worker's memory a quarter, half, ... of the way in."""
    if not trace:
        return "-"
    end = trace[-1][0]
    points = []
    for share in (0.25, 0.5, 0.75, 1.0):
        _, driver, worker = min(trace, key=lambda sample: abs(sample[0] - share * end))
        points.append(f"{driver / 2**20:.0f}/{worker / 2**20:.0f}")
    return " ".join(points)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bots", default="random")
    args = parser.parse_args()
    rows = [measure(n, args.workers, args.bots) for n in args.deals]
    print(
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{psutil.cpu_count()} cores, {args.workers} Dask workers (one thread each)\n"
    )
    print(
        "| deals | wall time | deals/s | max RSS (time -v) | driver peak | "
        "largest worker peak | all processes peak | driver/worker MiB at 1/4 1/2 3/4 end |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        deals = int(str(row["deals"]))
        seconds = float(str(row["seconds"]))
        print(
            f"| {deals:,} | {row['wall']} | {deals / seconds:,.0f} | "
            f"{float(str(row['max_rss_mib'])):.0f} MiB | {float(str(row['driver_mib'])):.0f} MiB | "
            f"{float(str(row['worker_mib'])):.0f} MiB | {float(str(row['all_mib'])):.0f} MiB | "
            f"{row['quarters']} |"
        )
    for row in rows:
        print(f"\n    /usr/bin/time -v {row['command']}")


if __name__ == "__main__":
    main()
